import KeyedArchive
@testable import KeyedArchiveFuzzSupport
import Testing

/// The hostile sweeps of Docs/fuzzing.md: inputs built to exhaust memory, stack or time. Each must
/// end in a typed ``ArchiveError`` (or, where Apple defers the check, a typed error when the bad
/// reference is followed), and every fuzz harness must survive it.
@Suite struct HostileSweepTests {
    /// Runs the bytes through every harness: none may crash, whatever the decoders decide.
    func survivesEveryHarness(_ bytes: [UInt8]) {
        for target in FuzzTarget.allCases {
            let failure = target.replay(bytes)
            #expect(failure == nil, "\(target.executableName): \(failure.map { "\($0)" } ?? "")")
        }
    }

    // MARK: Counts that claim more than the file holds

    @Test func bplistArrayClaimingAMillionMembersInATinyFileIsRejected() {
        let bytes: [UInt8] = [
            0x62, 0x70, 0x6C, 0x69, 0x73, 0x74, 0x30, 0x30, // 00: "bplist00"
            0xAF,                                           // 08: obj0 array, count in the next int
            0x12, 0x00, 0x0F, 0x42, 0x40,                   // 09: int, 4 bytes = 1,000,000 members
            0x00,                                           // 0E: one 1-byte ref (obj0); 999,999 missing
            0x08,                                           // 0F: offset table: obj0 at 0x08
            0x00, 0x00, 0x00, 0x00, 0x00, 0x00,             // 10: trailer: unused, sortVersion
            0x01,                                           // 16: offsetIntSize 1
            0x01,                                           // 17: objectRefSize 1
            0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, // 18: numObjects 1
            0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, // 20: topObject 0
            0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x0F, // 28: offsetTableOffset 0x0F
        ]
        let error = #expect(throws: ArchiveError.self) { try PropertyList(binary: bytes) }
        #expect(error?.code == .truncated)
        survivesEveryHarness(bytes)
    }

    /// A 50-byte NIBArchive header whose four tables each claim `count` records at offset 50 (the end).
    func nibArchiveHeader(claiming count: UInt32) -> [UInt8] {
        var bytes = Array("NIBArchive".utf8)                 // 00: magic
        bytes += [0x01, 0x00, 0x00, 0x00]                    // 0A: formatVersion 1
        bytes += [0x0A, 0x00, 0x00, 0x00]                    // 0E: coderVersion 10
        for _ in 0 ..< 4 {                                   // 12: objects, keys, values, classes:
            bytes += withUnsafeBytes(of: count.littleEndian, Array.init) //     count (u32 LE)
            bytes += [0x32, 0x00, 0x00, 0x00]                //     offset 50 (the end of the file)
        }
        return bytes
    }

    @Test func nibArchiveHeaderClaimingFourBillionRecordsIsRejectedBeforeAllocating() {
        let bytes = nibArchiveHeader(claiming: 0xFFFF_FFFF)
        #expect(bytes.count == 50)
        let error = #expect(throws: ArchiveError.self) { try ArchiveGraph(nibArchive: bytes) }
        #expect(error?.code == .limitExceeded)
        survivesEveryHarness(bytes)
    }

    @Test func nibArchiveHeaderClaimingAMillionRecordsInAnEmptyTableIsTruncated() {
        let bytes = nibArchiveHeader(claiming: 1_000_000)
        let error = #expect(throws: ArchiveError.self) { try ArchiveGraph(nibArchive: bytes) }
        #expect(error?.code == .truncated)
        survivesEveryHarness(bytes)
    }

    /// `NS.objects` of an NSArray holds a million UIDs, all naming `$objects[9]` of a 4-entry archive.
    @Test func aMillionUIDsPastTheEndOfObjectsFailWhenFollowed() throws {
        var maker = KeyedArchiveMaker()
        let cls = maker.classDescription("NSArray")
        let dangling = maker.b.addUID(9)
        let members = maker.b.addArray(Array(repeating: dangling, count: 1_000_000))
        let root = maker.object(classUID: cls, [("NS.objects", members)])
        let bytes = maker.archive(root: root).binaryData()

        // Under a tight object limit the reader refuses the file outright.
        var tight = DecodingLimits.default
        tight.maxObjectCount = 100_000
        let refused = #expect(throws: ArchiveError.self) { try PropertyList(binary: bytes, limits: tight) }
        #expect(refused?.code == .limitExceeded)

        // Under the defaults the graph loads (Apple resolves UIDs lazily); following one fails.
        let graph = try ArchiveGraph(keyedArchive: PropertyList(binary: bytes))
        let array = try #require(graph.value(ofObject: Int(root), forKey: "NS.objects"))
        let items = graph.items(array)
        #expect(items.count == 1_000_000)
        for item in items.prefix(1000) {
            guard case let .ref(index) = item else {
                Issue.record("NS.objects member is \(item.kindName), not a ref")
                return
            }
            let error = #expect(throws: ArchiveError.self) { try graph.object(index) }
            #expect(error?.code == .badReference)
        }
    }

