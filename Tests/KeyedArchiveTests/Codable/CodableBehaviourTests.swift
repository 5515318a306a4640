import Foundation
import Testing
@testable import KeyedArchive

/// Identity, cycles, class names, allow-lists, key strategies and errors of the Codable bridge.
@Suite struct CodableBehaviourTests {
    final class Node: Codable {
        var name: String
        var next: Node?
        var friends: [Node] = []
        init(_ name: String) { self.name = name }
    }

    struct Pair: Codable {
        var first: Node
        var second: Node
    }

    @Test func classInstancesAreArchivedOnceAndDecodeShared() throws {
        let shared = Node("shared")
        let data = try KeyedArchiveEncoder().encode(Pair(first: shared, second: shared))
        // One Node object in the archive, referenced twice.
        let graph = try ArchiveGraph(keyedArchiveBytes: [UInt8](data))
        let nodes = graph.objects.indices.filter { graph.className(ofObject: $0)?.hasSuffix("Node") == true }
        #expect(nodes.count == 1)
        let back = try KeyedArchiveDecoder().decode(Pair.self, from: data)
        #expect(back.first === back.second)
        #expect(back.first.name == "shared")
    }

    @Test func aCycleThroughClassInstancesIsAnEncodingError() throws {
        let a = Node("a"), b = Node("b")
        a.next = b
        b.next = a
        defer { a.next = nil; b.next = nil }
        do {
            _ = try KeyedArchiveEncoder().encode(a)
            Issue.record("a cycle encoded")
        } catch let EncodingError.invalidValue(_, context) {
            #expect(context.codingPath.map(\.stringValue) == ["next", "next"])
            #expect((context.underlyingError as? ArchiveError)?.code == .encodingFailed)
        }
    }

