import Testing
@testable import KeyedArchive
import CorpusSupport

@Suite struct NIBArchiveReaderTests {
    typealias Example = NIBArchiveWorkedExample

    func read(_ bytes: [UInt8], limits: DecodingLimits = .default) throws(ArchiveError) -> ArchiveGraph {
        try ArchiveGraph(nibArchive: bytes, limits: limits)
    }

    func code(_ bytes: [UInt8], limits: DecodingLimits = .default) -> ArchiveError.Code? {
        do {
            _ = try read(bytes, limits: limits)
            return nil
        } catch {
            return error.code
        }
    }

    // MARK: Worked example (§12)

    @Test func workedExampleParses() throws {
        let g = try read(Example.bytes)
        #expect(g.objects.count == 3)
        #expect(g.keys == ["title", "enabled", "count", "tint", "NS.bytes", "UIWhite"])
        #expect(g.classes.map(\.name) == ["NSObject", "NSString", "UIColor", "NSColor"])
        #expect(g.classes[2].fallbacks == [3])
        #expect(g.className(ofObject: 1) == "NSString")
        #expect(g.topValue(forKey: "title") == .ref(1))
        #expect(g.topValue(forKey: "enabled") == .bool(true))
        #expect(g.topValue(forKey: "count") == .int(300, width: 2))
        #expect(g.topValue(forKey: "tint") == .ref(2))
        #expect(g.value(ofObject: 2, forKey: "UIWhite") == .float(1.0))
        guard case let .bytes(r)? = g.value(ofObject: 1, forKey: "NS.bytes") else {
            Issue.record("NS.bytes is not data")
            return
        }
        #expect(Array(g.bytes(r)) == Array("Hi".utf8))
        #expect(r.start == 0x7A)  // a range into the input itself
        #expect(g.metadata.source == .nibArchive)
        #expect(g.metadata.nibFormatVersion == 1)
        #expect(g.metadata.nibCoderVersion == 10)
        #expect(g.metadata.trailingBytes == 0)
        #expect(g.metadata.warnings.isEmpty)
        #expect(g.metadata.nibLayout == NIBArchiveLayout(tableOrder: [.objects, .keys, .values, .classes],
                                                         isContiguous: true, hasLNETrailer: false))
    }

    @Test func workedExampleRoundTripsByteForByte() throws {
        #expect(try read(Example.bytes).nibArchiveData() == Example.bytes)
    }

    @Test func type4ReadsAsFalse() throws {
        // 0x6C: the `enabled` value's type byte 05 → 04.
        #expect(try read(Example.patched(0x6C, 0x04)).topValue(forKey: "enabled") == .bool(false))
    }

    @Test func formatVersion2IsRejected() {
        #expect(code(Example.patched(0x0A, 0x02)) == .unsupportedFormat)
    }

    @Test func formatVersion0IsAccepted() throws {
        let g = try read(Example.patched(0x0A, 0x00))
        #expect(g.metadata.nibFormatVersion == 0)
    }

    @Test func classIndexEqualToClassCountIsRejected() {
        // 0x32: object 0's classIndex 0 → 4 (== classCount).
        #expect(code(Example.patched(0x32, 0x84)) == .badReference)
    }

    @Test func classNameWithoutNULIsRejected() {
        // 0x8C: "NSObject"'s terminator → 'A'.
        #expect(code(Example.patched(0x8C, 0x41)) == .corrupt)
    }

    @Test func valueRunPastTheTableIsRejected() throws {
        // 0x37: object 1's valueCount 1 → 7; 4 + 7 > 6.
        let error = #expect(throws: ArchiveError.self) { try read(Example.patched(0x37, 0x87)) }
        #expect(error?.code == .badReference)
        #expect(error?.objectIndex == 1)
        #expect(error?.offset == 0x35)
    }

    // MARK: Pitfall 30: layout

    @Test func acceptsTablesOutOfOrder() throws {
        let t = Example.tables
        // Class table first at offset 50, then objects, keys, values.
        let moved = Example.assemble(objects: t.objects, keys: t.keys, values: t.values, classes: t.classes, order: [3, 0, 1, 2])
        let g = try read(moved)
        #expect(g.topValue(forKey: "count") == .int(300, width: 2))
        #expect(g.metadata.nibLayout?.tableOrder == [.classes, .objects, .keys, .values])
        #expect(g.metadata.nibLayout?.isContiguous == true)
        #expect(try g.nibArchiveData() == moved)
    }

    @Test func acceptsWinObjCTableOrder() throws {
        let t = Example.tables
        let g = try read(Example.assemble(objects: t.objects, keys: t.keys, values: t.values, classes: t.classes,
                                          order: [3, 1, 2, 0]))
        #expect(g.classes[2].fallbacks == [3])
        #expect(g.metadata.nibLayout?.tableOrder == [.classes, .keys, .values, .objects])
    }

    @Test func acceptsGapsBetweenTables() throws {
        let t = Example.tables
        let g = try read(Example.assemble(objects: t.objects, keys: t.keys, values: t.values, classes: t.classes, gap: 7))
        #expect(g.topValue(forKey: "tint") == .ref(2))
        #expect(g.metadata.nibLayout?.isContiguous == false)
        #expect(g.metadata.trailingBytes == 0)
    }

    @Test func acceptsOverlappingTables() throws {
        // `80 04 80 80` is object 0 (class 0, firstValue 4 in a non-minimal 2-byte form, no values)
        // and, read from the same offset, value 0 (key 0, false).
        var b = Example.assemble(objects: (1, [0x80, 0x04, 0x80, 0x80]), keys: (1, [0x81, 0x6B]), values: (0, []),
                                 classes: (1, [0x89, 0x80] + Array("NSObject".utf8) + [0]))
        b[0x22] = 0x01  // valueCount 1 …
        b[0x26] = 0x32  // … at offset 50, on top of the object table
        let g = try read(b)
        #expect(g.objects.count == 1)
        #expect(g.values == [ArchiveKeyedValue(key: 0, value: .bool(false))])
        #expect(g.values(ofObject: 0).isEmpty)
    }

    // MARK: Pitfall 31: trailing bytes

    @Test func acceptsLNETrailerAnd1MBJunk() throws {
        let lne = try read(Example.bytes + NIBArchiveLayout.lneTrailer)
        #expect(lne.metadata.trailingBytes == 4)
        #expect(lne.metadata.nibLayout?.hasLNETrailer == true)
        #expect(try lne.nibArchiveData() == Example.bytes + NIBArchiveLayout.lneTrailer)
        let junk = [UInt8](repeating: 0xA5, count: 1 << 20)
        let g = try read(Example.bytes + junk)
        #expect(g.metadata.trailingBytes == 1 << 20)
        #expect(g.metadata.nibLayout?.hasLNETrailer == false)
        #expect(g.topValue(forKey: "count") == .int(300, width: 2))
    }

    // MARK: Pitfall 32: varints

    @Test func acceptsSingleByteZeroVarint() throws {
        // Data of length 0: the length varint is the single byte 80.
        guard case let .bytes(r)? = try read(Example.oneValue([0x08, 0x80])).topValue(forKey: "k") else {
            Issue.record("type 8 is not bytes")
            return
        }
        #expect(r.count == 0)
    }

    @Test func varintTable() {
        let cases: [([UInt8], UInt32)] = [
            ([0x80], 0), ([0x85], 5), ([0xFF], 127), ([0x00, 0x81], 128), ([0x2C, 0x82], 300),
            ([0x7F, 0xFF], 16383), ([0x00, 0x00, 0x81], 16384), ([0x7F, 0x7F, 0x7F, 0x7F, 0x8F], UInt32.max),
            ([0x05, 0x80], 5),  // non-minimal, still valid
        ]
        for (bytes, value) in cases {
            bytes.withUnsafeBufferPointer { buf in
                var s = NIBArchiveScanner(base: buf, pos: 0)
                #expect(s.readVarint() == value, "\(bytes)")
                #expect(s.pos == bytes.count)
            }
            var out: [UInt8] = []
            NIBArchiveVarint.append(value, to: &out)
            if value != 5 || bytes.count == 1 { #expect(out == bytes) }
        }
    }

    @Test func acceptsNonMinimalVarints() throws {
        // Object 0's classIndex written as 80 80 80 80 80? no: 5 bytes "00 00 00 00 80" = 0, valid.
        let t = Example.tables
        var objects = t.objects
        objects.body.replaceSubrange(0 ..< 1, with: [0x00, 0x00, 0x00, 0x00, 0x80])  // classIndex 0 in 5 bytes
        let g = try read(Example.assemble(objects: objects, keys: t.keys, values: t.values, classes: t.classes))
        #expect(g.className(ofObject: 0) == "NSObject")
    }

    @Test func rejectsVarintLongerThanFiveBytes() {
        let t = Example.tables
        var objects = t.objects
        objects.body.replaceSubrange(0 ..< 1, with: [0x00, 0x00, 0x00, 0x00, 0x00, 0x80])  // 6 bytes
        let error = #expect(throws: ArchiveError.self) {
            try read(Example.assemble(objects: objects, keys: t.keys, values: t.values, classes: t.classes))
        }
        #expect(error?.code == .corrupt)
        #expect(error?.offset == 50)
        #expect(error?.objectIndex == 0)
    }

    @Test func rejectsVarintAbove32Bits() {
        let t = Example.tables
        var objects = t.objects
        objects.body.replaceSubrange(0 ..< 1, with: [0x7F, 0x7F, 0x7F, 0x7F, 0xFF])  // 5th byte uses bits 32–34
        #expect(code(Example.assemble(objects: objects, keys: t.keys, values: t.values, classes: t.classes)) == .overflow)
    }

    @Test func rejectsVarintCutOffAtEndOfFile() {
        // The last table is classes; cut the file inside the last class record's length varint
        // after changing it to a 2-byte form: simpler, end the file after a continuation byte.
        var b = Array(Example.bytes[0 ..< 0xA6])
        b.append(0x08)  // a varint byte without the terminator bit, then EOF
        #expect(code(b) == .truncated)
    }

    // MARK: Pitfall 33: strict bounds

    @Test func keyIndexEqualToKeyCountIsRejected() {
        let error = #expect(throws: ArchiveError.self) { try read(Example.patched(0x6B, 0x86)) }  // v1 key 1 → 6
        #expect(error?.code == .badReference)
        #expect(error?.objectIndex == 0)
        #expect(error?.offset == 0x6B)
    }

    @Test func objectRefEqualToObjectCountIsRejected() {
        #expect(code(Example.patched(0x67, 0x03)) == .badReference)  // v0 → object 3 of 3
    }

    @Test func fallbackEqualToClassCountIsRejected() {
        #expect(code(Example.patched(0x9A, 0x04)) == .badReference)  // UIColor fallback 3 → 4
    }

    // MARK: Pitfall 34: fallbacks

    @Test func fallbackCount200UsesTwoByteVarint() throws {
        // One class, "NSObject", with 200 fallbacks all pointing at itself (count 200 = C8 → 48 81).
        var cls: [UInt8] = [0x89, 0x48, 0x81]
        for _ in 0 ..< 200 { cls += [0x00, 0x00, 0x00, 0x00] }
        cls += Array("NSObject".utf8) + [0x00]
        let b = Example.assemble(objects: (1, [0x80, 0x80, 0x80]), keys: (0, []), values: (0, []), classes: (1, cls))
        let g = try read(b)
        #expect(g.classes.count == 1)
        #expect(g.classes[0].name == "NSObject")
        #expect(g.classes[0].fallbacks.count == 200)
        #expect(try g.nibArchiveData() == b)
    }

    @Test func fallbackCountPastEndFailsFast() {
        // classes[0] claims 0x0FFFFFFF fallbacks.
        let cls: [UInt8] = [0x89, 0x7F, 0x7F, 0x7F, 0x80] + Array("NSObject".utf8) + [0x00]
        let b = Example.assemble(objects: (1, [0x80, 0x80, 0x80]), keys: (0, []), values: (0, []), classes: (1, cls))
        #expect(code(b) == .truncated)
    }

    // MARK: Pitfall 35/36: value types

    @Test func zeroExtendsInt8() throws {
        #expect(try read(Example.oneValue([0x00, 0xFF])).topValue(forKey: "k") == .int(255, width: 1))
    }

    @Test func zeroExtendsInt16AndInt32() throws {
        #expect(try read(Example.oneValue([0x01, 0xFF, 0xFF])).topValue(forKey: "k") == .int(65535, width: 2))
        #expect(try read(Example.oneValue([0x02, 0xFF, 0xFF, 0xFF, 0xFF])).topValue(forKey: "k")
            == .int(4_294_967_295, width: 4))
    }

    @Test func int64IsSigned() throws {
        let v = try read(Example.oneValue([0x03] + [UInt8](repeating: 0xFF, count: 8))).topValue(forKey: "k")
        #expect(v == .int(-1, width: 8))
    }

    @Test func readsEveryValueType() throws {
        let cases: [([UInt8], ArchiveValue)] = [
            ([0x00, 0x7F], .int(127, width: 1)),
            ([0x01, 0x80, 0x00], .int(128, width: 2)),
            ([0x02, 0x00, 0x80, 0x00, 0x00], .int(32768, width: 4)),
            ([0x03, 0x00, 0x00, 0x00, 0x80, 0x00, 0x00, 0x00, 0x00], .int(0x8000_0000, width: 8)),
            ([0x04], .bool(false)),
            ([0x05], .bool(true)),
            ([0x06, 0x00, 0x00, 0xC0, 0x3F], .float(1.5)),
            ([0x07, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x04, 0x40], .double(2.5)),
            ([0x09], .nil),
            ([0x0A, 0x00, 0x00, 0x00, 0x00], .ref(0)),
        ]
        for (payload, expected) in cases {
            #expect(try read(Example.oneValue(payload)).topValue(forKey: "k") == expected, "type \(payload[0])")
        }
        let data = try read(Example.oneValue([0x08, 0x83, 0x61, 0x62, 0x63]))  // data "abc"
        guard case let .bytes(r)? = data.topValue(forKey: "k") else {
            Issue.record("type 8 is not bytes")
            return
        }
        #expect(Array(data.bytes(r)) == Array("abc".utf8))
    }

    @Test func rejectsTypeAbove10() {
        #expect(code(Example.oneValue([0x0B])) == .corrupt)
        #expect(code(Example.oneValue([0x80])) == .corrupt)
    }

    @Test func rejectsTruncatedPayloads() {
        for payload: [UInt8] in [[0x00], [0x01, 0x00], [0x02, 0, 0, 0], [0x03, 0, 0, 0, 0, 0, 0, 0], [0x06, 0, 0],
                                 [0x07, 0, 0, 0], [0x08, 0x85, 0x61], [0x0A, 0, 0]] {
            // The value table is followed by the class table, so a short payload eats into it;
            // cut the file at the end of the value table to make it a real truncation.
            let b = Example.assemble(objects: (1, [0x80, 0x80, 0x81]), keys: (1, [0x81, 0x6B]),
                                     values: (1, [0x80] + payload), classes: (1, [0x89, 0x80] + Array("NSObject".utf8) + [0]),
                                     order: [0, 1, 3, 2])
            #expect(code(b) == .truncated, "type \(payload[0])")
        }
    }

    // MARK: Pitfall 37/38/39: counts and ranges

    @Test func objectCountLargerThanFileFailsFast() {
        var b = Array(Example.bytes[0 ..< 50]) + [UInt8](repeating: 0x80, count: 10)  // 60 bytes
        for (at, v) in [(18, UInt32.max), (22, UInt32(50))] {  // objectCount 0xFFFFFFFF at offset 50
            for s in 0 ..< 4 { b[at + s] = UInt8((v >> UInt32(8 * s)) & 0xFF) }
        }
        for at in [26, 34, 42] { for s in 0 ..< 4 { b[at + s] = 0 } }  // other counts 0
        for at in [30, 38, 46] { b[at] = 50; for s in 1 ..< 4 { b[at + s] = 0 } }
        let error = #expect(throws: ArchiveError.self) { try read(b, limits: DecodingLimits(maxObjectCount: .max)) }
        #expect(error?.code == .truncated)
        #expect(error?.offset == 18)
        #expect(code(b) == .limitExceeded)  // the default object limit triggers even earlier
    }

    @Test func everyTableCountIsCheckedAgainstRemainingBytes() {
        for countField in [26, 34, 42] {
            var b = Example.bytes
            for s in 0 ..< 4 { b[countField + s] = 0xFF }
            #expect(code(b) == .truncated, "count at \(countField)")
        }
    }

    @Test func tableOffsetPastEndIsRejected() {
        var b = Example.bytes
        b[0x2E] = 0xB1  // classesOffset 177 > 176
        #expect(code(b) == .truncated)
    }

    @Test func firstValuePlusCountOverflow() {
        // Object 0: firstValue 0xFFFFFFFF (7F 7F 7F 7F 8F), valueCount 2 (82).
        let b = Example.assemble(objects: (1, [0x80, 0x7F, 0x7F, 0x7F, 0x7F, 0x8F, 0x82]), keys: (1, [0x81, 0x6B]),
                                 values: (2, [0x80, 0x09, 0x80, 0x09]),
                                 classes: (1, [0x89, 0x80] + Array("NSObject".utf8) + [0]))
        let error = #expect(throws: ArchiveError.self) { try read(b) }
        #expect(error?.code == .badReference)
        #expect(error?.objectIndex == 0)
    }

    @Test func emptyObjectAcceptsAnyFirstValue() throws {
        // Object 1 has no values and firstValue 0xFFFFFFFF.
        let b = Example.assemble(objects: (2, [0x80, 0x80, 0x81, 0x80, 0x7F, 0x7F, 0x7F, 0x7F, 0x8F, 0x80]),
                                 keys: (1, [0x81, 0x6B]), values: (1, [0x80, 0x0A, 0x01, 0, 0, 0]),
                                 classes: (1, [0x89, 0x80] + Array("NSObject".utf8) + [0]))
        let g = try read(b)
        #expect(g.values(ofObject: 1).isEmpty)
        #expect(g.objects[1].valueStart == 0xFFFF_FFFF)  // kept as read
        #expect(try g.nibArchiveData() == b)
    }

    // MARK: Pitfall 29: coder version

    @Test func coderVersion0And11Accepted() throws {
        for v: UInt8 in [0, 11] {
            let g = try read(Example.patched(0x0E, v))
            #expect(g.metadata.nibCoderVersion == UInt32(v))
            #expect(g.metadata.warnings.contains { $0.contains("coderVersion") })
            #expect(try g.nibArchiveData() == Example.patched(0x0E, v))
        }
        #expect(try read(Example.patched(0x0E, 9)).metadata.warnings.isEmpty)
    }

    // MARK: Names

    @Test func keyMustBeValidUTF8() {
        #expect(code(Example.patched(0x3C, 0xFF)) == .corrupt)  // first byte of "title"
    }

    @Test func classNameMustBeValidUTF8AndHaveNoEmbeddedNUL() {
        #expect(code(Example.patched(0x84, 0xC3)) == .corrupt)  // "NSObject" → "\xC3SObject"
        #expect(code(Example.patched(0x85, 0x00)) == .corrupt)  // embedded NUL
    }

    @Test func classNameLengthZeroIsRejected() {
        #expect(code(Example.patched(0x82, 0x80)) == .corrupt)
    }

    @Test func duplicateKeyStringsSurvive() throws {
        // Key 1 "enabled" renamed to "title": both entries stay in the key table.
        let t = Example.tables
        let keys: [UInt8] = [0x85] + Array("title".utf8) + [0x85] + Array("title".utf8) + Array(t.keys.body[14...])
        let b = Example.assemble(objects: t.objects, keys: (6, keys), values: t.values, classes: t.classes)
        let g = try read(b)
        #expect(g.keys.prefix(2) == ["title", "title"])
        #expect(g.sameKey(0, 1))
        #expect(try g.nibArchiveData() == b)
    }

    // MARK: Pitfall 45: wrong containers

    @Test func typedstreamIsAClearUnsupportedError() {
        let ts: [UInt8] = [0x04, 0x0B] + Array("typedstream".utf8) + [0x81, 0xE8, 0x03] + [UInt8](repeating: 0, count: 50)
        let error = #expect(throws: ArchiveError.self) { try read(ts) }
        #expect(error?.code == .unsupportedFormat)
        #expect(error?.reason.contains("typedstream") == true)
    }

    @Test func plistAndShortInputAreNotNIBArchives() {
        #expect(code(Array("bplist00".utf8) + [UInt8](repeating: 0, count: 60)) == .unknownFormat)
        #expect(code(Array("NIBArchive".utf8)) == .truncated)
        #expect(code([]) == .truncated)
    }
}