    @Test func rootUIDPastTheEndOfObjectsIsABadReference() throws {
        var maker = KeyedArchiveMaker()
        _ = maker.plain(maker.b.addString("only"))
        let bytes = maker.archive(root: 10).binaryData()
        let graph = try ArchiveGraph(keyedArchive: PropertyList(binary: bytes))
        guard case let .ref(index)? = graph.topValue(forKey: "root") else {
            Issue.record("root is not a reference")
            return
        }
        let error = #expect(throws: ArchiveError.self) { try graph.object(index) }
        #expect(error?.code == .badReference)
        survivesEveryHarness(bytes)
    }

    @Test func uidAboveUInt32MaxIsCorrupt() {
        var maker = KeyedArchiveMaker()
        let bytes = maker.archive(root: 0x1_0000_0000).binaryData()
        let error = #expect(throws: ArchiveError.self) { try PropertyList(binary: bytes) }
        #expect(error?.code == .corrupt)
        survivesEveryHarness(bytes)
    }

    // MARK: Sharing that would multiply

    /// One object dictionary node listed as 5,000 `$objects` entries (a 21 KB file): the graph maps the
    /// node once and the entries share its 200 values, and writing the graph back names the one
    /// dictionary again. Mapping each entry on its own made a million values here; an 835 KB file of this
    /// shape asked for over 4 GB and aborted the process.
    @Test func oneDictionaryListedAsManyObjectsIsMappedOnce() throws {
        var maker = KeyedArchiveMaker()
        let cls = maker.classDescription("Shared")
        let one = maker.b.addInteger(Int64(1))
        let shared = maker.object(classUID: cls, (0 ..< 200).map { ("k\($0)", one) })
        let node = maker.entries[Int(shared)]
        for _ in 0 ..< 5_000 { maker.entries.append(node) }
        let bytes = maker.archive(root: shared).binaryData()
        #expect(bytes.count < 25_000)

        let graph = try ArchiveGraph(keyedArchive: PropertyList(binary: bytes))
        #expect(graph.objects.count == 5_003)
        #expect(graph.values.count == 200)
        #expect(Array(graph.values(ofObject: 5_002)) == Array(graph.values(ofObject: Int(shared))))
        #expect(graph.className(ofObject: 5_002) == "Shared")

        // Both writers keep the one dictionary; what they write reads back as the same graph.
        let direct = try graph.keyedArchiveBinaryData()
        #expect(direct == (try PropertyList(keyedArchive: graph).binaryData()))
        #expect(direct.count < 2 * bytes.count)
        let again = try ArchiveGraph(keyedArchive: PropertyList(binary: direct))
        #expect(again.values.count == 200)
        #expect(again.objects.count == graph.objects.count)
        survivesEveryHarness(bytes)
    }

    /// Forty NSArray objects, each holding the one before twice: 2^40 values as a value tree, from a
    /// 2 KB archive. Decoding it as ``ArchivedValue`` (as `text` and `convert --to typedstream` do) used
    /// to exhaust memory; the values materialised count against `maxObjectCount`.
    @Test func arraysSharingTheirMembersFortyDeepStopAtTheObjectLimit() throws {
        let bytes = Self.doublingArrays(levels: 40).binaryData()
        #expect(bytes.count < 4_000)
        var options = KeyedUnarchiver.Options()
        options.limits.maxObjectCount = 100_000
        let u = try KeyedUnarchiver(graph: ArchiveGraph(keyedArchive: PropertyList(binary: bytes)), options: options)
        let error = #expect(throws: ArchiveError.self) { try u.decodeTopLevelObject(of: ArchivedValue.self) }
        #expect(error?.code == .limitExceeded)
        // Ten levels (2,047 values) are within the limit.
        let v = try KeyedUnarchiver(graph: ArchiveGraph(keyedArchive: Self.doublingArrays(levels: 10)), options: options)
            .decodeTopLevelObject(of: ArchivedValue.self)
        #expect(v?.arrayValue?.count == 2)
        survivesEveryHarness(bytes)
        survivesEveryHarness([0] + bytes)
    }

