import Foundation
import Testing
@testable import KeyedArchive
import CorpusSupport

/// Apple-written fixtures (macOS Foundation) decode into the expected Swift values.
@Suite struct AppleFixtureTests {
    static func root<T: KeyedArchivable>(_ file: String, as: T.Type) throws -> T? {
        guard let g = try CorpusFile.graph("corelibs-fixtures/Tests__Foundation__Resources__" + file) else { return nil }
        return try KeyedUnarchiver.unarchivedObject(of: T.self, from: g)
    }

    static func fixture(_ name: String) -> String { "Fixtures__macOS-10.14__\(name).archive" }

    @Test func indexSets() throws {
        guard Corpus.require() else { return }
        #expect(try Self.root(Self.fixture("NSIndexSet-Empty"), as: ArchivedIndexSet.self)?.ranges == [])
        #expect(try Self.root(Self.fixture("NSIndexSet-OneRange"), as: ArchivedIndexSet.self)?.ranges == [0 ..< 50])
        let many = try #require(try Self.root(Self.fixture("NSMutableIndexSet-ManyRanges"), as: ArchivedIndexSet.self))
        #expect(many.isMutable)
        #expect(many.ranges.map(\.lowerBound).prefix(3) == [0, 100, 1000])
        #expect(many.ranges.allSatisfy { $0.count == 50 })
        // Re-encoding gives the same NSRangeData bytes Apple wrote.
        let back = try #require(try roundTrip(many, as: ArchivedIndexSet.self))
        #expect(back == many)
    }

    @Test func indexPaths() throws {
        guard Corpus.require() else { return }
        #expect(try Self.root(Self.fixture("NSIndexPath-Empty"), as: ArchivedIndexPath.self)?.indexes == [])
        #expect(try Self.root(Self.fixture("NSIndexPath-OneIndex"), as: ArchivedIndexPath.self)?.indexes == [52])
        #expect(try Self.root(Self.fixture("NSIndexPath-ManyIndices"), as: ArchivedIndexPath.self)?.indexes == [4, 8, 15, 16, 23, 42])
    }

    @Test func setsOrderedSetsAndCountedSets() throws {
        guard Corpus.require() else { return }
        #expect(try Self.root(Self.fixture("NSSet-Numbers"), as: Set<Int>.self) == [1, 2, 3, 4, 5])
        #expect(try Self.root(Self.fixture("NSMutableSet-Numbers"), as: Set<Int>.self) == [1, 2, 3, 4, 5])
        #expect(try Self.root(Self.fixture("NSSet-Empty"), as: Set<Int>.self) == [])
        #expect(try Self.root(Self.fixture("NSOrderedSet-Numbers"), as: ArchivedOrderedSet<Int>.self)?.elements == [1, 2, 3, 4, 5])
        #expect(try Self.root(Self.fixture("NSMutableOrderedSet-Numbers"), as: ArchivedOrderedSet<Int>.self)?.isMutable == true)
        let counted = try #require(try Self.root(Self.fixture("NSCountedSet-NumbersAppearingSeveralTimes"), as: ArchivedCountedSet<Int>.self))
        #expect(counted.members.map(\.element).sorted() == [1, 2, 3, 4, 5])
        #expect(counted.members.allSatisfy { $0.count == 5 })
        #expect(try Self.root(Self.fixture("NSCountedSet-Empty"), as: ArchivedCountedSet<Int>.self)?.members.isEmpty == true)
    }

    @Test func attributedStrings() throws {
        guard Corpus.require() else { return }
        for name in ["NSAttributedString", "NSMutableAttributedString"] {
            let s = try #require(try Self.root(Self.fixture(name), as: ArchivedAttributedString.self))
            #expect(s.string == "0123456789")
            #expect(s.runs.map(\.length).reduce(0, +) == 10)
            #expect(s.isMutable == (name == "NSMutableAttributedString"))
            let fonts = s.runs.compactMap { run in run.attributes.first { $0.key == .string("Font") }?.value.stringValue }
            #expect(Set(fonts) == ["Helvetica", "Times"])
            // Runs with no attributes are empty dictionaries.
            #expect(s.runs.contains { $0.attributes.isEmpty })
            #expect(try roundTrip(s, as: ArchivedAttributedString.self) == s)
        }
    }

