// Nested containers in the streamed encode: an `NSDictionary` (keyed) or an `NSArray` (unkeyed) under
// the key or at the index of the container that made it, as the graph-based path archives them (enum
// cases with associated values use keyed ones). Invariant: a nested frame sits on the frame of the
// container that made it until that container writes again, makes another nested container or ends; a
// write to it after that falls back, as does anything these files do not mirror of the graph-based path
// (nil values and unsigned numbers in a nested keyed container, a repeated key, a super encoder's second
// container or its single-value one, super encoders of nested and unkeyed containers).

extension ArchiveStreamEncoder {
    /// The nested dictionary frames nested containers may open inside one another before the encode
    /// falls back (each is a level of the coding path).
    static let maxNestedFrames = 32

    /// Opens an `NSDictionary` (`kind` `.dictionary`) or `NSArray` (`.array`) frame for a nested container
    /// of the container writing frame `parent`: its uid and class description first, then `place` puts it
    /// in the parent, as the graph-based path does.
    func openNestedFrame(_ kind: StreamFrame.Kind, in parent: UInt64, _ place: (StreamedValue) throws -> Void) throws -> UInt64 {
        try closeNested(above: parent)
        guard kind != .object, let top = frames.last, top.serial == parent, depth < KeyedArchiveEncoder.maxValueDepth,
              frames.reduce(0, { $0 + ($1.nested ? 1 : 0) }) < Self.maxNestedFrames else { throw fallBack() }
        let uid = entries.count
        entries.append(0)
        let c = foundationClass(kind == .array ? .array : .dictionary)
        try place(.entry(uid))
        noteObjectCount()
        nextSerial += 1
        frames.append(StreamFrame(kind: kind, uid: uid, classEntry: c, keyStart: pendingKeys.count,
                                  valueStart: pendingValues.count, scalarStart: pendingScalars.count,
                                  serial: nextSerial, nested: true))
        return nextSerial
    }

    /// Runs `body` with `keys` (a nested container's, after its maker's path of `base` steps) on the coding
    /// path, each a level of depth, as the graph-based path's child encoders are.
    func underNestedPath<R>(base: Int, _ keys: [any CodingKey], _ body: () throws -> R) throws -> R {
        guard pathSteps.count == base, depth + keys.count < KeyedArchiveEncoder.maxValueDepth else { throw fallBack() }
        for k in keys {
            pathSteps.append(PathStep.key)
            pathKeys.append(k)
        }
        depth += keys.count
        defer {
            pathSteps.truncate(to: base)
            pathKeys.removeLast(keys.count)
            depth -= keys.count
        }
        return try body()
    }

    /// An encoder for something only the graph-based path does (a super encoder): the encode falls back,
    /// and what is written through it is dropped.
    func fallingBack() -> any Encoder {
        fellBack = true
        return self
    }

    /// A keyed container for something only the graph-based path does; see ``fallingBack()``.
    func fallingBackKeyed<Key: CodingKey>(_ type: Key.Type) -> KeyedEncodingContainer<Key> {
        fellBack = true
        return pooledKeyedContainer(Key.self, serial: 0)
    }

    /// A nested keyed container over a new `NSDictionary` frame that `place` puts in frame `parent`
    /// (``openNestedFrame(_:in:_:)``), its coding path `base` steps and then `keys` and `key`; a falling-back
    /// one when it cannot open. Inlined with the pool's lookup: each generic call that passes a
    /// `KeyedEncodingContainer<Key>` on asks the runtime for its metadata (a resilient type).
    @inline(__always)
    func nestedKeyedContainer<Key: CodingKey>(_ type: Key.Type, in parent: UInt64, base: Int, keys: [any CodingKey] = [],
                                              then key: any CodingKey, _ place: (StreamedValue) throws -> Void) -> KeyedEncodingContainer<Key> {
        guard let nested = try? openNestedFrame(.dictionary, in: parent, place) else { return fallingBackKeyed(Key.self) }
        return nestedTicketContainer(Key.self, frame: nested, base: base, keys: keys, then: key)
    }

