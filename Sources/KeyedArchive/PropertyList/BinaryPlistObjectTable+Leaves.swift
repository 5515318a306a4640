// Objects and uniqued leaves the streamed Codable encode adds to a binary writer's table.

extension BinaryPlistObjectTable.Object {
    /// A bool object.
    static func bool(_ b: Bool) -> Self { Self(tag: b ? 0x09 : 0x08, count: 0, payload: 0, high: 0) }
    /// An 8-byte real object.
    static func double(_ d: Double) -> Self { Self(tag: 0x23, count: 0, payload: d.bitPattern, high: 0) }
    /// A 4-byte real object.
    static func float(_ f: Float) -> Self { Self(tag: 0x22, count: 0, payload: UInt64(Float(Double(f)).bitPattern), high: 0) }
    /// An unsigned integer, as the graph-based path stores one (16 bytes only above `Int64.max`).
    static func unsigned(_ u: UInt64) -> Self {
        u <= UInt64(Int64.max) ? BinaryPlistObjectTable.integer(Int64(u)) : BinaryPlistObjectTable.integer(u)
    }
}

extension BinaryPlistObjectTable {
    /// ``string(_:)`` uniqued; a string already written gives its id and leaves ``scratch`` as it was.
    mutating func uniquedString(_ s: String) -> Int {
        var s = s
        if let id = s.withUTF8({ uniquedASCII($0) }) { return id }
        let mark = scratch.count
        let before = objects.count
        let id = uniqued(string(s))
        if id < before { scratch.removeSubrange(mark...) }
        return id
    }

    /// A data object of `bytes`, its bytes kept in ``scratch`` (not yet uniqued).
    mutating func data(_ bytes: [UInt8]) -> Object {
        let mark = scratch.count
        scratch.append(contentsOf: bytes)
        return Object(tag: 0x40, count: bytes.count, payload: UInt64(mark), high: 1)
    }

    /// A data object of `bytes`, not uniqued (see ``appendUnshared(_:)``).
    mutating func appendData(_ bytes: UnsafeRawBufferPointer) -> Int {
        let mark = scratch.count
        scratch.append(contentsOf: bytes)
        return appendUnshared(Object(tag: 0x40, count: bytes.count, payload: UInt64(mark), high: 1))
    }
}
