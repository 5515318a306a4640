import Foundation
import KeyedArchive
import Testing
@testable import Nib
import CorpusSupport

/// Nested nibs (`NSNib.NSNibFileData`, `UINib.archiveData`): found by the model, parsed lazily, and
/// instantiated many times from one parse.
@Suite struct EmbeddedNibTests {
    /// Outer corpus nibs whose nested archives were extracted to `nib/_nested/viraptor-ibtool__<name>__v<n>.nib`.
    static let outers = ["outline_cellview", "reusable_views_order", "test17_scrollhiding", "test24_tables_elastic", "transmission_MainMenu", "HSChooserWindow"]

    @Test func comparisonsWalkIntoNestedNibs() throws {
        guard Corpus.require() else { return }
        let url = Corpus.root.appendingPathComponent("nib/viraptor-ibtool/samples__correct__outline_cellview.nib")
        let outer = try ArchiveGraph(nibArchive: Corpus.bytes(url))
        let nib = try #require(outer.objects.indices.first { outer.className(ofObject: $0) == "NSNib" })
        let inner = try #require(try outer.nestedArchive(ofObject: nib))
        // The nested nib's pairs count with the outer nib's, and the data pair stands for them.
        let same = NibGraphComparison(reference: outer, candidate: outer)
        let outerOnly = NibGraphComparison(reference: outer, candidate: outer, ignoredKeys: ["NSNibFileData"])
        let innerOnly = NibGraphComparison(reference: inner, candidate: inner)
        #expect(same.isFullyEqual)
        #expect(same.referencePairs == outerOnly.referencePairs + 1 + innerOnly.referencePairs)

        // Another table's prototype nib in its place: compared as a graph, not as bytes.
        let other = try Corpus.bytes(Corpus.root.appendingPathComponent("nib/_nested/viraptor-ibtool__reusable_views_order__v433.nib"))
        guard case .ref(let data)? = outer.value(ofObject: nib, forKey: "NSNibFileData") else { Issue.record("no NSNibFileData"); return }
        var b = ArchiveGraphBuilder(copying: outer)
        let range = b.appendBytes(other)
        let o = outer.objects[data]
        for k in o.valueStart ..< o.valueStart + o.valueCount where b.keys[b.values[k].key] == "NS.bytes" { b.values[k].value = .bytes(range) }
        let swapped = NibGraphComparison(reference: outer, candidate: b.build())
        #expect(!swapped.isFullyEqual)
        #expect(swapped.referencePairs == same.referencePairs)
        // The reuse identifier and the frame differ inside; the rest of the nested nib is equal.
        #expect(swapped.equal > outerOnly.referencePairs, "\(swapped.equal)")
        #expect(swapped.samples.contains { $0.contains(" ▸ ") && $0.contains("NSReuseIdentifierKey") }, "\(swapped.samples)")
    }

    @Test func nestedArchivesMatchTheExtractedCorpusFiles() throws {
        guard Corpus.require() else { return }
        let nested = Corpus.files("nib/_nested")
        var matched = 0
        for name in Self.outers {
            let url = Corpus.root.appendingPathComponent("nib/viraptor-ibtool/samples__correct__\(name).nib")
            let nib = try Nib(contentsOf: url)
            #expect(!nib.document.embeddedNibs.isEmpty, "\(name)")
            let extracted = try Set(nested.filter { $0.lastPathComponent.hasPrefix("viraptor-ibtool__\(name)__") }.map(Corpus.bytes))
            for e in nib.document.embeddedNibs {
                let bytes = try nib.document.embeddedBytes(e)
                #expect(bytes.count == e.byteCount)
                if extracted.contains(bytes) { matched += 1 }
                let inner = try nib.embeddedNib(e)
                #expect(inner.document.platform == .macOS)
                let a = try inner.instantiate(owner: NibObject(className: "NSTableView"))
                let b = try inner.instantiate(owner: NibObject(className: "NSTableView"))
                #expect(a.count == inner.document.topLevelObjects.count)
                #expect(zip(a, b).allSatisfy { !same($0, $1) })
            }
        }
        #expect(matched == nested.count)
    }

    @Test func cellNibsAreFiledUnderTheirReuseIdentifier() throws {
        guard Corpus.require() else { return }
        let url = Corpus.root.appendingPathComponent("nib/viraptor-ibtool/samples__correct__outline_cellview.nib")
        let nib = try Nib(contentsOf: url)
        let e = try #require(nib.document.embeddedNibs.first)
        let key = try #require(e.key)
        #expect(e.owner != nil)
        let byKey = try #require(try nib.embeddedNib(forKey: key))
        #expect(byKey.document.graph.objects.count == (try nib.embeddedNib(e)).document.graph.objects.count)
        // Parsed once: the cached value is reused.
        #expect(byKey.identity === (try nib.embeddedNib(e)).identity)
    }
}