    /// A nested unkeyed container over a new `NSArray` frame that `place` puts in frame `parent`, its coding
    /// path `base` steps and then `keys`; a falling-back one when it cannot open.
    func nestedUnkeyedContainer(in parent: UInt64, base: Int, keys: [any CodingKey],
                                _ place: (StreamedValue) throws -> Void) -> any UnkeyedEncodingContainer {
        guard let nested = try? openNestedFrame(.array, in: parent, place) else { return fallingBackUnkeyed(depth: base) }
        return ArchiveStreamUnkeyedContainer(encoder: self, serial: nested, depth: base, keys: keys)
    }

    /// An unkeyed container for something only the graph-based path does; see ``fallingBack()``.
    func fallingBackUnkeyed(depth: Int) -> any UnkeyedEncodingContainer {
        fellBack = true
        return ArchiveStreamUnkeyedContainer(encoder: self, serial: 0, depth: depth)
    }

    /// Closes the nested frames above frame `serial`, which must then be the top one.
    func closeNested(above serial: UInt64) throws {
        while let f = frames.last, f.serial != serial {
            guard f.nested else { throw fallBack() }
            try close(f.serial)
        }
        guard frames.last?.serial == serial else { throw fallBack() }
    }
}

extension ArchiveStreamKeyedContainer {
    /// A nested keyed container under `key`: an `NSDictionary` frame (serial 0 and a fallback when it cannot open).
    func streamedNestedContainer<NestedKey: CodingKey>(_ type: NestedKey.Type, forKey key: Key, keyID: Int) -> KeyedEncodingContainer<NestedKey> {
        let (e, serial) = (encoder, ticket.serial)
        return e.nestedKeyedContainer(NestedKey.self, in: serial, base: ticket.depth, then: key) { try e.put($0, keyID: keyID, serial) }
    }

    /// A nested unkeyed container under `key`: an `NSArray` frame (a fallback when it cannot open).
    func streamedNestedUnkeyedContainer(forKey key: Key, keyID: Int) -> any UnkeyedEncodingContainer {
        let (e, serial) = (encoder, ticket.serial)
        return e.nestedUnkeyedContainer(in: serial, base: ticket.depth, keys: [key]) { try e.put($0, keyID: keyID, serial) }
    }
}

