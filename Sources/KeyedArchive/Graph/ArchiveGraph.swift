/// The format-neutral, index-based view of an archive.
///
/// Keyed archives (`$objects`) and NIBArchive files (the object table) both map onto this one shape:
/// a table of objects, each with a class and a run of keyed values, plus key and class tables.
/// Object *i* of the graph is object *i* of the source: `$objects[i]` for a keyed archive,
/// record *i* for a NIBArchive. References are indices, so cycles cost nothing here.
///
/// Tables keep their source order (keys, classes, objects, values), which is what lets a NIBArchive
/// be written back byte for byte.
public struct ArchiveGraph: Sendable {
    /// Where a graph came from, and the header facts a writer needs to reproduce it.
    public struct Metadata: Sendable, Hashable {
        /// The container a graph was read from.
        public enum Source: String, Sendable, Hashable {
            /// An NSKeyedArchiver plist.
            case keyedArchive
            /// Apple's NIBArchive container.
            case nibArchive
            /// A NeXT typedstream, as `NSArchiver` writes it.
            case typedstream
            /// Built in memory (by the Archiver or a converter).
            case built
        }
        /// Where this graph came from.
        public var source: Source
        /// The plist format of a keyed archive.
        public var plistFormat: PropertyList.Format?
        /// `$archiver` of a keyed archive (normally `NSKeyedArchiver`).
        public var archiverName: String?
        /// `$version` of a keyed archive (normally 100000).
        public var archiveVersion: Int?
        /// NIBArchive header `formatVersion` (1) and `coderVersion` (9 or 10).
        public var nibFormatVersion: UInt32?
        /// NIBArchive header `coderVersion`: 9 (older Xcode) or 10 (current).
        public var nibCoderVersion: UInt32?
        /// Bytes after the last NIBArchive table (the `LNE\0` trailer, or junk), kept for diagnostics
        /// and byte-exact rewriting.
        public var trailingBytes: Int = 0
        /// Table order and trailer of a NIBArchive source, for byte-exact rewriting.
        public var nibLayout: NIBArchiveLayout?
        /// The header of a typedstream source (streamer version, byte order, system version).
        public var typedstreamHeader: TypedstreamHeader?
        /// Non-fatal observations made while reading (e.g. `$objects[0]` is not `"$null"`).
        public var warnings: [String] = []

        /// Metadata for a graph from `source`, with every other field unset.
        public init(source: Source) { self.source = source }
    }

    /// Where the graph came from, and the header facts a writer needs.
    public var metadata: Metadata
    /// Bytes that `.string` and `.bytes` values refer into.
    public internal(set) var storage: [UInt8]
    /// The key table. May hold duplicate strings (hostile NIBArchives); lookups by name treat them as one.
    public internal(set) var keys: [String]
    /// The class table: `$classes` dicts of a keyed archive, or the NIBArchive class-name records.
    public internal(set) var classes: [ArchiveClass]
    /// The object table: `$objects[i]` of a keyed archive, or record `i` of a NIBArchive.
    public internal(set) var objects: [ArchiveObject]
    /// Every object's keyed values, each object owning a range.
    public internal(set) var values: [ArchiveKeyedValue]
    /// Members of inline collections (`.array`, `.set`, `.dict` values).
    public internal(set) var items: [ArchiveValue]
    /// The archive's top-level entries: `$top` of a keyed archive, or object 0's values for a NIBArchive.
    public internal(set) var top: [ArchiveKeyedValue]

    /// For each key index, the first key index with the same string.
    @usableFromInline internal var canonicalKey: [Int32]
    /// Key string → canonical key index.
    @usableFromInline internal var keyLookup: ArchiveKeyTable
    /// Canonical indices of the convention keys, looked up once (``ArchiveGraph/NibKeys``).
    internal var conventionKeys: ConventionKeys

    internal init(metadata: Metadata, storage: [UInt8], keys: [String], classes: [ArchiveClass],
                  objects: [ArchiveObject], values: [ArchiveKeyedValue], items: [ArchiveValue],
                  top: [ArchiveKeyedValue], keyHashes: [UInt64]? = nil) {
        self.metadata = metadata
        self.storage = storage
        self.keys = keys
        self.classes = classes
        self.objects = objects
        self.values = values
        self.items = items
        self.top = top
        var canonical: [Int32] = []
        self.keyLookup = ArchiveKeyTable(keys: keys, hashes: keyHashes, canonical: &canonical)
        self.canonicalKey = canonical
        self.conventionKeys = ConventionKeys(keyLookup)
    }
}

