import Foundation
import Testing
@testable import KeyedArchive

/// Hand-written corrupt and edge-case bplist00 inputs, one comment per byte (or run of bytes).
@Suite struct BinaryPlistHostileTests {
    /// "bplist00"
    static let header: [UInt8] = [0x62, 0x70, 0x6C, 0x69, 0x73, 0x74, 0x30, 0x30]

    /// A 32-byte trailer: offsetIntSize, objectRefSize, numObjects, topObject, offsetTableOffset.
    static func trailer(offsetSize: UInt8 = 1, refSize: UInt8 = 1, count: UInt64, top: UInt64 = 0, table: UInt64) -> [UInt8] {
        var t: [UInt8] = [0, 0, 0, 0, 0, 0, offsetSize, refSize]  // 5 unused, sortVersion, two widths
        for v in [count, top, table] { for s in stride(from: 56, through: 0, by: -8) { t.append(UInt8(truncatingIfNeeded: v >> UInt64(s))) } }
        return t
    }

    func code(_ bytes: [UInt8], limits: DecodingLimits = .default) -> ArchiveError.Code? {
        do {
            _ = try PropertyList(binary: bytes, limits: limits)
            return nil
        } catch {
            #expect(error.offset != nil, "error without a byte offset: \(error)")
            return error.code
        }
    }

