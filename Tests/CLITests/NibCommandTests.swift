import Foundation
import KeyedArchive
import Testing
import CorpusSupport

@Suite("nib")
struct NibCommandTests {
    static var logViewController: URL { Fixtures.corpus("xib/brooklyn/Resources/LogViewController.nib") }

    @Test func jsonListsPlaceholdersTopLevelObjectsAndConnections() throws {
        guard Corpus.require() else { return }
        let result = try CLI.run(["nib", "--format", "json", Fixtures.keyedNib.path])
        #expect(result.status == 0, "\(result.stderr)")
        let doc = try ParsedJSON.object(result.stdout)
        #expect(doc["platform"] as? String == "iOS")
        let placeholders = try #require(doc["placeholders"] as? [[String: Any]])
        #expect(Set(placeholders.compactMap { $0["identifier"] as? String }) == ["IBFilesOwner", "IBFirstResponder"])
        let top = try #require(doc["topLevelObjects"] as? [[String: Any]])
        #expect(top.compactMap { $0["effectiveClassName"] as? String } == ["CassiusAppDelegate", "CassiusViewController", "UIWindow"])
        let connections = try #require(doc["connections"] as? [[String: Any]])
        #expect(connections.compactMap { $0["label"] as? String } == ["window", "delegate", "viewController"])
        // Indices name the same objects dump does.
        let dump = try ParsedJSON.object(try CLI.run(["dump", "--format", "json", Fixtures.keyedNib.path]).stdout)
        let objects = try #require(dump["objects"] as? [[String: Any]])
        for c in connections {
            #expect(c["kind"] as? String == "outlet")
            for end in ["source", "destination"] {
                let r = try #require(c[end] as? [String: Any])
                let index = try #require(r["index"] as? Int)
                #expect(objects[index]["class"] as? String == r["className"] as? String)
            }
        }
        #expect(doc["scenes"] as? [Any] != nil)
        #expect(doc.keys.contains("entryPoint"))
    }

    @Test func showIsTheDefaultSubcommand() throws {
        guard Corpus.require() else { return }
        let short = try CLI.run(["nib", Self.logViewController.path])
        let long = try CLI.run(["nib", "show", Self.logViewController.path])
        #expect(short.status == 0)
        #expect(short.stdout == long.stdout)
        #expect(short.stdout.contains("outlet logField: #27 IBFilesOwner → #5 UITextView"), "\(short.stdout)")
        #expect(short.stdout.contains("Hierarchy:\n  #29 UIView\n    #14 UIVisualEffectView"), "\(short.stdout)")
    }

    @Test func storyboardJSONHasScenesAndEntryPoint() throws {
        guard Corpus.require() else { return }
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        let dir = scratch.path("Main.storyboardc")
        try FileManager.default.copyItem(at: Fixtures.storyboardDirectory, to: dir)
        var members: [(String, [UInt8])] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() {
            members.append(("Base.lproj/Main.storyboardc/\(name)", try Corpus.bytes(dir.appendingPathComponent(name))))
        }
        try Fixtures.writeZip(scratch.path("x.zip"), members)
        let direct = try CLI.run(["nib", "--format", "json", "Main.storyboardc"], in: scratch.url)
        let zipped = try CLI.run(["nib", "--format", "json", "x.zip#Base.lproj/Main.storyboardc"], in: scratch.url)
        #expect(direct.status == 0, "\(direct.stderr)")
        #expect(direct.stdout == zipped.stdout)
        let doc = try ParsedJSON.object(direct.stdout)
        #expect(doc["kind"] as? String == "storyboard")
        #expect(doc["entryPoint"] as? String == "NSWindowController-wc1-00-001")
        let scenes = try #require(doc["scenes"] as? [[String: Any]])
        #expect(scenes.compactMap { $0["identifier"] as? String } == ["MainMenu", "NSWindowController-wc1-00-001"])
        #expect(((scenes[1]["controller"] as? [String: Any])?["className"] as? String) == "NSWindowController")
    }

    @Test func instantiatePrintsAppliedConnectionsAwakeOrderAndDiagnostics() throws {
        guard Corpus.require() else { return }
        let result = try CLI.run(["nib", "--instantiate", Self.logViewController.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Top-level objects:\n  UIView#29\n"))
        #expect(result.stdout.contains("Connections applied:\n  owner.logField = UITextView#5\n  owner.view = UIView#29\n"))
        #expect(result.stdout.contains("awakeFromNib order:\n  1. UIView#29\n"))
        #expect(!result.stdout.contains("not applied"))
        let keyed = try CLI.run(["nib", "--instantiate", Fixtures.keyedNib.path])
        #expect(keyed.stdout.contains("unknownClass: "), "\(keyed.stdout)")
        #expect(keyed.stdout.contains("owner.delegate = CassiusAppDelegate#7"))
    }

    @Test func lintReportsTheOneUndeclaredOutlet() throws {
        guard Corpus.require() else { return }
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        _ = try scratch.write(Array(#"{"LogViewController": {"outlets": ["view"], "actions": []}}"#.utf8), to: "missing.json")
        _ = try scratch.write(Array(#"{"LogViewController": {"outlets": ["view", "logField"]}}"#.utf8), to: "complete.json")
        let nib = Self.logViewController.path
        let missing = try CLI.run(["nib", "lint", nib, "--outlets", "missing.json", "--owner", "LogViewController"], in: scratch.url)
        #expect(missing.status == 1)
        let lines = missing.stdout.split(separator: "\n")
        #expect(lines.count == 1, "\(missing.stdout)")
        #expect(lines.first?.hasPrefix("\(nib): undeclaredOutlet: outlet logField of LogViewController") == true, "\(missing.stdout)")
        let complete = try CLI.run(["nib", "lint", nib, "--outlets", "complete.json", "--owner", "LogViewController"], in: scratch.url)
        #expect(complete.status == 0, "\(complete.stdout)")
        #expect(complete.stdout.isEmpty)
    }

    @Test func lintReportsCustomClassesMissingFromTheList() throws {
        guard Corpus.require() else { return }
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        _ = try scratch.write(Array(#"{"CassiusAppDelegate": {"outlets": ["window", "viewController"]}}"#.utf8), to: "o.json")
        let result = try CLI.run(["nib", "lint", Fixtures.keyedNib.path, "--outlets", "o.json", "--format", "json"], in: scratch.url)
        #expect(result.status == 1)
        let findings = try #require(try ParsedJSON.object(result.stdout)["findings"] as? [[String: Any]])
        #expect(findings.compactMap { $0["kind"] as? String } == ["unknownCustomClass"])
        #expect((findings.first?["message"] as? String)?.contains("CassiusViewController") == true)
    }
}
