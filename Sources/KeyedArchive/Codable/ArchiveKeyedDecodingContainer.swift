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
/// (``ArchiveValueDecoder/keyedObject``, ``ArchiveValueDecoder/keyedTable``), named by its ticket, which
/// a pooled container's next use points at another decoder (``ArchiveDecodingState/keyedContainer(_:for:)``):
/// the standard library's box copies the container at every call, and one reference copies cheapest.
struct ArchiveKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let ticket: DecodingContainerTicket<ArchiveValueDecoder>

    /// The decoder this container reads (its ticket's).
    var decoder: ArchiveValueDecoder { ticket.decoder }

    /// `body` on the decoder, borrowed from the ticket: a reference loaded from the ticket's variable
    /// would be retained and released at every use, a dozen times per read.
    @inline(__always) private func with<R>(_ body: (ArchiveValueDecoder) throws -> R) rethrows -> R {
        try ticket.borrowed._withUnsafeGuaranteedRef(body)
    }

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
    @inline(__always) private func raw(_ key: Key) -> ArchiveValue? { with { raw(key.stringValue, $0) } }

    @inline(__always) private func raw(_ key: String) -> ArchiveValue? { with { raw(key, $0) } }

    @inline(__always) private func raw(_ key: Key, _ d: ArchiveValueDecoder) -> ArchiveValue? { raw(key.stringValue, d) }

    @inline(__always) private func raw(_ key: String, _ d: ArchiveValueDecoder) -> ArchiveValue? {
        if let table = d.keyedTable { return table[key] }
        if let dictionary = d.keyedDictionary { return d.value(in: dictionary, forKey: key) }
        return d.state.value(inRun: d.keyedRun, userKey: key, cursor: &d.cursor)
    }

    @inline(__always) private func require(_ key: Key, _ d: ArchiveValueDecoder) throws -> ArchiveValue {
        guard let v = raw(key, d) else {
            let text = "no value for key \"\(key.stringValue)\" in \(d.describe(d.keyedObject))"
            throw DecodingError.keyNotFound(key, d.context(nil, text,
                ArchiveError(.valueNotFound, text, objectIndex: d.keyedObject, keyPath: [key.stringValue])))
        }
        return v
    }

    @inline(__always) private func require(_ key: Key) throws -> ArchiveValue { try with { try require(key, $0) } }

    func contains(_ key: Key) -> Bool { raw(key) != nil }

    func decodeNil(forKey key: Key) throws -> Bool { try with { d in d.isNil(try require(key, d)) } }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try with { d in try d.bool(require(key, d), .codingKey(key)) } }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try with { d in try d.string(require(key, d), .codingKey(key)) } }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try with { d in try d.real(require(key, d), .codingKey(key)) } }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try with { d in try d.float(require(key, d), .codingKey(key)) } }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try with { d in try d.integer(require(key, d), Int.self, .codingKey(key)) } }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try with { d in try d.integer(require(key, d), Int8.self, .codingKey(key)) } }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try with { d in try d.integer(require(key, d), Int16.self, .codingKey(key)) } }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try with { d in try d.integer(require(key, d), Int32.self, .codingKey(key)) } }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try with { d in try d.integer(require(key, d), Int64.self, .codingKey(key)) } }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try with { d in try d.integer(require(key, d), UInt.self, .codingKey(key)) } }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try with { d in try d.integer(require(key, d), UInt8.self, .codingKey(key)) } }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try with { d in try d.integer(require(key, d), UInt16.self, .codingKey(key)) } }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try with { d in try d.integer(require(key, d), UInt32.self, .codingKey(key)) } }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try with { d in try d.integer(require(key, d), UInt64.self, .codingKey(key)) } }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try with { d in try d.decodeNested(T.self, require(key, d), .codingKey(key)) }
    }

    // One lookup per optional field: the protocol's defaults ask `contains`, `decodeNil` and `decode` in turn.
    /// The value for `key` unless it is absent or nil.
    @inline(__always) private func present(_ key: Key, _ d: ArchiveValueDecoder) -> ArchiveValue? {
        guard let v = raw(key, d), !d.isNil(v) else { return nil }
        return v
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        try with { d in guard let v = present(key, d) else { return nil }; return try d.bool(v, .codingKey(key)) }
    }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        try with { d in guard let v = present(key, d) else { return nil }; return try d.string(v, .codingKey(key)) }
    }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        try with { d in guard let v = present(key, d) else { return nil }; return try d.real(v, .codingKey(key)) }
    }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
        try with { d in guard let v = present(key, d) else { return nil }; return try d.float(v, .codingKey(key)) }
    }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        try with { d in guard let v = present(key, d) else { return nil }; return try d.integer(v, Int.self, .codingKey(key)) }
    }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? {
        try with { d in guard let v = present(key, d) else { return nil }; return try d.integer(v, Int8.self, .codingKey(key)) }
    }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? {
        try with { d in guard let v = present(key, d) else { return nil }; return try d.integer(v, Int16.self, .codingKey(key)) }
    }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? {
        try with { d in guard let v = present(key, d) else { return nil }; return try d.integer(v, Int32.self, .codingKey(key)) }
    }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
        try with { d in guard let v = present(key, d) else { return nil }; return try d.integer(v, Int64.self, .codingKey(key)) }
    }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? {
        try with { d in guard let v = present(key, d) else { return nil }; return try d.integer(v, UInt.self, .codingKey(key)) }
    }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? {
        try with { d in guard let v = present(key, d) else { return nil }; return try d.integer(v, UInt8.self, .codingKey(key)) }
    }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? {
        try with { d in guard let v = present(key, d) else { return nil }; return try d.integer(v, UInt16.self, .codingKey(key)) }
    }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? {
        try with { d in guard let v = present(key, d) else { return nil }; return try d.integer(v, UInt32.self, .codingKey(key)) }
    }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
        try with { d in guard let v = present(key, d) else { return nil }; return try d.integer(v, UInt64.self, .codingKey(key)) }
    }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try with { d in
            guard let v = present(key, d) else { return nil }
            return try d.decodeNested(T.self, v, .codingKey(key))
        }
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
