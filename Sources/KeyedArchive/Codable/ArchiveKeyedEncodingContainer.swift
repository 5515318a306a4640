/// A keyed container writing an archived object's keys (scalars inline, as `encodeInteger:forKey:`
/// does) or an `NSDictionary`'s entries (every value a reference).
struct ArchiveKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: ArchiveValueEncoder
    let box: ArchiveEncodingBox

    var codingPath: [any CodingKey] { encoder.codingPath }

    /// Stores a raw value under `key`.
    // Inlined with the key lookup: a scalar write was three nested calls, each retaining the encoder.
    @inline(__always) private func put(_ raw: ArchiveValue, _ key: Key) throws {
        guard !box.flushed else { throw encoder.lateWrite(key) }
        let (k, text) = encoder.state.key(key, encoder)
        switch box.kind {
        case .object:
            box.put(k, raw)
        default:
            let s = encoder.state
            box.putEntry(text, key: s.archiver.encodePlainString(text), try s.member(raw))
        }
    }

    mutating func encodeNil(forKey key: Key) throws { try put(.nil, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try put(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { try put(encoder.state.archiver.encodePlainString(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try put(.double(value), key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try put(.float(value), key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { try put(.int(Int64(value), width: 0), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try put(.int(Int64(value), width: 0), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try put(.int(Int64(value), width: 0), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try put(.int(Int64(value), width: 0), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try put(.int(value, width: 0), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try put(KeyedArchiver.unsignedValue(UInt64(value)), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try put(.int(Int64(value), width: 0), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try put(.int(Int64(value), width: 0), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try put(.int(Int64(value), width: 0), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try put(KeyedArchiver.unsignedValue(value), key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        // Under an archived object's key, geometry is a string (see ``ArchiveGeometryType``).
        let raw = try encoder.state.encodeValue(value, parent: encoder, component: .codingKey(key), underKey: box.kind == .object)
        // An object slot holds a reference: a scalar wrapped by another type is stored as it would be alone.
        try put(raw, key)
    }

    // An absent optional: `$null` in an archived object, as `encodeObject:nil forKey:` writes it (and as
    // corelibs' NSKeyedUnarchiver needs: it reports a missing key as corrupt data); no entry in an
    // NSDictionary, which cannot hold nil.
    private func absent(_ key: Key) throws { if box.kind == .object { try put(.nil, key) } }
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try absent(key) } }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try absent(key) } }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try absent(key) } }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try absent(key) } }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try absent(key) } }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try absent(key) } }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try absent(key) } }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try absent(key) } }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try absent(key) } }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try absent(key) } }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try absent(key) } }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try absent(key) } }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try absent(key) } }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } else { try absent(key) } }
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try absent(key) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let child = encoder.child(.codingKey(key))
        let nested = child.keyedBox()
        try? put(.ref(nested.uid), key)
        return KeyedEncodingContainer(ArchiveKeyedEncodingContainer<NestedKey>(encoder: child, box: nested))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = encoder.child(.codingKey(key))
        let nested = child.collectionBox(.array)
        try? put(.ref(nested.uid), key)
        return ArchiveUnkeyedEncodingContainer(encoder: child, box: nested)
    }

    mutating func superEncoder() -> any Encoder { superEncoder(named: ArchiveCodingKey.superKey) }

    mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(named: key) }

    private func superEncoder(named key: some CodingKey) -> any Encoder {
        let child = encoder.child(.codingKey(key))
        let (k, text) = encoder.state.key(key, encoder)
        let box = self.box, state = encoder.state
        child.sink = { raw in
            if box.kind == .object {
                box.put(k, raw)
            } else if let m = try? state.member(raw) {
                box.putEntry(text, key: state.archiver.encodePlainString(text), m)
            }
        }
        return child
    }
}
