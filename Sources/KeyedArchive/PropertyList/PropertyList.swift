/// A parsed property list: a flat, format-neutral, index-based table.
///
/// Both the binary (`bplist00`) and the XML reader produce a `PropertyList`, and both writers consume
/// one. Every object has an index; containers hold the indices of their members, and strings and data
/// are byte ranges into ``storage`` (for a binary plist, the input bytes themselves: nothing is copied
/// until a value is asked for). Cycles are impossible once a reader has validated the table, but the
/// table itself never recurses, so walking it is iterative and bounded.
///
/// Invariants a reader guarantees (and ``PropertyListBuilder`` maintains):
/// - every member index in ``refs`` is `< nodes.count`;
/// - every byte range lies inside ``storage``;
/// - no container reaches itself through container members (UIDs are not members).
public struct PropertyList: Sendable {
    /// The two property-list encodings.
    public enum Format: String, Sendable, Hashable, CaseIterable {
        case binary, xml
    }

    /// The format this list was read from, or will be written as by default.
    public var format: Format
    /// Index of the root object.
    public var root: Int
    /// Bytes that string and data ranges refer into.
    public internal(set) var storage: [UInt8]
    @usableFromInline internal var nodes: [PlistNode]
    /// Container members: an array or set of n uses n entries; a dict of n uses n keys then n values.
    @usableFromInline internal var refs: [UInt32]
    /// 128-bit integers that do not fit UInt64 or Int64, as (high, low) halves.
    @usableFromInline internal var wideIntegers: [(high: Int64, low: UInt64)]
    /// Bit `i` is set when object `i` is an array, set or dict (one word per 64 nodes, always): callers
    /// that only ask "is it a container?" test it instead of loading a 16-byte node.
    @usableFromInline internal var containerBits: [UInt64]
    /// Whether a container is held twice, as the binary reader found while copying the refs (nil: not
    /// measured; see ``sharesContainers()``).
    internal var measuredSharesContainers: Bool?

    @usableFromInline
    internal init(format: Format, root: Int, storage: [UInt8], nodes: [PlistNode], refs: [UInt32],
                  wideIntegers: [(high: Int64, low: UInt64)], containerBits: [UInt64] = [], sharesContainers: Bool? = nil) {
        self.measuredSharesContainers = sharesContainers
        self.format = format
        self.root = root
        self.storage = storage
        self.nodes = nodes
        self.refs = refs
        self.wideIntegers = wideIntegers
        // The binary reader's pass 1 builds the bits as it scans; other lists get them here.
        self.containerBits = containerBits.count == (nodes.count &+ 63) &>> 6 ? containerBits : Self.containerBits(of: nodes)
    }

    /// One bit per node, set for arrays, sets and dicts (the layout of ``containerBits``).
    static func containerBits(of nodes: [PlistNode]) -> [UInt64] {
        var bits = [UInt64](repeating: 0, count: (nodes.count &+ 63) &>> 6)
        for (i, node) in nodes.enumerated() where node.kind.isContainer {
            bits[i &>> 6] |= 1 &<< UInt64(truncatingIfNeeded: i & 63)
        }
        return bits
    }

    /// Number of objects in the table.
    @inlinable public var count: Int { nodes.count }

    /// The kind of object `index`. `index` must be `< count`.
    @inlinable public func kind(_ index: Int) -> PlistKind { nodes[index].kind }

    /// Whether object `index` is an array, set or dict, from `bits` (a list's ``containerBits``, which a
    /// caller in a loop that writes to itself reads once). `index` must be `< count`.
    @inline(__always) static func isContainer(_ index: Int, in bits: [UInt64]) -> Bool {
        bits[index &>> 6] & (1 &<< UInt64(truncatingIfNeeded: index & 63)) != 0
    }
}

/// What a property-list object is.
public enum PlistKind: UInt8, Sendable, Hashable, CaseIterable, BitwiseCopyable {
    case null, bool, fill, integer, real, date, data, string, uid, array, set, dict
}

/// How a string's bytes are stored.
public enum PlistStringEncoding: UInt8, Sendable, Hashable {
    /// Bytes < 0x80 only (bplist `5n`).
    case ascii
    /// Big-endian UTF-16 code units (bplist `6n`); may hold lone surrogates.
    case utf16BigEndian
    /// UTF-8 (decoded XML text).
    case utf8
}

