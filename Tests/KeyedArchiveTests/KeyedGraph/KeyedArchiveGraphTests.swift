import Testing
@testable import KeyedArchive

@Suite struct KeyedArchiveGraphTests {
    @Test func mapsObjectsClassesPlainValuesAndTop() throws {
        // 1: Person{name → 3, friend → UID 0, age 7}, 2: class, 3: "Ann"
        let g = try KA.graph([
            KA.object(2, [("name", .uid(3)), ("friend", .uid(0)), ("age", .integer(7))]),
            KA.classDict("MyApp.Person", ["MyApp.Person", "NSObject"]),
            .string("Ann"),
        ])
        #expect(g.metadata.source == .keyedArchive)
        #expect(g.metadata.archiverName == "NSKeyedArchiver")
        #expect(g.metadata.archiveVersion == 100000)
        #expect(g.objects.count == 4)
        #expect(g.objects[0].kind == .plain)
        #expect(g.objects[1].kind == .object)
        #expect(g.objects[2].kind == .classDescription)
        #expect(g.className(ofObject: 1) == "MyApp.Person")
        #expect(g.classes[g.objects[1].classIndex].chain == ["MyApp.Person", "NSObject"])
        #expect(g.value(ofObject: 1, forKey: "name") == .ref(3))
        #expect(g.value(ofObject: 1, forKey: "friend") == .nil)
        #expect(g.value(ofObject: 1, forKey: "age") == .int(7, width: 0))
        #expect(g.value(ofObject: 1, forKey: "$class") == nil)
        #expect(g.string(g.objects[3].plainValue) == "Ann")
        #expect(g.topValue(forKey: "root") == .ref(1))
        #expect(g.metadata.warnings.isEmpty)
    }

    @Test func unescapesDollarKeysButKeepsUnkeyedSlotsDistinct() throws {
        let g = try KA.graph([
            KA.object(2, [("$$price", .integer(1)), ("$0", .integer(2)), ("$$0", .integer(3))]),
            KA.classDict("Thing"),
        ])
        #expect(g.value(ofObject: 1, forKey: "$price") == .int(1, width: 0))
        #expect(g.value(ofObject: 1, forKey: KeyedArchiveKeys.unkeyedKey(0)) == .int(2, width: 0))
        #expect(g.value(ofObject: 1, forKey: KeyedArchiveKeys.graphKey(forUserKey: "$0")) == .int(3, width: 0))
        #expect(KeyedArchiveKeys.graphKey(forUserKey: "$0") != KeyedArchiveKeys.unkeyedKey(0))
    }

    @Test func classHintsBecomeFallbackClasses() throws {
        let g = try KA.graph([KA.object(2), KA.classDict("MyColor", hints: ["NSColor", "NSObject"])])
        let c = g.classes[g.objects[1].classIndex]
        #expect(c.fallbacks.map { g.classes[$0].name } == ["NSColor", "NSObject"])
    }

    @Test func inlineCollectionsAreFlattenedIntoItems() throws {
        let g = try KA.graph([
            KA.object(2, [("NS.objects", .array([.uid(3), .array([.integer(1), .uid(0)]), .set([.bool(true)])]))]),
            KA.classDict("NSArray"),
            .string("x"),
        ])
        guard case .array(let r)? = g.value(ofObject: 1, forKey: "NS.objects") else { Issue.record("not an array"); return }
        #expect(r.count == 3)
        let members = Array(g.items(.array(r)))
        #expect(members[0] == .ref(3))
        #expect(Array(g.items(members[1])) == [.int(1, width: 0), .nil])
        #expect(Array(g.items(members[2])) == [.bool(true)])
    }

    @Test func outOfRangeUIDLoadsAsDanglingReference() throws {
        let g = try KA.graph([KA.object(2, [("x", .uid(10))]), KA.classDict("A")])
        #expect(g.value(ofObject: 1, forKey: "x") == .ref(10))
        #expect(throws: ArchiveError(.badReference, "")) { try g.object(10) }
    }

