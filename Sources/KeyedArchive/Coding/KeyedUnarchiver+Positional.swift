// NSUnarchiver's positional reads, for typedstream graphs: values come back in the order they were
// written, each group checked against the type encoding it was written with.

extension KeyedUnarchiver {
    /// False for a typedstream (`NSUnarchiver`'s archives): read it with the positional methods
    /// (``decodeValues(ofObjCTypes:)``, ``decodeObject(of:)``, ``decodeBytes()``), as a Cocoa class's
    /// `initWithCoder:` does when `allowsKeyedCoding` is NO.
    public var allowsKeyedCoding: Bool { graph.metadata.source != .typedstream }

    /// The values of the next group of the current object, which must have been written with exactly
    /// `types` (`encodeValuesOfObjCTypes:` with the same string), as `decodeValuesOfObjCTypes:` requires.
    ///
    /// - Parameter types: An Objective-C type encoding such as `"i"`, `"@i"` or `"{_NSRange=II}"`.
    /// - Returns: One value per top-level type: integers as ``ArchiveValue/int(_:width:)``, reals,
    ///   `@` as a reference (``decodeReferenced(_:as:key:element:)`` decodes it), structs and arrays as
    ///   inline arrays of their members, `[N c]` and `+` as bytes, selectors as strings.
    /// - Throws: ``ArchiveError/Code/valueNotFound`` past the object's last value,
    ///   ``ArchiveError/Code/typeMismatch`` when the next group has another encoding, and
    ///   ``ArchiveError/Code/badTypeEncoding`` for an encoding that cannot be read.
    public func decodeValues(ofObjCTypes types: String) throws(ArchiveError) -> [ArchiveValue] {
        let count = try positionalCount(types)
        let first = try nextPositionalGroup(types, count: count)
        return currentValues[first ..< first + count].map(\.value)
    }

    /// Checks that the next `count` values were written as one group of `types` and moves past them;
    /// returns the index of the first in ``currentValues``.
    func nextPositionalGroup(_ types: String, count: Int) throws(ArchiveError) -> Int {
        let all = currentValues
        let first = all.startIndex + scope.unkeyed
        guard first < all.endIndex else {
            throw located(.valueNotFound, "no more values: asked for \"\(types)\" after the last of \(all.count)", key: nil)
        }
        let key = all[first].key
        guard graph.keys[key] == types else {
            throw located(.typeMismatch, "asked for \"\(types)\", but value \(scope.unkeyed) was written as \"\(graph.keys[key])\"",
                          key: graph.keys[key])
        }
        guard count <= all.endIndex - first else {
            throw located(.corruptArchive, "a group of \"\(types)\" is cut short", key: types)
        }
        scope.unkeyed += count
        return first
    }

    /// The next value, written alone with type encoding `type` (`decodeValueOfObjCType:at:`).
    ///
    /// - Parameter type: One type, such as `"i"`, `"f"` or `"{_NSPoint=ff}"`.
    /// - Returns: The value, shaped as ``decodeValues(ofObjCTypes:)`` describes.
    /// - Throws: As ``decodeValues(ofObjCTypes:)``.
    public func decodeValue(ofObjCType type: String) throws(ArchiveError) -> ArchiveValue {
        let count = try positionalCount(type)
        guard count == 1 else {
            throw located(.typeMismatch, "\"\(type)\" describes \(count) values; use decodeValues(ofObjCTypes:)", key: type)
        }
        return currentValues[try nextPositionalGroup(type, count: 1)].value
    }

    /// The next value as an integer: a `c C s S i I l L q Q` value written alone with `type`.
    ///
    /// - Parameter type: The type encoding it was written with (default `"i"`).
    /// - Returns: The integer.
    /// - Throws: As ``decodeValues(ofObjCTypes:)``, or ``ArchiveError/Code/typeMismatch`` for a non-integer.
    public func decodeInteger(ofObjCType type: String = "i") throws(ArchiveError) -> Int64 {
        switch try decodeValue(ofObjCType: type) {
        case .int(let v, _): return v
        case .unsignedInt(let u) where u <= UInt64(Int64.max): return Int64(u)
        case let v: throw located(.typeMismatch, "\"\(type)\" holds a \(v.kindName), not an integer", key: type)
        }
    }

    /// The next value as a real: an `f` or `d` value written alone with `type`.
    ///
    /// - Parameter type: `"f"` or `"d"` (default `"d"`).
    /// - Returns: The real.
    /// - Throws: As ``decodeValues(ofObjCTypes:)``, or ``ArchiveError/Code/typeMismatch`` for a non-real.
    public func decodeReal(ofObjCType type: String = "d") throws(ArchiveError) -> Double {
        switch try decodeValue(ofObjCType: type) {
        case .float(let f): return Double(f)
        case .double(let d): return d
        case let v: throw located(.typeMismatch, "\"\(type)\" holds a \(v.kindName), not a real", key: type)
        }
    }

    /// The next `+` value: bytes written with `encodeBytes:length:` (`decodeBytesWithReturnedLength:`).
    ///
    /// - Returns: The bytes.
    /// - Throws: As ``decodeValues(ofObjCTypes:)``.
    public func decodeBytes() throws(ArchiveError) -> [UInt8] {
        switch try decodeValue(ofObjCType: "+") {
        case .bytes(let r), .string(let r, _): return Array(graph.storage[r.range])
        case let v: throw located(.typeMismatch, "\"+\" holds a \(v.kindName)", key: "+")
        }
    }

    /// Whether the current object has values left to read positionally.
    public var hasPositionalValues: Bool { scope.unkeyed < currentValues.count }

    /// The type encoding of the next positional value, if any (to branch on what was written).
    public var nextObjCType: String? {
        let all = currentValues
        let i = all.startIndex + scope.unkeyed
        return i < all.endIndex ? graph.keys[all[i].key] : nil
    }

    /// The version a typedstream recorded for `className` (`versionForClassName:`), or nil when the
    /// archive holds no such class (and for keyed archives, which record no versions).
    ///
    /// - Parameter className: A class name as archived.
    /// - Returns: The version.
    public func version(forClassName className: String) -> Int64? {
        guard graph.metadata.source == .typedstream else { return nil }
        return graph.classes.first { $0.name == className }?.version
    }

    /// How many values a type encoding describes at its top level.
    func positionalCount(_ types: String) throws(ArchiveError) -> Int {
        // One type code is one value: the common case needs no compiling.
        var utf8 = types.utf8.makeIterator()
        if let c = utf8.next(), utf8.next() == nil, TypedstreamTypeEncoding.scalarCodes.contains(c) { return 1 }
        return try TypedstreamTypeEncoding(ArraySlice(types.utf8), offset: 0).valueCount
    }

    /// The next `@` value of a typedstream object (``decodeObject(of:)`` on a typedstream).
    func nextPositionalObject() throws(ArchiveError) -> ArchiveValue {
        try decodeValue(ofObjCType: "@")
    }
}
