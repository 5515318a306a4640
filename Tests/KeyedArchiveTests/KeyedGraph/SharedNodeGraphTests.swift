import Testing
@testable import KeyedArchive

/// The keyed graph reader remembers per plist node what it learnt (a key's index, the `$class` key, the
/// first `$objects` entry made from a dictionary). Binary plists share nodes freely, so each meaning must
/// stay apart from the others.
@Suite struct SharedNodeGraphTests {
    /// A keyed archive whose `$objects` is `entries(b, object, classDict)`; `extraKeys` adds keys to the object.
    static func archive(_ entries: (inout PropertyListBuilder, _ object: Int, _ classDict: Int) -> [Int],
                        objectKeys extra: (inout PropertyListBuilder) -> [(key: Int, value: Int)] = { _ in [] }) -> PropertyList {
        var b = PropertyListBuilder()
        let classKey = b.addString("$class")
        let name = b.addString("name")
        let classDict = b.addDict(keys: [b.addString("$classname"), b.addString("$classes")],
                                  values: [b.addString("Thing"), b.addArray([b.addString("Thing"), b.addString("NSObject")])])
        let more = extra(&b)
        let object = b.addDict(keys: [classKey, name] + more.map(\.key), values: [b.addUID(2), b.addString("Ann")] + more.map(\.value))
        let objects = b.addArray([b.addString("$null")] + entries(&b, object, classDict))
        let top = b.addDict(keys: [b.addString("root")], values: [b.addUID(1)])
        let root = b.addDict(keys: [b.addString("$archiver"), b.addString("$version"), b.addString("$top"), b.addString("$objects")],
                             values: [b.addString("NSKeyedArchiver"), b.addInteger(Int64(100000)), top, objects])
        return b.build(root: root)
    }

    @Test func aDictionaryListedTwiceIsTwoObjectsWithOneClassAndValues() throws {
        let plist = Self.archive { _, object, classDict in [object, classDict, object] }
        let g = try ArchiveGraph(keyedArchive: PropertyList(binary: plist.binaryData()))
        #expect(g.objects.count == 4)
        for i in [1, 3] {
            #expect(g.className(ofObject: i) == "Thing", "object \(i)")
            #expect(g.string(g.value(ofObject: i, forKey: "name") ?? .nil) == "Ann", "object \(i)")
            #expect(g.value(ofObject: i, forKey: "$class") == nil, "object \(i)")
        }
        #expect(g.objects[1].valueStart == g.objects[3].valueStart && g.objects[1].valueCount == 1)
        try g.verifyReferences()
    }

    @Test func aDictionaryThatIsAlsoAnEntryIsNotAKey() throws {
        // The object dictionary uses another $objects entry (a dictionary) as a key.
        var keyDict = -1
        let plist = Self.archive({ b, object, classDict in [object, classDict, keyDict] }, objectKeys: { b in
            keyDict = b.addDict(keys: [b.addString("k")], values: [b.addInteger(Int64(1))])
            return [(keyDict, b.addInteger(Int64(2)))]
        })
        let error = #expect(throws: ArchiveError.self) { try ArchiveGraph(keyedArchive: PropertyList(binary: plist.binaryData())) }
        #expect(error?.code == .corruptArchive && error?.objectIndex == 1, "\(String(describing: error))")
    }

    @Test func theClassKeyStringAlsoUsedAsAnOrdinaryValueAndTopKey() throws {
        // "$class" is one node: the object's class key, a string value of another object, and a $top key.
        var b = PropertyListBuilder()
        let classKey = b.addString("$class")
        let classDict = b.addDict(keys: [b.addString("$classname")], values: [b.addString("Thing")])
        let object = b.addDict(keys: [classKey, b.addString("label")], values: [b.addUID(2), classKey])
        let objects = b.addArray([b.addString("$null"), object, classDict, classKey])
        let top = b.addDict(keys: [b.addString("root"), classKey], values: [b.addUID(1), b.addUID(3)])
        let root = b.addDict(keys: [b.addString("$archiver"), b.addString("$version"), b.addString("$top"), b.addString("$objects")],
                             values: [b.addString("NSKeyedArchiver"), b.addInteger(Int64(100000)), top, objects])
        let g = try ArchiveGraph(keyedArchive: PropertyList(binary: b.build(root: root).binaryData()))
        #expect(g.className(ofObject: 1) == "Thing")
        #expect(g.string(g.value(ofObject: 1, forKey: "label") ?? .nil) == "$class")
        #expect(g.string(g.objects[3].plainValue) == "$class")
        #expect(g.topValue(forKey: "$class") == .ref(3))
    }

    @Test func everyScalarKindMapsToItsGraphValue() throws {
        var b = PropertyListBuilder()
        let wide = PlistWideInteger(high: 5, low: 7)
        let scalars: [(String, Int)] = [
            ("bool", b.addBool(true)), ("neg", b.addInteger(Int64(-3))), ("big", b.addInteger(UInt64.max)),
            ("wide", b.addInteger(wide)), ("f32", b.addReal(Float(1.5))), ("f64", b.addReal(2.25)),
            ("date", b.addDate(86400)), ("data", b.addData([1, 2, 3])), ("ascii", b.addString("abc")),
            ("utf16", b.addString("é☃")), ("nilRef", b.addUID(0)), ("ref", b.addUID(2)),
        ]
        let classDict = b.addDict(keys: [b.addString("$classname")], values: [b.addString("Thing")])
        let object = b.addDict(keys: [b.addString("$class")] + scalars.map { b.addString($0.0) }, values: [b.addUID(2)] + scalars.map(\.1))
        let objects = b.addArray([b.addString("$null"), object, classDict])
        let top = b.addDict(keys: [b.addString("root")], values: [b.addUID(1)])
        let root = b.addDict(keys: [b.addString("$archiver"), b.addString("$version"), b.addString("$top"), b.addString("$objects")],
                             values: [b.addString("NSKeyedArchiver"), b.addInteger(Int64(100000)), top, objects])
        for list in [b.build(root: root), try PropertyList(binary: b.build(root: root).binaryData())] {
            let g = try ArchiveGraph(keyedArchive: list)
            func v(_ k: String) -> ArchiveValue? { g.value(ofObject: 1, forKey: k) }
            #expect(v("bool") == .bool(true) && v("neg") == .int(-3, width: 0) && v("big") == .unsignedInt(UInt64.max))
            #expect(v("wide") == .wideInt(wide) && v("f32") == .float(1.5) && v("f64") == .double(2.25) && v("date") == .date(86400))
            guard case .bytes(let r)? = v("data") else { Issue.record("data is not bytes"); return }
            #expect(Array(g.bytes(r)) == [1, 2, 3])
            #expect(v("ascii").flatMap { g.string($0) } == "abc" && v("utf16").flatMap { g.string($0) } == "é☃")
            #expect(v("nilRef") == .nil && v("ref") == .ref(2))
        }
    }
}