    /// The Codable decoder decodes a shared object once per type, so the forty doubling arrays decode as a
    /// mirror in 41 decodes; a type that retries a shared child after it failed repeats the failure at
    /// every use (failures are not kept: with cycles they depend on the path), 2^40 decodes, until the
    /// decoded values reach `maxObjectCount`.
    @Test func codableRetriesOfSharedFailuresStopAtTheObjectLimit() throws {
        let graph = try ArchiveGraph(keyedArchive: Self.doublingArrays(levels: 40))
        var decoder = KeyedArchiveDecoder()
        decoder.limits.maxObjectCount = 100
        let mirror = try decoder.decode(CodableMirror.self, from: graph)
        #expect(mirror.expandedCount(upTo: 1 << 20) == 1 << 20)

        decoder.limits.maxObjectCount = 10_000
        let error = #expect(throws: DecodingError.self) { try decoder.decode(FirstDecodableMember.self, from: graph) }
        guard case .dataCorrupted(let context)? = error else { Issue.record("expected dataCorrupted, got \(String(describing: error))"); return }
        #expect((context.underlyingError as? ArchiveError)?.code == .limitExceeded)
        #expect(context.debugDescription.contains("10000"))
    }

    /// Ten levels of doubling arrays, then the rest: FuzzCodable re-encodes a mirror only up to
    /// ``FuzzCodable/maxReencodedValues`` (19 levels took 4 minutes under ASan and timed CI's fuzzing out).
    @Test func fuzzCodableReencodesOnlySmallMirrors() throws {
        let decoder = KeyedArchiveDecoder()
        let small = try decoder.decode(CodableMirror.self, from: ArchiveGraph(keyedArchive: Self.doublingArrays(levels: 10)))
        #expect(small.expandedCount(upTo: FuzzCodable.maxReencodedValues) == 2_047)
        let large = try decoder.decode(CodableMirror.self, from: ArchiveGraph(keyedArchive: Self.doublingArrays(levels: 19)))
        #expect(large.expandedCount(upTo: FuzzCodable.maxReencodedValues) == FuzzCodable.maxReencodedValues)
        #expect(FuzzCodable.run([0] + Self.doublingArrays(levels: 19).binaryData()) == nil)
    }

