import Foundation
import KeyedArchive
import Testing
import CorpusSupport

@Suite("diff")
struct DiffCommandTests {
    /// LogViewController.nib with its `logField` outlet renamed to `logView`, written by our NIBArchive writer.
    static func renamedOutletCopy() throws -> [UInt8] {
        let graph = try ArchiveGraph(nibArchive: try Corpus.bytes(NibCommandTests.logViewController))
        var b = ArchiveGraphBuilder(copying: graph)
        let label = Array("logField".utf8)
        var renamed = false
        for (i, kv) in b.values.enumerated() {
            if case .bytes(let r) = kv.value, Array(graph.bytes(r)) == label {
                b.values[i].value = .bytes(b.appendBytes(Array("logView".utf8)))
                renamed = true
            }
        }
        #expect(renamed)
        return try b.build().nibArchiveData()
    }

    @Test func aModifiedCopyIsReportedAndExitsOne() throws {
        guard Corpus.require() else { return }
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        let original = NibCommandTests.logViewController.path
        let modified = try scratch.write(try Self.renamedOutletCopy(), to: "modified.nib").path
        #expect(try CLI.run(["validate", modified]).status == 0)
        let result = try CLI.run(["diff", original, modified])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("changed  "), "\(result.stdout)")
        #expect(result.stdout.contains("removed  connection outlet logField: IBFilesOwner → UITextView"), "\(result.stdout)")
        #expect(result.stdout.contains("added    connection outlet logView: IBFilesOwner → UITextView"), "\(result.stdout)")
        let json = try ParsedJSON.object(try CLI.run(["diff", "--format", "json", original, modified]).stdout)
        #expect(json["identical"] as? Bool == false)
        #expect((json["differences"] as? [[String: Any]])?.isEmpty == false)
    }

    @Test func aVerbatimRewriteIsIdentical() throws {
        guard Corpus.require() else { return }
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        let original = NibCommandTests.logViewController.path
        let rewritten = try scratch.write(try ArchiveGraph(nibArchive: try Corpus.bytes(NibCommandTests.logViewController)).nibArchiveData(),
                                          to: "same.nib").path
        let result = try CLI.run(["diff", original, rewritten])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.hasSuffix("no differences\n"))
    }

    @Test func aKeyedNibEqualsItsNIBArchiveConversion() throws {
        guard Corpus.require() else { return }
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        let converted = scratch.path("MainWindow-nib.nib").path
        #expect(try CLI.run(["convert", Fixtures.keyedNib.path, "--to", "nibarchive", "-o", converted]).status == 0)
        let head = try Corpus.bytes(URL(fileURLWithPath: converted)).prefix(10)
        #expect(Array(head) == Array("NIBArchive".utf8))
        let result = try CLI.run(["diff", Fixtures.keyedNib.path, converted])
        #expect(result.status == 0, "\(result.stdout)")
    }

    @Test func plainPlistsCompareByKeyPath() throws {
        guard Corpus.require() else { return }
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        let a = try scratch.write(Array(#"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>a</key><integer>1</integer><key>b</key><string>x</string></dict></plist>"#.utf8), to: "a.plist")
        let b = try scratch.write(Array(#"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>a</key><integer>2</integer><key>c</key><true/></dict></plist>"#.utf8), to: "b.plist")
        let result = try CLI.run(["diff", a.path, b.path])
        #expect(result.status == 1)
        #expect(result.stdout.contains("changed  root.a: 1 ≠ 2"), "\(result.stdout)")
        #expect(result.stdout.contains("removed  root.b"), "\(result.stdout)")
        #expect(result.stdout.contains("added    root.c"), "\(result.stdout)")
    }

    @Test func anUnreadableInputExitsTwo() throws {
        let result = try CLI.run(["diff", "/nonexistent/a", "/nonexistent/b"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("/nonexistent/a: "))
    }
}
