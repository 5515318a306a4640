import Testing
@testable import KeyedArchive

/// Fuzz finding F1 (FuzzRoundTrip): a class dict with `$classes` but no `$classname` was rewritten
/// as a valid `NSObject` class, turning a corrupt archive into a valid one.
@Suite struct ClassDescriptionWithoutNameTests {
    /// `$objects = ["$null", {$class: UID(2)}, {$classes: ["X"]}]`, `$top = {root: UID(1)}`.
    static func archive() -> PropertyList {
        var b = PropertyListBuilder()
        let null = b.addString("$null")
        let obj = b.addDict(keys: [b.addString("$class")], values: [b.addUID(2)])
        let cls = b.addDict(keys: [b.addString("$classes")], values: [b.addArray([b.addString("X")])])
        let objects = b.addArray([null, obj, cls])
        let top = b.addDict(keys: [b.addString("root")], values: [b.addUID(1)])
        let root = b.addDict(
            keys: [b.addString("$archiver"), b.addString("$version"), b.addString("$top"), b.addString("$objects")],
            values: [b.addString("NSKeyedArchiver"), b.addInteger(Int64(100_000)), top, objects])
        return b.build(root: root)
    }

    @Test func nameless_class_description_loads_but_is_not_rewritten_as_NSObject() throws {
        let graph = try ArchiveGraph(keyedArchive: Self.archive())
        #expect(graph.objects[2].kind == .classDescription)
        #expect(graph.objects[2].classIndex == -1)
        #expect(throws: ArchiveError(.encodingFailed, "")) { try PropertyList(keyedArchive: graph) }
    }
}