    /// An array that is the first of its members that decodes as one; a string member never does. A failed
    /// decode leaves an unkeyed container where it was, so each attempt starts a container and skips.
    struct FirstDecodableMember: Decodable {
        var inner: [FirstDecodableMember]
        struct Skip: Decodable { init(from decoder: any Decoder) {} }
        init(from decoder: any Decoder) throws {
            let count = try decoder.unkeyedContainer().count ?? 0
            for i in 0 ..< count {
                var members = try decoder.unkeyedContainer()
                for _ in 0 ..< i { _ = try members.decode(Skip.self) }
                if let m = try? members.decode(FirstDecodableMember.self) {
                    inner = [m]
                    return
                }
            }
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "no member decodes"))
        }
    }

    /// A keyed archive of `levels` NSArray objects, each holding the one before twice; the first holds "x".
    static func doublingArrays(levels: Int) -> PropertyList {
        var maker = KeyedArchiveMaker()
        let cls = maker.classDescription("NSArray")
        var previous = maker.plain(maker.b.addString("x"))
        for _ in 0 ..< levels {
            let member = maker.b.addUID(previous)
            previous = maker.object(classUID: cls, [("NS.objects", maker.b.addArray([member, member]))])
        }
        return maker.archive(root: previous)
    }

    /// A NIBArchive of many long value runs that overlap: 2,000 objects each claiming 10,000 of the same
    /// 20,000 values (180 KB). Walking every object's run is 20 million steps and a load plan copies as
    /// many fields; runs beyond the values themselves are bounded by `maxObjectCount`.
    @Test func nibArchiveRunsOverlappingBeyondTheLimitAreRejected() {
        let bytes = Self.overlappingNibArchive(objects: 2_000, values: 20_000, run: 10_000)
        let error = #expect(throws: ArchiveError.self) { try ArchiveGraph(nibArchive: bytes) }
        #expect(error?.code == .limitExceeded)
        #expect(error?.objectIndex != nil)
        survivesEveryHarness(bytes)

        // Overlap within the bound still reads, as Apple's reader would.
        let small = Self.overlappingNibArchive(objects: 40, values: 100, run: 50)
        #expect(throws: Never.self) { try ArchiveGraph(nibArchive: small) }
    }

    /// `objects` objects of class `NSObject`, object `i` owning values `i % (values - run + 1) ..< … + run`,
    /// each value an int8 under the one key `key`.
    static func overlappingNibArchive(objects: Int, values: Int, run: Int) -> [UInt8] {
        func varint(_ v: Int) -> [UInt8] {
            var v = v, out: [UInt8] = []
            while true {
                let b = UInt8(v & 0x7F)
                v >>= 7
                if v == 0 { return out + [b | 0x80] }
                out.append(b)
            }
        }
        var objectTable: [UInt8] = []
        for i in 0 ..< objects { objectTable += varint(0) + varint(i % (values - run + 1)) + varint(run) }
        let keyTable = varint(3) + Array("key".utf8)
        var valueTable: [UInt8] = []
        for _ in 0 ..< values { valueTable += varint(0) + [0x00, 0x01] }
        let name = Array("NSObject".utf8) + [0]
        let classTable = varint(name.count) + varint(0) + name
        let offsets = [50, 50 + objectTable.count, 50 + objectTable.count + keyTable.count,
                       50 + objectTable.count + keyTable.count + valueTable.count]
        var bytes = Array("NIBArchive".utf8)
        for field in [1, 10, objects, offsets[0], 1, offsets[1], values, offsets[2], 1, offsets[3]] {
            bytes += withUnsafeBytes(of: UInt32(field).littleEndian, Array.init)
        }
        return bytes + objectTable + keyTable + valueTable + classTable
    }

    // MARK: Depth

    /// Arrays nested 100,000 deep: the writer is iterative, the reader stops at `maxDepth`.
    @Test func plistNestedOneHundredThousandDeepIsRejected() {
        var b = PropertyListBuilder()
        var inner = b.addArray([])
        for _ in 1 ..< 100_000 { inner = b.addArray([inner]) }
        let built = b.build(root: inner)

        // Materialising the built tree stops at the depth limit instead of building a 100,000-deep value.
        let tooDeep = #expect(throws: ArchiveError.self) { try built.value() }
        #expect(tooDeep?.code == .limitExceeded)

        let bytes = built.binaryData()
        let error = #expect(throws: ArchiveError.self) { try PropertyList(binary: bytes) }
        #expect(error?.code == .limitExceeded)
        survivesEveryHarness(bytes)
    }

    // MARK: Self reference

    /// An object whose `$class` UID names the object itself.
    @Test func classReferringToItsOwnObjectHasNoClass() throws {
        var maker = KeyedArchiveMaker()
        let me = maker.object(classUID: 1, [("n", maker.b.addInteger(Int64(1)))])
        #expect(me == 1)
        let bytes = maker.archive(root: me).binaryData()
        do {
            let graph = try ArchiveGraph(keyedArchive: PropertyList(binary: bytes))
            #expect(graph.className(ofObject: 1) == nil)
        } catch {
            #expect(error.code == .corruptArchive)
        }
        survivesEveryHarness(bytes)
    }
    // MARK: Through the Unarchiver

    /// An unarchiver over `bytes` that knows the fuzz test classes.
    func unarchiver(_ bytes: [UInt8], maxDepth: Int? = nil) throws -> KeyedUnarchiver {
        var options = KeyedUnarchiver.Options()
        if let maxDepth { options.limits.maxDepth = maxDepth }
        let u = try KeyedUnarchiver(keyedArchive: PropertyList(parsing: bytes), options: options)
        u.register(FuzzPerson.self, FuzzNode.self)
        return u
    }

    /// `NSCountedSet` whose `NS.count` claims a billion members but holds one.
    @Test func countedSetWithLyingCountIsCorrupt() throws {
        var maker = KeyedArchiveMaker()
        let cls = maker.classDescription("NSCountedSet", superclasses: ["NSMutableSet", "NSSet", "NSObject"])
        let member = maker.plain(maker.b.addString("a"))
        let root = maker.object(classUID: cls, [
            ("NS.count", maker.b.addInteger(Int64(1_000_000_000))),
            ("NS.object0", maker.b.addUID(member)),
            ("NS.count0", maker.b.addInteger(Int64(1))),
        ])
        let bytes = maker.archive(root: root).binaryData()
        let error = #expect(throws: ArchiveError.self) {
            try unarchiver(bytes).decodeTopLevelObject(of: ArchivedValue.self)
        }
        #expect(error?.code == .corruptArchive)
        survivesEveryHarness(bytes)
        for mode in UInt8(0) ..< 4 { FuzzTarget.unarchiver.run([mode] + bytes) }
    }

    @Test func unarchivingAMillionDanglingUIDsFailsAtTheFirst() throws {
        var maker = KeyedArchiveMaker()
        let cls = maker.classDescription("NSArray")
        let dangling = maker.b.addUID(9)
        let members = maker.b.addArray(Array(repeating: dangling, count: 1_000_000))
        let root = maker.object(classUID: cls, [("NS.objects", members)])
        let bytes = maker.archive(root: root).binaryData()
        let error = #expect(throws: ArchiveError.self) {
            try unarchiver(bytes).decodeTopLevelObject(of: ArchivedValue.self)
        }
        #expect(error?.code == .badReference)
    }

    @Test func unarchivingARootPastTheEndIsABadReference() throws {
        var maker = KeyedArchiveMaker()
        _ = maker.plain(maker.b.addString("only"))
        let bytes = maker.archive(root: 10).binaryData()
        let error = #expect(throws: ArchiveError.self) {
            try unarchiver(bytes).decodeTopLevelObject(of: ArchivedValue.self)
        }
        #expect(error?.code == .badReference)
    }

    @Test func unarchivingAClassThatIsItsOwnObjectFails() throws {
        var maker = KeyedArchiveMaker()
        let me = maker.object(classUID: 1, [("n", maker.b.addInteger(Int64(1)))])
        let bytes = maker.archive(root: me).binaryData()
        let error = #expect(throws: ArchiveError.self) {
            try unarchiver(bytes).decodeTopLevelObject(of: ArchivedValue.self)
        }
        #expect(error?.code == .corruptArchive)
        for mode in UInt8(0) ..< 4 { FuzzTarget.unarchiver.run([mode] + bytes) }
    }

    /// NSArrays nested 100,000 deep (each the only member of the previous): a value shape, so the depth
    /// budget ends it. (Budget 200 here: the default overflows a debug test thread's stack, finding F3.)
    @Test func unarchivingArraysNestedOneHundredThousandDeepHitsTheDepthLimit() throws {
        var maker = KeyedArchiveMaker()
        let cls = maker.classDescription("NSArray")
        let first = UInt64(maker.entries.count)
        for i in 0 ..< 100_000 {
            let next = i == 99_999 ? maker.b.addArray([]) : maker.b.addArray([maker.b.addUID(first + UInt64(i) + 1)])
            _ = maker.object(classUID: cls, [("NS.objects", next)])
        }
        let bytes = maker.archive(root: first).binaryData()
        let error = #expect(throws: ArchiveError.self) {
            try unarchiver(bytes, maxDepth: 200).decodeTopLevelObject(of: ArchivedValue.self)
        }
        #expect(error?.code == .limitExceeded)
    }

    /// A chain of 100,000 class instances (`next` → `next` → …): the unarchiver decodes fields of deep
    /// objects from a worklist, so this succeeds with the default options and without deep recursion.
    @Test func unarchivingAnObjectChainOneHundredThousandLongNeedsNoRecursion() throws {
        var maker = KeyedArchiveMaker()
        let cls = maker.classDescription("FuzzNode")
        let first = UInt64(maker.entries.count)
        for i in 0 ..< 100_000 {
            let next = i == 99_999 ? maker.b.addUID(0) : maker.b.addUID(first + UInt64(i) + 1)
            _ = maker.object(classUID: cls, [("next", next)])
        }
        let bytes = maker.archive(root: first).binaryData()
        defer { FuzzInstances.breakCycles() }
        let head = try #require(try unarchiver(bytes).decodeTopLevelObject(of: FuzzNode.self))
        var length = 0
        var node: FuzzNode? = head
        while let n = node {
            length += 1
            node = n.next
        }
        #expect(length == 100_000)
    }
}
