import Foundation
import KeyedArchive
import Testing
import CorpusSupport

/// `compile`, `ibtool` and `nib --instantiate` on a compiled storyboard, end to end.
@Suite("compile")
struct CompileCommandTests {
    static var samples: URL { Corpus.root.appendingPathComponent("xib/viraptor-ibtool/samples/correct") }

    @Test func compilesAXIBIntoANibTheToolReads() throws {
        guard Corpus.require() else { return }
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        let out = scratch.path("checkbox.nib").path
        let r = try CLI.run(["compile", Self.samples.appendingPathComponent("checkbox_hugging.xib").path, "-o", out])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try CLI.run(["validate", out]).status == 0)
        let diff = try CLI.run(["diff", Self.samples.appendingPathComponent("checkbox_hugging.nib").path, out])
        #expect(diff.stdout.contains("connection") == false, "\(diff.stdout)")
    }

    /// An Interface Builder 3 `.nib` bundle compiles from its designable.nib, as ibtool takes one: a
    /// keyedobjects.nib directory for the document's 10.6 target that `validate` accepts.
    @Test func compilesALegacyNibBundle() throws {
        guard Corpus.require() else { return }
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        let bundle = Corpus.root.appendingPathComponent("xib/nv/English.lproj/URLGetter.nib")
        let out = scratch.path("URLGetter.nib")
        let r = try CLI.run(["compile", bundle.path, "-o", out.path])
        #expect(r.status == 0, "\(r.stderr)")
        let keyed = out.appendingPathComponent("keyedobjects.nib").path
        #expect(try CLI.run(["validate", keyed]).status == 0)
        let diff = try CLI.run(["diff", bundle.appendingPathComponent("keyedobjects.nib").path, keyed])
        #expect(diff.stdout.contains("connection") == false, "\(diff.stdout)")
        // A directory that is no bundle is refused, saying so.
        let empty = try CLI.run(["compile", scratch.path("").path, "-o", scratch.path("x.nib").path])
        #expect(empty.status != 0 && empty.stderr.contains("designable.nib"), "\(empty.stderr)")
    }

    /// A legacy iPhone XIB compiles, as ibtool of its day did, into one keyed-archive nib; `diff` finds
    /// it the same as that ibtool's but for the order of the connections (Interface Builder 3's hash
    /// order) and the content size UIKit works out itself.
    @Test func compilesALegacyUIKitXIBToAKeyedNib() throws {
        guard Corpus.require() else { return }
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        let dir = Corpus.root.appendingPathComponent("xib/controlpad/Resources")
        let out = scratch.path("SessionController.nib")
        let r = try CLI.run(["compile", dir.appendingPathComponent("SessionController.xib").path, "-o", out.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try CLI.run(["validate", out.path]).status == 0)
        let shown = try CLI.run(["nib", out.path])
        #expect(shown.stdout.contains("iOS nib (keyed archive)") && shown.stdout.contains("outlet serverListView"), "\(shown.stdout)")
        let diff = try CLI.run(["diff", dir.appendingPathComponent("SessionController.nib").path, out.path])
        let changes = diff.stdout.split(separator: "\n").filter { $0.hasPrefix("changed") || $0.hasPrefix("added") || $0.hasPrefix("removed") }
        #expect(!changes.isEmpty)
        for line in changes { #expect(line.contains("UINibConnectionsKey") || line.contains("UIContentSize"), "\(line)") }
    }

    @Test func reportsErrorsAsFileLineColumn() throws {
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        let xib = scratch.path("bad.xib")
        try Data("""
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0" targetRuntime="MacOSX.Cocoa">
            <objects>
                <customObject id="-2"/>
                <customObject id="-2"/>
            </objects>
        </document>
        """.utf8).write(to: xib)
        let r = try CLI.run(["compile", xib.path, "-o", scratch.path("bad.nib").path])
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("\(xib.path):5:9: error: corrupt: id \"-2\" is used twice"), "\(r.stderr)")
        let json = try CLI.run(["compile", xib.path, "-o", scratch.path("bad.nib").path, "--format", "json"])
        #expect(json.stdout.contains("\"ok\": false"))
    }

    @Test func ibtoolCompilesWithItsOwnCommandLine() throws {
        guard Corpus.require() else { return }
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        let r = try CLI.run(["ibtool", "--errors", "--warnings", "--notices", "--output-format", "xml1", "--auto-activate-custom-fonts",
                             "--module", "TestModule", "--compilation-directory", scratch.url.path,
                             Self.samples.appendingPathComponent("module_override.xib").path])
        #expect(r.status == 0, "\(r.stderr)")
        let plist = try PropertyList(xml: Array(r.stdout.utf8)).value()
        guard case .dict(let entries) = plist else { Issue.record("not a dict"); return }
        let results = entries.first { $0.key == .string("com.apple.ibtool.compilation-results") }?.value
        #expect(results == .dict([PlistDictEntry(key: .string("output-files"), value: .array([.string(scratch.path("module_override.nib").path)]))]))
        #expect(FileManager.default.fileExists(atPath: scratch.path("module_override.nib").path))
        let bad = try CLI.run(["ibtool", "--frobnicate", "x.xib"])
        #expect(bad.status != 0)
    }

    @Test func instantiatesACompiledStoryboardsEntryPoint() throws {
        guard Corpus.require() else { return }
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        let out = scratch.path("Toolbar.storyboardc").path
        let r = try CLI.run(["compile", Self.samples.appendingPathComponent("sb_toolbar.storyboard").path, "-o", out, "--module", "TestApp"])
        #expect(r.status == 0, "\(r.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        #expect(files == ["Info.plist", "MainMenu.nib", "ToolbarWC.nib", "vc1-00-010-view-vw1-00-010.nib"])
        let run = try CLI.run(["nib", "--instantiate", out])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Entry point: ToolbarWC"))
        #expect(run.stdout.contains("Controller: _TtC7TestApp23ToolbarWindowController"))
        #expect(run.stdout.contains("View: NSView#"))
    }
}
