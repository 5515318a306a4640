import Foundation
import Testing
@testable import KeyedArchive
import CorpusSupport

/// `ArchiveGraph.keyedArchiveBinaryData()` writes the bytes `PropertyList(keyedArchive:).binaryData()` writes,
/// and refuses what it refuses, for every graph we can get: real archives, hostile seeds, edge cases.
@Suite struct KeyedArchiveBinaryWriterTests {
    /// The direct bytes equal the two-step bytes, or both paths throw the same code.
    static func expectSameBytes(_ g: ArchiveGraph, _ name: String) {
        let direct = Result { () throws(ArchiveError) in try g.keyedArchiveBinaryData() }
        let twoStep = Result { () throws(ArchiveError) in try PropertyList(keyedArchive: g).binaryData() }
        switch (direct, twoStep) {
        case let (.success(a), .success(b)): #expect(a == b, "\(name): \(a.count) bytes directly, \(b.count) through the plist")
        case let (.failure(a), .failure(b)): #expect(a.code == b.code, "\(name): \(a) vs \(b)")
        default: Issue.record("\(name): direct \(direct), through the plist \(twoStep)")
        }
    }

    @Test func everyCorpusKeyedArchiveWritesTheSameBytes() throws {
        guard Corpus.require() else { return }
        var compared = 0
        for url in KeyedCorpusGraphTests.keyedFiles("keyed") + KeyedCorpusGraphTests.keyedFiles("nib") {
            guard let g = try? ArchiveGraph(keyedArchiveBytes: try Corpus.bytes(url)) else { continue }
            Self.expectSameBytes(g, Corpus.name(url))
            compared += 1
        }
        #expect(compared >= 150)
    }

