/// A keyed container of the streamed encode: an archived object's keys, scalars inline.
struct ArchiveStreamKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: ArchiveStreamEncoder
    /// The frame this container writes (serial 0: none; every write falls back), and its depth.
    let ticket: StreamContainerTicket

    var codingPath: [any CodingKey] { encoder.codingPath(depth: ticket.depth) }

    @inline(__always) private func put(_ v: StreamedValue, _ key: Key) throws { try encoder.put(v, keyID: keyID(key), ticket.serial) }

    /// The property-list id of `key` as the archive spells it: kept on the ticket by the key's one byte
    /// when `Key` is a trivial type of one byte or none (a `CodingKeys` enum), whose `stringValue` that
    /// byte then decides; otherwise looked up by its `stringValue`.
    @inline(__always) private func keyID(_ key: Key) -> Int {
        guard _isPOD(Key.self), MemoryLayout<Key>.size <= 1 else { return encoder.keyID(key.stringValue) }
        let byte = MemoryLayout<Key>.size == 0 ? 0 : Int(unsafeBitCast(key, to: UInt8.self))
        if let known = ticket.keyID(byte: byte) { return known }
        let id = encoder.keyID(key.stringValue)
        ticket.remember(id, byte: byte)
        return id
    }
    @inline(__always) private func int(_ x: Int64, _ key: Key) throws { try put(.scalar(BinaryPlistObjectTable.integer(x)), key) }

    mutating func encodeNil(forKey key: Key) throws { try put(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try put(.scalar(.bool(value)), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { try put(encoder.stringEntry(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try put(.scalar(.double(value)), key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try put(.scalar(.float(value)), key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { try int(Int64(value), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try int(Int64(value), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try int(Int64(value), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try int(Int64(value), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try int(value, key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try put(.scalar(.unsigned(UInt64(value))), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try int(Int64(value), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try int(Int64(value), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try int(Int64(value), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try put(.scalar(.unsigned(value)), key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try put(encoder.encodeValue(value, key: key), key)
    }

    // A nil optional is `$null`, as on the graph-based path.
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try put(.null, key) } }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try put(.null, key) } }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try put(.null, key) } }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try put(.null, key) } }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try put(.null, key) } }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try put(.null, key) } }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try put(.null, key) } }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try put(.null, key) } }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try put(.null, key) } }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try put(.null, key) } }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try put(.null, key) } }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try put(.null, key) } }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try put(.null, key) } }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try put(.null, key) } }
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try put(.null, key) }
    }

    // Nested containers and super encoders' containers are streamed (ArchiveStreamNestedContainer.swift).
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        streamedNestedContainer(NestedKey.self, forKey: key, keyID: keyID(key))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        streamedNestedUnkeyedContainer(forKey: key, keyID: keyID(key))
    }
    mutating func superEncoder() -> any Encoder {
        ArchiveStreamSuperEncoder(encoder: encoder, parent: ticket.serial, keyID: encoder.keyID(TextCodingKey.superKey.stringValue),
                                  base: ticket.depth, key: TextCodingKey.superKey)
    }
    mutating func superEncoder(forKey key: Key) -> any Encoder {
        ArchiveStreamSuperEncoder(encoder: encoder, parent: ticket.serial, keyID: keyID(key), base: ticket.depth, key: key)
    }
}

/// An unkeyed container of the streamed encode: an `NSArray`'s members. A nested one (made by another
/// container) has its maker's path of `depth` steps and then `keys`, and closes the nested frames above
/// its own before each write, as a nested keyed container does.
struct ArchiveStreamUnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: ArchiveStreamEncoder
    let serial: UInt64
    let depth: Int
    /// A nested container's keys after its maker's path; empty for a value's own container.
    var keys: [any CodingKey] = []

    var codingPath: [any CodingKey] { keys.isEmpty ? encoder.codingPath(depth: depth) : encoder.codingPath(depth: depth) + keys }
    var count: Int { encoder.memberCount(serial) }

    @inline(__always) private func append(_ v: StreamedValue) throws { try encoder.append(v, serial) }
    @inline(__always) private func int(_ x: Int64) throws { try append(.scalar(BinaryPlistObjectTable.integer(x))) }

    mutating func encodeNil() throws { try append(.null) }
    mutating func encode(_ value: Bool) throws { try append(.scalar(.bool(value))) }
    mutating func encode(_ value: String) throws { try append(encoder.stringEntry(value)) }
    mutating func encode(_ value: Double) throws { try append(.scalar(.double(value))) }
    mutating func encode(_ value: Float) throws { try append(.scalar(.float(value))) }
    mutating func encode(_ value: Int) throws { try int(Int64(value)) }
    mutating func encode(_ value: Int8) throws { try int(Int64(value)) }
    mutating func encode(_ value: Int16) throws { try int(Int64(value)) }
    mutating func encode(_ value: Int32) throws { try int(Int64(value)) }
    mutating func encode(_ value: Int64) throws { try int(value) }
    mutating func encode(_ value: UInt) throws { try append(.scalar(.unsigned(UInt64(value)))) }
    mutating func encode(_ value: UInt8) throws { try int(Int64(value)) }
    mutating func encode(_ value: UInt16) throws { try int(Int64(value)) }
    mutating func encode(_ value: UInt32) throws { try int(Int64(value)) }
    mutating func encode(_ value: UInt64) throws { try append(.scalar(.unsigned(value))) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let e = encoder
        guard !keys.isEmpty else { return try append(e.encodeValue(value, index: count)) }
        // The nested frames above this one close first, as the value's own would otherwise sit on them.
        try e.closeNested(above: serial)
        let index = count
        try append(e.underNestedPath(base: depth, keys) { try e.encodeValue(value, index: index) })
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let (e, serial) = (encoder, serial)
        return e.nestedKeyedContainer(NestedKey.self, in: serial, base: depth, keys: keys, then: ArchiveCodingKey(index: count)) {
            try e.append($0, serial)
        }
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let (e, serial) = (encoder, serial)
        return e.nestedUnkeyedContainer(in: serial, base: depth, keys: keys + [ArchiveCodingKey(index: count)]) { try e.append($0, serial) }
    }

    mutating func superEncoder() -> any Encoder { encoder.fallingBack() }
}
