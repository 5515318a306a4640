import Foundation
import Testing
@testable import KeyedArchive

// `[Int: V]` decodes from an `NSDictionary`'s members read in place, as `[String: V]` does: what it gives
// (values, the later value of a key met again, errors and their coding paths) is what
// `Dictionary.init(from:)` gives through the keyed container, the oracle here (`containerDecoder`).
extension CodableDictionaryTests {
    struct IntKeyed: Codable, Equatable {
        var strings = [3: "three", -1: "minus one", 0: "zero"]
        var ints = [1: Int.min, 2: Int.max]
        var doubles = [7: 0.25]
        var bools = [1: true, 0: false]
        var dates = [5: Date(timeIntervalSinceReferenceDate: 9)]
        var datas = [6: Data([1, 2])]
        var structs = [10: Address(street: "Main", zip: 1), 20: Address(street: "Side", zip: 2)]
        var optionals: [Int: Int?] = [1: nil, 2: 4]
        var many = Dictionary(uniqueKeysWithValues: (0 ..< 40).map { ($0 * 7 - 100, "v\($0)") })
        var nested = ["outer": [1: [2: "deep"]]]
        var empty: [Int: String] = [:]
    }

    @Test func integerKeyedDictionariesDecodeAsThroughTheContainer() throws {
        let value = IntKeyed()
        let bytes = try KeyedArchiveEncoder().encode(value)
        #expect(try KeyedArchiveDecoder().decode(IntKeyed.self, from: bytes) == value)
        #expect(try containerDecoder.decode(IntKeyed.self, from: bytes) == value)
        // Shared: decoded once, equal at every use.
        let shared = [1: "a", 2: "b"]
        #expect(try KeyedArchiveDecoder().decode([[Int: String]].self, from: KeyedArchiveEncoder().encode([shared, shared])) == [shared, shared])
    }

    @Test func stringKeysParseAsIntegerKeysAndALaterEqualKeyWins() throws {
        // "01" and "+1" are 1 as `Int(_:)` reads them: the last of the three gives the value, in stored order.
        let bytes = try dictionaryArchive([(.string("1"), .string("one")), (.string("-2"), .string("minus two")),
                                           (.string("01"), .string("oh one")), (.int(5), .string("five")),
                                           (.string("+1"), .string("plus one"))])
        let fast = try KeyedArchiveDecoder().decode([Int: String].self, from: bytes)
        #expect(fast == [1: "plus one", -2: "minus two", 5: "five"])
        #expect(try containerDecoder.decode([Int: String].self, from: bytes) == fast)
    }

    @Test func aKeyThatIsNotAnIntegerIsTheContainersError() throws {
        let cases: [[(ArchivedValue, ArchivedValue)]] = [
            [(.int(1), .int(1)), (.string("x"), .int(2))],
            [(.string("y"), .string("not a number")), (.int(1), .int(1))],
            [(.unsignedInt(UInt64.max), .int(1))],
            [(.int(1), .string("not a number")), (.string("z"), .int(2))],
        ]
        for entries in cases {
            let bytes = try dictionaryArchive(entries)
            let fast = failure(KeyedArchiveDecoder(), [Int: Int].self, bytes)
            #expect(fast.hasPrefix("typeMismatch"), "\(fast)")
            #expect(fast == failure(containerDecoder, [Int: Int].self, bytes))
        }
    }
}
