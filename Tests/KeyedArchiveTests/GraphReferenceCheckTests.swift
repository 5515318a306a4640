import Testing
@testable import KeyedArchive

/// `ArchiveGraph.verifyReferences()`: every index a graph holds stays inside its table, with the
/// first problem named by object and key.
@Suite struct GraphReferenceCheckTests {
    /// One object of class NSObject whose `v` key holds `value`, plus whatever `extra` adds.
    static func graph(_ value: ArchiveValue, extra: (inout ArchiveGraphBuilder) -> Void = { _ in }) -> ArchiveGraph {
        var b = ArchiveGraphBuilder(metadata: .init(source: .built))
        let cls = b.internClass("NSObject")
        let key = b.internKey("v")
        _ = b.appendBytes(Array("abcd".utf8))
        _ = b.appendItems([ArchiveValue.int(1, width: 1), .int(2, width: 1)])
        b.appendObject(classIndex: cls, values: [ArchiveKeyedValue(key: key, value: value)])
        extra(&b)
        return b.build()
    }

    static func problem(_ g: ArchiveGraph) -> ArchiveError? {
        do { try g.verifyReferences() } catch { return error }
        return nil
    }

    @Test func soundGraphsPass() throws {
        for v: ArchiveValue in [.ref(0), .bytes(ArchiveRange(start: 1, count: 3)), .array(ArchiveRange(start: 0, count: 2)),
                                .string(ArchiveRange(start: 4, count: 0), encoding: .utf8), .dict(ArchiveRange(start: 2, count: 0))] {
            #expect(Self.problem(Self.graph(v)) == nil, "\(v)")
        }
    }

    @Test func eachKindOfBadIndexIsNamedWithItsObjectAndKey() throws {
        let cases: [(ArchiveValue, String)] = [
            (.ref(1), "reference to object 1, but the archive has 1 objects"),
            (.ref(-1), "reference to object -1"),
            (.bytes(ArchiveRange(start: 2, count: 3)), "bytes of bytes 2+3 outside the storage (4 bytes)"),
            (.string(ArchiveRange(start: 5, count: 0), encoding: .utf8), "string of bytes 5+0 outside the storage"),
            (.array(ArchiveRange(start: 1, count: 2)), "array of items 1+2 outside the item table (2 items)"),
            (.set(ArchiveRange(start: Int(UInt32.max), count: 1)), "set of items"),
        ]
        for (value, reason) in cases {
            let error = try #require(Self.problem(Self.graph(value)), "\(value)")
            #expect(error.code == .badReference, "\(value)")
            #expect(error.reason.hasPrefix(reason), "\(error.reason)")
            #expect(error.objectIndex == 0 && error.keyPath == ["v"], "\(value)")
        }
    }

    @Test func membersOfCollectionsAndKeysAreChecked() throws {
        // A member of the object's array that points past the object table.
        let member = Self.graph(.array(ArchiveRange(start: 2, count: 1))) { b in _ = b.appendItems([ArchiveValue.ref(9)]) }
        let e1 = try #require(Self.problem(member))
        #expect(e1.reason.hasPrefix("reference to object 9") && e1.objectIndex == 0 && e1.keyPath == ["v"])

        // A key index outside the key table.
        var b = ArchiveGraphBuilder(metadata: .init(source: .built))
        b.appendObject(classIndex: b.internClass("NSObject"), values: [ArchiveKeyedValue(key: 3, value: .nil)])
        let e2 = try #require(Self.problem(b.build()))
        #expect(e2.code == .badReference && e2.reason.hasPrefix("key index 3 outside the key table") && e2.objectIndex == 0)

        // An object whose class index is outside the class table.
        var c = ArchiveGraphBuilder(metadata: .init(source: .built))
        c.appendObject(classIndex: 2, values: [])
        let e3 = try #require(Self.problem(c.build()))
        #expect(e3.reason.hasPrefix("class index 2 outside the class table") && e3.objectIndex == 0)
    }
}
