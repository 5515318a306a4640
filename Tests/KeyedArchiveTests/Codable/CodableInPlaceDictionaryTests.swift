import Foundation
import Testing
@testable import KeyedArchive

// A keyed container over a small NSDictionary of distinct ASCII keys reads its entries in place
// (ArchiveInPlaceDictionary) instead of building a table: what it answers is what the table answers
// (`containerDecoder` renames nothing but always builds one).
extension CodableDictionaryTests {
    /// Looks up the keys it is given, present or not, and lists `allKeys`.
    struct Lookups: Decodable, Equatable {
        var found: [String] = []
        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: ArchiveCodingKey.self)
            found = c.allKeys.map { "key \($0.stringValue)" }
            for name in ["a", "b", "bb", "K", "\u{212A}", "é", "missing", ""] {
                let key = ArchiveCodingKey(stringValue: name)
                guard c.contains(key) else { found.append("\(name): absent"); continue }
                if try c.decodeNil(forKey: key) {
                    found.append("\(name): nil")
                } else {
                    found.append("\(name): \(try c.decode(Int.self, forKey: key))")
                }
            }
        }
    }

    @Test func smallDictionariesReadInPlaceAnswerAsTheTableDoes() throws {
        let shapes: [[(ArchivedValue, ArchivedValue)]] = [
            [(.string("a"), .int(1)), (.string("bb"), .int(2)), (.string("K"), .null)],
            [(.string("b"), .int(1))],
            [],
            (0 ..< 8).map { (.string("k\($0)"), .int(Int64($0))) },
            // Not in place: more than eight keys, a repeated key, a number key, a non-ASCII key.
            (0 ..< 9).map { (.string("k\($0)"), .int(Int64($0))) },
            [(.string("a"), .int(1)), (.string("a"), .int(2))],
            [(.int(7), .int(1)), (.string("a"), .int(2))],
            [(.string("é"), .int(1)), (.string("a"), .int(2))],
        ]
        for entries in shapes {
            let bytes = try dictionaryArchive(entries)
            let inPlace = try KeyedArchiveDecoder().decode(Lookups.self, from: bytes)
            #expect(inPlace == (try containerDecoder.decode(Lookups.self, from: bytes)), "\(entries.map(\.0))")
        }
        // The Kelvin sign is canonically K: a non-ASCII key finds an ASCII one as String == does.
        let kelvin = try KeyedArchiveDecoder().decode(Lookups.self, from: dictionaryArchive([(.string("K"), .int(5))]))
        #expect(kelvin.found.contains("\u{212A}: 5") && kelvin.found.contains("K: 5"))
    }

    /// Reads a key that is present, then one that is not.
    struct Needs: Decodable {
        enum K: String, CodingKey { case present, absent }
        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: K.self)
            _ = try c.decode(Int.self, forKey: .present)
            _ = try c.decode(Int.self, forKey: .absent)
        }
    }

    @Test func aMissingKeyInADictionaryReadInPlaceIsTheContainersError() throws {
        let bytes = try KeyedArchiveEncoder().encodedBytes(["x": ["present": 1]])
        let inPlace = failure(KeyedArchiveDecoder(), [String: Needs].self, bytes)
        #expect(inPlace.hasPrefix("keyNotFound absent at [\"x\"]"), "\(inPlace)")
        #expect(inPlace == failure(containerDecoder, [String: Needs].self, bytes))
    }
}