    /// CoreFoundation's length check is exact: bytes between the offset table and the trailer make it refuse
    /// the file, so a reader that accepted them would read what no Apple platform reads (differential D4).
    @Test func rejectsBytesBetweenTheOffsetTableAndTheTrailer() throws {
        let good = PropertyList(.string("hello")).binaryData()
        #expect((try? PropertyList(binary: good)) != nil)
        let gapped = Array(good.dropLast(32)) + [0, 0, 0, 0, 0, 0] + Array(good.suffix(32))
        #expect {
            try PropertyList(binary: gapped)
        } throws: { e in
            guard let e = e as? ArchiveError else { return false }
            return e.code == .corrupt && e.offset == good.count - 32 && e.reason.contains("6 bytes between")
        }
    }

    @Test func rejectsArrayContainingItself() {
        let bytes = Self.header
            + [0xA1, 0x00]  // 08: obj0 array(1) → obj0
            + [0x08]        // 0A: offset table: obj0 at 0x08
            + Self.trailer(count: 1, table: 0x0A)
        #expect(code(bytes) == .containerCycle)
    }

    @Test func rejectsIndirectContainerCycle() {
        let bytes = Self.header
            + [0xA1, 0x01]  // 08: obj0 array(1) → obj1
            + [0xD1, 0x02, 0x00]  // 0A: obj1 dict(1): key obj2 → value obj0 (back to the top)
            + [0x51, 0x6B]  // 0D: obj2 ASCII "k"
            + [0x08, 0x0A, 0x0D]  // 0F: offset table
            + Self.trailer(count: 3, table: 0x0F)
        #expect(code(bytes) == .containerCycle)
    }

    @Test func acceptsSharedContainerWithoutCycle() throws {
        let bytes = Self.header
            + [0xA2, 0x01, 0x01]  // 08: obj0 array(2) → obj1, obj1 (the same array twice: a DAG, not a cycle)
            + [0xA1, 0x02]        // 0B: obj1 array(1) → obj2
            + [0x09]              // 0D: obj2 true
            + [0x08, 0x0B, 0x0D]  // 0E: offset table
            + Self.trailer(count: 3, table: 0x0E)
        let list = try PropertyList(binary: bytes)
        #expect(try list.value() == .array([.array([.bool(true)]), .array([.bool(true)])]))
        // The writer keeps the shared array shared (identity), so the output is as small as the input.
        #expect(list.binaryData().count == bytes.count)
    }

    @Test func rejectsOffsetOutsideObjectTable() {
        let bytes = Self.header
            + [0x09]        // 08: obj0 true
            + [0x50]        // 09: offset table: obj0 at 0x50 (past the table)
            + Self.trailer(count: 1, table: 0x09)
        #expect(code(bytes) == .corrupt)
    }

    @Test func rejectsHugeCountBeforeAllocating() {
        let bytes = Self.header
            + [0xAF]        // 08: obj0 array, count follows
            + [0x13, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]  // 09: int8 count 2^63-1
            + [0x08]        // 12: offset table
            + Self.trailer(count: 1, table: 0x12)
        #expect(code(bytes) == .corrupt)
        let fits = Self.header
            + [0x4F]        // 08: obj0 data, count follows
            + [0x12, 0x00, 0x10, 0x00, 0x00]  // 09: int4 count 1 MiB (far more than the 0 bytes left)
            + [0x08]        // 0E: offset table
            + Self.trailer(count: 1, table: 0x0E)
        #expect(code(fits) == .truncated)
    }

    @Test func rejectsCountWithNonIntMarker() {
        let bytes = Self.header
            + [0x5F]        // 08: obj0 ASCII string, count follows
            + [0x23, 0, 0, 0, 0, 0, 0, 0, 0]  // 09: a real where the count int should be
            + [0x08]        // 12: offset table
            + Self.trailer(count: 1, table: 0x12)
        #expect(code(bytes) == .corrupt)
    }

    @Test func rejectsBadTrailers() {
        let body = Self.header + [0x09] + [0x08]  // 08: obj0 true; 09: offset table [0x08]
        #expect(code(body + Self.trailer(refSize: 0, count: 1, table: 9)) == .corrupt)       // objectRefSize 0
        #expect(code(body + Self.trailer(offsetSize: 9, count: 1, table: 9)) == .corrupt)    // offsetIntSize 9
        #expect(code(body + Self.trailer(count: 0, table: 9)) == .corrupt)                   // no objects
        #expect(code(body + Self.trailer(count: 1, top: 1, table: 9)) == .corrupt)           // topObject ≥ numObjects
        #expect(code(body + Self.trailer(count: 2, table: 9)) == .corrupt)                   // 2 offsets past the table end
        #expect(code(body + Self.trailer(count: 1, table: 0x40)) == .corrupt)                // table past the trailer
        #expect(code(body + Self.trailer(count: 1, table: 5)) == .corrupt)                   // table inside the header
        #expect(code(body + Self.trailer(count: 1, table: UInt64.max)) == .corrupt)          // offset arithmetic overflow
        #expect(code(body + Self.trailer(offsetSize: 8, count: UInt64(1) << 61, table: 9)) == .limitExceeded)  // absurd count
        #expect(code(Self.header + [0x09]) == .truncated)                                    // no trailer at all
    }

    @Test func rejectsRefWidthTooSmallForObjectCount() {
        // 257 objects cannot be named by 1-byte refs.
        var bytes = Self.header + Array(repeating: 0x09, count: 257)  // 08…: 257 × true
        var table: [UInt8] = []
        for i in 0 ..< 257 { table += [UInt8((8 + i) >> 8), UInt8(truncatingIfNeeded: 8 + i)] }  // 2-byte offsets
        bytes += table + Self.trailer(offsetSize: 2, refSize: 1, count: 257, table: 8 + 257)
        #expect(code(bytes) == .corrupt)
    }

    @Test func rejectsReferenceToMissingObject() {
        let bytes = Self.header
            + [0xA1, 0x05]  // 08: obj0 array(1) → obj5, which does not exist
            + [0x08]        // 0A: offset table
            + Self.trailer(count: 1, table: 0x0A)
        #expect(code(bytes) == .badReference)
    }

    /// Pass 1 copies refs as it meets containers, but a bad ref is reported only after every object has
    /// scanned: a later object's own fault comes first, as it did when pass 2 copied the refs.
    @Test func reportsAScanFaultBeforeAnEarlierBadReference() {
        let bytes = Self.header
            + [0xA1, 0x05]  // 08: obj0 array(1) → obj5, which does not exist
            + [0x07]        // 0A: obj1 unknown marker 07
            + [0x08, 0x0A]  // 0B: offset table
            + Self.trailer(count: 2, table: 0x0B)
        #expect(code(bytes) == .corrupt)
        // Of two bad refs, the first in table order is the one reported.
        let twoBad = Self.header
            + [0xA1, 0x02]  // 08: obj0 array(1) → obj2 (missing)
            + [0xA1, 0x03]  // 0A: obj1 array(1) → obj3 (missing)
            + [0x08, 0x0A]  // 0C: offset table
            + Self.trailer(count: 2, table: 0x0C)
        #expect {
            try PropertyList(binary: twoBad)
        } throws: { e in
            guard let e = e as? ArchiveError else { return false }
            return e.code == .badReference && e.objectIndex == 0 && e.offset == 0x09
        }
    }

    /// A file with many more refs than objects grows the ref table past its first size (two per object,
    /// at least 64), keeping the refs copied before.
    @Test func readsContainersWithManyMoreRefsThanObjects() throws {
        // obj0: array(2) → obj2, obj1; obj1: array of 300 refs to obj2; obj2: int 42. Pass 1 copies obj0's
        // two refs, then grows the table for obj1's 300, which must keep them.
        var bytes = Self.header + [0xA2, 0x02, 0x01]         // 08: obj0 array(2) → obj2, obj1
        bytes += [0xAF, 0x11, 0x01, 0x2C]                    // 0B: obj1 array, count int2 300
        bytes += Array(repeating: 0x02, count: 300)          // 0F: 300 refs to obj2
        let intAt = bytes.count
        bytes += [0x10, 0x2A]                                // obj2: int 42
        let table = bytes.count
        for at in [0x08, 0x0B, intAt] { bytes += [UInt8(at >> 8), UInt8(at & 0xFF)] }  // 2-byte offsets
        bytes += Self.trailer(offsetSize: 2, count: 3, top: 0, table: UInt64(table))
        let list = try PropertyList(binary: bytes)
        let expected = PlistValue.array([.integer(42), .array(Array(repeating: .integer(42), count: 300))])
        #expect(try list.value() == expected)
    }

    @Test func acceptsOverlappingObjects() throws {
        let bytes = Self.header
            + [0xA2, 0x01, 0x02]  // 08: obj0 array(2) → obj1, obj2
            + [0x52, 0x41, 0x42]  // 0B: obj1 ASCII "AB"
            //   0C: obj2 starts inside obj1: 41 42 = data(1) [0x42]
            + [0x08, 0x0B, 0x0C]  // 0E: offset table
            + Self.trailer(count: 3, table: 0x0E)
        let list = try PropertyList(binary: bytes)
        #expect(try list.value() == .array([.string("AB"), .data([0x42])]))
        #expect(try PropertyList(binary: list.binaryData()).value() == list.value())
    }

    @Test func rejectsOverlappingContainersThatMultiplyRefs() {
        // 200 objects all at the same 200-ref array: 40 000 refs from a ~800-byte file.
        var bytes = Self.header + [0xAF, 0x10, 0xC8]  // 08: array, count int1 200
        bytes += Array(repeating: 0x00, count: 200)   // 0B: 200 refs to obj0 (the cycle is never reached)
        let table = bytes.count
        bytes += Array(repeating: 0x08, count: 200)   // every offset = 0x08
        bytes += Self.trailer(offsetSize: 1, refSize: 1, count: 200, table: UInt64(table))
        #expect(code(bytes) == .corrupt)
    }

    @Test func rejectsUIDAboveUInt32Max() throws {
        let bytes = Self.header
            + [0x84, 0x01, 0x00, 0x00, 0x00, 0x00]  // 08: obj0 UID, 5 bytes = 2^32
            + [0x08]                                // 0E: offset table
            + Self.trailer(count: 1, table: 0x0E)
        #expect(code(bytes) == .corrupt)
        let ok = Self.header
            + [0x87, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF]  // 08: obj0 UID, 8 bytes = UInt32.max
            + [0x08]                                      // 11: offset table
            + Self.trailer(count: 1, table: 0x11)
        #expect(try PropertyList(binary: ok).value() == .uid(UInt64(UInt32.max)))
    }

    @Test func rejectsNonASCIIByteInASCIIString() {
        let bytes = Self.header
            + [0x52, 0x41, 0x80]  // 08: obj0 ASCII(2) "A", 0x80
            + [0x08]              // 0B: offset table
            + Self.trailer(count: 1, table: 0x0B)
        #expect(code(bytes) == .corrupt)
    }

    @Test func rejectsUnknownMarkers() {
        for marker: UInt8 in [0x01, 0x07, 0x0A, 0x15, 0x21, 0x24, 0x30, 0x70, 0x90, 0xB0, 0xE0, 0xF0] {
            let bytes = Self.header + [marker, 0, 0, 0, 0, 0, 0, 0, 0]  // 08: obj0 with the marker, 8 padding bytes
                + [0x08]                                                 // 11: offset table
                + Self.trailer(count: 1, table: 0x11)
            #expect(code(bytes) == .corrupt, "marker \(marker)")
        }
    }

    @Test func readsSixteenByteIntegers() throws {
        func int16(_ high: [UInt8], _ low: [UInt8]) throws -> PlistValue {
            let bytes = Self.header + [0x14] + high + low  // 08: obj0 int, 16 bytes
                + [0x08]                                   // 19: offset table
                + Self.trailer(count: 1, table: 0x19)
            return try PropertyList(binary: bytes).value()
        }
        let zero: [UInt8] = Array(repeating: 0, count: 8), ones: [UInt8] = Array(repeating: 0xFF, count: 8)
        #expect(try int16(zero, ones) == .unsignedInteger(.max))                       // CF's UInt64.max
        #expect(try int16(ones, [0x80, 0, 0, 0, 0, 0, 0, 0]) == .integer(.min))         // sign-extended Int64.min
        #expect(try int16(zero, [0, 0, 0, 0, 0, 0, 0, 7]) == .integer(7))               // small value, wide encoding
        #expect(try int16([0, 0, 0, 0, 0, 0, 0, 1], zero) == .wideInteger(PlistWideInteger(high: 1, low: 0)))  // 2^64
        // The wide one survives our writer.
        let wide = PropertyList(.array([.wideInteger(PlistWideInteger(high: 1, low: 0)), .unsignedInteger(.max)]))
        #expect(try PropertyList(binary: wide.binaryData()).value() == wide.value())
    }

    @Test func reportsPrivateBinaryVersionsAsUnsupported() {
        var bytes = Self.header + [0x09, 0x08] + Self.trailer(count: 1, table: 9)
        bytes[6] = 0x31; bytes[7] = 0x35  // "bplist15"
        #expect(code(bytes) == .unsupportedFormat)
        #expect(throws: ArchiveError(.unsupportedFormat, "")) { try PropertyList(parsing: bytes) }
    }

    @Test func enforcesDepthLimitWithoutRecursion() throws {
        // obj i = array(1) → obj i+1, 600 deep, ending in `true`.
        let depth = 600
        var bytes = Self.header
        var offsets: [Int] = []
        for i in 0 ..< depth {
            offsets.append(bytes.count)
            bytes += [0xA1, 0x00, 0x00]  // array(1), 2-byte ref to the next object
            bytes[bytes.count - 2] = UInt8((i + 1) >> 8); bytes[bytes.count - 1] = UInt8(truncatingIfNeeded: i + 1)
        }
        offsets.append(bytes.count)
        bytes += [0x09]  // the innermost object: true
        let table = bytes.count
        for o in offsets { bytes += [UInt8(o >> 8), UInt8(truncatingIfNeeded: o)] }
        bytes += Self.trailer(offsetSize: 2, refSize: 2, count: UInt64(depth + 1), table: UInt64(table))
        #expect(code(bytes) == .limitExceeded)
        var deep = DecodingLimits.default
        deep.maxDepth = 1000
        let list = try PropertyList(binary: bytes, limits: deep)
        #expect(try PropertyList(binary: list.binaryData(), limits: deep).value(limits: deep) == list.value(limits: deep))
    }

    @Test func materialisingSharedSubtreesIsBounded() throws {
        // obj i = array(2) → obj i+1 twice: 40 levels of sharing would be 2^40 values if expanded.
        var bytes = Self.header
        var offsets: [Int] = []
        for i in 0 ..< 40 { offsets.append(bytes.count); bytes += [0xA2, UInt8(i + 1), UInt8(i + 1)] }  // array(2) → next, next
        offsets.append(bytes.count); bytes += [0x09]  // obj40: true
        let table = bytes.count
        bytes += offsets.map { UInt8($0) }            // 1-byte offsets (all < 256)
        bytes += Self.trailer(count: 41, table: UInt64(table))
        let list = try PropertyList(binary: bytes)
        var limits = DecodingLimits.default
        limits.maxObjectCount = 100_000
        #expect(throws: ArchiveError(.limitExceeded, "")) { try list.value(limits: limits) }
        // Writing keeps the sharing, so it stays small.
        #expect(list.binaryData().count == bytes.count)
    }
}
