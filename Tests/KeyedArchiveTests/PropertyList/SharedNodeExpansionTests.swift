import Testing
@testable import KeyedArchive

/// A binary plist may share containers and strings; text renderings write them at every use, so a tiny
/// list can describe an enormous document. Each rendering stops at its bound with `limitExceeded`.
@Suite struct SharedNodeExpansionTests {
    /// Arrays nested `levels` deep, each holding the one below twice: 2^levels leaves from levels + 1 nodes.
    static func doublingArrays(_ levels: Int) -> PropertyList {
        var b = PropertyListBuilder()
        var node = b.addInteger(Int64(1))
        for _ in 0 ..< levels { node = b.addArray([node, node]) }
        return b.build(root: node)
    }

    @Test func xmlOfADoublingDAGStopsAtItsElementBound() throws {
        // A 2^40-leaf tree from 41 objects (it used to exhaust memory and abort).
        let list = Self.doublingArrays(40)
        let error = #expect(throws: ArchiveError.self) { try XMLPlistWriter.write(list, maxElements: 10_000, maxBytes: 1 << 30) }
        #expect(error?.code == .limitExceeded)
        // Within the bound the tree is written out and reads back as the same values.
        let small = Self.doublingArrays(8)
        let xml = try XMLPlistWriter.write(small, maxElements: 10_000, maxBytes: 1 << 30)
        #expect(try PropertyList(xml: xml).value() == small.value())
    }

    @Test func xmlOfOneStringUsedManyTimesStopsAtItsByteBound() throws {
        var b = PropertyListBuilder()
        let text = b.addString(String(repeating: "a", count: 100_000))
        let array = b.addArray(Array(repeating: text, count: 1_000))
        let list = b.build(root: array)
        #expect(list.binaryData().count < 200_000)
        let error = #expect(throws: ArchiveError.self) { try XMLPlistWriter.write(list, maxElements: 1 << 24, maxBytes: 10 << 20) }
        #expect(error?.code == .limitExceeded)
        #expect(error?.objectIndex != nil)
    }
}
