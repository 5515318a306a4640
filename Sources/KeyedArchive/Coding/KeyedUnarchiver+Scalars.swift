// Scalar decoding (keyed-archive-format.md §6.4): a missing key gives 0/false/0.0 with no error;
// int-vs-real mismatches and out-of-range values are errors, never truncations.

extension KeyedUnarchiver {
    /// Decodes a Boolean: a stored bool, or an integer (`!= 0`).
    ///
    /// - Parameter key: The key.
    /// - Returns: The value, or false when the key is absent.
    /// - Throws: ``ArchiveError/Code/typeMismatch`` for a real, string, data or reference.
    public func decodeBool(forKey key: String) throws(ArchiveError) -> Bool {
        guard !poisoned, let v = rawValue(forKey: key) else { return false }
        switch v {
        case .bool(let b): return b
        case .int(let x, _): return x != 0
        case .unsignedInt, .wideInt: return true
        default: return try fail(mismatch(v, "a Bool", key), false)
        }
    }

    /// Decodes an `Int64`.
    ///
    /// - Parameter key: The key.
    /// - Returns: The value, or 0 when the key is absent.
    /// - Throws: ``ArchiveError/Code/typeMismatch`` for a real or non-number; ``ArchiveError/Code/overflow``
    ///   for an integer beyond `Int64`.
    public func decodeInt64(forKey key: String) throws(ArchiveError) -> Int64 {
        guard !poisoned, let v = rawValue(forKey: key) else { return 0 }
        return try int64(v, key: key)
    }

    /// Decodes an `Int` (64-bit), like ``decodeInt64(forKey:)``.
    public func decodeInt(forKey key: String) throws(ArchiveError) -> Int { try narrow(key, Int.self) }
    /// Decodes an `Int32`; a stored value outside its range is an ``ArchiveError/Code/overflow`` error.
    public func decodeInt32(forKey key: String) throws(ArchiveError) -> Int32 { try narrow(key, Int32.self) }
    /// Decodes an `Int16`; a stored value outside its range is an ``ArchiveError/Code/overflow`` error.
    public func decodeInt16(forKey key: String) throws(ArchiveError) -> Int16 { try narrow(key, Int16.self) }
    /// Decodes an `Int8`; a stored value outside its range is an ``ArchiveError/Code/overflow`` error.
    public func decodeInt8(forKey key: String) throws(ArchiveError) -> Int8 { try narrow(key, Int8.self) }

    /// Decodes a `UInt64`: a non-negative integer up to `UInt64.max` (stored as a 16-byte integer above
    /// `Int64.max`).
    ///
    /// - Parameter key: The key.
    /// - Returns: The value, or 0 when the key is absent.
    /// - Throws: ``ArchiveError/Code/overflow`` for a negative or too large value;
    ///   ``ArchiveError/Code/typeMismatch`` for a non-integer.
    public func decodeUInt64(forKey key: String) throws(ArchiveError) -> UInt64 {
        guard !poisoned, let v = rawValue(forKey: key) else { return 0 }
        return try uint64(v, key: key)
    }

    /// Decodes a `UInt`; out of range is an ``ArchiveError/Code/overflow`` error.
    public func decodeUInt(forKey key: String) throws(ArchiveError) -> UInt { try narrowUnsigned(key, UInt.self) }
    /// Decodes a `UInt32`; out of range is an ``ArchiveError/Code/overflow`` error.
    public func decodeUInt32(forKey key: String) throws(ArchiveError) -> UInt32 { try narrowUnsigned(key, UInt32.self) }
    /// Decodes a `UInt16`; out of range is an ``ArchiveError/Code/overflow`` error.
    public func decodeUInt16(forKey key: String) throws(ArchiveError) -> UInt16 { try narrowUnsigned(key, UInt16.self) }
    /// Decodes a `UInt8`; out of range is an ``ArchiveError/Code/overflow`` error.
    public func decodeUInt8(forKey key: String) throws(ArchiveError) -> UInt8 { try narrowUnsigned(key, UInt8.self) }

    /// Decodes a `Double`: a stored real, or (unless ``Options/strictRealConversion``) an integer that
    /// converts exactly.
    ///
    /// - Parameter key: The key.
    /// - Returns: The value, or 0 when the key is absent.
    /// - Throws: ``ArchiveError/Code/typeMismatch`` for a non-number or an inexact integer.
    public func decodeDouble(forKey key: String) throws(ArchiveError) -> Double {
        guard !poisoned, let v = rawValue(forKey: key) else { return 0 }
        return try double(v, key: key)
    }

    /// Decodes a `Float`. A finite stored double outside `Float`'s range is an overflow, never ±inf.
    ///
    /// - Parameter key: The key.
    /// - Returns: The value, or 0 when the key is absent.
    /// - Throws: ``ArchiveError/Code/overflow`` or ``ArchiveError/Code/typeMismatch``.
    public func decodeFloat(forKey key: String) throws(ArchiveError) -> Float {
        guard !poisoned, let v = rawValue(forKey: key) else { return 0 }
        if case .float(let f) = v { return f }
        let d = try double(v, key: key)
        if d.isFinite, d.magnitude > Double(Float.greatestFiniteMagnitude) {
            return try fail(located(.overflow, "\(d) is outside Float's range", key: key), 0)
        }
        return Float(d)
    }

