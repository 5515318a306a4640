import Foundation
import Testing
@testable import KeyedArchive

/// The Codable bridge against Foundation's own NSKeyedArchiver/NSKeyedUnarchiver (FoundationProbe, a
/// child process), both ways: Codable structs mirror the probe's NSCoding classes key for key.
@Suite struct CodableFoundationInteropTests {
    /// Mirrors `FoundationProbe.ProbeRecord`.
    struct Record: Codable, Equatable, KeyedArchiveClassNamed {
        static let archivedClassName = "FoundationProbe.ProbeRecord"
        var title: String
        var count: Int
        var ratio: Double
        var flag: Bool
        var when: Date
        var blob: Data
        var tags: [String]
        var note: String?
        var scores: [String: Int]
        var children: [Record]
    }

    /// Mirrors `FoundationProbe.ProbePerson`.
    struct Person: Codable, Equatable, KeyedArchiveClassNamed {
        static let archivedClassName = "FoundationProbe.ProbePerson"
        var name: String
        var age: Int
        var friends: [Person]
    }

    static let record = Record(
        title: "parent", count: -7, ratio: 2.5, flag: true, when: Date(timeIntervalSinceReferenceDate: 1000.25),
        blob: Data([9, 8, 7]), tags: ["a", "b"], note: nil, scores: ["x": 1, "y": 2],
        children: [Record(title: "kid", count: 1, ratio: -0.5, flag: false, when: Date(timeIntervalSinceReferenceDate: 0),
                          blob: Data(), tags: [], note: "hi", scores: [:], children: [])])

    static let recordRendering =
        #"Record("parent",-7,r2.5,true,date(1000.25),d<090807>,["a","b"],nil,{"x":i1,"y":i2},[Record("kid",1,r-0.5,false,date(0.0),d<>,[],"hi",{},[])])"#

    // MARK: Foundation → us