/// A nested keyed container of the streamed encode: the entries of an `NSDictionary` frame, written as
/// its ticket says (pooled, ArchiveStreamContainerPool.swift).
struct ArchiveStreamNestedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: ArchiveStreamEncoder
    let ticket: NestedContainerTicket

    var codingPath: [any CodingKey] { encoder.codingPath(depth: ticket.base) + ticket.keys }

    /// Adds the entry `key`: `value` (evaluated with this container's key on the coding path), then the
    /// key's string, then their members, in the graph-based path's order.
    private func entry(_ key: Key, _ value: () throws -> StreamedValue) throws {
        let (t, text) = (ticket, key.stringValue)
        guard t.frame != 0, !t.written.contains(text) else { throw encoder.fallBack() }
        try encoder.closeNested(above: t.frame)
        let v = try encoder.underNestedPath(base: t.base, t.keys) { try value() }
        let k = keyMember(key, text)
        try encoder.appendEntry(k, encoder.member(v), t.frame)
        t.written.append(text)
    }

    /// The uid of `key`'s string entry (made after the value's, as on the graph-based path): kept on the
    /// ticket by the key's one byte when `Key` is a trivial type of one byte or none, as a keyed container
    /// keeps key ids, so that a repeated key's string is not uniqued again.
    @inline(__always) private func keyMember(_ key: Key, _ text: String) -> Int {
        guard _isPOD(Key.self), MemoryLayout<Key>.size <= 1 else { return encoder.member(encoder.stringEntry(text)) }
        let byte = MemoryLayout<Key>.size == 0 ? 0 : Int(unsafeBitCast(key, to: UInt8.self))
        if let known = ticket.keyMembers.id(byte: byte) { return known }
        let m = encoder.member(encoder.stringEntry(text))
        ticket.keyMembers.remember(m, byte: byte)
        return m
    }
    private mutating func int(_ x: Int64, _ key: Key) throws { try entry(key) { .scalar(BinaryPlistObjectTable.integer(x)) } }
    private func unsupported() -> ArchiveStreamFallback { encoder.fallBack() }

    mutating func encodeNil(forKey key: Key) throws { throw unsupported() }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try entry(key) { .scalar(.bool(value)) } }
    mutating func encode(_ value: String, forKey key: Key) throws {
        let e = encoder
        try entry(key) { e.stringEntry(value) }
    }
    mutating func encode(_ value: Double, forKey key: Key) throws { try entry(key) { .scalar(.double(value)) } }
    mutating func encode(_ value: Float, forKey key: Key) throws { try entry(key) { .scalar(.float(value)) } }
    mutating func encode(_ value: Int, forKey key: Key) throws { try int(Int64(value), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try int(Int64(value), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try int(Int64(value), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try int(Int64(value), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try int(value, key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { throw unsupported() }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try int(Int64(value), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try int(Int64(value), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try int(Int64(value), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { throw unsupported() }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        let e = encoder
        try entry(key) { try e.encodeValue(value, key: key) }
    }
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        guard let value else { throw unsupported() }
        try encode(value, forKey: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let (e, t, frame, text) = (encoder, ticket, ticket.frame, key.stringValue)
        guard frame != 0, !t.written.contains(text) else { return e.fallingBackKeyed(NestedKey.self) }
        t.written.append(text)
        return e.nestedKeyedContainer(NestedKey.self, in: frame, base: t.base, keys: t.keys, then: key) { uid in
            try e.appendEntry(e.member(e.stringEntry(text)), e.member(uid), frame)
        }
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let (e, t, frame, text) = (encoder, ticket, ticket.frame, key.stringValue)
        guard frame != 0, !t.written.contains(text) else { return e.fallingBackUnkeyed(depth: t.base) }
        t.written.append(text)
        return e.nestedUnkeyedContainer(in: frame, base: t.base, keys: t.keys + [key]) { uid in
            try e.appendEntry(e.member(e.stringEntry(text)), e.member(uid), frame)
        }
    }
    mutating func superEncoder() -> any Encoder { encoder.fallingBack() }
    mutating func superEncoder(forKey key: Key) -> any Encoder { encoder.fallingBack() }
}

/// The encoder `superEncoder()` and `superEncoder(forKey:)` hand out in the streamed encode: its keyed
/// container is a nested `NSDictionary` frame under the key, made when it is first asked for (as the
/// graph-based path makes the child's object then, and only then puts it in the parent).
final class ArchiveStreamSuperEncoder: Encoder {
    let encoder: ArchiveStreamEncoder
    let parent: UInt64
    let keyID: Int
    let base: Int
    let key: any CodingKey
    private var asked = false

    init(encoder: ArchiveStreamEncoder, parent: UInt64, keyID: Int, base: Int, key: any CodingKey) {
        self.encoder = encoder
        self.parent = parent
        self.keyID = keyID
        self.base = base
        self.key = key
    }

    var codingPath: [any CodingKey] { encoder.codingPath(depth: base) + [key] }
    var userInfo: [CodingUserInfoKey: Any] { encoder.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let (e, parent, keyID) = (encoder, parent, keyID)
        guard !asked else { return e.fallingBackKeyed(Key.self) }
        asked = true
        return e.nestedKeyedContainer(Key.self, in: parent, base: base, then: key) { try e.put($0, keyID: keyID, parent) }
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let (e, parent, keyID) = (encoder, parent, keyID)
        guard !asked else { return e.fallingBackUnkeyed(depth: base) }
        asked = true
        return e.nestedUnkeyedContainer(in: parent, base: base, keys: [key]) { try e.put($0, keyID: keyID, parent) }
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        encoder.fellBack = true
        return encoder
    }
}
