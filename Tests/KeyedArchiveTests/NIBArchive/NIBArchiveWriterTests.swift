import Testing
@testable import KeyedArchive
import CorpusSupport

@Suite struct NIBArchiveWriterTests {
    /// A built graph: object 0 → `view` (UIView, no values), `alpha` twice, `n` = -1, `big` = 128.
    func builtGraph() -> ArchiveGraph {
        var b = ArchiveGraphBuilder(metadata: .init(source: .built))
        let root = b.internClass("NSObject"), view = b.internClass("UIView")
        b.appendObject(classIndex: root, values: [
            ArchiveKeyedValue(key: b.internKey("view"), value: .ref(1)),
            ArchiveKeyedValue(key: b.internKey("UIAlpha"), value: .double(0.5)),
            ArchiveKeyedValue(key: b.internKey("UIAlpha"), value: .double(1.0)),  // dropped: duplicate key
            ArchiveKeyedValue(key: b.internKey("n"), value: .int(-1, width: 1)),  // width from the rule: int64
            ArchiveKeyedValue(key: b.internKey("big"), value: .int(128, width: 8)),  // int16
            ArchiveKeyedValue(key: b.internKey("on"), value: .bool(true)),
        ])
        b.appendObject(classIndex: view, values: [])
        return b.build()
    }

    /// Pitfall 39 and 44: the exact bytes Apple's rules give, including `firstValue` 0 for a valueless object.
    @Test func writerGoldenWithValuelessObject() throws {
        let expected: [UInt8] = [
            0x4E, 0x49, 0x42, 0x41, 0x72, 0x63, 0x68, 0x69, 0x76, 0x65,  // "NIBArchive"
            0x01, 0x00, 0x00, 0x00, 0x0A, 0x00, 0x00, 0x00,  // formatVersion 1, coderVersion 10
            0x02, 0x00, 0x00, 0x00, 0x32, 0x00, 0x00, 0x00,  // 2 objects at 0x32
            0x05, 0x00, 0x00, 0x00, 0x38, 0x00, 0x00, 0x00,  // 5 keys at 0x38
            0x05, 0x00, 0x00, 0x00, 0x4E, 0x00, 0x00, 0x00,  // 5 values at 0x4E
            0x02, 0x00, 0x00, 0x00, 0x6E, 0x00, 0x00, 0x00,  // 2 classes at 0x6E
            0x80, 0x80, 0x85,  // 32: NSObject, values 0..<5
            0x81, 0x80, 0x80,  // 35: UIView, no values → firstValue 0, not the running total 5
            0x84, 0x76, 0x69, 0x65, 0x77,  // 38: "view"
            0x87, 0x55, 0x49, 0x41, 0x6C, 0x70, 0x68, 0x61,  // 3D: "UIAlpha"
            0x81, 0x6E,  // 45: "n"
            0x83, 0x62, 0x69, 0x67,  // 47: "big"
            0x82, 0x6F, 0x6E,  // 4B: "on"
            0x80, 0x0A, 0x01, 0x00, 0x00, 0x00,  // 4E: view → object 1
            0x81, 0x07, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xE0, 0x3F,  // 54: UIAlpha = 0.5 (the second UIAlpha is dropped)
            0x82, 0x03, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,  // 5E: n = -1 as int64
            0x83, 0x01, 0x80, 0x00,  // 68: big = 128 as int16
            0x84, 0x05,  // 6C: on = true (type 5)
            0x89, 0x80, 0x4E, 0x53, 0x4F, 0x62, 0x6A, 0x65, 0x63, 0x74, 0x00,  // 6E: "NSObject", no fallbacks
            0x87, 0x80, 0x55, 0x49, 0x56, 0x69, 0x65, 0x77, 0x00,  // 79: "UIView", no fallbacks
        ]  // 82: end
        let out = try builtGraph().nibArchiveData()
        #expect(out == expected)
        #expect(NIBArchiveShapeCheck.violations(out).isEmpty)
        #expect(try builtGraph().nibArchiveData() == out)  // deterministic
    }