    @Test func foundationArchivesOfNSCodingClassesDecodeIntoStructs() throws {
        guard let archives = try FoundationInteropTests.foundationArchives() else { return }
        func data(_ name: String) throws -> Data { try FoundationInteropTests.archive(name, in: archives) }
        let d = KeyedArchiveDecoder()

        #expect(try d.decode(Record.self, from: data("record")) == Self.record)
        let ann = try d.decode(Person.self, from: data("people"))
        let bob = Person(name: "Bob", age: 41, friends: [])
        #expect(ann == Person(name: "Ann", age: 30, friends: [bob, bob]))

        // Geometry: strings under keys, NSValues in an array, a range; into the Swift types' own conformances.
        let shape = try d.decode(CodableGeometryTests.Shape.self, from: data("shape"))
        #expect(shape == CodableGeometryTests.Shape(frame: CGRect(x: 1, y: 2.5, width: 30, height: 40), anchor: CGPoint(x: -3, y: 4),
                                                    size: CGSize(width: 5, height: 6),
                                                    values: [.rect(CGRect(x: 0, y: 0, width: 10, height: 20)), .pair(7, 8), .pair(9, 10)],
                                                    range: NSRange(location: 3, length: 4)))

        // Foundation's value shapes into plain Swift values.
        #expect(try d.decode(String.self, from: data("string")) == "héllo, wörld")
        #expect(try d.decode(String.self, from: data("mutable-string")) == "mutable")
        #expect(try d.decode([String: ArchivedScalarOrList].self, from: data("dictionary"))
                == ["a": .int(1), "b": .string("two"), "c": .list([1, 2, 3])])
        #expect(try d.decode(Set<String>.self, from: data("set")) == ["x", "y", "z"])
        #expect(try d.decode(Date.self, from: data("date")) == Date(timeIntervalSinceReferenceDate: 700_000_000.5))
        #expect(try d.decode(Data.self, from: data("data")) == Data([0, 1, 2, 0xFF]))
        #expect(try d.decode(URL.self, from: data("url")).absoluteString == "file:///tmp/probe/file.txt")
        #expect(try d.decode(UUID.self, from: data("uuid")).uuidString == "0AD863BA-7584-40CF-8896-BD87B3280C34")
        #expect(try d.decode(String?.self, from: data("null")) == nil)
        struct Numbers: Decodable, Equatable {
            var values: [Double]
            init(from decoder: any Decoder) throws {
                var c = try decoder.unkeyedContainer()
                values = [Double(try c.decode(Int.self)), Double(try c.decode(Int64.self)), Double(try c.decode(UInt64.self)),
                          try c.decode(Double.self), Double(try c.decode(Float.self)), try c.decode(Bool.self) ? 1 : 0]
            }
        }
        #expect(try d.decode(Numbers.self, from: data("numbers")).values == [-1, Double(Int64.max), Double(UInt64.max), 1.5, 0.25, 1])
        // And the narrowing that Foundation's NSNumber would truncate is an error here.
        struct NarrowFirst: Decodable {
            init(from decoder: any Decoder) throws {
                var c = try decoder.unkeyedContainer()
                _ = try c.decode(Int.self)
                _ = try c.decode(Int32.self)   // Int64.max
            }
        }
        #expect(throws: DecodingError.self) { try d.decode(NarrowFirst.self, from: data("numbers")) }
    }

    // MARK: us → Foundation

    @Test func foundationDecodesOurCodableArchivesIntoNSCodingClasses() throws {
        guard FoundationInteropTests.probe() != nil else { return }
        for format in [PropertyList.Format.binary, .xml] {
            var e = KeyedArchiveEncoder()
            e.outputFormat = format
            switch try FoundationInteropTests.describe(e.encodedBytes(Self.record)) {
            case .output(let text): #expect(text.trimmingCharacters(in: .whitespacesAndNewlines) == Self.recordRendering, "\(format)")
            case let other: Issue.record("Foundation could not decode our \(format) archive: \(other)")
            }
        }
        let bob = Person(name: "Bob", age: 41, friends: [])
        switch try FoundationInteropTests.describe(KeyedArchiveEncoder().encodedBytes(Person(name: "Ann", age: 30, friends: [bob]))) {
        case .output(let text): #expect(text.trimmingCharacters(in: .whitespacesAndNewlines) == #"Person("Ann",30,[Person("Bob",41,[])])"#)
        case let other: Issue.record("Foundation could not decode our archive: \(other)")
        }
    }

    /// Mirrors `FoundationProbe.ProbeShape`: geometry under keys, in an array, and a range.
    struct Shape: Encodable, KeyedArchiveClassNamed {
        static let archivedClassName = "FoundationProbe.ProbeShape"
        var frame = CGRect(x: 1, y: 2.5, width: 30, height: 40)
        var anchor = CGPoint(x: -3, y: 4)
        var size = CGSize(width: 5, height: 6)
        var values: [Geometry] = [.rect(CGRect(x: 0, y: 0, width: 10, height: 20)), .point(CGPoint(x: 7, y: 8)), .size(CGSize(width: 9, height: 10))]
        var range = NSRange(location: 3, length: 4)

        /// One `NSValue` of an array: each case encodes its payload as itself.
        enum Geometry: Encodable {
            case rect(CGRect), point(CGPoint), size(CGSize)
            func encode(to encoder: any Encoder) throws {
                var c = encoder.singleValueContainer()
                switch self {
                case .rect(let r): try c.encode(r)
                case .point(let p): try c.encode(p)
                case .size(let s): try c.encode(s)
                }
            }
        }
    }

    @Test func foundationReadsOurGeometryAsItReadsItsOwn() throws {
        // Rects, points and sizes under keys as strings (decodeRect(forKey:) reads them), NSValues in the
        // array and for the range: Foundation decodes our archive into the same object as its own.
        guard let archives = try FoundationInteropTests.foundationArchives() else { return }
        let theirs = try FoundationInteropTests.describe(Array(FoundationInteropTests.archive("shape", in: archives)))
        guard case .output(let expected) = theirs else { Issue.record("Foundation could not describe its own archive: \(theirs)"); return }
        #expect(expected.hasPrefix("Shape("))
        for format in [PropertyList.Format.binary, .xml] {
            var e = KeyedArchiveEncoder()
            e.outputFormat = format
            switch try FoundationInteropTests.describe(e.encodedBytes(Shape())) {
            case .output(let text): #expect(text == expected, "\(format)")
            case let other: Issue.record("Foundation could not decode our \(format) archive: \(other)")
            }
        }
    }

    /// The probe's `Person`, coded with a configuration: its age is stored in `factor`s.
    struct ConfiguredPerson: EncodableWithConfiguration, DecodableWithConfiguration, KeyedArchiveClassNamed {
        static let archivedClassName = "FoundationProbe.ProbePerson"
        var name: String
        var age: Int
        var friends: [CodableConfiguration<ConfiguredPerson, Years>] = []
        enum CodingKeys: String, CodingKey { case name, age, friends }
        init(name: String, age: Int, friends: [ConfiguredPerson] = []) {
            (self.name, self.age) = (name, age)
            self.friends = friends.map { CodableConfiguration(wrappedValue: $0, from: Years.self) }
        }
        func encode(to encoder: any Encoder, configuration factor: Int) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(name, forKey: .name)
            try c.encode(age * factor, forKey: .age)
            try c.encode(friends, forKey: .friends)
        }
        init(from decoder: any Decoder, configuration factor: Int) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            name = try c.decode(String.self, forKey: .name)
            age = try c.decode(Int.self, forKey: .age) / factor
            friends = try c.decode([CodableConfiguration<ConfiguredPerson, Years>].self, forKey: .friends)
        }
    }

    enum Years: EncodingConfigurationProviding, DecodingConfigurationProviding {
        static let encodingConfiguration = 1
        static let decodingConfiguration = 1
    }

    @Test func foundationDecodesOurConfiguredArchivesIntoNSCodingClasses() throws {
        guard FoundationInteropTests.probe() != nil else { return }
        // The configured root, and configured values inside it through the property wrapper, are
        // archived under the wrapped type's class name.
        let ann = ConfiguredPerson(name: "Ann", age: 3, friends: [ConfiguredPerson(name: "Bob", age: 4)])
        let data = try KeyedArchiveEncoder().encode(ann, configuration: 10)
        switch try FoundationInteropTests.describe([UInt8](data)) {
        case .output(let text): #expect(text.trimmingCharacters(in: .whitespacesAndNewlines) == #"Person("Ann",30,[Person("Bob",4,[])])"#)
        case let other: Issue.record("Foundation could not decode our archive: \(other)")
        }
        let back = try KeyedArchiveDecoder().decode(ConfiguredPerson.self, from: data, configuration: 10)
        #expect(back.age == 3 && back.friends.map(\.wrappedValue.age) == [4])
    }

    @Test func foundationDecodesOurDictionaryArchivesIntoPlainCollections() throws {
        guard FoundationInteropTests.probe() != nil else { return }
        struct Plain: Codable {
            var name = "Ann"
            var age = 30
            var ratio = 0.5
            var ok = true
            var tags: Set<String> = ["q", "p"]
            var when = Date(timeIntervalSinceReferenceDate: 5)
            var blob = Data([1])
            var nested = ["k": [1, 2]]
            var missing: [Int?] = [1, nil]
        }
        var e = KeyedArchiveEncoder()
        e.keyedContainerEncoding = .dictionaries
        let expected = #"{"age":i30,"blob":d<01>,"missing":[i1,null],"name":"Ann","nested":{"k":[i1,i2]},"ok":true,"ratio":r0.5,"tags":("p","q"),"when":date(5.0)}"#
        switch try FoundationInteropTests.describe(e.encodedBytes(Plain())) {
        case .output(let text): #expect(text.trimmingCharacters(in: .whitespacesAndNewlines) == expected)
        case let other: Issue.record("Foundation could not decode our archive: \(other)")
        }
    }
}

/// A dictionary value that is a scalar or a list of integers.
enum ArchivedScalarOrList: Decodable, Equatable {
    case string(String), int(Int), list([Int])
    init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let s = try? c.decode(String.self) { self = .string(s) }
        else if let i = try? c.decode(Int.self) { self = .int(i) }
        else { self = .list(try c.decode([Int].self)) }
    }
}