    @Test func aCycleInTheArchiveIsADecodingErrorNamingThePath() throws {
        // Our typed coder writes a genuine cycle; a Decodable value cannot hold it.
        final class Ring: KeyedCoding {
            var name = ""
            var next: Ring?
            init() {}
            static var archivedClassName: String { "Ring" }
            func encode(with a: KeyedArchiver) throws(ArchiveError) {
                try a.encode(name, forKey: "name")
                try a.encode(next, forKey: "next")
            }
            func decode(with u: KeyedUnarchiver) throws(ArchiveError) {}
        }
        struct RingValue: Decodable {
            var name: String
            var next: Box?
            final class Box: Decodable {
                let value: RingValue
                required init(from decoder: any Decoder) throws { value = try RingValue(from: decoder) }
            }
        }
        let a = Ring(), b = Ring()
        a.name = "a"; b.name = "b"
        a.next = b; b.next = a
        defer { a.next = nil; b.next = nil }
        let bytes = try KeyedArchiver.archivedData(withRootObject: a)
        do {
            _ = try KeyedArchiveDecoder().decode(RingValue.self, from: bytes)
            Issue.record("a cycle decoded")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.codingPath.map(\.stringValue) == ["next", "next"])
            let underlying = try #require(context.underlyingError as? ArchiveError)
            #expect(underlying.objectIndex != nil)
            #expect(context.debugDescription.contains("cycle"))
        }
    }

    struct Person: Codable, Equatable, KeyedArchiveClassNamed {
        static let archivedClassName = "Person"
        var name: String
        var age: Int
    }

    struct Robot: Codable, KeyedArchiveClassNamed {
        static let archivedClassName = "Robot"
        var name: String
        var age: Int
    }

    @Test func classNamesAreWrittenAndChecked() throws {
        let data = try KeyedArchiveEncoder().encode(Person(name: "Ann", age: 30))
        let graph = try ArchiveGraph(keyedArchiveBytes: [UInt8](data))
        #expect(graph.classes.map(\.name) == ["Person"])
        #expect(graph.classes.first?.chain == ["Person", "NSObject"])
        #expect(try KeyedArchiveDecoder().decode(Person.self, from: data) == Person(name: "Ann", age: 30))
        do {
            _ = try KeyedArchiveDecoder().decode(Robot.self, from: data)
            Issue.record("a Person decoded as a Robot")
        } catch let DecodingError.typeMismatch(_, context) {
            #expect((context.underlyingError as? ArchiveError)?.code == .unexpectedClass)
            #expect(context.debugDescription.contains("Person"))
        }
    }

    /// Either type, encoded as itself: an array that mixes two archived classes.
    enum RobotOrPerson: Encodable {
        case robot(Robot), person(Person)
        func encode(to encoder: any Encoder) throws {
            var c = encoder.singleValueContainer()
            switch self {
            case .robot(let r): try c.encode(r)
            case .person(let p): try c.encode(p)
            }
        }
    }

    @Test func everyMemberOfAnArrayHasItsClassChecked() throws {
        // The first Robot is accepted; the Person after it (another class) must still be refused.
        let data = try KeyedArchiveEncoder().encode([RobotOrPerson.robot(Robot(name: "R2", age: 40)),
                                                     .robot(Robot(name: "C3", age: 41)),
                                                     .person(Person(name: "Ann", age: 30))])
        let graph = try ArchiveGraph(keyedArchiveBytes: [UInt8](data))
        #expect(Set(graph.classes.map(\.name)).isSuperset(of: ["Robot", "Person"]))
        let robots = try KeyedArchiveEncoder().encode([Robot(name: "R2", age: 40), Robot(name: "C3", age: 41)])
        #expect(try KeyedArchiveDecoder().decode([Robot].self, from: robots).map(\.name) == ["R2", "C3"])
        do {
            _ = try KeyedArchiveDecoder().decode([Robot].self, from: data)
            Issue.record("a Person decoded as a Robot")
        } catch let DecodingError.typeMismatch(_, context) {
            #expect((context.underlyingError as? ArchiveError)?.code == .unexpectedClass)
            #expect(context.codingPath.map(\.stringValue) == ["Index 2"])
        }
    }

    struct TwoPeople: Encodable {
        var first: Person
        var second: Person
    }

    struct PersonThenRobot: Decodable {
        var first: Person
        var second: Robot
    }

    @Test func aClassAcceptedForOneTypeIsCheckedAgainForAnother() throws {
        // Both objects are of class Person. The first is accepted as a Person; the second, of the same
        // class, is expected as a Robot and must still be refused.
        let data = try KeyedArchiveEncoder().encode(TwoPeople(first: Person(name: "Ann", age: 30), second: Person(name: "Bo", age: 31)))
        do {
            _ = try KeyedArchiveDecoder().decode(PersonThenRobot.self, from: data)
            Issue.record("a Person decoded as a Robot")
        } catch let DecodingError.typeMismatch(_, context) {
            #expect((context.underlyingError as? ArchiveError)?.code == .unexpectedClass)
            #expect(context.codingPath.map(\.stringValue) == ["second"])
        }
    }

    struct Labels: Codable, Equatable {
        var first: String
        var second: String
        var list: [String]
    }

    @Test func aSharedLongStringDecodesIntoOneBuffer() throws {
        // The archive holds the string once; its four uses decode to one String storage, as Cocoa gives
        // one NSString. A short string lives inside the String value itself, so it has nothing to share.
        let long = "a label longer than fifteen bytes"
        let data = try KeyedArchiveEncoder().encode(Labels(first: long, second: long, list: [long, "short", long]))
        let back = try KeyedArchiveDecoder().decode(Labels.self, from: data)
        #expect(back == Labels(first: long, second: long, list: [long, "short", long]))
        func storage(_ s: String) -> UnsafeRawPointer? {
            var s = s
            return s.withUTF8 { UnsafeRawPointer($0.baseAddress) }
        }
        let first = try #require(storage(back.first))
        #expect(storage(back.second) == first)
        #expect(storage(back.list[0]) == first)
        #expect(storage(back.list[2]) == first)
    }

    struct RenamedPerson: Codable, Equatable, KeyedArchiveClassNamed {
        static let archivedClassName = "NewApp.Person"
        static let formerArchivedClassNames = ["Person"]
        var name: String
        var age: Int
    }

    @Test func formerClassNamesStillDecode() throws {
        // An archive written before the rename names the class "Person".
        let old = try KeyedArchiveEncoder().encode(Person(name: "Ann", age: 30))
        #expect(try KeyedArchiveDecoder().decode(RenamedPerson.self, from: old) == RenamedPerson(name: "Ann", age: 30))
        // New archives carry the new name only.
        let new = try KeyedArchiveEncoder().encodeGraph(RenamedPerson(name: "Ann", age: 30))
        #expect(new.classes.map(\.name) == ["NewApp.Person"])
        #expect(throws: DecodingError.self) { try KeyedArchiveDecoder().decode(Person.self, from: KeyedArchiveEncoder().encode(RenamedPerson(name: "A", age: 1))) }
    }

    @Test func classNameStrategies() throws {
        struct Plain: Codable { var x = 1 }
        func names(_ configure: (inout KeyedArchiveEncoder) -> Void) throws -> [String] {
            var e = KeyedArchiveEncoder()
            configure(&e)
            return try e.encodeGraph(Plain()).classes.map(\.name)
        }
        #expect(try names { _ in } == [String(reflecting: Plain.self)])
        #expect(try names { $0.classNameStrategy = .unqualifiedTypeName } == ["Plain"])
        #expect(try names { $0.classNameStrategy = .fixed("Thing") } == ["Thing"])
        #expect(try names { $0.classNameStrategy = .custom { "X" + String(describing: $0) } } == ["XPlain"])
        #expect(try names { $0.keyedContainerEncoding = .dictionaries } == ["NSDictionary"])
    }

    @Test func allowListRefusesUnlistedClasses() throws {
        let data = try KeyedArchiveEncoder().encode([Person(name: "Ann", age: 30)])
        var d = KeyedArchiveDecoder()
        d.allowedClassNames = ["Person"]
        #expect(try d.decode([Person].self, from: data).count == 1)
        d.allowedClassNames = ["Someone"]
        do {
            _ = try d.decode([Person].self, from: data)
            Issue.record("an unlisted class decoded")
        } catch let DecodingError.dataCorrupted(context) {
            #expect((context.underlyingError as? ArchiveError)?.code == .secureCodingViolation)
            #expect(context.codingPath.map(\.stringValue) == ["Index 0"])
        }
    }

    /// Arrays decode member by member without an unkeyed container; the values, coding paths and errors
    /// are those of `Array.init(from:)` through one.
    @Test func arrayMembersKeepTheirCodingPaths() throws {
        struct Texts: Codable { var tags: [String?] }
        struct Numbers: Codable { var tags: [Int] }
        struct Wrapped: Codable { var tags: [[Int]] }
        let data = try KeyedArchiveEncoder().encode(Texts(tags: ["7", "x", nil]))
        do {
            _ = try KeyedArchiveDecoder().decode(Numbers.self, from: data)
            Issue.record("a string decoded as Int")
        } catch let DecodingError.typeMismatch(_, context) {
            #expect(context.codingPath.map(\.stringValue) == ["tags", "Index 0"])
        }
        let nilMember = try KeyedArchiveEncoder().encode(Texts(tags: [nil]))
        do {
            _ = try KeyedArchiveDecoder().decode(Numbers.self, from: nilMember)
            Issue.record("nil decoded as Int")
        } catch let DecodingError.valueNotFound(_, context) {
            #expect(context.codingPath.map(\.stringValue) == ["tags", "Index 0"])
        }
        #expect(try KeyedArchiveDecoder().decode(Texts.self, from: data).tags == ["7", "x", nil])
        // [String] and [Double] take their own specialised path: the same paths and errors.
        struct Strings: Codable { var tags: [String] }
        struct Reals: Codable { var tags: [Double] }
        let numbers = try KeyedArchiveEncoder().encode(Reals(tags: [1.5, -2]))
        #expect(try KeyedArchiveDecoder().decode(Reals.self, from: numbers).tags == [1.5, -2])
        #expect(try KeyedArchiveDecoder().decode(Strings.self, from: KeyedArchiveEncoder().encode(Strings(tags: ["a", "ü"]))).tags == ["a", "ü"])
        for decode in [{ _ = try KeyedArchiveDecoder().decode(Strings.self, from: numbers) },
                       { _ = try KeyedArchiveDecoder().decode(Reals.self, from: data) }] as [() throws -> Void] {
            do {
                try decode()
                Issue.record("a member of the wrong type decoded")
            } catch let DecodingError.typeMismatch(_, context) {
                #expect(context.codingPath.map(\.stringValue) == ["tags", "Index 0"])
            }
        }
        let nested = try KeyedArchiveEncoder().encode(Wrapped(tags: [[1, 2], [], [3]]))
        #expect(try KeyedArchiveDecoder().decode(Wrapped.self, from: nested).tags == [[1, 2], [], [3]])
        #expect(try KeyedArchiveDecoder().decode([[Int]].self, from: KeyedArchiveEncoder().encode([[4], [5, 6]])) == [[4], [5, 6]])
    }

    /// `decodeIfPresent` reads each key once: absent and nil are nil, a present value must have the type.
    @Test func optionalFieldsAreNilWhenAbsentOrNilAndCheckedWhenPresent() throws {
        struct Written: Encodable {
            enum CodingKeys: String, CodingKey { case explicitNil, number, text, when }
            func encode(to encoder: any Encoder) throws {
                var c = encoder.container(keyedBy: CodingKeys.self)
                try c.encodeNil(forKey: .explicitNil)
                try c.encode(42, forKey: .number)
                try c.encode("x", forKey: .text)
                try c.encode(Date(timeIntervalSinceReferenceDate: 5), forKey: .when)
            }
        }
        struct Read: Decodable, Equatable {
            var absent: Int?, explicitNil: Int?, number: Int?, when: Date?
        }
        struct Mismatched: Decodable { var text: Int? }
        let data = try KeyedArchiveEncoder().encode(Written())
        #expect(try KeyedArchiveDecoder().decode(Read.self, from: data)
            == Read(absent: nil, explicitNil: nil, number: 42, when: Date(timeIntervalSinceReferenceDate: 5)))
        do {
            _ = try KeyedArchiveDecoder().decode(Mismatched.self, from: data)
            Issue.record("a string decoded as Int?")
        } catch let DecodingError.typeMismatch(_, context) {
            #expect(context.codingPath.map(\.stringValue) == ["text"])
        }
    }

    @Test func dictionaryContainersDecodeAsKeyedContainers() throws {
        var e = KeyedArchiveEncoder()
        e.keyedContainerEncoding = .dictionaries
        let data = try e.encode(Person(name: "Ann", age: 30))
        #expect(try KeyedArchiveDecoder().decode([String: ArchivedScalar].self, from: data) == ["name": .string("Ann"), "age": .int(30)])
        // A type without a class name reads the dictionary's keys.
        struct Loose: Decodable, Equatable { var name: String; var age: Int }
        #expect(try KeyedArchiveDecoder().decode(Loose.self, from: data) == Loose(name: "Ann", age: 30))
    }

    @Test func snakeCaseKeyStrategies() throws {
        struct Camel: Codable, Equatable {
            var firstName: String
            var homeURLString: String
            var _private: Int
        }
        var e = KeyedArchiveEncoder()
        e.keyEncodingStrategy = .convertToSnakeCase
        let value = Camel(firstName: "Ann", homeURLString: "x", _private: 1)
        let data = try e.encode(value)
        let keys = try ArchiveGraph(keyedArchiveBytes: [UInt8](data)).keys
        #expect(keys.contains("first_name") && keys.contains("home_url_string") && keys.contains("_private"))
        var d = KeyedArchiveDecoder()
        d.keyDecodingStrategy = .convertFromSnakeCase
        // `home_url_string` comes back as `homeUrlString`, as with JSONDecoder: so map that key by hand.
        struct Back: Decodable, Equatable { var firstName: String; var homeUrlString: String; var _private: Int }
        #expect(try d.decode(Back.self, from: data) == Back(firstName: "Ann", homeUrlString: "x", _private: 1))
        #expect(CodingKeyConversion.snakeCase(fromCamelCase: "URLForKey") == "url_for_key")
        #expect(CodingKeyConversion.camelCase(fromSnakeCase: "__a_b__") == "__aB__")
        #expect(CodingKeyConversion.camelCase(fromSnakeCase: "single") == "single")
    }

    /// `[Int]`, `[String]` and `[Double]` are read straight from the array's members when nothing is
    /// unusual; whatever is (a member of another numeric kind, an object rather than a plain entry, a
    /// shared array) takes the full path, with the same result.
    @Test func scalarArraysReadInPlaceAgreeWithTheFullPath() throws {
        struct Numbers: Codable { var tags: [Int] }
        struct Reals: Codable { var tags: [Double] }
        struct Strings: Decodable { var tags: [String] }
        struct Unsigned: Codable { var tags: [UInt64] }
        let d = KeyedArchiveDecoder(), e = KeyedArchiveEncoder()
        // Whole reals and unsigned members convert on the full path; exact integers are reals.
        #expect(try d.decode(Numbers.self, from: e.encode(Reals(tags: [1, -2]))).tags == [1, -2])
        #expect(try d.decode(Numbers.self, from: e.encode(Unsigned(tags: [3, 4]))).tags == [3, 4])
        #expect(try d.decode(Reals.self, from: e.encode(Numbers(tags: [5, 6]))).tags == [5, 6])
        #expect(throws: DecodingError.self) { try d.decode(Numbers.self, from: e.encode(Unsigned(tags: [UInt64.max]))) }
        // NSMutableString members are objects, read through the typed coder's shape.
        final class Texts: KeyedCoding {
            init() {}
            func encode(with a: KeyedArchiver) throws(ArchiveError) {
                try a.encode([MutableStringValue("ü"), MutableStringValue("b")], forKey: "tags")
            }
            func decode(with u: KeyedUnarchiver) throws(ArchiveError) {}
        }
        #expect(try d.decode(Strings.self, from: KeyedArchiver.archivedData(withRootObject: Texts())).tags == ["ü", "b"])
        // One array object referenced from two keys is shared: decoded once, the same values twice.
        final class Box: Encodable {
            let tags: [Int]
            init(_ tags: [Int]) { self.tags = tags }
            func encode(to encoder: any Encoder) throws {
                var c = encoder.singleValueContainer()
                try c.encode(tags)
            }
        }
        struct Two: Encodable { var a: Box; var b: Box }
        struct TwoBack: Decodable { var a: [Int]; var b: [Int] }
        let box = Box([7, 8, 9])
        let shared = try e.encode(Two(a: box, b: box))
        let graph = try ArchiveGraph(keyedArchiveBytes: [UInt8](shared))
        #expect(graph.objects.indices.filter { graph.className(ofObject: $0) == "NSArray" }.count == 1)
        let back = try d.decode(TwoBack.self, from: shared)
        #expect(back.a == [7, 8, 9] && back.b == [7, 8, 9])
    }

    /// `[Int]`, `[String]` and `[Double]` are written straight as the array's members: the same bytes as
    /// arrays of wrappers that encode the same scalars through a single-value container (the path every
    /// other array takes), shared plain entries and repeats included; and they read back.
    @Test func scalarArraysWriteTheBytesOfTheMemberByMemberPath() throws {
        struct W<T: Encodable>: Encodable {
            var x: T
            func encode(to encoder: any Encoder) throws {
                var c = encoder.singleValueContainer()
                try c.encode(x)
            }
        }
        let ints = [0, -1, 5, Int.max, Int.min, 5, 1 << 40, 0]
        let strings = ["", "a", "é", "a", "日本", String(repeating: "z", count: 300)]
        let doubles = [0.0, -0.0, 1.5, .infinity, -.greatestFiniteMagnitude, 1.5, 5]
        struct Mixed: Encodable, KeyedArchiveClassNamed {
            static let archivedClassName = "Mixed"
            var i: [Int], s: [String], d: [Double], n: Int
        }
        struct MixedW: Encodable, KeyedArchiveClassNamed {
            static let archivedClassName = "Mixed"
            var i: [W<Int>], s: [W<String>], d: [W<Double>], n: Int
        }
        for format in [PropertyList.Format.binary, .xml] {
            var e = KeyedArchiveEncoder()
            e.outputFormat = format
            #expect(try e.encodedBytes(ints) == e.encodedBytes(ints.map(W.init)))
            #expect(try e.encodedBytes(strings) == e.encodedBytes(strings.map(W.init)))
            #expect(try e.encodedBytes(doubles) == e.encodedBytes(doubles.map(W.init)))
            #expect(try e.encodedBytes([[Int]]()) == e.encodedBytes([W<Int>]()))
            // In one archive, the members share the plain entries the object's own scalars use.
            let plain = try e.encodedBytes(Mixed(i: ints, s: strings, d: doubles, n: 5))
            let wrapped = try e.encodedBytes(MixedW(i: ints.map(W.init), s: strings.map(W.init), d: doubles.map(W.init), n: 5))
            #expect(plain == wrapped)
            let d = KeyedArchiveDecoder()
            #expect(try d.decode([Int].self, from: Data(e.encodedBytes(ints))) == ints)
            #expect(try d.decode([String].self, from: Data(e.encodedBytes(strings))) == strings)
            #expect(try d.decode([Double].self, from: Data(e.encodedBytes(doubles))) == doubles)
        }
    }

    /// A key encoded twice keeps its last value, once, whether the object has few keys or many (key
    /// indices 64 apart share a bit of the container's new-key filter, and are still different keys).
    @Test func aRepeatedKeyKeepsItsLastValue() throws {
        struct Keys: Encodable {
            var count: Int
            var repeats: [(Int, Int)]
            func encode(to encoder: any Encoder) throws {
                var c = encoder.container(keyedBy: ArchiveCodingKey.self)
                for i in 0 ..< count { try c.encode(i, forKey: ArchiveCodingKey(stringValue: "k\(i)")) }
                for (i, v) in repeats { try c.encode(v, forKey: ArchiveCodingKey(stringValue: "k\(i)")) }
            }
        }
        struct AllKeys: Decodable {
            var values: [String: Int] = [:]
            var order: [String] = []
            init(from decoder: any Decoder) throws {
                let c = try decoder.container(keyedBy: ArchiveCodingKey.self)
                for k in c.allKeys {
                    order.append(k.stringValue)
                    values[k.stringValue] = try c.decode(Int.self, forKey: k)
                }
            }
        }
        for (count, repeats) in [(3, [(0, 30)]), (130, [(3, 300), (67, 670), (129, 1290), (3, 301)])] {
            let back = try KeyedArchiveDecoder().decode(AllKeys.self, from: KeyedArchiveEncoder().encode(Keys(count: count, repeats: repeats)))
            #expect(back.order == (0 ..< count).map { "k\($0)" })
            var expected = Dictionary(uniqueKeysWithValues: (0 ..< count).map { ("k\($0)", $0) })
            for (i, v) in repeats { expected["k\(i)"] = v }
            #expect(back.values == expected)
        }
    }

    @Test func numbersCoerceWithoutTruncation() throws {
        struct Big: Encodable { var v: Int }
        struct Small: Decodable { var v: Int8 }
        struct Real: Decodable { var v: Double }
        struct Whole: Decodable { var v: Int }
        struct Half: Encodable { var v: Double }
        #expect(try KeyedArchiveDecoder().decode(Small.self, from: KeyedArchiveEncoder().encode(Big(v: 100))).v == 100)
        do {
            _ = try KeyedArchiveDecoder().decode(Small.self, from: KeyedArchiveEncoder().encode(Big(v: 300)))
            Issue.record("300 decoded as Int8")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.codingPath.map(\.stringValue) == ["v"])
            let e = try #require(context.underlyingError as? ArchiveError)
            #expect(e.code == .overflow)
            #expect(e.keyPath == ["v"])
            #expect(e.objectIndex == nil)   // an inline value: it has no object of its own
        }
        #expect(try KeyedArchiveDecoder().decode(Real.self, from: KeyedArchiveEncoder().encode(Big(v: 3))).v == 3)
        #expect(try KeyedArchiveDecoder().decode(Whole.self, from: KeyedArchiveEncoder().encode(Half(v: 4))).v == 4)
        #expect(throws: DecodingError.self) { try KeyedArchiveDecoder().decode(Whole.self, from: KeyedArchiveEncoder().encode(Half(v: 4.5))) }
    }

    /// Plain string and data entries (read straight from the graph) and `NSMutableString`/`NSMutableData`
    /// objects (read through the typed coder's shapes) decode alike; a plain entry of the other kind is a
    /// type mismatch naming its object.
    @Test func stringsAndDataDecodeFromPlainEntriesAndFromObjects() throws {
        final class Texts: KeyedCoding {
            init() {}
            func encode(with a: KeyedArchiver) throws(ArchiveError) {
                try a.encode("plain text, longer than fifteen bytes", forKey: "plain")
                try a.encode(MutableStringValue("mutable"), forKey: "mutable")
                try a.encode(Data([1, 2, 3]), forKey: "bytes")
                try a.encode(MutableDataValue([4, 5]), forKey: "mutableBytes")
            }
            func decode(with u: KeyedUnarchiver) throws(ArchiveError) {}
        }
        struct Read: Decodable { var plain: String; var mutable: String; var bytes: Data; var mutableBytes: Data }
        struct Swapped: Decodable { var bytes: String }
        let archive = try KeyedArchiver.archivedData(withRootObject: Texts())
        let r = try KeyedArchiveDecoder().decode(Read.self, from: archive)
        #expect(r.plain == "plain text, longer than fifteen bytes")
        #expect(r.mutable == "mutable")
        #expect(r.bytes == Data([1, 2, 3]))
        #expect(r.mutableBytes == Data([4, 5]))
        expectTypeMismatch(Swapped.self, from: archive, at: ["bytes"], "data decoded as a string")
    }

    /// `NSDate` objects decode as `Date` (read straight from `NS.time`), and one whose `NS.time` is not a
    /// real is the typed coder's type mismatch, at the field's path.
    @Test func datesDecodeFromNSDateObjectsAndBadOnesAreMismatches() throws {
        final class Stamped: KeyedCoding {
            init() {}
            func encode(with a: KeyedArchiver) throws(ArchiveError) {
                try a.encode(Date(timeIntervalSinceReferenceDate: 12_345.5), forKey: "when")
                try a.encode(BadDate(), forKey: "bad")
            }
            func decode(with u: KeyedUnarchiver) throws(ArchiveError) {}
        }
        final class BadDate: KeyedCoding {
            static var archivedClassName: String { "NSDate" }
            init() {}
            func encode(with a: KeyedArchiver) throws(ArchiveError) { try a.encode("noon", forKey: "NS.time") }
            func decode(with u: KeyedUnarchiver) throws(ArchiveError) {}
        }
        struct When: Decodable { var when: Date }
        struct Bad: Decodable { var bad: Date }
        let archive = try KeyedArchiver.archivedData(withRootObject: Stamped())
        #expect(try KeyedArchiveDecoder().decode(When.self, from: archive).when == Date(timeIntervalSinceReferenceDate: 12_345.5))
        expectTypeMismatch(Bad.self, from: archive, at: ["bad"], "a string NS.time decoded as a date")
    }

    /// Decoding `type` from `archive` is a type mismatch at `path`, naming the archived object.
    private func expectTypeMismatch<T: Decodable>(_ type: T.Type, from archive: [UInt8], at path: [String], _ failure: Comment) {
        do {
            _ = try KeyedArchiveDecoder().decode(T.self, from: archive)
            Issue.record(failure)
        } catch let DecodingError.typeMismatch(_, context) {
            #expect(context.codingPath.map(\.stringValue) == path)
            #expect((context.underlyingError as? ArchiveError)?.objectIndex != nil)
        } catch {
            Issue.record("expected a type mismatch, got \(error)")
        }
    }

    /// A Codable key spelled like an un-keyed slot (`$0`) reads its escaped entry (`$$0`), never the slot
    /// stored under `$0`, wherever the two sit in the object.
    @Test func aKeySpelledLikeAnUnkeyedSlotReadsItsEscapedEntry() throws {
        final class Slots: KeyedCoding {
            let slotFirst: Bool
            init(slotFirst: Bool) { self.slotFirst = slotFirst }
            init() { slotFirst = true }
            func encode(with a: KeyedArchiver) throws(ArchiveError) {
                if slotFirst { try a.encode("slot" as String?) }
                try a.encode("escaped", forKey: "$0")
                if !slotFirst { try a.encode("slot" as String?) }
            }
            func decode(with u: KeyedUnarchiver) throws(ArchiveError) {}
        }
        struct Dollar: Decodable {
            enum CodingKeys: String, CodingKey { case value = "$0" }
            var value: String
        }
        for slotFirst in [true, false] {
            let archive = try KeyedArchiver.archivedData(withRootObject: Slots(slotFirst: slotFirst))
            #expect(try KeyedArchiveDecoder().decode(Dollar.self, from: archive).value == "escaped", "slot first: \(slotFirst)")
        }
    }

    @Test func missingKeysAndNilsAreTheUsualErrors() throws {
        struct Has: Encodable { var a: String?; var b = 1 }
        struct Needs: Decodable { var c: Int }
        struct NeedsA: Decodable { var a: String }
        struct MaybeA: Decodable { var a: String? }
        let data = try KeyedArchiveEncoder().encode(Has(a: nil))
        #expect {
            try KeyedArchiveDecoder().decode(Needs.self, from: data)
        } throws: { e in
            guard case DecodingError.keyNotFound(let key, let c) = e else { return false }
            return key.stringValue == "c" && (c.underlyingError as? ArchiveError)?.objectIndex != nil
        }
        // A nil optional is archived as `$null` (as `encodeObject:nil forKey:` writes it): present, and nil.
        let graph = try ArchiveGraph(keyedArchiveBytes: [UInt8](data))
        #expect(graph.value(ofObject: 1, forKey: "a") == .nil)
        #expect(try KeyedArchiveDecoder().decode(MaybeA.self, from: data).a == nil)
        #expect {
            try KeyedArchiveDecoder().decode(NeedsA.self, from: data)
        } throws: { e in
            guard case DecodingError.valueNotFound(_, let c) = e else { return false }
            return c.codingPath.map(\.stringValue) == ["a"]
        }
    }

    @Test func deepValuesAreBoundedNotStackOverflows() throws {
        indirect enum Chain: Codable { case end, link(Chain) }
        var deep = Chain.end
        for _ in 0 ..< 1_000 { deep = .link(deep) }
        #expect(throws: EncodingError.self) { try KeyedArchiveEncoder().encode(deep) }
        var ok = Chain.end
        for _ in 0 ..< 127 { ok = .link(ok) }
        let data = try KeyedArchiveEncoder().encode(ok)
        var failure: (any Error)?
        onSmallStack(1024 * 1024) {
            do { _ = try KeyedArchiveDecoder().decode(Chain.self, from: data) } catch { failure = error }
        }
        #expect(failure == nil)
    }

    @Test func aSmallArchiveSharingOneValueEverywhereIsDecodedOnce() throws {
        // 60 levels, each holding the next twice: 2^60 paths, 61 objects. Value types cannot share, so a
        // decoder that decoded each appearance would never finish.
        final class Fan: Codable {
            var kids: [Fan] = []
        }
        struct FanValue: Decodable {
            var kids: [FanValue]
        }
        var top = Fan()
        for _ in 0 ..< 60 {
            let up = Fan()
            up.kids = [top, top]
            top = up
        }
        let data = try KeyedArchiveEncoder().encode(top)
        #expect(data.count < 16_000)
        var value = try KeyedArchiveDecoder().decode(FanValue.self, from: data)
        var depth = 0
        while let first = value.kids.first {
            #expect(value.kids.count == 2)
            value = first
            depth += 1
        }
        #expect(depth == 60)
    }

    @Test func theRootOfANIBArchiveDecodesForTools() throws {
        // Samples/minimal.nib (ibtool's output): object 0 → IB.objectdata → NSRoot → NSClassName.
        struct Root: Decodable {
            var data: ObjectData
            enum CodingKeys: String, CodingKey { case data = "IB.objectdata" }
        }
        struct ObjectData: Decodable {
            var root: CustomObject
            var keys: [CustomObject]
            enum CodingKeys: String, CodingKey { case root = "NSRoot", keys = "NSObjectsKeys" }
        }
        struct CustomObject: Decodable, KeyedArchiveClassNamed {
            static let archivedClassName = "NSCustomObject"
            var className: String
            enum CodingKeys: String, CodingKey { case className = "NSClassName" }
        }
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Samples/minimal.nib")
        let root = try KeyedArchiveDecoder().decode(Root.self, from: Data(contentsOf: url))
        #expect(root.data.root.className == "NSApplication")
        #expect(root.data.keys.first?.className == "NSApplication")
    }

    @Test func userInfoReachesTheCoders() throws {
        let key = try #require(CodingUserInfoKey(rawValue: "flavour"))
        struct Probe: Codable {
            static let flavour = CodingUserInfoKey(rawValue: "flavour")
            var seen: String
            init(seen: String) { self.seen = seen }
            init(from decoder: any Decoder) throws { seen = Self.flavour.flatMap { decoder.userInfo[$0] as? String } ?? "" }
            func encode(to encoder: any Encoder) throws {
                var c = encoder.container(keyedBy: ArchiveTestKey.self)
                try c.encode(Self.flavour.flatMap { encoder.userInfo[$0] as? String } ?? "", forKey: ArchiveTestKey(stringValue: "seen"))
            }
        }
        var e = KeyedArchiveEncoder()
        e.userInfo[key] = "vanilla"
        var d = KeyedArchiveDecoder()
        d.userInfo[key] = "mint"
        let data = try e.encode(Probe(seen: ""))
        #expect(try d.decode(Probe.self, from: data).seen == "mint")
        struct Seen: Decodable { var seen: String }
        #expect(try KeyedArchiveDecoder().decode(Seen.self, from: data).seen == "vanilla")
    }
}

/// A scalar decoded without knowing its type: what a generic mirror of an archive holds.
enum ArchivedScalar: Decodable, Equatable {
    case string(String), int(Int64), double(Double), bool(Bool)
    init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let s = try? c.decode(String.self) { self = .string(s) }
        else if let i = try? c.decode(Int64.self) { self = .int(i) }
        else if let d = try? c.decode(Double.self) { self = .double(d) }
        else { self = .bool(try c.decode(Bool.self)) }
    }
}
