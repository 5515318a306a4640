import Foundation
import KeyedArchive
import Testing
@testable import Nib
import CorpusSupport

/// Classes adopting KeyedArchive's `KeyedCoding` decode from nibs through a `KeyedUnarchiver` over the
/// nib's graph, with the nib's own instances registered (identity kept, cycles fine).
@Suite struct KeyedCodingNibTests {
    final class Panel: KeyedCoding, NibConnectable {
        var flags: Int64 = 0
        var frameSize: String?
        var peer: Panel?
        var other: NibObject?
        var awoken = false
        init() {}
        func encode(with archiver: KeyedArchiver) throws(ArchiveError) {}
        func decode(with unarchiver: KeyedUnarchiver) throws(ArchiveError) {
            flags = try unarchiver.decodeInt64(forKey: "UITag")
            frameSize = try unarchiver.decodeObject(of: String.self, forKey: "title")
            peer = try unarchiver.decodeObject(of: Panel.self, forKey: "peer")
            other = try unarchiver.decodeObject(of: NibObject.self, forKey: "other")
        }
        func awakeFromNib() { awoken = true }
    }

    @Test func keyedCodingClassesKeepNibIdentityAndCycles() throws {
        var f = NibFixture()
        let owner = f.proxy("IBFilesOwner")
        let a = f.reserve()
        let b = f.reserve()
        let generic = f.add("UILabel", [("UITag", .int(3))])
        f.set(a, "Panel", [("UITag", .int(1)), ("title", .ref(f.string("first"))), ("peer", .ref(b)), ("other", .ref(generic))])
        f.set(b, "Panel", [("UITag", .int(2)), ("peer", .ref(a))])
        let graph = f.uikitGraph(topLevel: [owner, a, b, generic], objects: [owner, a, b, generic], connections: [])
        let registry = NibClassRegistry()
        registry.register(Panel.self, as: "Panel")
        let nib = try LoaderRuleTests.nib(graph)
        let top = try nib.instantiate(owner: nil, options: NibInstantiationOptions(registry: registry)).topLevelObjects
        let first = try #require(top[0] as? Panel)
        let second = try #require(top[1] as? Panel)
        #expect(first.flags == 1 && second.flags == 2)
        #expect(first.frameSize == "first")
        #expect(same(first.peer, second) && same(second.peer, first))
        #expect(same(first.other, top[2]))
        #expect(first.awoken && second.awoken)
    }

    final class SomeViewClass: KeyedCoding {
        var flags: Int64 = 0
        var frameSize: String?
        init() {}
        func encode(with archiver: KeyedArchiver) throws(ArchiveError) {}
        func decode(with unarchiver: KeyedUnarchiver) throws(ArchiveError) {
            flags = try unarchiver.decodeInt64(forKey: "NSvFlags")
            frameSize = try unarchiver.decodeObject(of: String.self, forKey: "NSFrameSize")
        }
    }

    @Test func swapperCustomClassDecodesThroughTheKeyedUnarchiver() throws {
        guard Corpus.require() else { return }
        let registry = NibClassRegistry()
        registry.register(SomeViewClass.self, as: "SomeViewClass")
        let nib = try Nib(contentsOf: CorpusSwapperTests.url)
        let result = try nib.instantiate(owner: NibObject(className: "NSApplication"), options: NibInstantiationOptions(registry: registry))
        let swap = try #require(nib.document.classSwaps.first { $0.customClassName == "SomeViewClass" })
        let view = try #require(result.object(at: swap.object.index) as? SomeViewClass)
        #expect(view.flags == 268)
        #expect(view.frameSize == "{163, 96}")
    }
}
