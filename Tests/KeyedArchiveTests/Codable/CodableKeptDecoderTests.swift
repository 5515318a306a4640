import Foundation
import Testing
@testable import KeyedArchive

/// A decoder or keyed container that a value keeps past `init(from:)` stays its own: its coding path, and
/// what it reads after later records were decoded, are those of the record it was made for (a decoder
/// that recycled its child decoders or containers across records would break this).
@Suite struct CodableKeptDecoderTests {
    struct Item: Codable, Equatable {
        var name: String
        var n: Int
        enum CodingKeys: String, CodingKey { case name, n }
    }

    static let items = (0 ..< 40).map { Item(name: "item \($0)", n: $0 * 3) }

    /// Keeps its decoder, and the keyed container it read from, past `init(from:)`.
    final class Keeper: Decodable {
        let decoder: any Decoder
        let container: KeyedDecodingContainer<Item.CodingKeys>
        let name: String

        init(from decoder: any Decoder) throws {
            self.decoder = decoder
            container = try decoder.container(keyedBy: Item.CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
        }
    }

    @Test func keptDecodersKeepTheirOwnPathAndValues() throws {
        let bytes = try KeyedArchiveEncoder().encodedBytes(Self.items)
        let kept = try KeyedArchiveDecoder().decode([Keeper].self, from: bytes)
        #expect(kept.count == Self.items.count)
        for (i, k) in kept.enumerated() {
            #expect(k.decoder.codingPath.map(\.intValue) == [i])
            #expect(k.name == "item \(i)")
            // Read after every later record was decoded: still this record's object.
            #expect(try k.container.decode(Int.self, forKey: .n) == i * 3)
            #expect(try k.container.decode(String.self, forKey: .name) == "item \(i)")
        }
    }

    /// Keeps only its container (the decoder is reachable through it, not directly).
    struct ContainerKeeper: Decodable {
        let container: KeyedDecodingContainer<Item.CodingKeys>
        init(from decoder: any Decoder) throws { container = try decoder.container(keyedBy: Item.CodingKeys.self) }
    }

    @Test func keptContainersReadTheirOwnRecord() throws {
        let bytes = try KeyedArchiveEncoder().encodedBytes(Self.items)
        let kept = try KeyedArchiveDecoder().decode([ContainerKeeper].self, from: bytes)
        for (i, k) in kept.enumerated() {
            #expect(try k.container.decode(Int.self, forKey: .n) == i * 3)
            #expect(k.container.codingPath.map(\.intValue) == [i])
        }
    }

    /// An error in a later record of an array names that record's own path, and the decoder is whole
    /// after it.
    @Test func anErrorInALaterRecordNamesItsOwnPath() throws {
        struct Strict: Decodable {
            var name: String
            var n: Int
            init(from decoder: any Decoder) throws {
                let c = try decoder.container(keyedBy: Item.CodingKeys.self)
                name = try c.decode(String.self, forKey: .name)
                n = try c.decode(Int.self, forKey: .n)
                if n == 3 * 25 {
                    throw DecodingError.dataCorruptedError(forKey: .n, in: c, debugDescription: "record 25 refused")
                }
            }
        }
        let bytes = try KeyedArchiveEncoder().encodedBytes(Self.items)
        #expect(try KeyedArchiveDecoder().decode([Item].self, from: bytes) == Self.items)
        do {
            _ = try KeyedArchiveDecoder().decode([Strict].self, from: bytes)
            Issue.record("expected record 25 to fail")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.codingPath.map(\.intValue) == [25, nil])
            #expect(context.codingPath.last?.stringValue == "n")
        }
        // The same decoder type again after the failure: every record intact.
        #expect(try KeyedArchiveDecoder().decode([Item].self, from: bytes) == Self.items)
    }

    /// Nested arrays of records keep each record's path and values too.
    @Test func nestedArraysOfRecordsDecodeIntact() throws {
        let nested = (0 ..< 6).map { i in (0 ..< i).map { Item(name: "\(i).\($0)", n: i * 100 + $0) } }
        let bytes = try KeyedArchiveEncoder().encodedBytes(nested)
        #expect(try KeyedArchiveDecoder().decode([[Item]].self, from: bytes) == nested)
        let kept = try KeyedArchiveDecoder().decode([[Keeper]].self, from: bytes)
        for (i, row) in kept.enumerated() {
            for (j, k) in row.enumerated() {
                #expect(k.decoder.codingPath.map(\.intValue) == [i, j])
                #expect(try k.container.decode(Int.self, forKey: .n) == i * 100 + j)
            }
        }
    }
}
