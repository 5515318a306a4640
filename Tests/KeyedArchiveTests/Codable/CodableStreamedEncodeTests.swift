import Foundation
import Testing
@testable import KeyedArchive

/// The streamed encode (``ArchiveStreamEncoder``) against the graph-based one: the same archive for every
/// value it takes, and the graph-based path for every value it does not.
@Suite struct CodableStreamedEncodeTests {
    enum Mood: String, Codable { case calm, 🌊 }
    enum Level: Int, Codable { case low = 1, high = 9 }

    struct Scalars: Codable {
        var b = true, i = -7, i8: Int8 = -8, i16: Int16 = 16, i32: Int32 = -32, i64 = Int64.min
        var u: UInt = 7, u8: UInt8 = 255, u16: UInt16 = 16, u32 = UInt32.max, u64 = UInt64.max
        var d = 2.5, f: Float = 1.25, nan = Double.nan
    }

    struct Leaves: Codable, KeyedArchiveClassNamed {
        static let archivedClassName = "Leaves"
        var name = "Zoë"
        var ascii = "name"
        var empty = ""
        var null = "$null"
        var data = Data([0, 1, 2, 3])
        var same = Data([0, 1, 2, 3])
        var date = Date(timeIntervalSinceReferenceDate: 12.5)
        var mood = Mood.🌊
        var level = Level.high
        var missing: Int? = nil
        var present: String? = "here"
        var missingStruct: Scalars? = nil
    }

    struct Odd: Codable {
        var dollar = 1, slot = 2, plain = 3
        enum CodingKeys: String, CodingKey { case dollar = "$dollar", slot = "$0", plain = "NS.objects" }
    }

    struct Collections: Codable {
        var ints = [3, 1, 3, -1]
        var strings = ["a", "b", "a", "ü"]
        var doubles = [0.5, 0.5]
        var optionals: [Int?] = [1, nil, 2, nil]
        var nested = [[1, 2], [], [3]]
        var records = [Scalars(), Scalars()]
        var empty: [String] = []
        var bools = [true, false, true]
    }

    struct Nest: Codable {
        var depth: Int
        var child: [Nest]
    }

    struct Empty: Codable {}

