import Foundation
import Testing
@testable import KeyedArchive

/// `encode(_:configuration:)` and `decode(_:from:configuration:)`: the root value is coded through
/// `EncodableWithConfiguration` / `DecodableWithConfiguration`, as `JSONEncoder` and `JSONDecoder` do.
@Suite struct CodableConfigurationTests {
    /// How a reading is stored: in units of `1 / scale`.
    struct Scale: Sendable {
        var factor: Int
    }

    enum Centi: EncodingConfigurationProviding, DecodingConfigurationProviding {
        static let encodingConfiguration = Scale(factor: 100)
        static let decodingConfiguration = Scale(factor: 100)
    }

    struct Reading: EncodableWithConfiguration, DecodableWithConfiguration, KeyedArchiveClassNamed, Equatable {
        static let archivedClassName = "Reading"
        var value: Int
        var taken: Date
        var notes: [Note]

        enum CodingKeys: String, CodingKey { case value, taken, notes }

        init(value: Int, taken: Date, notes: [Note]) {
            (self.value, self.taken, self.notes) = (value, taken, notes)
        }

        func encode(to encoder: any Encoder, configuration: Scale) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(value * configuration.factor, forKey: .value)
            try c.encode(taken, forKey: .taken)
            try c.encode(notes, forKey: .notes)
        }

        init(from decoder: any Decoder, configuration: Scale) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            value = try c.decode(Int.self, forKey: .value) / configuration.factor
            taken = try c.decode(Date.self, forKey: .taken)
            notes = try c.decode([Note].self, forKey: .notes)
        }
    }

    struct Note: Codable, Equatable {
        var text: String
    }

    /// An integer value as stored, whatever its width.
    static func integer(_ v: ArchiveValue?) -> Int64? {
        if case .int(let x, _)? = v { return x }
        return nil
    }

    /// A reference the test expected is not one.
    struct NotAReference: Error { var keyPath: [String] }

    /// The object `$top.root` refers to, or the one reached from it through `keys`, each a reference.
    static func object(_ graph: ArchiveGraph, _ keys: String...) throws -> Int {
        guard case .ref(var n)? = graph.topValue(forKey: "root") else { throw NotAReference(keyPath: ["root"]) }
        for (i, key) in keys.enumerated() {
            guard case .ref(let next)? = graph.value(ofObject: n, forKey: key) else {
                throw NotAReference(keyPath: ["root"] + keys[...i])
            }
            n = next
        }
        return n
    }

    static let reading = Reading(value: 42, taken: Date(timeIntervalSinceReferenceDate: 1_000), notes: [Note(text: "calm"), Note(text: "clear")])

    @Test(arguments: [PropertyList.Format.binary, .xml])
    func theRootIsCodedWithItsConfiguration(format: PropertyList.Format) throws {
        var encoder = KeyedArchiveEncoder()
        encoder.outputFormat = format
        let data = try encoder.encode(Self.reading, configuration: Scale(factor: 10))

        // The archive holds what encode(to:configuration:) wrote, in the class the type names.
        let graph = try ArchiveGraph(keyedArchiveBytes: [UInt8](data))
        let root = try Self.object(graph)
        #expect(graph.className(ofObject: root) == "Reading")
        #expect(Self.integer(graph.value(ofObject: root, forKey: "value")) == 420)
        // Values inside are coded as encode(_:) codes them: a Date is an NSDate, an array an NSArray.
        #expect(graph.className(ofObject: try Self.object(graph, "taken")) == "NSDate")
        #expect(graph.className(ofObject: try Self.object(graph, "notes")) == "NSArray")

        #expect(try KeyedArchiveDecoder().decode(Reading.self, from: data, configuration: Scale(factor: 10)) == Self.reading)
        // Another configuration reads the same archive differently.
        #expect(try KeyedArchiveDecoder().decode(Reading.self, from: data, configuration: Scale(factor: 20)).value == 21)
    }

    @Test func aConfigurationProviderGivesItsConfiguration() throws {
        let data = try KeyedArchiveEncoder().encode(Self.reading, configuration: Centi.self)
        let graph = try ArchiveGraph(keyedArchiveBytes: [UInt8](data))
        #expect(Self.integer(graph.value(ofObject: try Self.object(graph), forKey: "value")) == 4200)
        #expect(try KeyedArchiveDecoder().decode(Reading.self, from: data, configuration: Centi.self) == Self.reading)
        // The same bytes as the configuration given directly.
        #expect(try KeyedArchiveEncoder().encode(Self.reading, configuration: Scale(factor: 100)) == data)
    }

    /// A plain Codable value holding a configured one, through the containers' configuration methods.
    struct Log: Codable, Equatable {
        var first: Reading
        var rest: [Note]
        enum CodingKeys: String, CodingKey { case first, rest }
        init(first: Reading, rest: [Note]) { (self.first, self.rest) = (first, rest) }
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(first, forKey: .first, configuration: Centi.self)
            try c.encode(rest, forKey: .rest)
        }
        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            first = try c.decode(Reading.self, forKey: .first, configuration: Centi.self)
            rest = try c.decode([Note].self, forKey: .rest)
        }
    }

    @Test func nestedConfiguredValuesGoThroughTheContainers() throws {
        let log = Log(first: Self.reading, rest: [Note(text: "later")])
        let data = try KeyedArchiveEncoder().encode(log)
        #expect(try KeyedArchiveDecoder().decode(Log.self, from: data) == log)
        let graph = try ArchiveGraph(keyedArchiveBytes: [UInt8](data))
        // Foundation's container methods code the value through a super encoder, which knows no type:
        // the reading is an NSDictionary of what encode(to:configuration:) wrote, configured.
        let first = try Self.object(graph, "first")
        #expect(graph.className(ofObject: first) == "NSDictionary")
        let entries = try graph.dictionaryEntries(ofObject: first)
        let value = try #require(try entries.first { try graph.string(of: $0.key) == "value" }?.value)
        #expect(Self.integer(try graph.number(of: value)) == 4200)
    }

    final class Peer: EncodableWithConfiguration, Encodable {
        var name: String
        var peer: Peer?
        var friends: [Peer] = []
        init(_ name: String) { self.name = name }

        enum CodingKeys: String, CodingKey { case name, peer, friends }

        func encode(to encoder: any Encoder, configuration: Scale) throws {
            try encode(to: encoder)
        }
    }

    @Test func aConfiguredClassRootKeepsItsIdentity() throws {
        // Met again inside its own encode, the root is a cycle at once: its identity is known.
        let root = Peer("root")
        root.peer = root
        defer { root.peer = nil }
        do {
            _ = try KeyedArchiveEncoder().encode(root, configuration: Scale(factor: 1))
            Issue.record("a cycle through the root encoded")
        } catch let EncodingError.invalidValue(_, context) {
            #expect(context.codingPath.map(\.stringValue) == ["peer"])
            #expect((context.underlyingError as? ArchiveError)?.code == .encodingFailed)
        }
        // Instances inside are archived once, as encode(_:) archives them.
        let friend = Peer("friend")
        let host = Peer("host")
        host.friends = [friend, friend]
        let graph = try ArchiveGraph(keyedArchiveBytes: [UInt8](KeyedArchiveEncoder().encode(host, configuration: Scale(factor: 1))))
        let peers = graph.objects.indices.filter { graph.className(ofObject: $0)?.hasSuffix("Peer") == true }
        #expect(peers.count == 2)
    }

    struct Ring: DecodableWithConfiguration {
        var name: String
        var next: Box?
        final class Box: Decodable {
            let value: Ring
            required init(from decoder: any Decoder) throws { value = try Ring(from: decoder, configuration: Scale(factor: 1)) }
        }
        enum CodingKeys: String, CodingKey { case name, next }
        init(from decoder: any Decoder, configuration: Scale) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            name = try c.decode(String.self, forKey: .name)
            next = try c.decodeIfPresent(Box.self, forKey: .next)
        }
    }

    @Test func aCycleBackToAConfiguredRootIsADecodingError() throws {
        final class SelfRing: KeyedCoding {
            var next: SelfRing?
            init() {}
            static var archivedClassName: String { "SelfRing" }
            func encode(with a: KeyedArchiver) throws(ArchiveError) {
                try a.encode("ring", forKey: "name")
                try a.encode(next, forKey: "next")
            }
            func decode(with u: KeyedUnarchiver) throws(ArchiveError) {}
        }
        let ring = SelfRing()
        ring.next = ring
        defer { ring.next = nil }
        let data = Data(try KeyedArchiver.archivedData(withRootObject: ring))
        do {
            _ = try KeyedArchiveDecoder().decode(Ring.self, from: data, configuration: Scale(factor: 1))
            Issue.record("a cycle decoded")
        } catch let DecodingError.dataCorrupted(context) {
            // The root is being decoded: the first reference back to it is the cycle.
            #expect(context.codingPath.map(\.stringValue) == ["next"])
            #expect((context.underlyingError as? ArchiveError)?.objectIndex != nil)
        }
    }

    @Test func unreadableBytesAndAMissingRootAreDecodingErrors() throws {
        #expect(throws: DecodingError.self) {
            _ = try KeyedArchiveDecoder().decode(Reading.self, from: Data("not an archive".utf8), configuration: Scale(factor: 1))
        }
        var decoder = KeyedArchiveDecoder()
        decoder.rootKey = "elsewhere"
        let data = try KeyedArchiveEncoder().encode(Self.reading, configuration: Scale(factor: 1))
        do {
            _ = try decoder.decode(Reading.self, from: data, configuration: Scale(factor: 1))
            Issue.record("a missing root decoded")
        } catch let DecodingError.valueNotFound(_, context) {
            #expect((context.underlyingError as? ArchiveError)?.code == .valueNotFound)
        }
    }
}

