import Foundation
import Testing
@testable import KeyedArchive

/// `[String: V]` dictionaries and sets of strings and integers, which both coders take through code of their
/// own: what they read and write is what the general path reads and writes.
@Suite struct CodableDictionaryTests {
    struct Address: Codable, Equatable {
        var street: String
        var zip: Int
    }

    struct Common: Codable, Equatable {
        var strings = ["b": "two", "a": "one", "é": "accent", "e\u{301}x": "combining", "Z": "upper"]
        var ints = ["x": -1, "y": Int.max, "z": 0]
        var doubles = ["pi": 3.25, "neg": -0.5]
        var bools = ["yes": true, "no": false]
        var dates = ["epoch": Date(timeIntervalSinceReferenceDate: 0), "later": Date(timeIntervalSinceReferenceDate: 1e6)]
        var datas = ["empty": Data(), "bytes": Data([1, 2, 3])]
        var structs = ["home": Address(street: "Main", zip: 1), "work": Address(street: "Side", zip: 2)]
        var optionals: [String: Int?] = ["none": nil, "some": 4]
        var many = Dictionary(uniqueKeysWithValues: (0 ..< 40).map { ("key \($0)", $0) })
        var words: Set<String> = ["pear", "apple", "fig"]
        var numbers: Set<Int> = [30, -2, 7]
    }

    /// The keys of the `NSDictionary` (or members of the `NSSet`) in field `field` of the root of `bytes`, in
    /// stored order, as text.
    private func storedKeys(_ bytes: [UInt8], _ field: String, members: String = "NS.keys") throws -> [String] {
        let graph = try ArchiveGraph(keyedArchiveBytes: bytes)
        guard case .ref(let root)? = graph.topValue(forKey: "root"),
              case .ref(let n)? = graph.value(ofObject: root, forKey: field),
              case .array(let r)? = graph.value(ofObject: n, forKey: members) else {
            Issue.record("no \(field).\(members)")
            return []
        }
        return graph.items[r.range].map { member in
            var v = member
            if case .ref(let i) = v, i >= 0, i < graph.objects.count { v = graph.objects[i].plainValue }
            switch v {
            case .string: return graph.string(v) ?? "?"
            case .int(let x, _): return String(x)
            default: return "?"
            }
        }
    }

    @Test func commonDictionariesAndSetsRoundTrip() throws {
        let back = try KeyedArchiveDecoder().decode(Common.self, from: KeyedArchiveEncoder().encode(Common()))
        #expect(back == Common())
    }

    @Test func keysAndMembersAreStoredInTheirSortedOrderOnBothEncodePaths() throws {
        var graphPath = KeyedArchiveEncoder()
        graphPath.streamsWhenItCan = false
        for encoder in [KeyedArchiveEncoder(), graphPath] {
            let bytes = try encoder.encodedBytes(Common())
            #expect(try storedKeys(bytes, "strings") == Common().strings.keys.sorted())
            #expect(try storedKeys(bytes, "many") == Common().many.keys.sorted())
            #expect(try storedKeys(bytes, "words", members: "NS.objects") == Common().words.sorted())
            #expect(try storedKeys(bytes, "numbers", members: "NS.objects") == Common().numbers.sorted().map { String($0) })
        }
    }

    @Test func bothEncodePathsWriteTheSameArchive() throws {
        var graphPath = KeyedArchiveEncoder()
        graphPath.streamsWhenItCan = false
        for value in [["k": Common()], ["a": Common(), "b": Common()]] {
            // The streamed archive lays its objects out in its own order: read back and written by the graph
            // writer, it is the graph-based path's bytes.
            let streamed = try #require(try ArchiveStreamEncoder.encode(value, options: KeyedArchiveEncoder()))
            #expect(try ArchiveGraph(keyedArchiveBytes: streamed).keyedArchiveBinaryData() == graphPath.encodedBytes(value))
        }
    }

    /// An archive of one `NSDictionary` with these entries, in this order.
    func dictionaryArchive(_ entries: [(ArchivedValue, ArchivedValue)]) throws -> [UInt8] {
        try KeyedArchiver.archivedData(withRootObject: ArchivedValue.dictionary(entries.map { .init(key: $0.0, value: $0.1) }))
    }