    /// Writes a key twice, as hand-written conformances sometimes do.
    struct Repeats: Encodable {
        enum K: String, CodingKey { case a, b }
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: K.self)
            try c.encode(1, forKey: .a)
            try c.encode("x", forKey: .b)
            try c.encode(2, forKey: .a)
        }
    }

    /// Writes `next` twice, a nested value using the same key in between (found by the `codable` fuzz
    /// target: the nested value's key made the second write look new, and the object held `next` twice).
    struct RepeatsAroundNested: Encodable {
        enum K: String, CodingKey { case next, other }
        let inner: Bool
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: K.self)
            if inner {
                try c.encode(1, forKey: .next)
                return
            }
            try c.encode("first", forKey: .next)
            try c.encode(RepeatsAroundNested(inner: true), forKey: .other)
            try c.encode(RepeatsAroundNested(inner: true), forKey: .next)
        }
    }

    /// The archive the graph-based path writes for `value`.
    func graphBytes<T: Encodable>(_ value: T, _ encoder: KeyedArchiveEncoder = KeyedArchiveEncoder()) throws -> [UInt8] {
        var e = encoder
        e.streamsWhenItCan = false
        return try e.encodedBytes(value)
    }

    /// The streamed archive holds exactly the graph-based one's objects: read back and written by the graph
    /// writer, it is the graph-based path's bytes.
    func expectSameArchive<T: Encodable>(_ value: T, _ encoder: KeyedArchiveEncoder = KeyedArchiveEncoder(),
                                                 sourceLocation: SourceLocation = #_sourceLocation) throws {
        let streamed = try #require(try ArchiveStreamEncoder.encode(value, options: encoder), "\(T.self) was not streamed",
                                    sourceLocation: sourceLocation)
        let reference = try graphBytes(value, encoder)
        let rewritten = try ArchiveGraph(keyedArchiveBytes: streamed).keyedArchiveBinaryData()
        #expect(rewritten == reference, "\(T.self)", sourceLocation: sourceLocation)
        #expect(try encoder.encodedBytes(value) == streamed, sourceLocation: sourceLocation)
    }

    @Test func scalarsLeavesAndCollectionsGiveTheGraphPathsArchive() throws {
        try expectSameArchive(Scalars())
        try expectSameArchive(Leaves())
        try expectSameArchive(Odd())
        try expectSameArchive(Collections())
        try expectSameArchive(Empty())
        try expectSameArchive(Repeats())
        try expectSameArchive(RepeatsAroundNested(inner: false))
        try expectSameArchive([RepeatsAroundNested(inner: false), RepeatsAroundNested(inner: true)])
        try expectSameArchive([Leaves(), Leaves()])
        try expectSameArchive(Nest(depth: 0, child: [Nest(depth: 1, child: []), Nest(depth: 1, child: [Nest(depth: 2, child: [])])]))
    }

    struct Point: Codable, Hashable { var x = 1, y = 2 }
    struct Keyed: Codable {
        var counts = ["b": 2, "a": 1, "c": 3]
        var names = [3: "three", 1: "one"]
        var lists = ["x": [1, 2], "y": []]
        var optionals: [String: Int?] = ["none": nil, "some": 4]
        var nested = ["outer": ["inner": 1.5]]
        var moods: [Mood: Int] = [.calm: 1, .🌊: 2]
        var tags: Set<String> = ["b", "a", "c"]
        var numbers: Set<Int> = [5, 3]
        var points: Set<Point> = [Point(), Point(x: 3, y: 4)]
        var empty: [String: String] = [:]
    }

    @Test func setsAndDictionariesGiveTheGraphPathsArchive() throws {
        try expectSameArchive(Keyed())
        try expectSameArchive(WithSet())
        try expectSameArchive(WithDictionary())
        try expectSameArchive(["k": Keyed()])
        try expectSameArchive(Set([Level.low, .high]))
        try expectSameArchive(WithURL())
        try expectSameArchive(WithUUID())
        try expectSameArchive([URL(string: "b/c?q=1", relativeTo: URL(string: "https://example.com/a/"))!, URL(fileURLWithPath: "/tmp/x y")])
        try expectSameArchive([UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!, UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!])
        let back = try KeyedArchiveDecoder().decode(Keyed.self, from: KeyedArchiveEncoder().encode(Keyed()))
        #expect(back.counts == Keyed().counts && back.names == Keyed().names && back.optionals == Keyed().optionals)
        #expect(back.points == Keyed().points && back.moods == Keyed().moods && back.nested == Keyed().nested)
    }

    @Test func rootsOfEveryKindGiveTheGraphPathsArchive() throws {
        try expectSameArchive(42)
        try expectSameArchive("root")
        try expectSameArchive(Mood.calm)
        try expectSameArchive(Int?.none)
        try expectSameArchive([Int?.none])
        try expectSameArchive(Date(timeIntervalSinceReferenceDate: 0))
        try expectSameArchive(Data())
        try expectSameArchive([[String]]())
    }

    @Test func optionsTheStreamTakesGiveTheGraphPathsArchive() throws {
        var e = KeyedArchiveEncoder()
        e.rootKey = "$custom"
        try expectSameArchive(Scalars(), e)
        e = KeyedArchiveEncoder()
        e.classNameStrategy = .fixed("Thing")
        try expectSameArchive(Collections(), e)
        e.classNameStrategy = .unqualifiedTypeName
        try expectSameArchive(Leaves(), e)
    }

    @Test func theStreamedArchiveDecodes() throws {
        let data = try KeyedArchiveEncoder().encode(Collections())
        let back = try KeyedArchiveDecoder().decode(Collections.self, from: data)
        #expect(back.ints == Collections().ints && back.strings == Collections().strings && back.optionals == Collections().optionals)
        #expect(back.nested == Collections().nested && back.records.count == 2)
    }

    final class Box: Codable { var x = 1 }
    struct WithClass: Codable { var box = Box() }
    struct WithSet: Codable { var s: Set<Int> = [3, 1] }
    struct WithDictionary: Codable { var d = ["b": 1, "a": 2] }
    struct WithURL: Codable { var u = URL(string: "https://example.com/")! }
    struct WithUUID: Codable { var u = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")! }
    struct WithNested: Encodable {
        enum K: String, CodingKey { case inner }
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: K.self)
            var n = c.nestedContainer(keyedBy: K.self, forKey: .inner)
            try n.encode(1, forKey: .inner)
        }
    }
    struct WithSuper: Encodable {
        enum K: String, CodingKey { case x }
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: K.self)
            try c.encode(1, forKey: .x)
            try Empty().encode(to: c.superEncoder())
        }
    }
    /// Asks for its keyed container after writing through another, then writes to the first.
    struct Interleaved: Encodable {
        enum K: String, CodingKey { case a }
        func encode(to encoder: any Encoder) throws {
            var u = encoder.unkeyedContainer()
            try u.encode(1)
            var k = encoder.container(keyedBy: K.self)
            try k.encode(2, forKey: .a)
            try u.encode(3)
        }
    }

    /// Writes through its own keyed container, another key type's (its superclass's, as `super.encode(to:)`
    /// does) and its own again: one object with every key.
    class Base: Encodable {
        enum BaseKeys: String, CodingKey { case base }
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: BaseKeys.self)
            try c.encode("base", forKey: .base)
        }
    }
    final class Derived: Base {
        enum K: String, CodingKey { case before, after, again }
        override func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: K.self)
            try c.encode(1, forKey: .before)
            try super.encode(to: encoder)
            try c.encode(2, forKey: .after)
            var same = encoder.container(keyedBy: K.self)
            try same.encode(3, forKey: .again)
        }
    }

    /// Keeps its keyed container past its encode; ``LateWriter`` writes through it later.
    final class Kept { var container: KeyedEncodingContainer<Escapes.K>? }
    struct Escapes: Encodable {
        enum K: String, CodingKey { case a, b }
        let kept: Kept
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: K.self)
            try c.encode(1, forKey: .a)
            kept.container = c
        }
    }
    /// Asks for a container of the kept one's key type (a pool must not hand out the kept one), then
    /// writes through the kept container: that write belongs to the earlier object.
    struct LateWriter: Encodable {
        let kept: Kept
        func encode(to encoder: any Encoder) throws {
            var mine = encoder.container(keyedBy: Escapes.K.self)
            try mine.encode(10, forKey: .a)
            try kept.container?.encode(20, forKey: .b)
        }
    }

    /// ``Escapes`` then ``LateWriter``, sharing one ``Kept``.
    struct EscapeThenWrite: Encodable {
        let kept = Kept()
        func encode(to encoder: any Encoder) throws {
            var u = encoder.unkeyedContainer()
            try u.encode(Escapes(kept: kept))
            try u.encode(LateWriter(kept: kept))
            kept.container = nil
        }
    }

    /// Remembers, weakly, the encoder that encoded it.
    final class Witness: Encodable {
        enum K: String, CodingKey { case x }
        weak var encoder: AnyObject?
        let keeps: Kept?
        init(keeps: Kept? = nil) { self.keeps = keeps }
        func encode(to encoder: any Encoder) throws {
            self.encoder = encoder as AnyObject
            var c = encoder.container(keyedBy: Escapes.K.self)
            try c.encode(1, forKey: .a)
            keeps?.container = c
        }
    }

    /// The pooled containers and the encoder reference each other while an encode runs (the `codable` fuzz
    /// target's leak check found them kept alive after it: `streamed-encode-leak-0dbb788a`).
    @Test func anEncodeLeavesNothingAliveBehindIt() throws {
        let plain = [Witness(), Witness()]
        try expectSameArchive(plain)
        #expect(plain[0].encoder == nil && plain[1].encoder == nil)
        // A container kept past the encode keeps the encoder only while it is kept.
        let kept = Kept()
        let keeping = Witness(keeps: kept)
        _ = try KeyedArchiveEncoder().encode([keeping, Witness()])
        #expect(keeping.encoder != nil)
        kept.container = nil
        #expect(keeping.encoder == nil)
        // And after a fallback.
        let fallen = Witness()
        _ = try KeyedArchiveEncoder().encode(Pair(first: fallen, second: WithNested()))
        #expect(fallen.encoder == nil)
    }

    struct Pair<A: Encodable, B: Encodable>: Encodable { var first: A, second: B }

    @Test func keyedContainersHandedOutAgainKeepEachWriteInItsOwnObject() throws {
        try expectSameArchive(Derived())
        try expectSameArchive([Derived(), Derived()])
        // A kept container that is not written again changes nothing.
        let kept = Kept()
        try expectSameArchive([Escapes(kept: kept), Escapes(kept: kept), Escapes(kept: Kept())])
        kept.container = nil
        // Written again after its object was archived: not streamed, and the graph-based path's error
        // (rather than the write's silent loss), naming the kept container's key.
        #expect(try ArchiveStreamEncoder.encode(EscapeThenWrite(), options: KeyedArchiveEncoder()) == nil)
        do {
            _ = try KeyedArchiveEncoder().encode(EscapeThenWrite())
            Issue.record("a late write was accepted")
        } catch let EncodingError.invalidValue(_, context) {
            #expect(context.codingPath.map(\.stringValue) == ["Index 0", "b"], "\(context.codingPath)")
            #expect(context.debugDescription.contains("encode(to:) returned"))
        }
    }

    /// Keys of one byte (a `CodingKeys` enum) are spelled once per key type and byte; these check that
    /// no other kind of key takes that road and that two types' same bytes stay apart.
    struct OneCase: Codable { var only = 1 }
    struct ByteKey: CodingKey {
        let raw: UInt8
        init(_ raw: UInt8) { self.raw = raw }
        init?(stringValue: String) { return nil }
        init?(intValue: Int) { return nil }
        var stringValue: String { "byte\(raw)" }
        var intValue: Int? { nil }
    }
    struct WideKey: CodingKey {
        let raw: UInt16
        init?(stringValue: String) { return nil }
        init?(intValue: Int) { raw = UInt16(truncatingIfNeeded: intValue) }
        var stringValue: String { "wide\(raw)" }
        var intValue: Int? { Int(raw) }
    }
    struct NamedKey: CodingKey {
        let stringValue: String
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { return nil }
        var intValue: Int? { nil }
    }
    struct ByteKeyed: Encodable {
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: ByteKey.self)
            for raw: UInt8 in [0, 1, 255, 1] { try c.encode(Int(raw), forKey: ByteKey(raw)) }
        }
    }
    struct WideKeyed: Encodable {
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: WideKey.self)
            for raw in [0, 256, 1, 257] { try c.encode(raw, forKey: WideKey(intValue: raw)!) }
        }
    }
    struct NameKeyed: Encodable {
        let names: [String]
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: NamedKey.self)
            for (i, name) in names.enumerated() { try c.encode(i, forKey: NamedKey(stringValue: name)) }
        }
    }
    struct MixedKeys: Encodable {
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: NamedKey.self)
            try c.encode([ByteKeyed(), ByteKeyed()], forKey: NamedKey(stringValue: "bytes"))
            try c.encode([Odd(), Odd()], forKey: NamedKey(stringValue: "odd"))
            try c.encode([OneCase(), OneCase()], forKey: NamedKey(stringValue: "one"))
            try c.encode([WideKeyed(), WideKeyed()], forKey: NamedKey(stringValue: "wide"))
            try c.encode([NameKeyed(names: ["a", "b"]), NameKeyed(names: ["b", "$c"])], forKey: NamedKey(stringValue: "named"))
        }
    }

    @Test func everyKindOfKeyKeepsItsOwnSpelling() throws {
        try expectSameArchive(MixedKeys())
        try expectSameArchive([MixedKeys(), MixedKeys()])
        let archive = try KeyedArchiveEncoder().encode(MixedKeys())
        let root = try KeyedArchiveDecoder().decode(ArchivedKeys.self, from: archive)
        // The decoder's keys are the user's (escapes undone, `$class` not among them).
        #expect(root.bytes.map(\.keys) == [["byte0", "byte1", "byte255"], ["byte0", "byte1", "byte255"]])
        #expect(root.odd.map(\.keys) == [["$0", "$dollar", "NS.objects"], ["$0", "$dollar", "NS.objects"]])
        #expect(root.one.map(\.keys) == [["only"], ["only"]])
        #expect(root.wide.map(\.keys) == [["wide0", "wide1", "wide256", "wide257"], ["wide0", "wide1", "wide256", "wide257"]])
        #expect(root.named.map(\.keys) == [["a", "b"], ["$c", "b"]])
    }

    /// Each archived object's keys, as the decoder's generic mirror sees them.
    struct ArchivedKeys: Decodable {
        struct Object: Decodable {
            let keys: [String]
            init(from decoder: any Decoder) throws { keys = try decoder.container(keyedBy: NamedKey.self).allKeys.map(\.stringValue).sorted() }
        }
        let bytes: [Object], odd: [Object], one: [Object], wide: [Object], named: [Object]
    }

    /// Records the coding path its encoder and its container report, as user code may ask.
    final class PathLog: @unchecked Sendable { var paths: [[String]] = [] }
    struct PathRecorder: Encodable {
        enum K: String, CodingKey { case mark }
        let log: PathLog
        func encode(to encoder: any Encoder) throws {
            log.paths.append(encoder.codingPath.map(\.stringValue))
            var c = encoder.container(keyedBy: K.self)
            log.paths.append(c.codingPath.map(\.stringValue))
            try c.encode(1, forKey: .mark)
        }
    }
    /// The coding paths user code logs while the value `make` gives is encoded, streamed or not.
    func loggedPaths<T: Encodable>(streaming: Bool, _ make: (PathLog) -> T) throws -> [[String]] {
        let log = PathLog()
        var e = KeyedArchiveEncoder()
        e.streamsWhenItCan = streaming
        _ = try e.encode(make(log))
        return log.paths
    }

    /// The coding paths the streamed encode shows user code, checked to be the graph-based path's, and
    /// the value to be streamed.
    func streamedPaths<T: Encodable>(sourceLocation: SourceLocation = #_sourceLocation, _ make: (PathLog) -> T) throws -> [[String]] {
        #expect(try ArchiveStreamEncoder.encode(make(PathLog()), options: KeyedArchiveEncoder()) != nil, sourceLocation: sourceLocation)
        let streamed = try loggedPaths(streaming: true, make)
        #expect(streamed == (try loggedPaths(streaming: false, make)), sourceLocation: sourceLocation)
        return streamed
    }

    struct PathTree: Encodable {
        let list: [PathRecorder], map: [String: PathRecorder], nested: [[PathRecorder]], single: PathRecorder
    }

    @Test func userCodeSeesTheGraphPathsCodingPath() throws {
        let streamed = try streamedPaths { log in PathTree(list: [PathRecorder(log: log), PathRecorder(log: log)], map: ["k": PathRecorder(log: log)],
                                                      nested: [[], [PathRecorder(log: log)]], single: PathRecorder(log: log)) }
        #expect(streamed == [["list", "Index 0"], ["list", "Index 0"], ["list", "Index 1"], ["list", "Index 1"],
                             ["map", "k"], ["map", "k"], ["nested", "Index 1", "Index 0"], ["nested", "Index 1", "Index 0"],
                             ["single"], ["single"]])
    }

    struct KeyedPaths: Encodable {
        let ints: [Int: PathRecorder], strings: [String: PathRecorder], levels: [Level: PathRecorder]
    }

    @Test func dictionaryKeysOfEveryTypeSpellTheGraphPathsCodingPath() throws {
        let streamed = try streamedPaths { log in KeyedPaths(ints: [-7: PathRecorder(log: log), 12: PathRecorder(log: log)],
                                                        strings: ["é": PathRecorder(log: log)], levels: [.high: PathRecorder(log: log)]) }
        #expect(streamed == [["ints", "-7"], ["ints", "-7"], ["ints", "12"], ["ints", "12"], ["strings", "é"], ["strings", "é"],
                             ["levels", "high"], ["levels", "high"]])
    }

    @Test func textKeysAreTheKeysTheGraphPathSpells() {
        for text in ["12", "-7", "01", "+3", "super", "é", "", "9223372036854775808"] {
            let (ours, theirs) = (TextCodingKey(text), ArchiveCodingKey(stringValue: text))
            #expect(ours.stringValue == theirs.stringValue && ours.intValue == theirs.intValue, "\(text)")
        }
        for i in [0, -1, Int.max, Int.min] {
            let (ours, theirs) = (TextCodingKey(intValue: i), ArchiveCodingKey(intValue: i))
            #expect(ours?.stringValue == theirs.stringValue && ours?.intValue == theirs.intValue, "\(i)")
        }
        #expect(TextCodingKey.superKey.stringValue == ArchiveCodingKey.superKey.stringValue)
        // Held inline by an existential (three words), unlike ArchiveCodingKey.
        #expect(MemoryLayout<TextCodingKey>.size <= 3 * MemoryLayout<Int>.size)
    }

    /// `value` is not streamed, and the encoder gives the graph-based path's archive for it.
    func expectFallback<T: Encodable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try ArchiveStreamEncoder.encode(value, options: KeyedArchiveEncoder()) == nil, "\(T.self)", sourceLocation: sourceLocation)
        #expect(try KeyedArchiveEncoder().encodedBytes(value) == graphBytes(value), "\(T.self)", sourceLocation: sourceLocation)
    }

    final class Link: Codable {
        var name: String
        var next: Link?
        init(_ name: String, next: Link? = nil) { self.name = name; self.next = next }
    }
    struct Shares: Codable { var a: Box, b: Box, links: [Link] }

    @Test func classInstancesStreamOncePerIdentity() throws {
        let box = Box(), tail = Link("tail")
        let value = Shares(a: box, b: box, links: [Link("one", next: tail), tail, tail])
        try expectSameArchive(value)
        try expectSameArchive(WithClass())
        let back = try KeyedArchiveDecoder().decode(Shares.self, from: KeyedArchiveEncoder().encode(value))
        #expect(back.a === back.b && back.links[1] === back.links[2] && back.links[0].next === back.links[1])
    }

    @Test func aReferenceCycleFallsBackAndIsTheGraphPathsError() throws {
        let a = Link("a"), b = Link("b", next: a)
        a.next = b
        defer { a.next = nil }
        #expect(try ArchiveStreamEncoder.encode(a, options: KeyedArchiveEncoder()) == nil)
        do {
            _ = try KeyedArchiveEncoder().encode([a])
            Issue.record("a cycle encoded")
        } catch let EncodingError.invalidValue(_, context) {
            #expect(context.codingPath.map(\.stringValue) == ["Index 0", "next", "next"])
        }
    }

    @Test func whatTheStreamDoesNotTakeFallsBackToTheGraphPath() throws {
        try expectFallback(Interleaved())
        var xml = KeyedArchiveEncoder()
        xml.outputFormat = .xml
        #expect(try ArchiveStreamEncoder.encode(Scalars(), options: xml) == nil)
        var snake = KeyedArchiveEncoder()
        snake.keyEncodingStrategy = .convertToSnakeCase
        #expect(try ArchiveStreamEncoder.encode(Scalars(), options: snake) == nil)
    }

    struct Thrower: Encodable {
        struct Failure: Error, Equatable {}
        enum K: String, CodingKey { case a }
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: K.self)
            try c.encode(1, forKey: .a)
            throw Failure()
        }
    }

    @Test func errorsAreThePathsOwn() throws {
        // A value's own error passes through the streamed encode.
        #expect(throws: Thrower.Failure.self) { try ArchiveStreamEncoder.encode([Thrower()], options: KeyedArchiveEncoder()) }
        #expect(throws: Thrower.Failure.self) { try KeyedArchiveEncoder().encode(Thrower()) }
        // Too deep: the graph-based path reports it, with its coding path.
        var deep = Nest(depth: 0, child: [])
        for i in 1 ... KeyedArchiveEncoder.maxValueDepth { deep = Nest(depth: i, child: [deep]) }
        #expect(try ArchiveStreamEncoder.encode(deep, options: KeyedArchiveEncoder()) == nil)
        #expect(throws: EncodingError.self) { try KeyedArchiveEncoder().encode(deep) }
    }

    // Nested keyed containers: streamed as the graph-based path archives them, or not streamed at all.

    enum Shape: Codable {
        case circle(radius: Double)
        case rect(width: Int, height: Int, label: String)
        case labelled(Leaves)
        case empty
    }
    enum OptionalCase: Codable { case maybe(Int?) }
    /// Writes through nested containers in the order `steps` says: "p" the parent, "n" the first nested
    /// container, "m" a second one made from the parent, "nn" one made from the first.
    struct Scripted: Encodable {
        enum K: String, CodingKey, CaseIterable { case a, b, c, d, e }
        let steps: [String]
        func encode(to encoder: any Encoder) throws {
            var p = encoder.container(keyedBy: K.self)
            var n = p.nestedContainer(keyedBy: K.self, forKey: .a)
            var m: KeyedEncodingContainer<K>?
            var nn: KeyedEncodingContainer<K>?
            var count = 0
            for step in steps {
                count += 1
                let key = K.allCases[count % K.allCases.count]
                switch step {
                case "p": try p.encode("parent \(count)", forKey: key)
                case "n": try n.encode(Leaves(), forKey: key)
                case "m":
                    if m == nil { m = p.nestedContainer(keyedBy: K.self, forKey: .e) }
                    try m?.encode(count, forKey: key)
                case "nn":
                    if nn == nil { nn = n.nestedContainer(keyedBy: K.self, forKey: .e) }
                    try nn?.encode(Double(count), forKey: key)
                default: break
                }
            }
        }
    }

    /// The graph-based path's archive for `value`, streamed (when `streamed`) or by falling back.
    func expectGraphPathsArchive<T: Encodable>(_ value: T, streamed: Bool, sourceLocation: SourceLocation = #_sourceLocation) throws {
        if streamed {
            try expectSameArchive(value, sourceLocation: sourceLocation)
        } else {
            try expectFallback(value, sourceLocation: sourceLocation)
        }
    }

    @Test func nestedKeyedContainersStreamAsTheGraphPathArchivesThem() throws {
        try expectGraphPathsArchive(WithNested(), streamed: true)
        let shapes: [Shape] = [.circle(radius: 2), .rect(width: 3, height: 4, label: "r"), .labelled(Leaves()), .empty, .circle(radius: 2)]
        try expectGraphPathsArchive(shapes, streamed: true)
        try expectGraphPathsArchive(["k": shapes], streamed: true)
        let back = try KeyedArchiveDecoder().decode([Shape].self, from: KeyedArchiveEncoder().encode(shapes))
        #expect(try KeyedArchiveEncoder().encode(back) == KeyedArchiveEncoder().encode(shapes))
        // Containers made from one another, the parent writing again after them, a second nested
        // container while the first is open: every order whose writes stay nested.
        for steps in [["n", "n"], ["n", "p"], ["n", "m", "m"], ["n", "nn", "n", "p"], ["nn", "nn", "m", "p"], []] {
            try expectGraphPathsArchive(Scripted(steps: steps), streamed: true)
        }
        // A write to a nested container after its maker wrote again (the first nested container is made
        // before any step) or after a second one was made, a repeated key, a nil: not streamed.
        for steps in [["p", "n"], ["n", "p", "n"], ["m", "n"], ["nn", "n", "nn"]] {
            try expectGraphPathsArchive(Scripted(steps: steps), streamed: false)
        }
        // A nil optional is left out of an NSDictionary, as the graph-based path leaves it out.
        try expectGraphPathsArchive([OptionalCase.maybe(nil)], streamed: true)
        try expectGraphPathsArchive([OptionalCase.maybe(1)], streamed: true)
    }

    struct NestedPathRecorder: Encodable {
        enum K: String, CodingKey { case outer, inner }
        let log: PathLog
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: K.self)
            var n = c.nestedContainer(keyedBy: K.self, forKey: .outer)
            log.paths.append(n.codingPath.map(\.stringValue))
            var nn = n.nestedContainer(keyedBy: K.self, forKey: .inner)
            log.paths.append(nn.codingPath.map(\.stringValue))
            try nn.encode(PathRecorder(log: log), forKey: .inner)
            try n.encode(PathRecorder(log: log), forKey: .outer)
        }
    }

    @Test func userCodeInsideNestedContainersSeesTheGraphPathsCodingPath() throws {
        let streamed = try streamedPaths { log in ["x": [NestedPathRecorder(log: log)]] }
        #expect(streamed == [["x", "Index 0", "outer"], ["x", "Index 0", "outer", "inner"],
                             ["x", "Index 0", "outer", "inner", "inner"], ["x", "Index 0", "outer", "inner", "inner"],
                             ["x", "Index 0", "outer", "outer"], ["x", "Index 0", "outer", "outer"]])
    }

    // Super encoders: their keyed container is a nested container under `super` (or the key given).

    class Animal: Codable {
        var name: String
        var legs: Int
        init(name: String, legs: Int) { self.name = name; self.legs = legs }
    }
    final class Dog: Animal {
        var breed: String
        enum K: String, CodingKey { case breed, base }
        init(breed: String) { self.breed = breed; super.init(name: "dog", legs: 4) }
        required init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: K.self)
            breed = try c.decode(String.self, forKey: .breed)
            try super.init(from: c.superDecoder())
        }
        override func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: K.self)
            try c.encode(breed, forKey: .breed)
            try super.encode(to: c.superEncoder())
        }
    }
    /// `super.encode` under a key of its own, then another write to the subclass's container.
    final class Cat: Animal {
        enum K: String, CodingKey { case base, lives }
        init() { super.init(name: "cat", legs: 4) }
        required init(from decoder: any Decoder) throws { try super.init(from: decoder.container(keyedBy: K.self).superDecoder(forKey: .base)) }
        override func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: K.self)
            try super.encode(to: c.superEncoder(forKey: .base))
            try c.encode(9, forKey: .lives)
        }
    }
    /// Asks its super encoder for two containers, or a single value: the graph-based path's.
    struct TwiceSuper: Encodable {
        enum K: String, CodingKey { case a }
        let single: Bool
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: K.self)
            let s = c.superEncoder()
            if single {
                var v = s.singleValueContainer()
                try v.encode(3)
            } else {
                var first = s.container(keyedBy: K.self)
                try first.encode(1, forKey: .a)
                var second = s.container(keyedBy: K.self)
                try second.encode(2, forKey: .a)
            }
        }
    }

    @Test func superEncodersStreamAsTheGraphPathArchivesThem() throws {
        try expectGraphPathsArchive(WithSuper(), streamed: true)
        try expectGraphPathsArchive([Dog(breed: "collie"), Dog(breed: "pug")], streamed: true)
        try expectGraphPathsArchive([Cat(), Cat()], streamed: true)
        let dogs = try KeyedArchiveDecoder().decode([Dog].self, from: KeyedArchiveEncoder().encode([Dog(breed: "collie")]))
        #expect(dogs.map(\.breed) == ["collie"] && dogs.map(\.name) == ["dog"] && dogs.map(\.legs) == [4])
        let cats = try KeyedArchiveDecoder().decode([Cat].self, from: KeyedArchiveEncoder().encode([Cat()]))
        #expect(cats.map(\.name) == ["cat"])
        try expectGraphPathsArchive(TwiceSuper(single: false), streamed: false)
        try expectGraphPathsArchive(TwiceSuper(single: true), streamed: false)
    }

    struct SuperPathRecorder: Encodable {
        enum K: String, CodingKey { case own }
        let log: PathLog
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: K.self)
            try PathRecorder(log: log).encode(to: c.superEncoder())
            try c.encode(PathRecorder(log: log), forKey: .own)
        }
    }

    @Test func userCodeInsideSuperEncodersSeesTheGraphPathsCodingPath() throws {
        let streamed = try streamedPaths { log in [SuperPathRecorder(log: log)] }
        #expect(streamed == [["Index 0", "super"], ["Index 0", "super"], ["Index 0", "own"], ["Index 0", "own"]])
    }
}
