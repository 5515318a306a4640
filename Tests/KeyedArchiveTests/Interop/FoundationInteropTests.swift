import Foundation
import Testing
@testable import KeyedArchive
import CorpusSupport

/// Interop with Foundation's own NSKeyedArchiver/NSKeyedUnarchiver, run in the FoundationProbe child
/// process, in both directions.
@Suite struct FoundationInteropTests {
    init() { KeyedClassRegistry.register(Person.self) }

    static let probeClass = "FoundationProbe.ProbePerson"

    /// The probe, or nil (with a printed skip, or a CI failure) when it was not built.
    static func probe(sourceLocation: SourceLocation = #_sourceLocation) -> URL? {
        if let p = PlistCrossCheck.probe { return p }
        if Corpus.isCI { Issue.record("FoundationProbe not found next to the test bundle", sourceLocation: sourceLocation) }
        else { print("⚠️  SKIPPED: FoundationProbe not built") }
        return nil
    }

    /// The archives FoundationProbe's `keyed-write` makes, by case name (`"record"` → `record.archive`);
    /// nil when the probe is missing (reported as ``probe(sourceLocation:)`` does) or fails.
    static func foundationArchives(sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Data]? {
        guard let probe = probe(sourceLocation: sourceLocation) else { return nil }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("keyed-probe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        guard case .output = PlistCrossCheck.run(probe, ["keyed-write", dir.path]) else {
            Issue.record("keyed-write failed", sourceLocation: sourceLocation)
            return nil
        }
        var archives: [String: Data] = [:]
        for file in try FileManager.default.contentsOfDirectory(atPath: dir.path) where file.hasSuffix(".archive") {
            archives[String(file.dropLast(".archive".count))] = try Data(contentsOf: dir.appendingPathComponent(file))
        }
        return archives
    }

    /// Archive `name` of ``foundationArchives(sourceLocation:)``.
    static func archive(_ name: String, in archives: [String: Data]) throws -> Data {
        guard let data = archives[name] else { throw ArchiveError(.valueNotFound, "FoundationProbe wrote no \(name).archive") }
        return data
    }

    static func describe(_ bytes: [UInt8]) throws -> PlistCrossCheck.Outcome {
        let f = try PlistCrossCheck.temporaryFile(bytes, suffix: ".archive")
        defer { try? FileManager.default.removeItem(at: f) }
        guard let p = PlistCrossCheck.probe else { return .unavailable }
        return PlistCrossCheck.run(p, ["keyed-describe", f.path])
    }

    // MARK: Foundation → us

    @Test func foundationArchivesDecodeIntoSwiftValues() throws {
        guard let archives = try Self.foundationArchives() else { return }
        func bytes(_ name: String) throws -> [UInt8] { Array(try Self.archive(name, in: archives)) }

        #expect(try KeyedUnarchiver.unarchivedObject(of: String.self, from: bytes("string")) == "héllo, wörld")
        #expect(try KeyedUnarchiver.unarchivedObject(of: String.self, from: bytes("mutable-string")) == "mutable")
        let numbers = try #require(try KeyedUnarchiver.unarchivedObject(of: ArchivedValue.self, from: bytes("numbers"))?.arrayValue)
        #expect(numbers.count == 6)
        #expect(numbers.first == .int(-1))
        #expect(numbers[1] == .int(Int64.max))
        #expect(numbers[2] == .unsignedInt(UInt64.max))
        #expect(numbers[3] == .double(1.5))
        #expect(numbers[4] == .float(0.25) || numbers[4] == .double(0.25))
        #expect(numbers[5] == .bool(true) || numbers[5] == .int(1))
        let dict = try #require(try KeyedUnarchiver.unarchivedObject(of: ArchivedValue.self, from: bytes("dictionary")))
        #expect(dict["a"] == .int(1))
        #expect(dict["b"] == .string("two"))
        #expect(dict["c"] == .array([.int(1), .int(2), .int(3)]))
        #expect(try KeyedUnarchiver.unarchivedObject(of: Set<String>.self, from: bytes("set")) == ["x", "y", "z"])
        #expect(try KeyedUnarchiver.unarchivedObject(of: Date.self, from: bytes("date")) == Date(timeIntervalSinceReferenceDate: 700_000_000.5))
        #expect(try KeyedUnarchiver.unarchivedObject(of: Data.self, from: bytes("data")) == Data([0, 1, 2, 0xFF]))
        #expect(try KeyedUnarchiver.unarchivedObject(of: URL.self, from: bytes("url"))?.absoluteString == "file:///tmp/probe/file.txt")
        #expect(try KeyedUnarchiver.unarchivedObject(of: UUID.self, from: bytes("uuid"))?.uuidString == "0AD863BA-7584-40CF-8896-BD87B3280C34")
        #expect(try KeyedUnarchiver.unarchivedObject(of: ArchivedNull.self, from: bytes("null")) == ArchivedNull())

        let u = try KeyedUnarchiver(bytes: bytes("people"))
        u.setClass(Person.self, forClassName: Self.probeClass)
        let ann = try #require(try u.decodeTopLevelObject(of: Person.self))
        #expect(ann.name == "Ann" && ann.age == 30)
        #expect(ann.friends.count == 2)
        #expect(ann.friends[0] === ann.friends[1])  // one Bob, referenced twice
        #expect(ann.friends[0].name == "Bob" && ann.friends[0].age == 41)
    }

