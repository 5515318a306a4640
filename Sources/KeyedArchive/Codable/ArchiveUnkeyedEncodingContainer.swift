/// An unkeyed container writing an `NSArray`'s (or `NSSet`'s) members: every member a reference, nil
/// as `NSNull`.
struct ArchiveUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let encoder: ArchiveValueEncoder
    let box: ArchiveEncodingBox

    var codingPath: [any CodingKey] { encoder.codingPath }
    var count: Int { box.members.count }

    private func append(_ raw: ArchiveValue) throws {
        guard !box.flushed else { throw encoder.lateWrite(nil) }
        box.append(try encoder.state.member(raw))
    }

    mutating func encodeNil() throws { try append(.nil) }
    mutating func encode(_ value: Bool) throws { try append(.bool(value)) }
    mutating func encode(_ value: String) throws {
        guard !box.flushed else { throw encoder.lateWrite(nil) }
        box.append(encoder.state.archiver.encodePlainString(value))
    }
    mutating func encode(_ value: Double) throws { try append(.double(value)) }
    mutating func encode(_ value: Float) throws { try append(.float(value)) }
    mutating func encode(_ value: Int) throws { try append(.int(Int64(value), width: 0)) }
    mutating func encode(_ value: Int8) throws { try append(.int(Int64(value), width: 0)) }
    mutating func encode(_ value: Int16) throws { try append(.int(Int64(value), width: 0)) }
    mutating func encode(_ value: Int32) throws { try append(.int(Int64(value), width: 0)) }
    mutating func encode(_ value: Int64) throws { try append(.int(value, width: 0)) }
    mutating func encode(_ value: UInt) throws { try append(KeyedArchiver.unsignedValue(UInt64(value))) }
    mutating func encode(_ value: UInt8) throws { try append(.int(Int64(value), width: 0)) }
    mutating func encode(_ value: UInt16) throws { try append(.int(Int64(value), width: 0)) }
    mutating func encode(_ value: UInt32) throws { try append(.int(Int64(value), width: 0)) }
    mutating func encode(_ value: UInt64) throws { try append(KeyedArchiver.unsignedValue(value)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try append(encoder.encodeNested(value, .index(box.members.count)))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let child = encoder.child(.index(box.members.count))
        let nested = child.keyedBox()
        box.append(.ref(nested.uid))
        return KeyedEncodingContainer(ArchiveKeyedEncodingContainer<NestedKey>(encoder: child, box: nested))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = encoder.child(.index(box.members.count))
        let nested = child.collectionBox(.array)
        box.append(.ref(nested.uid))
        return ArchiveUnkeyedEncodingContainer(encoder: child, box: nested)
    }

    mutating func superEncoder() -> any Encoder {
        let slot = box.members.count
        let child = encoder.child(.index(slot))
        let box = self.box, state = encoder.state
        // The slot is reserved now and filled when the super encoder encodes (NSNull if it never does).
        box.append((try? state.member(.nil)) ?? .nil)
        child.sink = { raw in
            if !box.flushed, slot < box.members.count, let m = try? state.member(raw) { box.members[slot] = m }
        }
        return child
    }
}
