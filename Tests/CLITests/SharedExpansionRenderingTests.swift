import KeyedArchive
import Testing
@testable import KeyedArchiveCLI

/// The JSON renderings expand what a file shares (plist containers and strings, a keyed archive's
/// dictionary listed as many objects); each stops at its budget instead of exhausting memory.
@Suite struct SharedExpansionRenderingTests {
    @Test func plistJSONStopsAtItsByteBudgetForOneStringUsedManyTimes() throws {
        var b = PropertyListBuilder()
        let text = b.addString(String(repeating: "a", count: 100_000))
        let array = b.addArray(Array(repeating: text, count: 1_000))
        let list = b.build(root: array)
        var renderer = PlistJSONRenderer(plist: list)
        renderer.byteBudget = 10 << 20
        let error = #expect(throws: ArchiveError.self) { try renderer.render() }
        #expect(error?.code == .limitExceeded)
        renderer.byteBudget = 200 << 20
        #expect(throws: Never.self) { try renderer.render() }
    }

    /// One object dictionary listed as 3,000 entries: each entry is rendered with the shared values,
    /// built once, and the expansion counts against the budget.
    @Test func graphJSONRepeatsASharedValueRunAndCountsIt() throws {
        var b = PropertyListBuilder()
        let cls = b.addDict(keys: [b.addString("$classes"), b.addString("$classname")],
                            values: [b.addArray([b.addString("Shared"), b.addString("NSObject")]), b.addString("Shared")])
        let one = b.addInteger(Int64(1))
        var keys = [b.addString("$class")], values = [b.addUID(1)]
        for k in 0 ..< 100 {
            keys.append(b.addString("k\(k)"))
            values.append(one)
        }
        let shared = b.addDict(keys: keys, values: values)
        let entries = [b.addString("$null"), cls] + Array(repeating: shared, count: 3_000)
        let root = b.addDict(keys: ["$archiver", "$objects", "$top", "$version"].map { b.addString($0) },
                             values: [b.addString("NSKeyedArchiver"), b.addArray(entries),
                                      b.addDict(keys: [b.addString("root")], values: [b.addUID(2)]), b.addInteger(Int64(100_000))])
        let graph = try ArchiveGraph(keyedArchive: b.build(root: root))
        #expect(graph.values.count == 100)

        let doc = try GraphJSONRenderer(graph: graph).render()
        guard case .object(let fields) = doc, case .array(let objects)? = fields.first(where: { $0.0 == "objects" })?.1 else {
            Issue.record("no objects array")
            return
        }
        #expect(objects.count == 3_002)
        #expect(objects[2] == objects[3_001])

        var tight = GraphJSONRenderer(graph: graph)
        tight.budget = 50_000
        let error = #expect(throws: ArchiveError.self) { try tight.render() }
        #expect(error?.code == .limitExceeded)
    }
}