/// One row of the table. 16 bytes.
@usableFromInline
internal struct PlistNode: Sendable, BitwiseCopyable {
    @usableFromInline var kind: PlistKind
    /// integer: 0 = signed Int64 in payload, 1 = UInt64 above Int64.max, 2 = wide (payload indexes wideIntegers).
    /// real: 4 or 8 (stored width). string: a PlistStringEncoding raw value. bool: 0/1.
    @usableFromInline var extra: UInt8
    /// Byte length (data, ascii/utf8 string), UTF-16 unit count, or member count (containers).
    @usableFromInline var count: UInt32
    /// Scalar bits (integer, real/date as Double bits, uid), storage offset (data, string),
    /// or the first index into `refs` (containers).
    @usableFromInline var payload: UInt64

    @inlinable
    init(kind: PlistKind, extra: UInt8 = 0, count: UInt32 = 0, payload: UInt64 = 0) {
        self.kind = kind
        self.extra = extra
        self.count = count
        self.payload = payload
    }
}

/// A 128-bit property-list integer as two's-complement halves.
public struct PlistWideInteger: Sendable, Hashable {
    /// The upper 64 bits, signed.
    public var high: Int64
    /// The lower 64 bits.
    public var low: UInt64
    /// Creates a value from its halves.
    public init(high: Int64, low: UInt64) {
        self.high = high
        self.low = low
    }
}

// MARK: - Accessors. Each returns nil when the object is of another kind.

extension PropertyList {
    /// A boolean's value.
    @inlinable public func bool(_ index: Int) -> Bool? {
        let n = nodes[index]
        return n.kind == .bool ? n.extra != 0 : nil
    }

    /// The integer as Int64, if it is an integer that fits.
    @inlinable public func int64(_ index: Int) -> Int64? {
        let n = nodes[index]
        guard n.kind == .integer, n.extra == 0 else { return nil }
        return Int64(bitPattern: n.payload)
    }

    /// The integer as UInt64, if it is a non-negative integer that fits.
    @inlinable public func uint64(_ index: Int) -> UInt64? {
        let n = nodes[index]
        guard n.kind == .integer else { return nil }
        switch n.extra {
        case 0: return Int64(bitPattern: n.payload) >= 0 ? n.payload : nil
        case 1: return n.payload
        default: return nil
        }
    }

    /// The integer as a full 128-bit value (every integer has one).
    public func wideInteger(_ index: Int) -> PlistWideInteger? {
        let n = nodes[index]
        guard n.kind == .integer else { return nil }
        switch n.extra {
        case 0:
            let v = Int64(bitPattern: n.payload)
            return PlistWideInteger(high: v < 0 ? -1 : 0, low: n.payload)
        case 1: return PlistWideInteger(high: 0, low: n.payload)
        default:
            let w = wideIntegers[Int(n.payload)]
            return PlistWideInteger(high: w.high, low: w.low)
        }
    }

    /// A real's value (a float32 real is widened exactly).
    @inlinable public func real(_ index: Int) -> Double? {
        let n = nodes[index]
        return n.kind == .real ? Double(bitPattern: n.payload) : nil
    }

    /// 4 for a float32 real, 8 for a float64 real.
    @inlinable public func realWidth(_ index: Int) -> Int? {
        let n = nodes[index]
        return n.kind == .real ? Int(n.extra) : nil
    }

    /// A date as seconds since 2001-01-01 00:00:00 UTC.
    @inlinable public func date(_ index: Int) -> Double? {
        let n = nodes[index]
        return n.kind == .date ? Double(bitPattern: n.payload) : nil
    }

    /// A UID's value (an index into a keyed archive's `$objects`).
    @inlinable public func uid(_ index: Int) -> UInt64? {
        let n = nodes[index]
        return n.kind == .uid ? n.payload : nil
    }

    /// Byte range of a data object in ``storage``.
    @inlinable public func dataRange(_ index: Int) -> Range<Int>? {
        let n = nodes[index]
        guard n.kind == .data else { return nil }
        let start = Int(truncatingIfNeeded: n.payload)
        return start ..< start + Int(n.count)
    }

    /// A copy of a data object's bytes.
    public func data(_ index: Int) -> [UInt8]? {
        guard let r = dataRange(index) else { return nil }
        return Array(storage[r])
    }

    /// Encoding and byte range of a string object in ``storage``.
    @inlinable public func stringBytes(_ index: Int) -> (encoding: PlistStringEncoding, range: Range<Int>)? {
        let n = nodes[index]
        guard n.kind == .string else { return nil }
        let start = Int(truncatingIfNeeded: n.payload)
        let enc = PlistStringEncoding(rawValue: n.extra) ?? .utf8
        let byteCount = enc == .utf16BigEndian ? Int(n.count) * 2 : Int(n.count)
        return (enc, start ..< start + byteCount)
    }

