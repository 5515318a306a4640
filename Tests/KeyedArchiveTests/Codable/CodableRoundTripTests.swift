import Foundation
import Testing
@testable import KeyedArchive

/// Round trips through ``KeyedArchiveEncoder`` and ``KeyedArchiveDecoder``, and the archive shapes the
/// encoder chooses (read back with the typed coder, which knows Foundation's shapes).
/// Any string key.
struct ArchiveTestKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

@Suite struct CodableRoundTripTests {
    struct Inner: Codable, Equatable {
        var label: String
        var weight: Float
    }

    struct Everything: Codable, Equatable {
        var b: Bool
        var i: Int
        var i8: Int8
        var i16: Int16
        var i32: Int32
        var i64: Int64
        var u: UInt
        var u8: UInt8
        var u16: UInt16
        var u32: UInt32
        var u64: UInt64
        var f: Float
        var d: Double
        var s: String
        var data: Data
        var date: Date
        var url: URL
        var uuid: UUID
        var optionalPresent: String?
        var optionalAbsent: Int?
        var inner: Inner
        var inners: [Inner]
        var ints: [Int]
        var optionals: [Int?]
        var nested: [[String]]
        var tags: Set<String>
        var byName: [String: Int]
        var byNumber: [Int: String]
        var byUUID: [UUID: Double]
        var empty: [String]
    }

    static func sample() throws -> Everything {
        Everything(
            b: true, i: -42, i8: -8, i16: 1600, i32: -320_000, i64: Int64.min, u: UInt.max, u8: 255, u16: 65535,
            u32: UInt32.max, u64: UInt64.max, f: 0.25, d: -1.5e300, s: "héllo, wörld",
            data: Data([0, 1, 2, 0xFF]), date: Date(timeIntervalSinceReferenceDate: 700_000_000.5),
            url: try #require(URL(string: "https://example.com/a?b=c")),
            uuid: try #require(UUID(uuidString: "0AD863BA-7584-40CF-8896-BD87B3280C34")),
            optionalPresent: "here", optionalAbsent: nil,
            inner: Inner(label: "one", weight: 1.5), inners: [Inner(label: "a", weight: 2), Inner(label: "b", weight: -3)],
            ints: [1, -2, 3], optionals: [1, nil, 3], nested: [["x"], [], ["y", "z"]], tags: ["p", "q", "r"],
            byName: ["one": 1, "two": 2], byNumber: [1: "one", 20: "twenty"],
            byUUID: [try #require(UUID(uuidString: "0AD863BA-7584-40CF-8896-BD87B3280C35")): 0.5], empty: [])
    }

    @Test(arguments: [PropertyList.Format.binary, .xml])
    func everythingRoundTrips(format: PropertyList.Format) throws {
        var encoder = KeyedArchiveEncoder()
        encoder.outputFormat = format
        let value = try Self.sample()
        let data = try encoder.encode(value)
        let back = try KeyedArchiveDecoder().decode(Everything.self, from: data)
        #expect(back == value)
    }

    @Test func outputIsDeterministic() throws {
        let value = try Self.sample()
        let a = try KeyedArchiveEncoder().encode(value)
        let b = try KeyedArchiveEncoder().encode(value)
        #expect(a == b)
        // Set members and dictionary keys are written in sorted order, whatever their iteration order.
        struct Order: Decodable {
            var tags: [String]
            var keys: [String]
            enum CodingKeys: String, CodingKey { case tags, byName }
            init(from decoder: any Decoder) throws {
                let c = try decoder.container(keyedBy: CodingKeys.self)
                tags = try c.decode([String].self, forKey: .tags)
                keys = try c.nestedContainer(keyedBy: ArchiveTestKey.self, forKey: .byName).allKeys.map(\.stringValue)
            }
        }
        var many = value
        many.tags = Set((0 ..< 50).map { "t\($0)" })
        many.byName = Dictionary(uniqueKeysWithValues: (0 ..< 50).map { ("k\($0)", $0) })
        let order = try KeyedArchiveDecoder().decode(Order.self, from: KeyedArchiveEncoder().encode(many))
        #expect(order.tags == many.tags.sorted())
        #expect(order.keys == many.byName.keys.sorted())
    }
}
