import Testing
@testable import KeyedArchive

@Suite struct GraphBuilderTests {
    @Test func keyLookupTreatsDuplicateKeyStringsAsOne() {
        var b = ArchiveGraphBuilder(metadata: .init(source: .built))
        let k0 = b.appendKey("title")
        let k1 = b.appendKey("title")  // a hostile NIBArchive may repeat a key string
        let cls = b.internClass("NSObject")
        b.appendObject(classIndex: cls, values: [ArchiveKeyedValue(key: k1, value: .int(7, width: 1))])
        let g = b.build()
        #expect(k0 != k1)
        #expect(g.value(ofObject: 0, forKey: "title") == .int(7, width: 1))
        #expect(g.className(ofObject: 0) == "NSObject")
    }

    @Test func outOfRangeObjectIsATypedError() {
        let g = ArchiveGraphBuilder(metadata: .init(source: .built)).build()
        #expect(throws: ArchiveError(.badReference, "")) { try g.object(3) }
        #expect(g.values(ofObject: 3).isEmpty)
    }

    @Test func plistBuilderRoundTripsAccessors() {
        var b = PropertyListBuilder()
        let s = b.addString("héllo")
        let i = b.addInteger(UInt64.max)
        let r = b.addReal(Float(1.5))
        let a = b.addArray([s, i, r])
        let pl = b.build(root: a)
        #expect(pl.kind(a) == .array)
        #expect(Array(pl.elements(a)) == [s, i, r])
        #expect(pl.string(s) == "héllo")
        #expect(pl.uint64(i) == UInt64.max)
        #expect(pl.int64(i) == nil)
        #expect(pl.realWidth(r) == 4)
        #expect(pl.stringEquals(s, "héllo"))
    }
}
