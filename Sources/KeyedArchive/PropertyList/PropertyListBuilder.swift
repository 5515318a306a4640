/// Builds a ``PropertyList`` one object at a time.
///
/// Each `add…` call returns the new object's index. A container may only name members that already
/// exist, so a built table can never contain a container cycle. The Archiver and the XML reader build
/// through this type; writers then serialise the result.
public struct PropertyListBuilder: Sendable {
    @usableFromInline internal var nodes: [PlistNode] = []
    @usableFromInline internal var refs: [UInt32] = []
    @usableFromInline internal var storage: [UInt8] = []
    @usableFromInline internal var wideIntegers: [(high: Int64, low: UInt64)] = []

    /// Starts an empty table.
    public init() {}

    /// Reserve room for about `objects` objects and `bytes` bytes of string and data.
    public mutating func reserveCapacity(objects: Int, bytes: Int = 0) {
        nodes.reserveCapacity(objects)
        storage.reserveCapacity(bytes)
    }

    /// Reserves room for `count` container members in all.
    mutating func reserveMembers(_ count: Int) { refs.reserveCapacity(count) }

    /// Number of objects added so far.
    public var count: Int { nodes.count }

    @usableFromInline
    internal mutating func append(_ node: PlistNode) -> Int {
        nodes.append(node)
        return nodes.count - 1
    }

    /// Adds the reserved null object (bplist marker `00`).
    public mutating func addNull() -> Int { append(PlistNode(kind: .null)) }
    /// Adds a fill byte object (bplist marker `0F`).
    public mutating func addFill() -> Int { append(PlistNode(kind: .fill)) }
    /// Adds a boolean.
    public mutating func addBool(_ value: Bool) -> Int { append(PlistNode(kind: .bool, extra: value ? 1 : 0)) }

    /// Adds a signed integer.
    public mutating func addInteger(_ value: Int64) -> Int {
        append(PlistNode(kind: .integer, extra: 0, payload: UInt64(bitPattern: value)))
    }

    /// Adds an unsigned integer; values above `Int64.max` are written as 16-byte integers.
    public mutating func addInteger(_ value: UInt64) -> Int {
        if value <= UInt64(Int64.max) { return addInteger(Int64(value)) }
        return append(PlistNode(kind: .integer, extra: 1, payload: value))
    }

    /// Adds a 128-bit integer, stored in the narrowest form that holds it.
    public mutating func addInteger(_ value: PlistWideInteger) -> Int {
        if value.high == 0 { return addInteger(value.low) }
        if value.high == -1, Int64(bitPattern: value.low) < 0 { return addInteger(Int64(bitPattern: value.low)) }
        wideIntegers.append((value.high, value.low))
        return append(PlistNode(kind: .integer, extra: 2, payload: UInt64(wideIntegers.count - 1)))
    }

    /// A real; `width` 4 stores a float32 (the value must then be exactly representable as Float).
    public mutating func addReal(_ value: Double, width: Int = 8) -> Int {
        append(PlistNode(kind: .real, extra: width == 4 ? 4 : 8, payload: value.bitPattern))
    }

    /// Adds a float32 real.
    public mutating func addReal(_ value: Float) -> Int { addReal(Double(value), width: 4) }

    /// A date, as seconds since 2001-01-01 00:00:00 UTC.
    public mutating func addDate(_ secondsSinceReferenceDate: Double) -> Int {
        append(PlistNode(kind: .date, payload: secondsSinceReferenceDate.bitPattern))
    }

    /// Adds a keyed-archive UID (an index into `$objects`).
    public mutating func addUID(_ value: UInt64) -> Int { append(PlistNode(kind: .uid, payload: value)) }

    /// Adds a data object holding a copy of `bytes`.
    public mutating func addData<C: Collection>(_ bytes: C) -> Int where C.Element == UInt8 {
        let start = storage.count
        storage.append(contentsOf: bytes)
        return append(PlistNode(kind: .data, count: UInt32(truncatingIfNeeded: storage.count - start), payload: UInt64(start)))
    }

    /// Adds a string (ASCII when every scalar is below U+0080, otherwise stored as UTF-8).
    public mutating func addString(_ value: String) -> Int {
        let start = storage.count
        var value = value
        let ascii = value.withUTF8 { u in
            storage.append(contentsOf: u)
            return u.allSatisfy { $0 < 0x80 }
        }
        let enc: PlistStringEncoding = ascii ? .ascii : .utf8
        return append(PlistNode(kind: .string, extra: enc.rawValue,
                                count: UInt32(truncatingIfNeeded: storage.count - start), payload: UInt64(start)))
    }

    /// A string given as raw big-endian UTF-16 code units (kept exactly, lone surrogates included).
    public mutating func addUTF16String(bigEndianUnits: [UInt8]) -> Int {
        let start = storage.count
        storage.append(contentsOf: bigEndianUnits)
        return append(PlistNode(kind: .string, extra: PlistStringEncoding.utf16BigEndian.rawValue,
                                count: UInt32(truncatingIfNeeded: bigEndianUnits.count / 2), payload: UInt64(start)))
    }

    /// Adds an array of existing objects.
    public mutating func addArray(_ members: [Int]) -> Int { addContainer(.array, members) }
    /// Adds a set of existing objects.
    public mutating func addSet(_ members: [Int]) -> Int { addContainer(.set, members) }

    /// A dict with parallel key and value indices (same length).
    public mutating func addDict(keys: [Int], values: [Int]) -> Int {
        precondition(keys.count == values.count, "PropertyListBuilder.addDict: keys and values differ in length")
        let start = refs.count
        for k in keys { refs.append(checkedMember(k)) }
        for v in values { refs.append(checkedMember(v)) }
        return append(PlistNode(kind: .dict, count: UInt32(keys.count), payload: UInt64(start)))
    }

    /// An array of existing objects, straight from a slice (the XML reader's member stack).
    mutating func addArray(_ members: ArraySlice<Int>) -> Int { addContainer(.array, members) }

    private mutating func addContainer<C: Collection<Int>>(_ kind: PlistKind, _ members: C) -> Int {
        let start = refs.count
        for m in members { refs.append(checkedMember(m)) }
        return append(PlistNode(kind: kind, count: UInt32(members.count), payload: UInt64(start)))
    }

    // Members must already exist: this is what makes built tables acyclic. Programmer error, not input.
    private func checkedMember(_ index: Int) -> UInt32 {
        precondition(index >= 0 && index < nodes.count, "PropertyListBuilder: member \(index) does not exist yet")
        return UInt32(index)
    }

    /// The finished list.
    public func build(root: Int, format: PropertyList.Format = .binary) -> PropertyList {
        PropertyList(format: format, root: root, storage: storage, nodes: nodes, refs: refs, wideIntegers: wideIntegers)
    }
}