    /// A string object's value. Lone UTF-16 surrogates become U+FFFD.
    public func string(_ index: Int) -> String? {
        guard let (enc, r) = stringBytes(index) else { return nil }
        return storage.withUnsafeBufferPointer { buf in
            let bytes = UnsafeBufferPointer(rebasing: buf[r])
            switch enc {
            case .ascii, .utf8:
                return UTF8Text.decoding(bytes)
            case .utf16BigEndian:
                var units: [UInt16] = []
                units.reserveCapacity(bytes.count / 2)
                var i = 0
                while i + 1 < bytes.count {
                    units.append(UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1]))
                    i += 2
                }
                return String(decoding: units, as: UTF16.self)
            }
        }
    }

    /// Whether object `index` is a string equal to `key`, compared without creating a String
    /// when the string is stored as ASCII or UTF-8.
    public func stringEquals(_ index: Int, _ key: String) -> Bool {
        guard let (enc, r) = stringBytes(index) else { return false }
        if enc == .utf16BigEndian { return string(index) == key }
        var key = key
        return key.withUTF8 { k in
            guard k.count == r.count else { return false }
            return storage.withUnsafeBufferPointer { buf in
                var i = 0
                while i < k.count {
                    if buf[r.lowerBound + i] != k[i] { return false }
                    i += 1
                }
                return true
            }
        }
    }

    /// Number of members of an array or set, or entries of a dict; 0 for anything else.
    @inlinable public func containerCount(_ index: Int) -> Int {
        let n = nodes[index]
        switch n.kind {
        case .array, .set, .dict: return Int(n.count)
        default: return 0
        }
    }

    /// Member indices of an array or set (empty for anything else).
    @inlinable public func elements(_ index: Int) -> PlistMembers {
        let n = nodes[index]
        guard n.kind == .array || n.kind == .set else { return PlistMembers(refs: refs, range: 0 ..< 0) }
        let start = Int(truncatingIfNeeded: n.payload)
        return PlistMembers(refs: refs, range: start ..< start + Int(n.count))
    }

    /// Key indices of a dict (empty for anything else).
    @inlinable public func dictKeys(_ index: Int) -> PlistMembers {
        let (start, count) = dictSlots(index)
        return PlistMembers(refs: refs, range: start ..< start + count)
    }

    /// Value indices of a dict, parallel to ``dictKeys(_:)``.
    @inlinable public func dictValues(_ index: Int) -> PlistMembers {
        let (start, count) = dictSlots(index)
        return PlistMembers(refs: refs, range: start + count ..< start + 2 * count)
    }

    /// Where a dict's members sit in the member table: keys at `start ..< start + count`, values right
    /// after them. For readers that walk many dicts without a member view (and its retain) per dict.
    @inlinable func dictSlots(_ index: Int) -> (start: Int, count: Int) {
        let n = nodes[index]
        guard n.kind == .dict else { return (0, 0) }
        return (Int(truncatingIfNeeded: n.payload), Int(n.count))
    }

    /// Where an array's or set's members sit in the member table (`(0, 0)` for anything else), as
    /// ``dictSlots(_:)`` for dicts.
    @inlinable func elementSlots(_ index: Int) -> (start: Int, count: Int) {
        let n = nodes[index]
        guard n.kind == .array || n.kind == .set else { return (0, 0) }
        return (Int(truncatingIfNeeded: n.payload), Int(n.count))
    }

    /// The object index in member slot `slot` (see ``dictSlots(_:)``).
    @inlinable func member(atSlot slot: Int) -> Int { Int(refs[slot]) }

    /// The value for a string key in a dict: the last match wins, as in CoreFoundation.
    public func dictValue(_ index: Int, forKey key: String) -> Int? {
        let keys = dictKeys(index)
        var found: Int?
        for (i, k) in keys.enumerated() where stringEquals(k, key) { found = i }
        guard let found else { return nil }
        return dictValues(index)[found]
    }
}

/// A view of container members as object indices.
public struct PlistMembers: RandomAccessCollection, Sendable {
    @usableFromInline let refs: [UInt32]
    @usableFromInline let range: Range<Int>

    @inlinable init(refs: [UInt32], range: Range<Int>) {
        self.refs = refs
        self.range = range
    }

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { range.count }
    @inlinable public subscript(position: Int) -> Int { Int(refs[range.lowerBound + position]) }
}