extension ArchiveGraph {
    /// The largest table a graph holds: indices and ranges are stored in 32 bits, and `UInt32.max` is
    /// kept free to mean "out of range" (see ``ArchiveRange``).
    public static let maxTableCount = Int(UInt32.max) - 1

    /// Refuses tables that 32-bit indices cannot address; readers call it before handing a graph out.
    static func checkTableSizes(storage: Int, objects: Int, values: Int, items: Int, top: Int,
                                _ code: ArchiveError.Code) throws(ArchiveError) {
        // One comparison on every read; the table is named only for the error.
        guard max(storage, objects, values, items, top) > maxTableCount else { return }
        let (name, count) = [("bytes", storage), ("objects", objects), ("values", values), ("inline items", items), ("top values", top)]
            .first { $0.1 > maxTableCount } ?? ("entries", 0)
        throw ArchiveError(code, "\(count) \(name) in one graph; graph tables hold at most \(maxTableCount) (32-bit indices)")
    }
}

/// One entry of ``ArchiveGraph/objects``.
public struct ArchiveObject: Sendable, Hashable {
    /// What an object-table entry holds.
    public enum Kind: UInt8, Sendable, Hashable {
        /// An encoded object with a class and keyed values.
        case object
        /// A plain plist value stored directly in `$objects` (NSString, NSNumber, NSData): see ``plainValue``.
        case plain
        /// A keyed archive's class-description dict (`$classname`, `$classes`): see ``classIndex``.
        case classDescription
    }
    // Stored value first, then the kind in its tail and 32-bit indices: a 32-byte entry (56 with `Int`s).
    /// The value of a `.plain` object; `.nil` otherwise.
    public var plainValue: ArchiveValue
    /// What this entry holds.
    public var kind: Kind
    @usableFromInline var storedClassIndex: Int32
    @usableFromInline var storedValueStart: StoredIndex
    @usableFromInline var storedValueCount: StoredIndex
    /// Index into ``ArchiveGraph/classes`` (objects and class descriptions), or -1. An index above
    /// `Int32.max` reads back as `Int32.max` (outside every class table), one below `Int32.min` as `Int32.min`.
    @inlinable public var classIndex: Int {
        get { Int(storedClassIndex) }
        set { storedClassIndex = Int32(clamping: newValue) }
    }
    /// This object's values: `values[valueStart ..< valueStart + valueCount]`.
    /// For a NIBArchive this is the record's `firstValue`/`valueCount` as read (32 bits in that format).
    @inlinable public var valueStart: Int { get { storedValueStart.value } set { storedValueStart = StoredIndex(newValue) } }
    /// Number of values this object owns, starting at ``valueStart``.
    @inlinable public var valueCount: Int { get { storedValueCount.value } set { storedValueCount = StoredIndex(newValue) } }

    /// Creates an entry; `plainValue` is used by `.plain` entries only.
    @inlinable public init(kind: Kind, classIndex: Int, valueStart: Int, valueCount: Int, plainValue: ArchiveValue = .nil) {
        self.plainValue = plainValue
        self.kind = kind
        self.storedClassIndex = Int32(clamping: classIndex)
        self.storedValueStart = StoredIndex(valueStart)
        self.storedValueCount = StoredIndex(valueCount)
    }

    /// ``valueStart`` ..< ``valueStart`` + ``valueCount``, the object's range of ``ArchiveGraph/values``.
    @inlinable public var valueRange: Range<Int> { valueStart ..< valueStart + valueCount }
}

/// One entry of ``ArchiveGraph/classes``.
public struct ArchiveClass: Sendable, Hashable {
    /// The recorded class name (`$classname`, or the NIBArchive class-table name).
    public var name: String
    /// Fallback classes, as indices into ``ArchiveGraph/classes``: `$classhints` of a keyed archive,
    /// or the NIBArchive fallback list. Tried in order, one level deep, when `name` cannot be resolved.
    public var fallbacks: [Int]
    /// The superclass chain as recorded in `$classes` or a typedstream's class records (starting with
    /// `name`); empty for NIBArchive.
    public var chain: [String]
    /// The class version a typedstream records with the class (`+[NSObject version]`); 0 elsewhere.
    public var version: Int64
    /// A typedstream class record's superclass record, as an index into ``ArchiveGraph/classes``; -1 for
    /// a root class and for every other format (which record the chain as names only).
    public var superclass: Int