    /// What decoding `type` from `bytes` with `d` throws, as text: the error's kind, key or type, coding
    /// path and description ("no error" if it decodes).
    func failure<T: Decodable>(_ d: KeyedArchiveDecoder, _ type: T.Type, _ bytes: [UInt8]) -> String {
        func path(_ c: DecodingError.Context) -> [String] { c.codingPath.map(\.stringValue) }
        do {
            _ = try d.decode(type, from: bytes)
            return "no error"
        } catch let DecodingError.typeMismatch(t, c) {
            return "typeMismatch \(t) at \(path(c)): \(c.debugDescription)"
        } catch let DecodingError.keyNotFound(k, c) {
            return "keyNotFound \(k.stringValue) at \(path(c)): \(c.debugDescription)"
        } catch let DecodingError.valueNotFound(t, c) {
            return "valueNotFound \(t) at \(path(c)): \(c.debugDescription)"
        } catch let DecodingError.dataCorrupted(c) {
            return "dataCorrupted at \(path(c)): \(c.debugDescription)"
        } catch {
            return "\(error)"
        }
    }

    /// A decoder that reads every dictionary through its keyed container (a key strategy that keeps the keys).
    var containerDecoder: KeyedArchiveDecoder {
        var d = KeyedArchiveDecoder()
        d.keyDecodingStrategy = .custom { path in path.last ?? ArchiveCodingKey(stringValue: "") }
        return d
    }

    @Test func aRepeatedKeyKeepsItsLastValueAndOnlyThatOneIsDecoded() throws {
        // The first "a" holds a string, which would not decode as an Int: a keyed container never reads it.
        let bytes = try dictionaryArchive([(.string("a"), .string("not a number")), (.string("b"), .int(1)), (.string("a"), .int(2))])
        #expect(try KeyedArchiveDecoder().decode([String: Int].self, from: bytes) == ["a": 2, "b": 1])
        #expect(try containerDecoder.decode([String: Int].self, from: bytes) == ["a": 2, "b": 1])
    }

    @Test func numberKeysReadAsTheirDecimalText() throws {
        let bytes = try dictionaryArchive([(.int(1), .string("one")), (.int(-20), .string("minus twenty"))])
        #expect(try KeyedArchiveDecoder().decode([String: String].self, from: bytes) == ["1": "one", "-20": "minus twenty"])
    }

    @Test func aKeyThatIsNeitherStringNorNumberIsTheContainersError() throws {
        let bytes = try dictionaryArchive([(.string("a"), .int(1)), (.array([]), .int(2))])
        #expect(throws: DecodingError.self) { try KeyedArchiveDecoder().decode([String: Int].self, from: bytes) }
    }

    @Test func aValueOfTheWrongTypeFailsAtTheSamePathAsThroughTheContainer() throws {
        let bytes = try KeyedArchiveEncoder().encode(["list": ["ok": 1, "bad": 2]])
        let strings = try dictionaryArchive([(.string("ok"), .string("x")), (.string("bad"), .int(2))])
        for (data, decodeAs) in [(bytes, 0), (Data(strings), 1)] {
            func paths(_ d: KeyedArchiveDecoder) -> [String] {
                do {
                    if decodeAs == 0 { _ = try d.decode([String: [String: String]].self, from: data) } else { _ = try d.decode([String: String].self, from: data) }
                } catch let DecodingError.typeMismatch(_, context) {
                    return context.codingPath.map(\.stringValue)
                } catch {
                    Issue.record("unexpected \(error)")
                }
                return []
            }
            let fast = paths(KeyedArchiveDecoder())
            #expect(!fast.isEmpty)
            #expect(fast == paths(containerDecoder))
        }
    }

    @Test func theKeyStrategyStillRenamesDictionaryKeys() throws {
        var d = KeyedArchiveDecoder()
        d.keyDecodingStrategy = .convertFromSnakeCase
        let bytes = try KeyedArchiveEncoder().encode(["some_key": 1, "plain": 2])
        #expect(try d.decode([String: Int].self, from: bytes) == ["someKey": 1, "plain": 2])
    }

    @Test func anArchivedObjectReadAsADictionaryGivesItsKeys() throws {
        // Not an NSDictionary: read through the keyed container, over the object's own keys.
        let bytes = try KeyedArchiveEncoder().encode(Address(street: "Main", zip: 9))
        #expect(try KeyedArchiveDecoder().decode([String: AnyScalar].self, from: bytes) == ["street": .string("Main"), "zip": .int(9)])
    }