    // MARK: us → Foundation

    static func ours<T: KeyedArchivable>(_ v: T, _ configure: (KeyedArchiver) -> Void = { _ in }) throws -> [UInt8] {
        let a = KeyedArchiver()
        configure(a)
        try a.encode(v, forKey: "root")
        return try a.encodedData()
    }

    @Test func foundationDecodesOurArchives() throws {
        guard Self.probe() != nil else { return }
        let bob = Person("Bob", age: 41)
        let ann = Person("Ann", age: 30)
        ann.friends = [bob, bob]
        let cases: [(String, [UInt8], String)] = [
            ("string", try Self.ours("héllo, wörld"), #""héllo, wörld""#),
            ("mutable-string", try Self.ours(MutableStringValue("mutable")), #"ms"mutable""#),
            ("numbers", try Self.ours(ArchivedValue.array([.int(-1), .int(Int64.max), .unsignedInt(UInt64.max), .double(1.5), .bool(true)])),
             "[i-1,i9223372036854775807,i18446744073709551615,r1.5,true]"),
            ("dictionary", try Self.ours(ArchivedValue.dictionary([.init(key: .string("a"), value: .int(1)), .init(key: .string("b"), value: .string("two")),
                                                                    .init(key: .string("c"), value: .array([.int(1), .int(2), .int(3)]))])),
             #"{"a":i1,"b":"two","c":[i1,i2,i3]}"#),
            ("set", try Self.ours(OrderedArchivedSet(["x", "y", "z"])), #"("x","y","z")"#),
            ("date", try Self.ours(Date(timeIntervalSinceReferenceDate: 700_000_000.5)), "date(700000000.5)"),
            ("data", try Self.ours(Data([0, 1, 2, 0xFF])), "d<000102ff>"),
            ("url", try Self.ours(try #require(URL(string: "file:///tmp/probe/file.txt"))), "url(file:///tmp/probe/file.txt)"),
            ("uuid", try Self.ours(try #require(UUID(uuidString: "0AD863BA-7584-40CF-8896-BD87B3280C34"))),
             "uuid(0AD863BA-7584-40CF-8896-BD87B3280C34)"),
            ("null", try Self.ours(ArchivedNull()), "null"),
            ("people", try Self.ours(ann) { $0.setClassName(Self.probeClass, for: Person.self) },
             #"Person("Ann",30,[Person("Bob",41,[]),Person("Bob",41,[])])"#),
        ]
        for (name, bytes, expected) in cases {
            switch try Self.describe(bytes) {
            case .output(let text): #expect(text.trimmingCharacters(in: .whitespacesAndNewlines) == expected, "\(name)")
            case let other: Issue.record("\(name): Foundation could not decode our archive: \(other)")
            }
        }
        ann.friends = []
    }

    @Test func foundationAndWeAgreeOnFoundationsOwnArchives() throws {
        // Each Foundation archive, re-encoded by us from what we decoded, reads back identically in Foundation.
        guard let archives = try Self.foundationArchives() else { return }
        for name in ["dictionary", "set", "date", "data", "url", "uuid", "null", "numbers"] {
            let original = Array(try Self.archive(name, in: archives))
            let value = try #require(try KeyedUnarchiver.unarchivedObject(of: ArchivedValue.self, from: original))
            let ours = try KeyedArchiver.archivedData(withRootObject: value)
            let a = try Self.describe(original), b = try Self.describe(ours)
            #expect(a == b, "\(name)")
        }
    }
}
