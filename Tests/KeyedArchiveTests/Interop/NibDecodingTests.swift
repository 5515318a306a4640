import Foundation
import Testing
@testable import KeyedArchive
import CorpusSupport

/// The Unarchiver reads NIBArchive graphs too: the Foundation shapes accept both container conventions.
@Suite struct NibDecodingTests {
    @Test func everyCorpusNIBArchiveDecodesGenerically() throws {
        guard Corpus.require() else { return }
        let files = Corpus.files("nib", magic: "NIBArchive")
        #expect(files.count >= 150)
        var strings = 0
        for url in files {
            let g = try ArchiveGraph(nibArchive: Corpus.bytes(url))
            let u = KeyedUnarchiver(graph: g)
            let d = GenericDelegate()
            u.delegate = d
            u.setClass(GenericObject.self, forClassName: "NSObject")
            do {
                // Object 0 is the nib's top scope; decode it like any other object.
                let top = try u.instance(of: GenericObject.self, at: 0)
                try u.drainPending()
                #expect(!top.fields.isEmpty, "\(Corpus.name(url))")
                // Most records are class instances or Foundation values reached from the top.
                if u.table.compactMap({ $0 }).count > 1 { strings += 1 }
            } catch {
                Issue.record("\(Corpus.name(url)): \(error)")
            }
        }
        #expect(strings > files.count / 2)
    }

    @Test func inlinedCollectionsStringsAndNumbersDecodeAsSwiftValues() throws {
        // A NIBArchive-shaped graph: NSArray with NSInlinedValue + UINibEncoderEmptyKey members,
        // NSString with NS.bytes, NSNumber with NS.intval.
        var b = ArchiveGraphBuilder(metadata: .init(source: .nibArchive))
        let arr = b.internClass("NSArray"), str = b.internClass("NSString"), num = b.internClass("NSNumber")
        let inl = b.internKey("NSInlinedValue"), empty = b.internKey("UINibEncoderEmptyKey")
        let bytes = b.internKey("NS.bytes"), intval = b.internKey("NS.intval")
        b.appendObject(classIndex: arr, values: [ArchiveKeyedValue(key: inl, value: .bool(true)), ArchiveKeyedValue(key: empty, value: .ref(1)),
                                                 ArchiveKeyedValue(key: empty, value: .ref(2))])
        let hello = b.appendBytes(Array("hello".utf8))
        b.appendObject(classIndex: str, values: [ArchiveKeyedValue(key: bytes, value: .bytes(hello))])
        b.appendObject(classIndex: num, values: [ArchiveKeyedValue(key: intval, value: .int(42, width: 1))])
        let g = b.build()
        let u = KeyedUnarchiver(graph: g)
        let v = try u.withObjectScope(0) { () throws(ArchiveError) in try ArchivedValue.decodeArchived(objectAt: 0, from: u) }
        #expect(v == .array([.string("hello"), .int(42)]))
        #expect(try String.decodeArchived(objectAt: 1, from: u) == "hello")
        #expect(try Int.decodeArchived(objectAt: 2, from: u) == 42)
    }
}
