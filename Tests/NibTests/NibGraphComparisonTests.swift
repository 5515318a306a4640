import KeyedArchive
import Testing
@testable import Nib

/// The semantic comparison of two nib graphs: what it pairs without regard to order, and how.
@Suite struct NibGraphComparisonTests {
    /// A graph in NIBArchive conventions, object 0 the top scope (filled in last).
    struct Graph {
        var b = ArchiveGraphBuilder(metadata: .init(source: .built))

        init() { _ = b.appendObject(classIndex: b.internClass("NSObject"), values: []) }

        mutating func object(_ cls: String, _ values: [(String, ArchiveValue)]) -> ArchiveValue {
            let kv = values.map { ArchiveKeyedValue(key: b.internKey($0.0), value: $0.1) }
            return .ref(b.appendObject(classIndex: b.internClass(cls), values: kv))
        }

        mutating func string(_ s: String) -> ArchiveValue { object("NSString", [("NS.bytes", .bytes(b.appendBytes(Array(s.utf8))))]) }

        mutating func collection(_ cls: String, _ members: [ArchiveValue]) -> ArchiveValue {
            object(cls, [("NSInlinedValue", .bool(true))] + members.map { ("UINibEncoderEmptyKey", $0) })
        }

        mutating func build(top: [(String, ArchiveValue)]) -> ArchiveGraph {
            let start = b.values.count
            for (k, v) in top { b.values.append(ArchiveKeyedValue(key: b.internKey(k), value: v)) }
            b.objects[0].valueStart = start
            b.objects[0].valueCount = top.count
            return b.build()
        }
    }

    /// A dictionary `entries` (key text → int) as the top key `dict`.
    static func dictionary(_ entries: [(String, Int64)]) -> ArchiveGraph {
        var g = Graph()
        var members: [ArchiveValue] = []
        for (k, v) in entries { members += [g.string(k), .int(v, width: 0)] }
        let d = g.object("NSDictionary", [("NSInlinedValue", .bool(true))] + members.map { ("UINibEncoderEmptyKey", $0) })
        return g.build(top: [("dict", d)])
    }

    @Test func dictionariesPairTheirEntriesByKey() {
        let reference = Self.dictionary([("NSFont", 1), ("NSParagraphStyle", 2)])
        #expect(NibGraphComparison(reference: reference, candidate: Self.dictionary([("NSParagraphStyle", 2), ("NSFont", 1)])).isFullyEqual)
        let changed = NibGraphComparison(reference: reference, candidate: Self.dictionary([("NSParagraphStyle", 3), ("NSFont", 1)]))
        #expect(changed.different == 1 && changed.missing == 0 && changed.extra == 0)
        let lacking = NibGraphComparison(reference: reference, candidate: Self.dictionary([("NSFont", 1)]))
        #expect(lacking.missing == 2 && lacking.different == 0)
        let more = NibGraphComparison(reference: reference, candidate: Self.dictionary([("NSFont", 1), ("NSParagraphStyle", 2), ("NSColor", 4)]))
        #expect(more.extra == 2 && more.equal == more.referencePairs)
    }

    /// Two cells alike but for a value, listed in an unordered table in either order and reached, in
    /// order, through their holders: the holders pair them, so nothing differs.
    static func cells(_ order: [Int]) -> ArchiveGraph {
        var g = Graph()
        let cells = [g.object("Cell", [("v", .int(1, width: 0))]), g.object("Cell", [("v", .int(2, width: 0))])]
        let holders = cells.map { g.object("Holder", [("cell", $0)]) }
        return g.build(top: [("table", g.collection("NSArray", order.map { cells[$0] })), ("holders", g.collection("NSArray", holders))])
    }

    @Test func unorderedMembersPairByTheStructureThatReachesThemFirst() {
        let c = NibGraphComparison(reference: Self.cells([0, 1]), candidate: Self.cells([1, 0]), unorderedKeys: ["table"])
        #expect(c.isFullyEqual, "\(c.samples)")
        // A member listed more than once pairs once per listing.
        let repeated = NibGraphComparison(reference: Self.cells([0, 0, 1, 0]), candidate: Self.cells([1, 0, 0, 0]), unorderedKeys: ["table"])
        #expect(repeated.isFullyEqual, "\(repeated.samples)")
        let fewer = NibGraphComparison(reference: Self.cells([0, 0, 1]), candidate: Self.cells([1, 0]), unorderedKeys: ["table"])
        #expect(fewer.missing == 1 && fewer.different == 0, "\(fewer.samples)")
    }

    /// Cells reached only through an unordered table, told apart by their controls' frames.
    static func controlledCells(_ order: [Int]) -> ArchiveGraph {
        var g = Graph()
        var cells: [ArchiveValue] = []
        for (n, frame) in ["{{0, 0}, {10, 10}}", "{{20, 0}, {10, 10}}"].enumerated() {
            let control = g.object("Control", [("NSFrame", g.string(frame))])
            cells.append(g.object("Cell", [("NSControlView", control), ("v", .int(Int64(n), width: 0))]))
        }
        return g.build(top: [("table", g.collection("NSArray", order.map { cells[$0] }))])
    }

    @Test func unorderedMembersTellApartByWhatTheyReferTo() {
        let c = NibGraphComparison(reference: Self.controlledCells([0, 1]), candidate: Self.controlledCells([1, 0]), unorderedKeys: ["table"])
        #expect(c.isFullyEqual, "\(c.samples)")
        // Without the table compared as unordered, the positions pair the cells crosswise.
        #expect(!NibGraphComparison(reference: Self.controlledCells([0, 1]), candidate: Self.controlledCells([1, 0])).isFullyEqual)
    }

    /// A member's key stays short whatever it refers to: at most 16 referred texts of 80 characters each.
    @Test func memberKeysAreBounded() {
        var g = Graph()
        let long = String(repeating: "x", count: 2_000)
        var refs: [(String, ArchiveValue)] = []
        for n in 0 ..< 200 { refs.append(("r\(n)", g.object("Control", [("NSFrame", g.string(long + "\(n)")), ("NSTitle", g.string(long))]))) }
        let member = g.object("Cell", refs)
        let graph = g.build(top: [("table", g.collection("NSArray", [member]))])
        let walk = ComparisonWalk(a: graph, b: graph, ignored: [], unorderedKeys: ["table"], sampleLimit: 0)
        let key = walk.memberKey(graph, member, walk.referenceTexts)
        #expect(key.hasPrefix("oCell") && key.count < 16 * (2 * 80 + 40) + 10, "\(key.count)")
        #expect(walk.referenceTexts.byObject.count == 201, "each control and the cell, once")
        #expect(NibGraphComparison(reference: graph, candidate: graph, unorderedKeys: ["table"]).isFullyEqual)
    }
}