    @Test func everyFuzzSeedThatReadsWritesTheSameBytes() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("FuzzCorpus")
        var compared = 0
        for sub in ["keyedgraph", "unarchiver", "roundtrip", "regressions"] {
            let dir = root.appendingPathComponent(sub)
            guard let e = FileManager.default.enumerator(at: dir, includingPropertiesForKeys: nil) else { continue }
            for case let url as URL in e {
                guard let data = try? Data(contentsOf: url),
                      let g = try? ArchiveGraph(keyedArchiveBytes: Array(data)) else { continue }
                Self.expectSameBytes(g, url.lastPathComponent)
                compared += 1
            }
        }
        #expect(compared >= 100)
    }

    /// The one-shot path (`archivedData(withRootObject:)`, the Codable encoder), which frees the graph's
    /// tables before laying out bytes, writes what a kept archiver writes, and every corpus graph written
    /// through it gives the bytes of the ordinary writer.
    @Test func theReleasingPathWritesTheSameBytes() throws {
        let alice = Person("Alice", age: 30), bob = Person("Bob", age: 31)
        alice.friends = [bob, alice]
        bob.best = alice
        let kept = KeyedArchiver()
        try kept.encode([alice, bob], forKey: "root")
        let oneShot = try KeyedArchiver.archivedData(withRootObject: [alice, bob])
        #expect(oneShot == (try kept.encodedData()))
        let xml = try KeyedArchiver.archivedData(withRootObject: [alice, bob], format: .xml)
        kept.outputFormat = .xml
        #expect(xml == (try kept.encodedData()))

        guard Corpus.require() else { return }
        var compared = 0
        for url in KeyedCorpusGraphTests.keyedFiles("keyed") {
            guard let g = try? ArchiveGraph(keyedArchiveBytes: try Corpus.bytes(url)),
                  let expected = try? g.keyedArchiveBinaryData() else { continue }
            let copy = g
            #expect(try ArchiveGraph.keyedArchiveBinaryData(releasing: copy) == expected, "\(Corpus.name(url))")
            compared += 1
        }
        #expect(compared >= 100)
    }

    @Test func edgeCasesWriteTheSameBytes() throws {
        var b = ArchiveGraphBuilder(metadata: .init(source: .built))
        _ = b.appendPlain(b.stringValue("$null"))
        let hint = b.internClass("NSObject")
        let cls = b.internClass("Gadget", chain: ["Gadget", "Widget", "NSObject"])
        var c = b.build().classes[cls]
        c.fallbacks = [hint]
        let hinted = b.appendClass(ArchiveClass(name: "Hinted", fallbacks: [hint, 99], chain: []))
        let ascii = b.appendBytes(Array("plain".utf8))
        let highASCII = b.appendBytes([0x41, 0xE9, 0x42])
        let utf16ASCII = b.appendBytes([0, 0x41, 0, 0x42, 0])
        let utf16 = b.appendBytes([0x26, 0x3A, 0, 0x41])
        let items = b.appendItems([.string(ascii, encoding: .ascii), .int(-1, width: 8), .double(.nan), .nil])
        let odd = b.appendItems([.string(ascii, encoding: .utf8), .ref(2), .bool(true)])
        let nested = b.appendItems([.array(items), .set(items), .dict(odd)])
        let values: [(String, ArchiveValue)] = [
            ("$weird", .int(5, width: 1)), ("$0", .float(1.5)), ("big", .unsignedInt(UInt64.max)),
            ("wide", .wideInt(PlistWideInteger(high: 3, low: 9))), ("narrow", .wideInt(PlistWideInteger(high: -1, low: UInt64.max))),
            ("high", .string(highASCII, encoding: .ascii)), ("u16a", .string(utf16ASCII, encoding: .utf16BigEndian)),
            ("u16", .string(utf16, encoding: .utf16BigEndian)), ("smile", b.stringValue("snow ☃ and 😀")),
            ("when", .date(-1.25)), ("blob", .bytes(ascii)), ("same", .bytes(ascii)), ("nested", .array(nested)),
            ("floatNaN", .float(.nan)), ("neg", .int(Int64.min, width: 8)),
        ]
        b.appendObject(classIndex: cls, values: values.map { ArchiveKeyedValue(key: b.internKey($0.0), value: $0.1) })
        b.appendObject(classIndex: hinted, values: [ArchiveKeyedValue(key: b.internKey("back"), value: .ref(1))])
        _ = b.appendPlain(.string(utf16, encoding: .utf16BigEndian))
        // Collections of scalars straight in an object's values (the writer's one-pass path), between
        // scalars, with dicts of an odd and an even item count and an empty array.
        let none = b.appendItems([])
        let pairs = b.appendItems([b.stringValue("k1"), .int(1, width: 1), b.stringValue("k2"), .ref(2), b.stringValue("k3"), .double(2.5)])
        b.appendObject(classIndex: hinted, values: [
            ArchiveKeyedValue(key: b.internKey("first"), value: .int(1, width: 1)),
            ArchiveKeyedValue(key: b.internKey("list"), value: .array(items)),
            ArchiveKeyedValue(key: b.internKey("bag"), value: .set(items)),
            ArchiveKeyedValue(key: b.internKey("map"), value: .dict(odd)),
            ArchiveKeyedValue(key: b.internKey("empty"), value: .array(none)),
            ArchiveKeyedValue(key: b.internKey("pairs"), value: .dict(pairs)),
            ArchiveKeyedValue(key: b.internKey("last"), value: .ref(1)),
        ])
        b.top = [ArchiveKeyedValue(key: b.internKey("root"), value: .ref(1)),
                 ArchiveKeyedValue(key: b.internKey("flat"), value: .ref(4)),
                 ArchiveKeyedValue(key: b.internKey("$top"), value: .dict(odd))]
        var g = b.build()
        g.classes[cls] = c
        Self.expectSameBytes(g, "edge cases")
        // The result reads back as the same archive.
        let back = try ArchiveGraph(keyedArchiveBytes: g.keyedArchiveBinaryData())
        #expect(back.className(ofObject: 1) == "Gadget")
        #expect(back.value(ofObject: 1, forKey: "big") == .unsignedInt(UInt64.max))
        #expect(back.string(back.value(ofObject: 1, forKey: "smile") ?? .nil) == "snow ☃ and 😀")
        #expect(back.classes.contains { $0.name == "Hinted" && $0.fallbacks.map { back.classes[$0].name } == ["NSObject"] })
    }

    @Test func refusesWhatCannotBeWritten() throws {
        var b = ArchiveGraphBuilder(metadata: .init(source: .built))
        _ = b.appendPlain(b.stringValue("$null"))
        let cls = b.internClass("Widget")
        let k = b.internKey("x")
        b.appendObject(classIndex: cls, values: [ArchiveKeyedValue(key: k, value: .ref(-4))])
        Self.expectSameBytes(b.build(), "negative reference")
        #expect(throws: ArchiveError(.encodingFailed, "")) { try b.build().keyedArchiveBinaryData() }

        var out = ArchiveGraphBuilder(metadata: .init(source: .built))
        _ = out.appendPlain(out.stringValue("$null"))
        out.appendObject(classIndex: out.internClass("Widget"),
                         values: [ArchiveKeyedValue(key: out.internKey("s"), value: .bytes(ArchiveRange(start: 1 << 40, count: 3)))])
        #expect(throws: ArchiveError(.encodingFailed, "")) { try out.build().keyedArchiveBinaryData() }

        var badKey = ArchiveGraphBuilder(metadata: .init(source: .built))
        _ = badKey.appendPlain(badKey.stringValue("$null"))
        badKey.appendObject(classIndex: badKey.internClass("Widget"), values: [ArchiveKeyedValue(key: 99, value: .int(1, width: 0))])
        #expect(throws: ArchiveError(.encodingFailed, "")) { try badKey.build().keyedArchiveBinaryData() }

        var cyc = ArchiveGraphBuilder(metadata: .init(source: .built))
        _ = cyc.appendPlain(cyc.stringValue("$null"))
        let loop = cyc.appendItems([.nil])
        var g = cyc.build()
        g.items[loop.start] = .array(loop)
        g.top = [ArchiveKeyedValue(key: 0, value: .array(loop))]
        g.keys = ["root"]
        Self.expectSameBytes(g, "self-containing inline array")
    }
}
