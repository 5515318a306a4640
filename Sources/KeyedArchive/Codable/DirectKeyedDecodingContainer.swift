/// The direct decode's keyed container over an archived object's dictionary (the graph-based decode's is
/// ``ArchiveKeyedDecodingContainer``). Its state is its decoder's, named by its ticket, for the same reason.
struct DirectKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let ticket: DecodingContainerTicket<DirectValueDecoder>

    var decoder: DirectValueDecoder { ticket.decoder }

    /// `body` on the decoder, borrowed from the ticket (see ``ArchiveKeyedDecodingContainer``).
    @inline(__always) private func with<R>(_ body: (DirectValueDecoder) throws -> R) rethrows -> R {
        try ticket.borrowed._withUnsafeGuaranteedRef(body)
    }

    var codingPath: [any CodingKey] { decoder.codingPath }

    var allKeys: [Key] {
        // Stored order, `$class` and un-keyed slots left out, as the graph-based container lists them.
        with { d in
            var out: [Key] = []
            let state = d.state
            if let dictionary = d.dictionary {
                for i in 0 ..< dictionary.count {
                    guard let r = state.asciiKeyBytes(dictionary.keysAt &+ i) else { continue }
                    if let key = Key(stringValue: String(decoding: state.storage[r], as: UTF8.self)) { out.append(key) }
                }
                return out
            }
            for j in 0 ..< d.pairs {
                guard let k = state.keySlot(Int(truncatingIfNeeded: state.refs[d.keysAt &+ j])) else {
                    state.abandoned = true
                    return []
                }
                guard !state.keyTexts[k].isClassKey, !state.keyTexts[k].isSlotKey else { continue }
                let text = state.keyTexts[k].text.hasPrefix("$$") ? String(state.keyTexts[k].text.dropFirst()) : state.keyTexts[k].text
                if let key = Key(stringValue: text) { out.append(key) }
            }
            return out
        }
    }

    /// The value node stored for `key`, if any.
    @inline(__always) private func raw(_ key: Key, _ d: DirectValueDecoder) throws -> Int? {
        if let dictionary = d.dictionary { return try d.state.value(in: dictionary, forKey: key.stringValue) }
        return try d.state.value(inDict: d.keysAt, pairs: d.pairs, key: key.stringValue, cursor: &d.cursor)
    }

    @inline(__always) private func require(_ key: Key, _ d: DirectValueDecoder) throws -> Int {
        guard let v = try raw(key, d) else { throw d.state.abandon() }
        return v
    }

    /// The value node for `key` unless it is absent or nil.
    @inline(__always) private func present(_ key: Key, _ d: DirectValueDecoder) throws -> Int? {
        guard let v = try raw(key, d), !d.state.isNil(v) else { return nil }
        return v
    }

    func contains(_ key: Key) -> Bool {
        with { d in
            do { return try raw(key, d) != nil } catch { return false }
        }
    }

    func decodeNil(forKey key: Key) throws -> Bool { try with { d in d.state.isNil(try require(key, d)) } }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try with { d in try d.bool(require(key, d)) } }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try with { d in try d.string(require(key, d)) } }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try with { d in try d.real(require(key, d)) } }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try with { d in try d.float(require(key, d)) } }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try with { d in try d.integer(require(key, d), Int.self) } }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try with { d in try d.integer(require(key, d), Int8.self) } }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try with { d in try d.integer(require(key, d), Int16.self) } }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try with { d in try d.integer(require(key, d), Int32.self) } }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try with { d in try d.integer(require(key, d), Int64.self) } }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try with { d in try d.integer(require(key, d), UInt.self) } }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try with { d in try d.integer(require(key, d), UInt8.self) } }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try with { d in try d.integer(require(key, d), UInt16.self) } }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try with { d in try d.integer(require(key, d), UInt32.self) } }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try with { d in try d.integer(require(key, d), UInt64.self) } }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try with { d in try d.decodeNested(T.self, require(key, d), .codingKey(key)) }
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        try with { d in try present(key, d).map { try d.bool($0) } }
    }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        try with { d in try present(key, d).map { try d.string($0) } }
    }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        try with { d in try present(key, d).map { try d.real($0) } }
    }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
        try with { d in try present(key, d).map { try d.float($0) } }
    }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        try with { d in try present(key, d).map { try d.integer($0, Int.self) } }
    }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? {
        try with { d in try present(key, d).map { try d.integer($0, Int8.self) } }
    }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? {
        try with { d in try present(key, d).map { try d.integer($0, Int16.self) } }
    }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? {
        try with { d in try present(key, d).map { try d.integer($0, Int32.self) } }
    }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
        try with { d in try present(key, d).map { try d.integer($0, Int64.self) } }
    }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? {
        try with { d in try present(key, d).map { try d.integer($0, UInt.self) } }
    }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? {
        try with { d in try present(key, d).map { try d.integer($0, UInt8.self) } }
    }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? {
        try with { d in try present(key, d).map { try d.integer($0, UInt16.self) } }
    }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? {
        try with { d in try present(key, d).map { try d.integer($0, UInt32.self) } }
    }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
        try with { d in try present(key, d).map { try d.integer($0, UInt64.self) } }
    }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try with { d in
            guard let v = try present(key, d) else { return nil }
            return try d.decodeNested(T.self, v, .codingKey(key))
        }
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try nestedDecoder(key).container(keyedBy: NestedKey.self)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try nestedDecoder(key).unkeyedContainer()
    }

    // A super decoder of a key that is absent reads nil on the graph-based path; here that gives up.
    func superDecoder() throws -> any Decoder {
        try with { d in
            let v: Int?
            if let dictionary = d.dictionary { v = try d.state.value(in: dictionary, forKey: "super") }
            else { v = try d.state.value(inDict: d.keysAt, pairs: d.pairs, key: "super", cursor: &d.cursor) }
            guard let v else { throw d.state.abandon() }
            return DirectValueDecoder(state: d.state, node: v, parent: d, component: .codingKey(ArchiveCodingKey.superKey))
        }
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        try with { d in
            guard let v = try raw(key, d) else { throw d.state.abandon() }
            return DirectValueDecoder(state: d.state, node: v, parent: d, component: .codingKey(key))
        }
    }

    private func nestedDecoder(_ key: Key) throws -> DirectValueDecoder {
        try with { d in DirectValueDecoder(state: d.state, node: try require(key, d), parent: d, component: .codingKey(key)) }
    }
}