    @Test func aSharedDictionaryDecodesOnceAndEqually() throws {
        let shared = ["a": 1, "b": 2]
        let bytes = try KeyedArchiveEncoder().encode([shared, shared, shared])
        #expect(try KeyedArchiveDecoder().decode([[String: Int]].self, from: bytes) == [shared, shared, shared])
    }

    /// Every key of its keyed container, in `allKeys` order, with the Int each holds.
    struct AllKeys: Decodable, Equatable {
        var entries: [String]
        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: ArchiveCodingKey.self)
            entries = try c.allKeys.map { "\($0.stringValue)=\(try c.decode(Int.self, forKey: $0))" }
        }
    }

    @Test func keyedContainersOverDictionariesKeepFirstPlacesAndLastValuesAtEverySize() throws {
        for count in [3, 8, 9, 20] {
            // Keys k0 … k(count-1), then k1 again with another value.
            var entries: [(ArchivedValue, ArchivedValue)] = (0 ..< count).map { (.string("k\($0)"), .int(Int64($0))) }
            entries.append((.string("k1"), .int(100)))
            let decoded = try KeyedArchiveDecoder().decode(AllKeys.self, from: dictionaryArchive(entries))
            let expected = (0 ..< count).map { "k\($0)=\($0 == 1 ? 100 : $0)" }
            #expect(decoded.entries == expected, "\(count) keys")
            // A key strategy builds its own table from the same entries.
            var snake = KeyedArchiveDecoder()
            snake.keyDecodingStrategy = .convertFromSnakeCase
            #expect(try snake.decode(AllKeys.self, from: dictionaryArchive(entries)).entries == expected, "\(count) keys, renamed")
        }
    }

    @Test func allKeysOfAnArchivedObjectLeaveOutSlotsAndUnescapeDollarKeys() throws {
        struct Dollar: Codable { var a = 1; var b = 2; enum CodingKeys: String, CodingKey { case a = "$0", b } }
        let decoded = try KeyedArchiveDecoder().decode(AllKeys.self, from: KeyedArchiveEncoder().encode(Dollar()))
        #expect(decoded.entries == ["$0=1", "b=2"])
    }

    struct Point: Codable, Hashable {
        var x: Int
        var y: Int
    }

    @Test func setsOfStructsAndSetsWithRepeatedMembersDecodeAsThroughTheContainer() throws {
        let points: Set<Point> = [Point(x: 1, y: 2), Point(x: 3, y: 4)]
        #expect(try KeyedArchiveDecoder().decode(Set<Point>.self, from: KeyedArchiveEncoder().encode(points)) == points)
        // An NSArray with a repeated member read as a set: one member each.
        let repeated = try KeyedArchiveEncoder().encode(["b", "a", "b"])
        #expect(try KeyedArchiveDecoder().decode(Set<String>.self, from: repeated) == ["a", "b"])
        #expect(try KeyedArchiveDecoder().decode(Set<Int>.self, from: KeyedArchiveEncoder().encode([3, 3, 1])) == [1, 3])
    }

    @Test func aSetMemberOfTheWrongTypeFailsAtItsIndex() throws {
        let bytes = try KeyedArchiver.archivedData(withRootObject: ArchivedValue.array([.int(1), .string("two")]))
        do {
            _ = try KeyedArchiveDecoder().decode(Set<Int>.self, from: bytes)
            Issue.record("decoded")
        } catch let DecodingError.typeMismatch(_, context) {
            #expect(context.codingPath.map(\.intValue) == [1])
        }
    }

    @Test func aSetReadFromAGeometryTakesTheUnkeyedContainersPath() throws {
        // `{1, 2}` is a point, which an unkeyed container reads as its two numbers.
        let bytes = try KeyedArchiver.archivedData(withRootObject: ArchivedValue.string("{1, 2}"))
        #expect(try KeyedArchiveDecoder().decode(Set<Double>.self, from: bytes) == [1, 2])
    }

    /// A string or an integer, whichever the value is.
    enum AnyScalar: Decodable, Equatable {
        case string(String), int(Int)
        init(from decoder: any Decoder) throws {
            let c = try decoder.singleValueContainer()
            if let i = try? c.decode(Int.self) { self = .int(i) } else { self = .string(try c.decode(String.self)) }
        }
    }
}
