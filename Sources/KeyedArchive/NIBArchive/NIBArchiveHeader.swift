/// The 50-byte NIBArchive header: magic, two versions, and a count and absolute offset per table.
public struct NIBArchiveHeader: Sendable, Hashable {
    /// `"NIBArchive"`.
    public static let magic: [UInt8] = Array("NIBArchive".utf8)
    /// Size of the header; the first table of an Apple file starts here.
    public static let size = 50

    /// Container format version: 1 from Apple, 0 from WinObjC; above 1 is refused.
    public var formatVersion: UInt32
    /// Coder version: 10 (current Xcode) or 9 (older); ignored by UIKit.
    public var coderVersion: UInt32
    /// Number of object records.
    public var objectCount: UInt32
    /// Absolute offset of the object table (Apple: 50).
    public var objectsOffset: UInt32
    /// Number of key records.
    public var keyCount: UInt32
    /// Absolute offset of the key table.
    public var keysOffset: UInt32
    /// Number of value records.
    public var valueCount: UInt32
    /// Absolute offset of the value table.
    public var valuesOffset: UInt32
    /// Number of class-name records.
    public var classCount: UInt32
    /// Absolute offset of the class-name table.
    public var classesOffset: UInt32

    /// A header with the given fields (Apple's versions by default).
    public init(formatVersion: UInt32 = 1, coderVersion: UInt32 = 10,
                objectCount: UInt32, objectsOffset: UInt32, keyCount: UInt32, keysOffset: UInt32,
                valueCount: UInt32, valuesOffset: UInt32, classCount: UInt32, classesOffset: UInt32) {
        self.formatVersion = formatVersion
        self.coderVersion = coderVersion
        self.objectCount = objectCount
        self.objectsOffset = objectsOffset
        self.keyCount = keyCount
        self.keysOffset = keysOffset
        self.valueCount = valueCount
        self.valuesOffset = valuesOffset
        self.classCount = classCount
        self.classesOffset = classesOffset
    }

    /// Reads and checks the header: length ≥ 50, magic, `formatVersion` ≤ 1.
    /// Table offsets and counts are checked by the reader, table by table.
    public init(parsing bytes: [UInt8]) throws(ArchiveError) {
        guard bytes.count >= Self.size else {
            if ArchiveFormat.detect(bytes) == .typedstream { throw Self.typedstreamError }
            if bytes.starts(with: Self.magic) || Self.magic.starts(with: bytes) {
                throw ArchiveError(.truncated, "NIBArchive header needs 50 bytes, the input has \(bytes.count)",
                                   offset: bytes.count)
            }
            throw ArchiveError(.unknownFormat, "input of \(bytes.count) bytes is not a NIBArchive", offset: 0)
        }
        guard bytes.starts(with: Self.magic) else {
            switch ArchiveFormat.detect(bytes) {
            case .typedstream: throw Self.typedstreamError
            case .binaryPlist, .xmlPlist:
                throw ArchiveError(.unknownFormat, "input is a property list (keyed archive), not a NIBArchive", offset: 0)
            default:
                throw ArchiveError(.unknownFormat, "missing \"NIBArchive\" magic", offset: 0)
            }
        }
        func u32(_ at: Int) -> UInt32 {
            UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
        }
        formatVersion = u32(10)
        coderVersion = u32(14)
        objectCount = u32(18)
        objectsOffset = u32(22)
        keyCount = u32(26)
        keysOffset = u32(30)
        valueCount = u32(34)
        valuesOffset = u32(38)
        classCount = u32(42)
        classesOffset = u32(46)
        // Apple refuses newer formats ("The NIB data is too new"); 0 (WinObjC) is accepted.
        guard formatVersion <= 1 else {
            throw ArchiveError(.unsupportedFormat, "header: formatVersion \(formatVersion) is newer than 1", offset: 10)
        }
    }

    /// The 50 header bytes.
    public var bytes: [UInt8] {
        var out = Self.magic
        out.reserveCapacity(Self.size)
        for v in [formatVersion, coderVersion, objectCount, objectsOffset, keyCount, keysOffset,
                  valueCount, valuesOffset, classCount, classesOffset] {
            out.append(UInt8(truncatingIfNeeded: v))
            out.append(UInt8(truncatingIfNeeded: v >> 8))
            out.append(UInt8(truncatingIfNeeded: v >> 16))
            out.append(UInt8(truncatingIfNeeded: v >> 24))
        }
        return out
    }

    static var typedstreamError: ArchiveError { .typedstreamUnsupported }
}

/// The four NIBArchive tables.
public enum NIBArchiveTable: String, Sendable, Hashable, CaseIterable {
    case objects, keys, values, classes
}

/// Where a NIBArchive's tables were found, so a writer can reproduce the file's layout.
public struct NIBArchiveLayout: Sendable, Hashable {
    /// Tables sorted by their offset in the file (ties in header order).
    public var tableOrder: [NIBArchiveTable]
    /// True when the tables follow each other without gaps from offset 50, as Apple writes them.
    public var isContiguous: Bool
    /// The bytes after the last table when they are exactly the `LNE\0` launch-screen trailer.
    public var hasLNETrailer: Bool

    /// A layout; the defaults describe Apple's output.
    public init(tableOrder: [NIBArchiveTable] = NIBArchiveTable.allCases, isContiguous: Bool = true,
                hasLNETrailer: Bool = false) {
        self.tableOrder = tableOrder
        self.isContiguous = isContiguous
        self.hasLNETrailer = hasLNETrailer
    }

    /// `4C 4E 45 00`, appended by ibtool to launch-screen nibs.
    public static let lneTrailer: [UInt8] = [0x4C, 0x4E, 0x45, 0x00]
}
