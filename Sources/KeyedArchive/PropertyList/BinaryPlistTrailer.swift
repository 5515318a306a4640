/// The 32-byte trailer of a `bplist00` file, validated.
///
/// Once ``init(validating:count:limits:)`` returns, every field is consistent with the input length:
/// the offset table lies between the object table and the trailer and ends where the trailer starts, object and offset widths
/// are 1…8 bytes, and the top object exists.
@usableFromInline
internal struct BinaryPlistTrailer: Sendable {
    /// Bytes per offset-table entry (1…8).
    var offsetIntSize: Int
    /// Bytes per object reference inside containers (1…8).
    var objectRefSize: Int
    /// Number of objects (≥ 1, ≤ limits.maxObjectCount, ≤ UInt32.max).
    var objectCount: Int
    /// Index of the root object (< objectCount).
    var topObject: Int
    /// Absolute offset of the offset table; also the end of the object table.
    var offsetTableOffset: Int

    /// Smallest file: header, one marker byte, one offset byte, trailer.
    static let minimumLength = 8 + 1 + 1 + 32

    init(validating base: UnsafePointer<UInt8>, count length: Int, limits: DecodingLimits) throws(ArchiveError) {
        // The caller checked the header; the length must hold header + one object + one offset + trailer.
        guard length >= Self.minimumLength else {
            throw ArchiveError(.truncated, "a bplist00 needs at least \(Self.minimumLength) bytes, found \(length)", offset: length)
        }
        let t = length - 32
        offsetIntSize = Int(base[t + 6])
        objectRefSize = Int(base[t + 7])
        let rawCount = BinaryPlistBytes.loadBigEndian(base + t + 8, 8)
        let rawTop = BinaryPlistBytes.loadBigEndian(base + t + 16, 8)
        let rawTable = BinaryPlistBytes.loadBigEndian(base + t + 24, 8)
        // Widths outside 1…8 cannot be read as integers.
        guard (1 ... 8).contains(offsetIntSize) else {
            throw ArchiveError(.corrupt, "trailer offsetIntSize \(offsetIntSize) is not 1…8", offset: t + 6)
        }
        guard (1 ... 8).contains(objectRefSize) else {
            throw ArchiveError(.corrupt, "trailer objectRefSize \(objectRefSize) is not 1…8", offset: t + 7)
        }
        // An empty object table has no root.
        guard rawCount >= 1 else { throw ArchiveError(.corrupt, "trailer numObjects is 0", offset: t + 8) }
        // Node indices are stored as UInt32; the caller's bound applies before anything is allocated.
        guard rawCount <= UInt64(UInt32.max), let count = Int(exactly: rawCount), count <= limits.maxObjectCount else {
            throw ArchiveError(.limitExceeded, "trailer numObjects \(rawCount) exceeds the object limit \(limits.maxObjectCount)", offset: t + 8)
        }
        // The root must be one of the objects.
        guard rawTop < rawCount else {
            throw ArchiveError(.corrupt, "trailer topObject \(rawTop) is not below numObjects \(rawCount)", offset: t + 16)
        }
        // The offset table starts after the header and at least one marker byte.
        guard rawTable >= 9, let table = Int(exactly: rawTable), table < t else {
            throw ArchiveError(.corrupt, "trailer offsetTableOffset \(rawTable) is outside 9..<\(t)", offset: t + 24)
        }
        // The whole offset table fits between its start and the trailer (overflow-checked).
        let (tableBytes, o1) = count.multipliedReportingOverflow(by: offsetIntSize)
        let (tableEnd, o2) = table.addingReportingOverflow(tableBytes)
        guard !o1, !o2, tableEnd <= t else {
            throw ArchiveError(.corrupt, "offset table of \(count) × \(offsetIntSize) bytes at \(table) runs past the trailer", offset: t + 24)
        }
        // …and ends exactly where the trailer starts: CoreFoundation refuses any byte in between, so a file
        // with one would read here and nowhere on Apple's platforms (a parser differential).
        guard tableEnd == t else {
            throw ArchiveError(.corrupt, "\(t - tableEnd) bytes between the end of the offset table and the trailer", offset: tableEnd)
        }
        // A ref of objectRefSize bytes must be able to name every object.
        if objectRefSize < 8, UInt64(count) > (1 as UInt64) << (8 * UInt64(objectRefSize)) {
            throw ArchiveError(.corrupt, "\(count) objects cannot be named by \(objectRefSize)-byte refs", offset: t + 7)
        }
        // An offset of offsetIntSize bytes must be able to reach the offset table itself.
        if offsetIntSize < 8, UInt64(table) >= (1 as UInt64) << (8 * UInt64(offsetIntSize)) {
            throw ArchiveError(.corrupt, "offset table at \(table) is beyond \(offsetIntSize)-byte offsets", offset: t + 6)
        }
        objectCount = count
        topObject = Int(rawTop)
        offsetTableOffset = table
    }
}

/// Big-endian loads over raw bytes. Callers prove the bytes exist first.
@usableFromInline
internal enum BinaryPlistBytes {
    /// The `width`-byte (1…8) big-endian unsigned integer at `p`.
    @inlinable @inline(__always)
    static func loadBigEndian(_ p: UnsafePointer<UInt8>, _ width: Int) -> UInt64 {
        switch width {
        case 1: return UInt64(p[0])
        case 2: return UInt64(UInt16(bigEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt16.self)))
        case 4: return UInt64(UInt32(bigEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt32.self)))
        case 8: return UInt64(bigEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self))
        default:
            var v: UInt64 = 0
            for i in 0 ..< width { v = v << 8 | UInt64(p[i]) }
            return v
        }
    }
}

/// A big-endian field width (offset-table entries, refs) as a type, so that a generic loop over
/// fields is specialised per width and its loads become single instructions.
protocol BinaryPlistWidth {
    /// Bytes per field (1…8).
    var width: Int { get }
}

extension BinaryPlistWidth {
    /// The field at `p`. Callers prove the bytes exist first.
    @inline(__always)
    func load(_ p: UnsafePointer<UInt8>) -> UInt64 { BinaryPlistBytes.loadBigEndian(p, width) }
}

struct BinaryPlistWidth1: BinaryPlistWidth { var width: Int { 1 } }
struct BinaryPlistWidth2: BinaryPlistWidth { var width: Int { 2 } }
struct BinaryPlistWidth4: BinaryPlistWidth { var width: Int { 4 } }
/// Any width, known only at run time (the rare 3-, 5-, 6-, 7- and 8-byte tables).
struct BinaryPlistAnyWidth: BinaryPlistWidth { let width: Int }
