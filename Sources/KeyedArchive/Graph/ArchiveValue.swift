/// One value in an ``ArchiveGraph``: a scalar, a byte range, a reference to an object, or an inline
/// collection of further values.
///
/// The cases are the union of what keyed archives and NIBArchive can store. Strings and bytes are
/// ranges into ``ArchiveGraph/storage``; inline collections are ranges into ``ArchiveGraph/items``.
/// Nothing here is recursive, so cycles between objects cost nothing.
public enum ArchiveValue: Sendable, Hashable {
    /// A nil object (`UID(0)` in a keyed archive, type 9 in a NIBArchive).
    case `nil`
    case bool(Bool)
    /// An integer and the width in bytes it was stored with (1, 2, 4 or 8; 0 when the source has no
    /// width, as in XML). NIBArchive widths 1, 2 and 4 hold zero-extended values.
    case int(Int64, width: UInt8)
    /// A non-negative integer above `Int64.max` (keyed archives only).
    case unsignedInt(UInt64)
    /// A 128-bit integer that fits neither Int64 nor UInt64 (keyed archives only). Inline, not boxed:
    /// a box would make every value non-trivial to copy (a retain per copy) to save 8 bytes.
    case wideInt(PlistWideInteger)
    case float(Float)
    case double(Double)
    /// An inline plist date, seconds since 2001-01-01 UTC (keyed archives only).
    case date(Double)
    /// Inline bytes: a range of ``ArchiveGraph/storage``.
    case bytes(ArchiveRange)
    /// An inline string (keyed archives only): a range of ``ArchiveGraph/storage``.
    case string(ArchiveRange, encoding: PlistStringEncoding)
    /// A reference to object `index` of ``ArchiveGraph/objects``. The index is *not* guaranteed to be
    /// in range (Apple accepts a dangling UID until it is decoded); use ``ArchiveGraph/object(_:)``.
    case ref(Int)
    /// An inline array (e.g. `NS.objects` in a keyed archive): a range of ``ArchiveGraph/items``.
    case array(ArchiveRange)
    /// An inline set: a range of ``ArchiveGraph/items``.
    case set(ArchiveRange)
    /// An inline dictionary: a range of ``ArchiveGraph/items`` holding key, value, key, value, ….
    case dict(ArchiveRange)

    /// A short name for the kind of value, used in errors ("found a uid") and JSON (`"type"`).
    public var kindName: String {
        switch self {
        case .nil: "nil"
        case .bool: "bool"
        case .int: "int"
        case .unsignedInt: "uint"
        case .wideInt: "int128"
        case .float: "float"
        case .double: "double"
        case .date: "date"
        case .bytes: "bytes"
        case .string: "string"
        case .ref: "ref"
        case .array: "array"
        case .set: "set"
        case .dict: "dict"
        }
    }
}

/// A compact half-open range `start ..< start + count`, stored in 32 bits each.
///
/// Graph tables hold fewer than `UInt32.max` elements (the readers refuse larger inputs, the archiver
/// larger archives), so a start or count that does not fit is stored as `UInt32.max`, which lies outside
/// every table: such a range stays out of range, as it was, for every check that reads it.
public struct ArchiveRange: Sendable, Hashable {
    @usableFromInline var storedStart: StoredIndex
    @usableFromInline var storedCount: StoredIndex
    /// The first index of the range.
    @inlinable public var start: Int { get { storedStart.value } set { storedStart = StoredIndex(newValue) } }
    /// The number of elements in the range.
    @inlinable public var count: Int { get { storedCount.value } set { storedCount = StoredIndex(newValue) } }
    /// Creates the range `start ..< start + count`.
    @inlinable public init(start: Int, count: Int) {
        storedStart = StoredIndex(start)
        storedCount = StoredIndex(count)
    }
    /// The same range as a standard `Range`.
    @inlinable public var range: Range<Int> { start ..< start + count }
}

/// A value stored under a key in an object.
public struct ArchiveKeyedValue: Sendable, Hashable {
    // The value first: its 17 bytes and the 32-bit key make a 24-byte entry (32 with the key first).
    /// The stored value.
    public var value: ArchiveValue
    @usableFromInline var storedKey: StoredIndex
    /// Index into ``ArchiveGraph/keys`` (an index that does not fit 32 bits reads back as `UInt32.max`,
    /// outside every key table).
    @inlinable public var key: Int { get { storedKey.value } set { storedKey = StoredIndex(newValue) } }
    /// Creates a keyed value; `key` indexes ``ArchiveGraph/keys``.
    @inlinable public init(key: Int, value: ArchiveValue) {
        self.value = value
        self.storedKey = StoredIndex(key)
    }
}