extension CodableConfigurationTests {
    struct Wrapped: Codable, Equatable {
        @CodableConfiguration(from: Centi.self) var reading = CodableConfigurationTests.reading
    }

    @Test func theConfigurationPropertyWrapperIsArchivedAsTheValueItWraps() throws {
        let data = try KeyedArchiveEncoder().encode(Wrapped())
        let graph = try ArchiveGraph(keyedArchiveBytes: [UInt8](data))
        let reading = try Self.object(graph, "reading")
        // The wrapped type's class name (an NSCoding class named Reading reads it), configured values.
        #expect(graph.className(ofObject: reading) == "Reading")
        #expect(Self.integer(graph.value(ofObject: reading, forKey: "value")) == 4200)
        #expect(try KeyedArchiveDecoder().decode(Wrapped.self, from: data) == Wrapped())

        // The class check of decoding applies to the wrapped type's name.
        let renamed = try KeyedArchiveEncoder().encode(Renamed())
        do {
            _ = try KeyedArchiveDecoder().decode(Wrapped.self, from: renamed)
            Issue.record("a Reading decoded from another class")
        } catch let DecodingError.typeMismatch(_, context) {
            #expect(context.codingPath.map(\.stringValue) == ["reading"])
        }
    }

    /// `Wrapped`'s keys, with an object of another class under `reading`.
    struct Renamed: Encodable {
        struct Other: Encodable, KeyedArchiveClassNamed {
            static let archivedClassName = "Other"
            var value = 4200
            var taken = Date(timeIntervalSinceReferenceDate: 1_000)
            var notes: [Note] = []
        }
        var reading = Other()
    }
}