    @Test func missingOrBadClassIsKeptForDecodeToReport() throws {
        let g = try KA.graph([
            KA.dict([("a", .integer(1))]),                         // 1: no $class
            KA.dict([("$class", .string("blam"))]),                // 2: $class not a UID
            KA.dict([("$class", .uid(4))]),                        // 3: $class → class dict without $classname
            KA.dict([("$classes", .array([.string("X")]))]),       // 4
        ])
        #expect(g.objects[1].kind == .object && g.objects[1].classIndex == -1)
        #expect(g.objects[2].classIndex == -1)
        #expect(g.value(ofObject: 2, forKey: "$class") != nil)
        #expect(g.objects[3].classIndex == -1)
        #expect(g.objects[4].kind == .classDescription && g.objects[4].classIndex == -1)
    }

    @Test func warnsWhenObjectZeroIsNotNull() throws {
        let pl = KA.plist(KA.dict([("$archiver", .string("NSKeyedArchiver")), ("$objects", .array([.string("x")])),
                                   ("$top", KA.dict([("root", .uid(0))])), ("$version", .integer(100000))]))
        let g = try ArchiveGraph(keyedArchive: pl)
        #expect(g.metadata.warnings.count == 1)
    }

    @Test(arguments: [
        ("$archiver", PlistValue.string("NRKeyedArchiver")), ("$archiver", .integer(1)),
        ("$version", .integer(99999)), ("$version", .string("100000")),
        ("$objects", .dict([])), ("$top", .array([])),
    ])
    func headerErrorsThrowCocoa3840(key: String, value: PlistValue) {
        var entries: [(String, PlistValue)] = [("$archiver", .string("NSKeyedArchiver")), ("$objects", .array([.string("$null")])),
                                               ("$top", KA.dict([])), ("$version", .integer(100000))]
        for i in entries.indices where entries[i].0 == key { entries[i].1 = value }
        #expect { try ArchiveGraph(keyedArchive: KA.plist(KA.dict(entries))) } throws: { e in
            (e as? ArchiveError)?.code == .invalidArchiveHeader && (e as? ArchiveError)?.code.cocoaCode == 3840
        }
        // Each key missing entirely.
        let without = entries.filter { $0.0 != key }
        #expect(throws: ArchiveError(.invalidArchiveHeader, "")) { try ArchiveGraph(keyedArchive: KA.plist(KA.dict(without))) }
    }

    @Test func allowListedArchiverNameIsAccepted() throws {
        let pl = KA.archive([.string("hi")], archiver: .string("NRKeyedArchiver"))
        #expect(throws: ArchiveError(.invalidArchiveHeader, "")) { try ArchiveGraph(keyedArchive: pl) }
        let g = try ArchiveGraph(keyedArchive: pl, options: .init(additionalArchiverNames: ["NRKeyedArchiver"]))
        #expect(g.metadata.archiverName == "NRKeyedArchiver")
    }

    @Test func sharedSubContainersCannotExplodeItemCount() {
        // a0 = [1, 1]; a(k+1) = [a(k), a(k)] shared by reference: 2^40 leaves from 40 nodes.
        var b = PropertyListBuilder()
        var a = b.addArray([b.addInteger(Int64(1)), b.addInteger(Int64(1))])
        for _ in 0 ..< 40 { a = b.addArray([a, a]) }
        let cls = b.addDict(keys: [b.addString("$classname")], values: [b.addString("X")])
        let obj = b.addDict(keys: [b.addString("$class"), b.addString("k")], values: [b.addUID(2), a])
        let objects = b.addArray([b.addString("$null"), obj, cls])
        let top = b.addDict(keys: [b.addString("root")], values: [b.addUID(1)])
        let root = b.addDict(keys: [b.addString("$archiver"), b.addString("$objects"), b.addString("$top"), b.addString("$version")],
                             values: [b.addString("NSKeyedArchiver"), objects, top, b.addInteger(Int64(100000))])
        #expect(throws: ArchiveError(.limitExceeded, "")) {
            try ArchiveGraph(keyedArchive: b.build(root: root), limits: DecodingLimits(maxObjectCount: 1 << 20))
        }
    }

    @Test func flatArraysAndSetsKeepTheirKindAndOrder() throws {
        // Members with no container take the reader's direct path; the values and slots are the worklist's.
        let g = try KA.graph([
            KA.object(2, [("a", .array([.uid(3), .integer(-7), .real(2.5), .uid(0)])), ("s", .set([.bool(false), .uid(3)])),
                          ("e", .array([]))]),
            KA.classDict("Holder"),
            .string("x"),
        ])
        guard case .array(let a)? = g.value(ofObject: 1, forKey: "a"), case .set(let s)? = g.value(ofObject: 1, forKey: "s"),
              case .array(let e)? = g.value(ofObject: 1, forKey: "e") else { Issue.record("wrong kinds"); return }
        #expect(Array(g.items(.array(a))) == [.ref(3), .int(-7, width: 0), .double(2.5), .nil])
        #expect(Array(g.items(.set(s))) == [.bool(false), .ref(3)])
        #expect(e.count == 0)
        #expect(s.start == a.start + a.count)
    }

    @Test func aSharedFlatArrayCannotExplodeItemCount() {
        // One 1,000-member array named by 2,000 objects: 2 M item slots against a 1 M limit.
        var b = PropertyListBuilder()
        let flat = b.addArray((0 ..< 1000).map { b.addInteger(Int64($0)) })
        let cls = b.addDict(keys: [b.addString("$classname")], values: [b.addString("X")])
        let objs = (0 ..< 2000).map { _ in b.addDict(keys: [b.addString("$class"), b.addString("NS.objects")], values: [b.addUID(1), flat]) }
        let objects = b.addArray([b.addString("$null"), cls] + objs)
        let top = b.addDict(keys: [b.addString("root")], values: [b.addUID(2)])
        let root = b.addDict(keys: [b.addString("$archiver"), b.addString("$objects"), b.addString("$top"), b.addString("$version")],
                             values: [b.addString("NSKeyedArchiver"), objects, top, b.addInteger(Int64(100000))])
        #expect(throws: ArchiveError(.limitExceeded, "")) {
            try ArchiveGraph(keyedArchive: b.build(root: root), limits: DecodingLimits(maxObjectCount: 1 << 20))
        }
    }

    @Test func graphToPlistRoundTripsStructure() throws {
        let objects: [PlistValue] = [
            KA.object(2, [("name", .uid(3)), ("$$weird", .integer(-5)), ("$0", .real32(1.5)), ("list", .array([.uid(3), .uid(0)]))]),
            KA.classDict("MyApp.Person", ["MyApp.Person", "NSObject"], hints: ["NSObject"]),
            .string("Ann"),
        ]
        let g = try KA.graph(objects)
        let pl = try PropertyList(keyedArchive: g)
        let g2 = try ArchiveGraph(keyedArchive: pl)
        #expect(g2.objects.count == g.objects.count)
        #expect(g2.className(ofObject: 1) == "MyApp.Person")
        #expect(g2.value(ofObject: 1, forKey: "$weird") == .int(-5, width: 0))
        #expect(g2.value(ofObject: 1, forKey: "$0") == .float(1.5))
        #expect(g2.value(ofObject: 1, forKey: "name") == .ref(3))
        #expect(Array(g2.items(g2.value(ofObject: 1, forKey: "list") ?? .nil)) == [.ref(3), .nil])
        #expect(g2.classes[g2.objects[1].classIndex].fallbacks.map { g2.classes[$0].name } == ["NSObject"])
        #expect(g2.topValue(forKey: "root") == .ref(1))
    }

    @Test func writerAppendsMissingClassDescriptions() throws {
        var b = ArchiveGraphBuilder(metadata: .init(source: .built))
        _ = b.appendPlain(b.stringValue("$null"))
        let cls = b.internClass("Widget", chain: ["Widget", "NSObject"])
        let k = b.internKey("size")
        b.appendObject(classIndex: cls, values: [ArchiveKeyedValue(key: k, value: .int(3, width: 1))])
        b.top = [ArchiveKeyedValue(key: b.internKey("root"), value: .ref(1))]
        let g2 = try ArchiveGraph(keyedArchive: PropertyList(keyedArchive: b.build()))
        #expect(g2.objects.count == 3)
        #expect(g2.objects[2].kind == .classDescription)
        #expect(g2.className(ofObject: 1) == "Widget")
        #expect(g2.value(ofObject: 1, forKey: "size") == .int(3, width: 0))
    }
}