    @Test func widthRule() {
        let cases: [(Int64, UInt8)] = [(0, 1), (127, 1), (128, 2), (0x7FFF, 2), (0x8000, 4), (0x7FFF_FFFF, 4),
                                       (0x8000_0000, 8), (-1, 8), (Int64.min, 8), (Int64.max, 8)]
        for (v, w) in cases { #expect(NIBArchiveWriter.appleWidth(v) == w, "\(v)") }
    }

    @Test func launchScreenTrailerOption() throws {
        let out = try builtGraph().nibArchiveData(options: .init(launchScreenTrailer: true))
        #expect(Array(out.suffix(4)) == NIBArchiveLayout.lneTrailer)
        let g = try ArchiveGraph(nibArchive: out)
        #expect(g.topValue(forKey: "IBUINibLNEVersionKey") == .int(1, width: 1))
        #expect(g.metadata.nibLayout?.hasLNETrailer == true)
        #expect(NIBArchiveShapeCheck.violations(out).isEmpty)
    }

    @Test func coderVersionOption() throws {
        let out = try builtGraph().nibArchiveData(options: .init(coderVersion: 9))
        #expect(out[14] == 9)
        #expect(try ArchiveGraph(nibArchive: out).metadata.nibCoderVersion == 9)
    }

    @Test func collectionWithThreeElementsKeepsRepeatedEmptyKey() throws {
        var b = ArchiveGraphBuilder(metadata: .init(source: .built))
        let root = b.internClass("NSObject"), arr = b.internClass("NSArray")
        let empty = b.internKey("UINibEncoderEmptyKey")
        b.appendObject(classIndex: root, values: [ArchiveKeyedValue(key: b.internKey("list"), value: .ref(1))])
        b.appendObject(classIndex: arr, values: [ArchiveKeyedValue(key: b.internKey("NSInlinedValue"), value: .bool(true))]
            + (1 ... 3).map { ArchiveKeyedValue(key: empty, value: .int($0, width: 0)) })
        let out = try b.build().nibArchiveData()
        let g = try ArchiveGraph(nibArchive: out)
        #expect(try g.elements(ofObject: 1) == [.int(1, width: 1), .int(2, width: 1), .int(3, width: 1)])
        #expect(NIBArchiveShapeCheck.violations(out).isEmpty)
    }

    @Test func valuesWithoutANIBArchiveFormAreRejected() {
        var b = ArchiveGraphBuilder(metadata: .init(source: .built))
        let root = b.internClass("NSObject")
        let s = b.stringValue("text")
        b.appendObject(classIndex: root, values: [ArchiveKeyedValue(key: b.internKey("s"), value: s)])
        #expect(throws: ArchiveError(.encodingFailed, "")) { try b.build().nibArchiveData() }
        #expect(throws: ArchiveError(.encodingFailed, "")) {
            try ArchiveGraphBuilder(metadata: .init(source: .built)).build().nibArchiveData()
        }
    }

    // MARK: Shape check (pitfall 43)

    @Test func shapeCheckPassesEveryAppleCorpusFile() {
        guard Corpus.require() else { return }
        for file in NIBArchiveCorpus.files {
            let v = NIBArchiveShapeCheck.violations(file.bytes)
            #expect(v.isEmpty, "\(file.name): \(v.prefix(3))")
        }
    }

    @Test func shapeCheckFlagsWinObjCHabits() {
        typealias E = NIBArchiveWorkedExample
        let rules = { (b: [UInt8]) in Set(NIBArchiveShapeCheck.violations(b).map(\.rule)) }
        #expect(rules(E.bytes).isEmpty)
        #expect(rules(E.patched(0x0A, 0x00)) == ["versions"])  // formatVersion 0
        let t = E.tables
        #expect(rules(E.assemble(objects: t.objects, keys: t.keys, values: t.values, classes: t.classes, order: [3, 1, 2, 0]))
            == ["layout"])
        var objects = t.objects
        objects.body.replaceSubrange(0 ..< 1, with: [0x00, 0x80])  // classIndex 0 in two bytes
        #expect(rules(E.assemble(objects: objects, keys: t.keys, values: t.values, classes: t.classes)) == ["varint"])
        // "count" = int16 300 → int32 300.
        var b = Array(E.bytes[0 ..< 0x6F]) + [0x2C, 0x01, 0x00, 0x00] + Array(E.bytes[0x71...])
        b[0x6E] = 0x02
        b[0x2E] += 2
        #expect(rules(b) == ["width"])
        // A key stored with its NUL: "tint\0".
        let keys = Array(t.keys.body[0 ..< 20]) + [0x85, 0x74, 0x69, 0x6E, 0x74, 0x00] + Array(t.keys.body[25...])
        #expect(rules(E.assemble(objects: t.objects, keys: (6, keys), values: t.values, classes: t.classes)) == ["keys"])
        // Duplicate key in one object: v1 "enabled" → "title".
        #expect(rules(E.patched(0x6B, 0x80)) == ["duplicateKey"])
        #expect(rules(Array(E.bytes.prefix(40))) == ["parses"])
    }
}
