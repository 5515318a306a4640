/// A keyed container's entries as a table: an `NSDictionary`'s string keys, or any container's keys
/// after a key strategy renamed them (in stored order, first spelling kept, last value kept).
/// Invariant: `keys` are distinct and `values[i]` is `keys[i]`'s; `index` exists when there are more
/// than ``linearCount`` keys (fewer are found faster by comparing them in turn than by hashing).
final class ArchiveKeyedTable {
    private(set) var keys: [String] = []
    private var values: [ArchiveValue] = []
    private var index: [String: Int]?
    static let linearCount = 8

    init(capacity: Int) {
        keys.reserveCapacity(capacity)
        values.reserveCapacity(capacity)
        if capacity > Self.linearCount { index = Dictionary(minimumCapacity: capacity) }
    }

    /// Adds `value` under `key`, or, for a key already present, replaces its value (keeping its place).
    func set(_ value: ArchiveValue, forKey key: String) {
        if let i = position(of: key) {
            values[i] = value
            return
        }
        index?[key] = keys.count
        keys.append(key)
        values.append(value)
    }

    /// The value stored under `key`, if any.
    subscript(key: String) -> ArchiveValue? { position(of: key).map { values[$0] } }

    private func position(of key: String) -> Int? {
        if let index { return index[key] }
        for i in keys.indices where keys[i] == key { return i }
        return nil
    }

    /// The (key, value) pairs in stored order.
    var entries: [(String, ArchiveValue)] { keys.indices.map { (keys[$0], values[$0]) } }
}