    /// Decodes inline bytes (`encodeBytes`). Only inline data qualifies: a reference or a string is a
    /// type error.
    ///
    /// - Parameter key: The key.
    /// - Returns: A copy of the bytes, or nil when the key is absent.
    /// - Throws: ``ArchiveError/Code/typeMismatch`` for anything but inline data.
    public func decodeBytes(forKey key: String) throws(ArchiveError) -> [UInt8]? {
        guard !poisoned, let v = rawValue(forKey: key) else { return nil }
        guard case .bytes(let r) = v else { return try fail(mismatch(v, "inline bytes", key), nil) }
        return Array(graph.storage[r.range])
    }

    /// Calls `body` with the inline bytes stored under `key`, without copying them.
    ///
    /// - Parameters:
    ///   - key: The key.
    ///   - body: Receives the bytes (a slice of the graph's storage); not called when the key is absent.
    /// - Returns: `body`'s result, or nil when the key is absent.
    /// - Throws: ``ArchiveError/Code/typeMismatch`` for anything but inline data, or what `body` throws.
    public func withDecodedBytes<R>(forKey key: String, _ body: (ArraySlice<UInt8>) throws(ArchiveError) -> R) throws(ArchiveError) -> R? {
        guard !poisoned, let v = rawValue(forKey: key) else { return nil }
        guard case .bytes(let r) = v else { return try fail(mismatch(v, "inline bytes", key), nil) }
        return try body(graph.storage[r.range])
    }

    /// Decodes the next un-keyed integer (`$0`, `$1`, … in order).
    ///
    /// - Returns: The value, or 0 when the slot is absent.
    /// - Throws: As ``decodeInt64(forKey:)``.
    public func decodeUnkeyedInt64() throws(ArchiveError) -> Int64 {
        guard !poisoned, let v = nextUnkeyedValue() else { return 0 }
        return try int64(v, key: KeyedArchiveKeys.unkeyedKey(scope.unkeyed - 1))
    }

    /// Decodes the next un-keyed real.
    ///
    /// - Returns: The value, or 0 when the slot is absent.
    /// - Throws: As ``decodeDouble(forKey:)``.
    public func decodeUnkeyedDouble() throws(ArchiveError) -> Double {
        guard !poisoned, let v = nextUnkeyedValue() else { return 0 }
        return try double(v, key: KeyedArchiveKeys.unkeyedKey(scope.unkeyed - 1))
    }

    /// Decodes the next un-keyed inline bytes.
    ///
    /// - Returns: The bytes, or nil when the slot is absent.
    /// - Throws: ``ArchiveError/Code/typeMismatch`` for anything but inline data.
    public func decodeUnkeyedBytes() throws(ArchiveError) -> [UInt8]? {
        guard !poisoned, let v = nextUnkeyedValue() else { return nil }
        guard case .bytes(let r) = v else {
            return try fail(mismatch(v, "inline bytes", KeyedArchiveKeys.unkeyedKey(scope.unkeyed - 1)), nil)
        }
        return Array(graph.storage[r.range])
    }

    // MARK: Conversions shared by the keyed, un-keyed and Foundation-shape paths

    func int64(_ v: ArchiveValue, key: String) throws(ArchiveError) -> Int64 {
        switch v {
        case .int(let x, _): return x
        case .bool(let b): return b ? 1 : 0
        case .unsignedInt(let u): return try fail(located(.overflow, "\(u) does not fit Int64", key: key), 0)
        case .wideInt: return try fail(located(.overflow, "a 128-bit integer does not fit Int64", key: key), 0)
        default: return try fail(mismatch(v, "an integer", key), 0)
        }
    }

    func uint64(_ v: ArchiveValue, key: String) throws(ArchiveError) -> UInt64 {
        switch v {
        case .int(let x, _):
            guard let u = UInt64(exactly: x) else { return try fail(located(.overflow, "\(x) is negative", key: key), 0) }
            return u
        case .unsignedInt(let u): return u
        case .bool(let b): return b ? 1 : 0
        case .wideInt: return try fail(located(.overflow, "a 128-bit integer does not fit UInt64", key: key), 0)
        default: return try fail(mismatch(v, "an integer", key), 0)
        }
    }

    func double(_ v: ArchiveValue, key: String) throws(ArchiveError) -> Double {
        switch v {
        case .double(let d): return d
        case .float(let f): return Double(f)
        case .int(let x, _) where !options.strictRealConversion:
            guard let d = Double(exactly: x) else { return try fail(located(.typeMismatch, "\(x) has no exact Double", key: key), 0) }
            return d
        case .unsignedInt(let u) where !options.strictRealConversion:
            guard let d = Double(exactly: u) else { return try fail(located(.typeMismatch, "\(u) has no exact Double", key: key), 0) }
            return d
        default: return try fail(mismatch(v, "a real", key), 0)
        }
    }

    private func narrow<T: FixedWidthInteger & SignedInteger>(_ key: String, _: T.Type) throws(ArchiveError) -> T {
        guard !poisoned, let v = rawValue(forKey: key) else { return 0 }
        let x = try int64(v, key: key)
        guard let t = T(exactly: x) else { return try fail(located(.overflow, "\(x) does not fit \(T.self)", key: key), 0) }
        return t
    }

    private func narrowUnsigned<T: FixedWidthInteger & UnsignedInteger>(_ key: String, _: T.Type) throws(ArchiveError) -> T {
        guard !poisoned, let v = rawValue(forKey: key) else { return 0 }
        let x = try uint64(v, key: key)
        guard let t = T(exactly: x) else { return try fail(located(.overflow, "\(x) does not fit \(T.self)", key: key), 0) }
        return t
    }

    func mismatch(_ v: ArchiveValue, _ expected: String, _ key: String?) -> ArchiveError {
        located(.typeMismatch, "expected \(expected), found a \(v.kindName)", key: key)
    }
}