    /// Creates a class record.
    public init(name: String, fallbacks: [Int] = [], chain: [String] = [], version: Int64 = 0, superclass: Int = -1) {
        self.name = name
        self.fallbacks = fallbacks
        self.chain = chain
        self.version = version
        self.superclass = superclass
    }
}

// MARK: - Reading

extension ArchiveGraph {
    /// The object at `index`, or a ``ArchiveError/Code/badReference`` error naming it.
    public func object(_ index: Int) throws(ArchiveError) -> ArchiveObject {
        guard index >= 0, index < objects.count else {
            throw ArchiveError(.badReference, "reference to object \(index), but the archive has \(objects.count) objects",
                               objectIndex: index)
        }
        return objects[index]
    }

    /// The class name of object `index`, if it is an object with a class.
    public func className(ofObject index: Int) -> String? {
        guard index >= 0, index < objects.count else { return nil }
        let o = objects[index]
        guard o.kind == .object, o.classIndex >= 0, o.classIndex < classes.count else { return nil }
        return classes[o.classIndex].name
    }

    /// The keyed values of object `index` (empty for an out-of-range index or a hostile range).
    public func values(ofObject index: Int) -> ArraySlice<ArchiveKeyedValue> {
        guard index >= 0, index < objects.count else { return [] }
        let o = objects[index]
        guard o.valueStart >= 0, o.valueCount >= 0, o.valueStart <= values.count,
              o.valueCount <= values.count - o.valueStart else { return [] }
        return values[o.valueRange]
    }

    /// The canonical index of a key string, if any value in the archive uses it.
    @inlinable public func keyIndex(_ key: String) -> Int? {
        keyLookup[key].map(Int.init)
    }

    /// Whether two key indices name the same string.
    @inlinable public func sameKey(_ a: Int, _ b: Int) -> Bool {
        canonicalKey[a] == canonicalKey[b]
    }

    /// The first value of object `index` stored under `key`.
    public func value(ofObject index: Int, forKey key: String) -> ArchiveValue? {
        guard let k = keyLookup[key] else { return nil }
        return value(ofObject: index, canonicalKey: k)
    }

    /// The canonical index of key index `k`, or -1 when `k` is outside the key table.
    func canonicalIndex(ofKey k: Int) -> Int32 {
        k >= 0 && k < canonicalKey.count ? canonicalKey[k] : -1
    }

    /// The first value of object `index` whose key's canonical index is `k` (-1: none).
    func value(ofObject index: Int, canonicalKey k: Int32) -> ArchiveValue? {
        guard k >= 0 else { return nil }
        for kv in values(ofObject: index) where canonicalIndex(ofKey: kv.key) == k { return kv.value }
        return nil
    }

    /// The value of a top-level entry.
    public func topValue(forKey key: String) -> ArchiveValue? {
        guard let k = keyLookup[key] else { return nil }
        return top.first { canonicalKey[$0.key] == k }?.value
    }

    /// The key string at `index`.
    @inlinable public func key(_ index: Int) -> String { keys[index] }

    /// The bytes of a `.bytes` or `.string` range.
    public func bytes(_ range: ArchiveRange) -> ArraySlice<UInt8> { storage[range.range] }

    /// The text of a `.string` value, or of a `.bytes` value read as UTF-8; nil for anything else.
    public func string(_ value: ArchiveValue) -> String? { Self.string(value, in: storage) }

    /// ``string(_:)`` over a graph's `storage`, for callers that hold the storage apart (calling through a
    /// stored graph copies the whole struct).
    static func string(_ value: ArchiveValue, in storage: [UInt8]) -> String? {
        switch value {
        case let .string(r, enc):
            return storage.withUnsafeBufferPointer { buf in
                let b = UnsafeBufferPointer(rebasing: buf[r.range])
                switch enc {
                case .ascii, .utf8: return UTF8Text.decoding(b)
                case .utf16BigEndian:
                    var units: [UInt16] = []
                    units.reserveCapacity(b.count / 2)
                    var i = 0
                    while i + 1 < b.count {
                        units.append(UInt16(b[i]) << 8 | UInt16(b[i + 1]))
                        i += 2
                    }
                    return String(decoding: units, as: UTF16.self)
                }
            }
        case let .bytes(r):
            return String(decoding: storage[r.range], as: UTF8.self)
        default:
            return nil
        }
    }

    /// The members of an inline `.array`, `.set` or `.dict` value (dicts alternate key, value).
    public func items(_ value: ArchiveValue) -> ArraySlice<ArchiveValue> {
        switch value {
        case let .array(r), let .set(r), let .dict(r): return items[r.range]
        default: return []
        }
    }
}
