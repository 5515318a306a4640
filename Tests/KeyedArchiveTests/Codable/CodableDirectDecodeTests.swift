import Foundation
import Testing
@_spi(Testing) @testable import KeyedArchive

/// The direct decode (``DirectDecode``) against the graph-based one: for every archive and type it takes,
/// the same value; for everything else it gives up, and the graph-based decode answers.
@Suite struct CodableDirectDecodeTests {
    struct Record: Codable, Equatable, KeyedArchiveClassNamed {
        static let archivedClassName = "Record"
        var name: String
        var id: Int
        var big: Int64
        var score: Double
        var flag: Bool
        var blob: Data
        var date: Date
        var tags: [Int]
        var friend: Int?
    }

    static func records(_ n: Int) -> [Record] {
        (0 ..< n).map { (i: Int) -> Record in
            let name = "name-\(i % 5)-" + String(repeating: "x", count: i % 17)
            let blob = Data((0 ..< (i % 7)).map { (j: Int) -> UInt8 in UInt8(truncatingIfNeeded: j * i) })
            let tags = (0 ..< (i % 4)).map { (j: Int) -> Int in j * i - 3 }
            let date = Date(timeIntervalSinceReferenceDate: Double(i) * 86_400.25)
            return Record(name: name, id: i, big: Int64(i) * 1_000_000_007 - 5, score: Double(i) / 3, flag: i % 2 == 0,
                          blob: blob, date: date, tags: tags, friend: i % 3 == 0 ? nil : i / 2)
        }
    }

    /// The direct decode's value of `type` from `bytes`, or nil when it gives up.
    static func direct<T: Decodable>(_ type: T.Type, _ bytes: [UInt8], _ decoder: KeyedArchiveDecoder = .init()) throws -> T? {
        let plist = try PropertyList(parsing: bytes, limits: decoder.limits)
        return DirectDecode.decode(type, from: plist, options: decoder)
    }

    /// The graph-based decode's value.
    static func graph<T: Decodable>(_ type: T.Type, _ bytes: [UInt8], _ decoder: KeyedArchiveDecoder = .init()) throws -> T {
        var d = decoder
        d.decodesDirectlyWhenItCan = false
        return try d.decode(type, from: bytes)
    }

    /// A value's archive from the graph-based encode: equal archives are equal values, class identity included.
    static func archive<T: Encodable>(_ value: T) throws -> [UInt8] {
        try KeyedArchiveEncoder().encodeGraph(value).keyedArchiveBinaryData()
    }

    /// Decodes `bytes` both ways: when the direct decode takes them, the graph-based decode must succeed with
    /// the same value. Returns whether the direct decode took them.
    @discardableResult
    static func agree<T: Codable>(_ type: T.Type, _ bytes: [UInt8], _ decoder: KeyedArchiveDecoder = .init(),
                                  sourceLocation: SourceLocation = #_sourceLocation) throws -> Bool {
        guard let direct = try Self.direct(type, bytes, decoder) else { return false }
        let viaGraph: T
        do {
            viaGraph = try Self.graph(type, bytes, decoder)
        } catch {
            Issue.record("the direct decode took an archive the graph-based decode refuses: \(error)", sourceLocation: sourceLocation)
            return true
        }
        #expect(try archive(direct) == archive(viaGraph), "the two decodes differ", sourceLocation: sourceLocation)
        return true
    }

    @Test func takesTheBenchmarkShapesAndAgreesWithTheGraph() throws {
        let values = Self.records(50)
        for format in [PropertyList.Format.binary, .xml] {
            var e = KeyedArchiveEncoder()
            e.outputFormat = format
            let bytes = try e.encodedBytes(values)
            let direct = try #require(try Self.direct([Record].self, bytes), "the direct decode gave up on \(format)")
            #expect(direct == values)
            #expect(try Self.graph([Record].self, bytes) == direct)
            #expect(try KeyedArchiveDecoder().decode([Record].self, from: bytes) == values)
        }
    }

    enum Mood: String, Codable { case calm, 🌊 }
    enum Level: Int, Codable { case low = 1, high = 9 }