/// A keyed container over an archived object or an `NSDictionary`. Its state is its decoder's
/// (``ArchiveValueDecoder/keyedObject``, ``ArchiveValueDecoder/keyedTable``): the standard library's box
/// copies the container at every call, and one reference copies cheapest.
struct ArchiveKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: ArchiveValueDecoder

    /// The object this container reads.
    private var object: Int { decoder.keyedObject }

    /// Points `decoder` at object `n`'s entries: its own keys, `dictionary`'s, or `inPlace`'s (taken only
    /// with the default keys); renamed by the key strategy.
    static func prepare(_ decoder: ArchiveValueDecoder, object n: Int, dictionary: ArchiveKeyedTable?,
                        inPlace: ArchiveInPlaceDictionary?) {
        decoder.keyedObject = n
        decoder.keyedRun = decoder.state.valueRun(ofObject: n)
        decoder.keyedDictionary = nil
        switch decoder.state.options.keyDecodingStrategy {
        case .useDefaultKeys:
            decoder.keyedTable = dictionary
            decoder.keyedDictionary = inPlace
        case .convertFromSnakeCase:
            decoder.keyedTable = rename(dictionary, decoder) { CodingKeyConversion.camelCase(fromSnakeCase: $0) }
        case .custom(let convert):
            let path = decoder.codingPath
            decoder.keyedTable = rename(dictionary, decoder) { convert(path + [ArchiveCodingKey(stringValue: $0)]).stringValue }
        }
    }

    private static func rename(_ dictionary: ArchiveKeyedTable?, _ d: ArchiveValueDecoder,
                               _ convert: (String) -> String) -> ArchiveKeyedTable {
        let all = entries(dictionary, d)
        let table = ArchiveKeyedTable(capacity: all.count)
        for (k, v) in all { table.set(v, forKey: convert(k)) }
        return table
    }

    /// Every (user key, value) pair, in stored order; un-keyed slots (`$0`, `$1`, …) are left out.
    private static func entries(_ dictionary: ArchiveKeyedTable?, _ d: ArchiveValueDecoder) -> [(String, ArchiveValue)] {
        if let dictionary { return dictionary.entries }
        let state = d.state
        var out: [(String, ArchiveValue)] = []
        for i in d.keyedRun {
            let kv = state.values[i]
            guard let k = userKey(kv.key, state) else { continue }
            out.append((k, kv.value))
        }
        return out
    }

    /// The user key that graph key `k` spells: nil for an un-keyed slot (`$0`, `$1`, …) or a key outside
    /// the table; `$$0` is the user key `$0`, escaped to stay apart from the slot.
    private static func userKey(_ k: Int, _ state: ArchiveDecodingState) -> String? {
        guard k >= 0, k < state.keys.count, !state.isSlotKey[k] else { return nil }
        let text = state.keys[k]
        return text.hasPrefix("$$") ? String(text.dropFirst()) : text
    }

    var codingPath: [any CodingKey] { decoder.codingPath }

    // Loops, not `compactMap`s over tuples: in unspecialised code those asked the runtime for the
    // metadata of each closure's tuple and result at every call.
    var allKeys: [Key] {
        var out: [Key] = []
        if let table = decoder.keyedTable {
            out.reserveCapacity(table.keys.count)
            for k in table.keys { if let key = Key(stringValue: k) { out.append(key) } }
            return out
        }
        if let d = decoder.keyedDictionary {
            for i in 0 ..< d.count { if let key = Key(stringValue: decoder.key(in: d, at: i)) { out.append(key) } }
            return out
        }
        let state = decoder.state
        for i in decoder.keyedRun {
            if let k = Self.userKey(state.values[i].key, state), let key = Key(stringValue: k) { out.append(key) }
        }
        return out
    }

    /// The stored value for `key`, if any.
    // Inlined down to the run lookup: each scalar read was four nested calls, each with its own
    // prologue and a retain of the decoder.
    @inline(__always) private func raw(_ key: Key) -> ArchiveValue? { raw(key.stringValue) }

    @inline(__always) private func raw(_ key: String) -> ArchiveValue? {
        if let table = decoder.keyedTable { return table[key] }
        if let d = decoder.keyedDictionary { return decoder.value(in: d, forKey: key) }
        return decoder.state.value(inRun: decoder.keyedRun, userKey: key, cursor: &decoder.cursor)
    }

    @inline(__always) private func require(_ key: Key) throws -> ArchiveValue {
        guard let v = raw(key) else {
            let text = "no value for key \"\(key.stringValue)\" in \(decoder.describe(object))"
            throw DecodingError.keyNotFound(key, decoder.context(nil, text,
                ArchiveError(.valueNotFound, text, objectIndex: object, keyPath: [key.stringValue])))
        }
        return v
    }

    func contains(_ key: Key) -> Bool { raw(key) != nil }

    func decodeNil(forKey key: Key) throws -> Bool { decoder.isNil(try require(key)) }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decoder.bool(require(key), .codingKey(key)) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try decoder.string(require(key), .codingKey(key)) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decoder.real(require(key), .codingKey(key)) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decoder.float(require(key), .codingKey(key)) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decoder.integer(require(key), Int.self, .codingKey(key)) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decoder.integer(require(key), Int8.self, .codingKey(key)) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decoder.integer(require(key), Int16.self, .codingKey(key)) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decoder.integer(require(key), Int32.self, .codingKey(key)) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decoder.integer(require(key), Int64.self, .codingKey(key)) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decoder.integer(require(key), UInt.self, .codingKey(key)) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decoder.integer(require(key), UInt8.self, .codingKey(key)) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decoder.integer(require(key), UInt16.self, .codingKey(key)) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decoder.integer(require(key), UInt32.self, .codingKey(key)) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decoder.integer(require(key), UInt64.self, .codingKey(key)) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder.decodeNested(T.self, require(key), .codingKey(key))
    }

    // One lookup per optional field: the protocol's defaults ask `contains`, `decodeNil` and `decode` in turn.
    /// The value for `key` unless it is absent or nil.
    @inline(__always) private func present(_ key: Key) -> ArchiveValue? {
        guard let v = raw(key), !decoder.isNil(v) else { return nil }
        return v
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { guard let v = present(key) else { return nil }; return try decoder.bool(v, .codingKey(key)) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { guard let v = present(key) else { return nil }; return try decoder.string(v, .codingKey(key)) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { guard let v = present(key) else { return nil }; return try decoder.real(v, .codingKey(key)) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { guard let v = present(key) else { return nil }; return try decoder.float(v, .codingKey(key)) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { guard let v = present(key) else { return nil }; return try decoder.integer(v, Int.self, .codingKey(key)) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { guard let v = present(key) else { return nil }; return try decoder.integer(v, Int8.self, .codingKey(key)) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { guard let v = present(key) else { return nil }; return try decoder.integer(v, Int16.self, .codingKey(key)) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { guard let v = present(key) else { return nil }; return try decoder.integer(v, Int32.self, .codingKey(key)) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { guard let v = present(key) else { return nil }; return try decoder.integer(v, Int64.self, .codingKey(key)) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { guard let v = present(key) else { return nil }; return try decoder.integer(v, UInt.self, .codingKey(key)) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { guard let v = present(key) else { return nil }; return try decoder.integer(v, UInt8.self, .codingKey(key)) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { guard let v = present(key) else { return nil }; return try decoder.integer(v, UInt16.self, .codingKey(key)) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { guard let v = present(key) else { return nil }; return try decoder.integer(v, UInt32.self, .codingKey(key)) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { guard let v = present(key) else { return nil }; return try decoder.integer(v, UInt64.self, .codingKey(key)) }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let v = present(key) else { return nil }
        return try decoder.decodeNested(T.self, v, .codingKey(key))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try nestedDecoder(key).container(keyedBy: NestedKey.self)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try nestedDecoder(key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        ArchiveValueDecoder(state: decoder.state, value: raw("super") ?? .nil, parent: decoder, component: .codingKey(ArchiveCodingKey.superKey))
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        ArchiveValueDecoder(state: decoder.state, value: raw(key) ?? .nil, parent: decoder, component: .codingKey(key))
    }

    private func nestedDecoder(_ key: Key) throws -> ArchiveValueDecoder {
        ArchiveValueDecoder(state: decoder.state, value: try require(key), parent: decoder, component: .codingKey(key))
    }
}