    @Test func everyBinaryFixtureDecodesGenerically() throws {
        guard Corpus.require() else { return }
        let files = Corpus.files("keyed/corelibs-fixtures").filter { $0.pathExtension == "archive" }
        #expect(files.count >= 30)
        for url in files {
            let g = try ArchiveGraph(keyedArchiveBytes: Corpus.bytes(url))
            let u = KeyedUnarchiver(graph: g)
            let d = GenericDelegate()  // formatters, measurements and regexes are not Foundation values here
            u.delegate = d
            #expect(try u.decodeTopLevelObject(of: ArchivedValue.self) != nil, "\(Corpus.name(url))")
        }
    }

    // The XML fixtures written by macOS (RectTest, URLTest, …).

    @Test func geometryValues() throws {
        guard Corpus.require() else { return }
        #expect(try Self.root("NSKeyedUnarchiver-RectTest.plist", as: ArchivedGeometry.self) == .rect(x: 400, y: 300, width: 200, height: 300))
        #expect(try Self.root("NSKeyedUnarchiver-RangeTest.plist", as: ArchivedGeometry.self) == .range(location: 97345, length: 98345))
        #expect(try Self.root("NSKeyedUnarchiver-EdgeInsetsTest.plist", as: ArchivedGeometry.self)
            == .edgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        #expect(try Self.root("NSKeyedUnarchiver-ConcreteValueTest.plist", as: ArchivedGeometry.self) == .cArray(objCType: "[3i]", elements: [1, 2, 3]))
    }

    @Test func urlsAndUUIDs() throws {
        guard Corpus.require() else { return }
        let url = try #require(try Self.root("NSKeyedUnarchiver-URLTest.plist", as: URL.self))
        #expect(url.relativeString == "foo.xml")
        #expect(url.baseURL?.absoluteString == "https://www.example.com")
        #expect(url.absoluteString == "https://www.example.com/foo.xml")
        let uuid = try #require(try Self.root("NSKeyedUnarchiver-UUIDTest.plist", as: UUID.self))
        #expect(uuid.uuidString == "0AD863BA-7584-40CF-8896-BD87B3280C34")
        #expect(try roundTrip(url, as: URL.self) == url)
        #expect(try roundTrip(uuid, as: UUID.self) == uuid)
    }

    @Test func arraysOrderedSetsAndComplexValues() throws {
        guard Corpus.require() else { return }
        for name in ["ArrayTest", "OrderedSetTest", "ComplexTest", "NotificationTest"] {
            guard let g = try CorpusFile.graph("corelibs-fixtures/Tests__Foundation__Resources__NSKeyedUnarchiver-\(name).plist") else { return }
            let u = KeyedUnarchiver(graph: g)
            let d = GenericDelegate()
            u.delegate = d
            #expect(try u.decodeTopLevelObject(of: ArchivedValue.self) != nil, "\(name)")
        }
    }

    @Test func datesAndDataRoundTrip() throws {
        let date = Date(timeIntervalSinceReferenceDate: 123_456.789)
        #expect(try roundTrip(date, as: Date.self) == date)
        let data = Data([0, 1, 2, 255])
        #expect(try roundTrip(data, as: Data.self) == data)
        #expect(try roundTrip(MutableDataValue([9, 8]), as: MutableDataValue.self) == MutableDataValue([9, 8]))
        #expect(try roundTrip(MutableStringValue("héllo"), as: MutableStringValue.self) == MutableStringValue("héllo"))
        #expect(try roundTrip(ArchivedNull(), as: ArchivedNull.self) == ArchivedNull())
        let dict: [String: [Int]] = ["a": [1, 2], "b": []]
        #expect(try roundTrip(dict, as: [String: [Int]].self) == dict)
        for g in [ArchivedGeometry.point(x: 74.5, y: 62), .size(width: 1e-3, height: -2), .rect(x: 0, y: 0, width: 0.1, height: 1e20)] {
            #expect(try roundTrip(g, as: ArchivedGeometry.self) == g)
        }
    }
}