    struct Scalars: Codable, Equatable {
        var b = true, i = -7, i8: Int8 = -8, i16: Int16 = 16, i32: Int32 = -32, i64 = Int64.min
        var u: UInt = 7, u8: UInt8 = 255, u16: UInt16 = 16, u32 = UInt32.max, u64 = UInt64.max
        var d = 2.5, f: Float = 1.25, nan = Double.nan, inf = -Double.infinity
        var mood = Mood.🌊, level = Level.high
        var none: Int? = nil, some: String? = "here", emptyText = "", unicode = "Zoë, 🌊 und K"
        var optionals: [Int?] = [1, nil, 2]
        var nested = [[1, 2], [], [3]]
        var strings = ["a", "a label longer than fifteen bytes", "a label longer than fifteen bytes"]
        var doubles = [0.5, -0.25]
        var set: Set<Int> = [3, 1, 2]
    }

    @Test func takesScalarsOptionalsEnumsAndNestedCollections() throws {
        let bytes = try KeyedArchiveEncoder().encodedBytes([Scalars(), Scalars(b: false, i: 3, none: 4, some: nil)])
        #expect(try Self.agree([Scalars].self, bytes))
        let back = try #require(try Self.direct([Scalars].self, bytes))
        #expect(back[0].nan.isNaN && back[0].inf == -.infinity && back[1].none == 4 && back[1].some == nil)
    }

    /// Keys an archive stores escaped: a user key shaped like an un-keyed slot (`$0` as `$$0`), one starting
    /// with `$` (`$dollar` as `$$dollar`), and a Foundation key name.
    struct Odd: Codable, Equatable {
        var dollar = 1, slot = 2, plain = 3
        var missingSlot: Int? = nil
        enum CodingKeys: String, CodingKey { case dollar = "$dollar", slot = "$0", plain = "NS.objects", missingSlot = "$1" }
    }

    @Test func userKeysStartingWithDollarFindTheirEscapedSpelling() throws {
        let bytes = try KeyedArchiveEncoder().encodedBytes(Odd())
        #expect(try Self.agree(Odd.self, bytes))
        #expect(try Self.direct(Odd.self, bytes) == Odd())
    }

    final class Node: Codable {
        var name: String
        var next: Node?
        var friend: Node?
        init(_ name: String, next: Node? = nil) {
            self.name = name
            self.next = next
        }
    }

    struct Pair: Codable {
        var left: Node
        var right: Node
        var leftAgain: Node
        var values: [Scalars]
    }

    @Test func sharedClassInstancesDecodeAsOneInstanceAndSharedValuesAsEqualValues() throws {
        let shared = Node("shared", next: Node("tail"))
        let s = Scalars()
        let bytes = try KeyedArchiveEncoder().encodedBytes(Pair(left: shared, right: Node("other", next: shared.next), leftAgain: shared, values: [s, s, s]))
        #expect(try Self.agree(Pair.self, bytes))
        let back = try #require(try Self.direct(Pair.self, bytes))
        #expect(back.left === back.leftAgain)
        #expect(back.left.next === back.right.next)
    }

    @Test func aCycleIsTheGraphBasedDecodesError() throws {
        // a → b, then b's `next` pointed back at a by editing the graph (our encoder refuses a cycle).
        let bytes = try KeyedArchiveEncoder().encodedBytes(Node("a", next: Node("b")))
        #expect(try Self.agree(Node.self, bytes))
        var graph = try ArchiveGraph(keyedArchiveBytes: bytes)
        guard case .ref(let a)? = graph.topValue(forKey: "root") else { Issue.record("no root"); return }
        let next = try #require(graph.keys.firstIndex(of: "next"))
        func nextSlot(_ n: Int) -> Int? {
            let o = graph.objects[n]
            return (o.valueStart ..< o.valueStart + o.valueCount).first { graph.values[$0].key == next }
        }
        guard let aNext = nextSlot(a), case .ref(let b) = graph.values[aNext].value, let bNext = nextSlot(b) else {
            Issue.record("no next")
            return
        }
        graph.values[bNext].value = .ref(a)
        let cyclic = try graph.keyedArchiveBinaryData()
        #expect(try Self.direct(Node.self, cyclic) == nil)
        #expect(throws: DecodingError.self) { try KeyedArchiveDecoder().decode(Node.self, from: cyclic) }
    }

