import Foundation
import Testing
import CorpusSupport

@Suite("zip and ipa inputs")
struct ZipInputTests {
    /// An .ipa-shaped zip: a loose nib, a keyed nib, a nib directory, a storyboardc and a text file.
    static func makeApp(_ scratch: Scratch) throws -> URL {
        let storyboard = Fixtures.storyboardDirectory
        var members: [(String, [UInt8])] = [
            ("Payload/Demo.app/minimal.nib", try Corpus.bytes(Fixtures.minimalNib)),
            ("Payload/Demo.app/MainWindow.nib", try Corpus.bytes(Fixtures.keyedNib)),
            ("Payload/Demo.app/View.nib/objects-13.0+.nib", try Corpus.bytes(Fixtures.minimalNib)),
            ("Payload/Demo.app/View.nib/runtime.nib", try Corpus.bytes(Fixtures.minimalNib)),
            ("Payload/Demo.app/Set.archive", try Corpus.bytes(Fixtures.keyedSet)),
            ("Payload/Demo.app/README.txt", Array("hello".utf8)),
        ]
        for name in try FileManager.default.contentsOfDirectory(atPath: storyboard.path).sorted() {
            members.append(("Payload/Demo.app/Base.lproj/Main.storyboardc/\(name)",
                            try Corpus.bytes(storyboard.appendingPathComponent(name))))
        }
        let url = scratch.path("Demo.ipa")
        try Fixtures.writeZip(url, members)
        return url
    }

    @Test func lsListsEveryArchiveWithFormatSizeObjectsAndPlatform() throws {
        guard Corpus.require() else { return }
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        _ = try Self.makeApp(scratch)
        let result = try CLI.run(["ls", "Demo.ipa", "--format", "json"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        let doc = try ParsedJSON.object(result.stdout)
        let items = try #require(doc["items"] as? [[String: Any]])
        let byPath = Dictionary(uniqueKeysWithValues: items.compactMap { i in (i["path"] as? String).map { ($0, i) } })
        #expect(byPath.keys.sorted() == [
            "Payload/Demo.app/Base.lproj/Main.storyboardc", "Payload/Demo.app/MainWindow.nib",
            "Payload/Demo.app/Set.archive", "Payload/Demo.app/View.nib", "Payload/Demo.app/minimal.nib",
        ])
        // Object counts agree with what dump reports for the same bytes.
        for (path, source) in [("Payload/Demo.app/minimal.nib", Fixtures.minimalNib),
                               ("Payload/Demo.app/MainWindow.nib", Fixtures.keyedNib),
                               ("Payload/Demo.app/Set.archive", Fixtures.keyedSet)] {
            let dump = try ParsedJSON.object(try CLI.run(["dump", "--format", "json", source.path]).stdout)
            let count = (dump["objects"] as? [Any])?.count
            #expect(byPath[path]?["objects"] as? Int == count, "\(path)")
            #expect(byPath[path]?["size"] as? Int == (try Corpus.bytes(source)).count, "\(path)")
        }
        #expect(byPath["Payload/Demo.app/minimal.nib"]?["kind"] as? String == "nib")
        #expect(byPath["Payload/Demo.app/minimal.nib"]?["platform"] as? String == "macOS")
        #expect(byPath["Payload/Demo.app/MainWindow.nib"]?["platform"] as? String == "iOS")
        #expect(byPath["Payload/Demo.app/Set.archive"]?["kind"] as? String == "keyedArchive")
        #expect(byPath["Payload/Demo.app/View.nib"]?["detail"] as? String == "objects-13.0+.nib")
        #expect(byPath["Payload/Demo.app/Base.lproj/Main.storyboardc"]?["kind"] as? String == "storyboard")
        #expect(byPath["Payload/Demo.app/Base.lproj/Main.storyboardc"]?["platform"] as? String == "macOS")
        for item in items { #expect(item["error"] == nil, "\(item)") }
    }

    @Test func lsTextHasOneRowPerArchive() throws {
        guard Corpus.require() else { return }
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        _ = try Self.makeApp(scratch)
        let result = try CLI.run(["ls", "Demo.ipa#Payload/Demo.app/Base.lproj"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("KIND") == true)
        #expect(lines.last?.hasPrefix("storyboard") == true)
        #expect(lines.last?.hasSuffix("Main.storyboardc") == true)
    }

    @Test func validateAcceptsFileAndDirectoryMembers() throws {
        guard Corpus.require() else { return }
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        _ = try Self.makeApp(scratch)
        for member in ["Payload/Demo.app/minimal.nib", "Payload/Demo.app/View.nib",
                       "Payload/Demo.app/Base.lproj/Main.storyboardc"] {
            let result = try CLI.run(["validate", "Demo.ipa#\(member)"], in: scratch.url)
            #expect(result.status == 0, "\(member): \(result.stdout)\(result.stderr)")
        }
        let all = try CLI.run(["validate", "--recursive", "Demo.ipa"], in: scratch.url)
        #expect(all.status == 0, "\(all.stdout)")
        let missing = try CLI.run(["validate", "Demo.ipa#Payload/Nope.nib"], in: scratch.url)
        #expect(missing.status == 1)
        #expect(missing.stdout.hasPrefix("Demo.ipa#Payload/Nope.nib: "))
    }

    @Test func aCorruptMemberIsNamedWithItsArchivePath() throws {
        guard Corpus.require() else { return }
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        let good = try Corpus.bytes(Fixtures.keyedSet)
        try Fixtures.writeZip(scratch.path("x.zip"), [("a/good.archive", good), ("a/bad.archive", Array(good.prefix(60)))])
        let result = try CLI.run(["validate", "--recursive", "x.zip"], in: scratch.url)
        #expect(result.status == 1)
        #expect(result.stdout.split(separator: "\n").map { String($0.prefix(while: { $0 != ":" })) } == ["x.zip#a/bad.archive"])
    }

    @Test func dumpOfAMemberEqualsDumpOfTheFile() throws {
        guard Corpus.require() else { return }
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        _ = try Self.makeApp(scratch)
        let member = try CLI.run(["dump", "--format", "json", "Demo.ipa#Payload/Demo.app/MainWindow.nib"], in: scratch.url)
        let file = try CLI.run(["dump", "--format", "json", Fixtures.keyedNib.path])
        #expect(member.status == 0)
        #expect(member.stdout == file.stdout)
    }
}
