import Foundation
import KeyedArchive
import Testing
import Nib
import CorpusSupport

/// `ArchiveDiff`: the meaning-level comparison `keyed-archive diff` prints, on real files.
@Suite struct ArchiveDiffTests {
    static func document(_ bytes: [UInt8]) throws -> ArchiveDocument { try ArchiveDocument.open(bytes) }

    @Test func everyCorpusKeyedNibEqualsItsNIBArchiveConversion() throws {
        guard Corpus.require() else { return }
        var compared = 0
        for url in Corpus.files("keyed") + Corpus.files("nib") {
            guard let doc = try? Self.document(Corpus.bytes(url)), case .keyedArchive(_, let graph) = doc,
                  (try? NibDocument(graph: graph)) != nil else { continue }
            let converted = try ArchiveDocument.open(try graph.convertedToNIBArchive().nibArchiveData())
            let diff = try ArchiveDiff(doc, converted)
            #expect(diff.isEmpty, "\(Corpus.name(url)): \(diff.differences.prefix(3)) \(diff.classCounts.prefix(3))")
            compared += 1
        }
        #expect(compared > 20, "only \(compared) keyed nibs")
    }

    @Test func aRenamedOutletIsOneConnectionEachWay() throws {
        guard Corpus.require() else { return }
        let original = try Corpus.bytes(Corpus.root.appendingPathComponent("xib/brooklyn/Resources/LogViewController.nib"))
        let graph = try ArchiveGraph(nibArchive: original)
        var b = ArchiveGraphBuilder(copying: graph)
        for (i, kv) in b.values.enumerated() {
            if case .bytes(let r) = kv.value, Array(graph.bytes(r)) == Array("logField".utf8) {
                b.values[i].value = .bytes(b.appendBytes(Array("logView".utf8)))
            }
        }
        let diff = try ArchiveDiff(Self.document(original), Self.document(b.build().nibArchiveData()))
        #expect(diff.classCounts.isEmpty)
        #expect(diff.connectionsOnlyInFirst == ["outlet logField: IBFilesOwner → UITextView"])
        #expect(diff.connectionsOnlyInSecond == ["outlet logView: IBFilesOwner → UITextView"])
        #expect(diff.differences == [ArchiveDiff.Difference(kind: .changed, path: "$top.UINibConnectionsKey → #36.UINibEncoderEmptyKey[0] → #40.UILabel → #23.NS.bytes", message: "data of 8 bytes ≠ data of 7 bytes")], "\(diff.differences)")
        #expect(try ArchiveDiff(Self.document(original), Self.document(original)).isEmpty)
    }

    @Test func propertyListsCompareAlongKeyPaths() throws {
        func plist(_ body: String) throws -> ArchiveDocument {
            try Self.document(Array("<?xml version=\"1.0\"?><plist version=\"1.0\"><dict>\(body)</dict></plist>".utf8))
        }
        let a = try plist("<key>name</key><string>Ada</string><key>old</key><true/><key>n</key><array><integer>1</integer></array>")
        let b = try plist("<key>name</key><string>Grace</string><key>new</key><false/><key>n</key><array><integer>1</integer><integer>2</integer></array>")
        let diff = try ArchiveDiff(a, b)
        let got = Set(diff.differences.map { "\($0.kind.rawValue) \($0.path): \($0.message)" })
        #expect(got == [
            "changed root.name: \"Ada\" ≠ \"Grace\"",
            "removed root.old: only in the first plist",
            "added root.new: only in the second plist",
            "changed root.n: 1 members ≠ 2 members",
        ], "\(got)")
        #expect(try ArchiveDiff(a, b, limit: 1).differences.count == 1)
    }

    @Test func aPropertyListAgainstAnArchiveNamesTheInput() throws {
        guard Corpus.require() else { return }
        let plist = try Self.document(Array("<?xml version=\"1.0\"?><plist version=\"1.0\"><true/></plist>".utf8))
        let nib = try Self.document(Corpus.bytes(Corpus.root.appendingPathComponent("xib/brooklyn/Resources/LogViewController.nib")))
        let error = #expect(throws: ArchiveDiff.InputError.self) { try ArchiveDiff(nib, plist) }
        #expect(error?.input == 1 && error?.error.code == .typeMismatch)
    }
}