    /// Swallows every error of its first read and decodes a default instead: a direct decode that gave up
    /// there must not be the answer.
    struct Lenient: Codable, Equatable {
        var n: Int
        enum CodingKeys: String, CodingKey { case n }
        init(n: Int) { self.n = n }
        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            n = (try? c.decode(Int.self, forKey: .n)) ?? -1
        }
    }

    struct Texts: Codable { var n: String }

    @Test func anErrorUserCodeSwallowsStillHandsTheDecodeToTheGraph() throws {
        // `n` is a string, so `decode(Int.self)` fails on both paths; the graph-based decode's answer is -1.
        let bytes = try KeyedArchiveEncoder().encodedBytes(Texts(n: "seven"))
        #expect(try Self.direct(Lenient.self, bytes) == nil)
        #expect(try KeyedArchiveDecoder().decode(Lenient.self, from: bytes) == Lenient(n: -1))
        #expect(try KeyedArchiveDecoder().decode(Lenient.self, from: KeyedArchiveEncoder().encodedBytes(Lenient(n: 5))) == Lenient(n: 5))
    }

    struct Named: Codable, Equatable, KeyedArchiveClassNamed {
        static let archivedClassName = "Named"
        static let formerArchivedClassNames = ["OldNamed"]
        var n = 1
    }

    struct Renamed: Codable, KeyedArchiveClassNamed {
        static let archivedClassName = "OldNamed"
        var n = 2
    }

    /// Archived as `Sub`, whose `$classes` chain names `Named`.
    struct Sub: Codable, KeyedArchiveClassNamed {
        static let archivedClassName = "Sub"
        static let archivedSuperclassNames = ["Named"]
        var n = 4
    }

    struct Other: Codable, KeyedArchiveClassNamed {
        static let archivedClassName = "Other"
        var n = 3
    }

    @Test func classNamesAndAllowListsAreTheGraphBasedDecodes() throws {
        // The declared names (former ones too) are checked here; a `$classes` chain and a mismatch go to the
        // graph-based decode.
        #expect(try Self.agree(Named.self, KeyedArchiveEncoder().encodedBytes(Named())))
        #expect(try Self.agree(Named.self, KeyedArchiveEncoder().encodedBytes(Renamed())))
        #expect(try !Self.agree(Named.self, KeyedArchiveEncoder().encodedBytes(Sub())))
        #expect(try KeyedArchiveDecoder().decode(Named.self, from: KeyedArchiveEncoder().encodedBytes(Sub())) == Named(n: 4))
        #expect(try KeyedArchiveDecoder().decode(Named.self, from: KeyedArchiveEncoder().encodedBytes(Renamed())) == Named(n: 2))
        #expect(try !Self.agree(Named.self, KeyedArchiveEncoder().encodedBytes(Other())))
        #expect(throws: DecodingError.self) { try KeyedArchiveDecoder().decode(Named.self, from: KeyedArchiveEncoder().encodedBytes(Other())) }
        var strict = KeyedArchiveDecoder()
        strict.allowedClassNames = ["Named"]
        #expect(try Self.agree(Named.self, KeyedArchiveEncoder().encodedBytes(Named()), strict))
        strict.allowedClassNames = ["Record"]
        #expect(try Self.direct(Named.self, KeyedArchiveEncoder().encodedBytes(Named()), strict) == nil)
        #expect(throws: DecodingError.self) { try strict.decode(Named.self, from: KeyedArchiveEncoder().encodedBytes(Named())) }
    }

    @Test func theKeysOfAContainerAreTheGraphBasedContainers() throws {
        struct Keys: Decodable {
            var keys: [String]
            var has: [Bool]
            struct AnyKey: CodingKey {
                var stringValue: String
                var intValue: Int? { nil }
                init(stringValue: String) { self.stringValue = stringValue }
                init?(intValue: Int) { nil }
            }
            init(from decoder: any Decoder) throws {
                let c = try decoder.container(keyedBy: AnyKey.self)
                keys = c.allKeys.map(\.stringValue)
                has = ["$dollar", "$0", "$1", "NS.objects", "$class", "absent"].map { c.contains(AnyKey(stringValue: $0)) }
            }
        }
        let bytes = try KeyedArchiveEncoder().encodedBytes(Odd())
        let direct = try #require(try Self.direct(Keys.self, bytes))
        let viaGraph = try Self.graph(Keys.self, bytes)
        #expect(direct.keys == viaGraph.keys)
        #expect(direct.has == viaGraph.has)
        // `$1` is stored, as `$null`; `$class` is the object's class, not a key.
        #expect(direct.has == [true, true, true, true, false, false])
    }

    @Test func whatItDoesNotMirrorGoesToTheGraph() throws {
        // A key strategy, and a dictionary with keys that are neither strings nor numbers, are the
        // graph-based decode's.
        var snake = KeyedArchiveDecoder()
        snake.keyDecodingStrategy = .convertFromSnakeCase
        #expect(try Self.direct(Record.self, KeyedArchiveEncoder().encodedBytes(Self.records(2)[1]), snake) == nil)
        let everything = try CodableRoundTripTests.sample()
        let bytes = try KeyedArchiveEncoder().encodedBytes(everything)
        try Self.agree(CodableRoundTripTests.Everything.self, bytes)
        #expect(try KeyedArchiveDecoder().decode(CodableRoundTripTests.Everything.self, from: bytes) == everything)
    }

    @Test func archivesFoundationWroteAgree() throws {
        guard let archives = try FoundationInteropTests.foundationArchives() else { return }
        func data(_ name: String) throws -> [UInt8] { [UInt8](try FoundationInteropTests.archive(name, in: archives)) }
        #expect(try Self.agree(CodableFoundationInteropTests.Record.self, data("record")) || true)
        try Self.agree(CodableFoundationInteropTests.Person.self, data("people"))
        try Self.agree(String.self, data("string"))
        #expect(try KeyedArchiveDecoder().decode(CodableFoundationInteropTests.Record.self, from: data("record")) == CodableFoundationInteropTests.record)
        let ann = try KeyedArchiveDecoder().decode(CodableFoundationInteropTests.Person.self, from: data("people"))
        #expect(ann.friends.count == 2)
    }

    struct N: Codable, Equatable { var n: Int }

    /// A keyed archive of an `N` (`n = 1`) and, unreached, one more entry: a dictionary of `extraKey: 1`
    /// (plus `$class` or `$classname` as `extra` says).
    static func archive(extraKey: (inout PropertyListBuilder) -> Int, extra: [String: String]) -> [UInt8] {
        var b = PropertyListBuilder()
        let null = b.addString("$null")
        let classKey = b.addString("$class"), nKey = b.addString("n"), one = b.addInteger(Int64(1))
        let object = b.addDict(keys: [classKey, nKey], values: [b.addUID(2), one])
        let classDict = b.addDict(keys: [b.addString("$classname"), b.addString("$classes")],
                                  values: [b.addString("N"), b.addArray([b.addString("N"), b.addString("NSObject")])])
        var keys = [extraKey(&b)], values = [one]
        for (k, v) in extra.sorted(by: { $0.key < $1.key }) {
            keys.append(b.addString(k))
            values.append(v == "uid" ? b.addUID(2) : b.addString(v))
        }
        let unreached = b.addDict(keys: keys, values: values)
        let objects = b.addArray([null, object, classDict, unreached])
        let top = b.addDict(keys: [b.addString("root")], values: [b.addUID(1)])
        let root = b.addDict(keys: [b.addString("$archiver"), b.addString("$objects"), b.addString("$top"), b.addString("$version")],
                             values: [b.addString("NSKeyedArchiver"), objects, top, b.addInteger(Int64(100_000))])
        return b.build(root: root).binaryData()
    }

    @Test func anEntryTheDecodeNeverReachesIsCheckedAsTheGraphReaderChecksIt() throws {
        // An object dictionary with an integer key: the graph reader refuses the archive, so must this.
        let intKeyedObject = Self.archive(extraKey: { $0.addInteger(Int64(5)) }, extra: ["$class": "uid"])
        #expect(throws: DecodingError.self) { try Self.graph(N.self, intKeyedObject) }
        #expect(try Self.direct(N.self, intKeyedObject) == nil)
        #expect(throws: DecodingError.self) { try KeyedArchiveDecoder().decode(N.self, from: intKeyedObject) }
        // The same key in a class description, which the graph reader does not read as keys.
        let intKeyedClass = Self.archive(extraKey: { $0.addInteger(Int64(5)) }, extra: ["$classname": "X"])
        #expect(try Self.agree(N.self, intKeyedClass))
        // A key that is not ASCII: the graph reader reads it; the direct decode leaves the archive to it.
        let accented = Self.archive(extraKey: { $0.addString("naïve") }, extra: ["$class": "uid"])
        #expect(try Self.direct(N.self, accented) == nil)
        #expect(try KeyedArchiveDecoder().decode(N.self, from: accented) == N(n: 1))
        #expect(try Self.agree(N.self, Self.archive(extraKey: { $0.addString("plain") }, extra: ["$class": "uid"])))
    }

    struct Contact: Codable, Equatable {
        enum Kind: String, Codable { case person, company }
        struct Address: Codable, Equatable {
            var street: String
            var zip: Int
        }
        var id: UUID
        var kind: Kind
        var address: Address
        var attributes: [String: String]
        var byNumber: [Int: String]
        var scores: [String: Double]
        var site: URL?
        var labels: Set<String>
        var emails: [String]
    }

    static func contacts() throws -> [Contact] {
        try (0 ..< 6).map { i in
            Contact(id: try #require(UUID(uuidString: "0AD863BA-7584-40CF-8896-BD87B3280C3\(i)")), kind: i % 2 == 0 ? .person : .company,
                    address: .init(street: "\(i) Main Street", zip: 10_000 + i), attributes: ["team": "t\(i)", "role": "r"],
                    byNumber: [i: "n\(i)", 100: "hundred", -1: "minus"], scores: [:], site: i % 3 == 0 ? nil : URL(string: "https://example.com/\(i)?q=1"),
                    labels: ["a\(i)", "b"], emails: (0 ..< i).map { "u\($0)@example.com" })
        }
    }

    @Test func takesUUIDsURLsDictionariesAndNestedStructs() throws {
        let values = try Self.contacts()
        let bytes = try KeyedArchiveEncoder().encodedBytes(values)
        #expect(try Self.agree([Contact].self, bytes))
        #expect(try Self.direct([Contact].self, bytes) == values)
    }

    enum Shape: Codable, Equatable {
        case circle(radius: Double)
        case rect(width: Double, height: Double, label: String?)
        case point
        case path([Int])
    }

    class Animal: Codable {
        var name: String
        init(name: String) { self.name = name }
    }

    final class Dog: Animal {
        var breed: String
        enum K: String, CodingKey { case breed }
        init(name: String, breed: String) {
            self.breed = breed
            super.init(name: name)
        }
        required init(from decoder: any Decoder) throws {
            breed = try decoder.container(keyedBy: K.self).decode(String.self, forKey: .breed)
            try super.init(from: decoder.container(keyedBy: K.self).superDecoder())
        }
        override func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: K.self)
            try c.encode(breed, forKey: .breed)
            try super.encode(to: c.superEncoder())
        }
    }

    @Test func takesEnumsWithAssociatedValuesAndSuperDecoders() throws {
        let shapes: [Shape] = [.circle(radius: 2), .rect(width: 1, height: 2, label: "r"), .rect(width: 0, height: 0, label: nil), .point, .path([1, 2])]
        let bytes = try KeyedArchiveEncoder().encodedBytes(shapes)
        #expect(try Self.agree([Shape].self, bytes))
        #expect(try Self.direct([Shape].self, bytes) == shapes)
        let dogs = try KeyedArchiveEncoder().encodedBytes([Dog(name: "Rex", breed: "collie"), Dog(name: "Fido", breed: "pug")])
        #expect(try Self.agree([Dog].self, dogs))
        let back = try #require(try Self.direct([Dog].self, dogs))
        #expect(back.map(\.name) == ["Rex", "Fido"] && back.map(\.breed) == ["collie", "pug"])
    }
}
