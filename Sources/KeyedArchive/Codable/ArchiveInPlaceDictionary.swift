/// An `NSDictionary`'s entries where the archive stores them: its `NS.keys` and `NS.objects` members in
/// place, every key a plain ASCII string, all distinct. A keyed container over such a dictionary (an
/// enum case's associated values, a super decoder's keys) looks its keys up here instead of building an
/// ``ArchiveKeyedTable``: distinct keys keep their places and values, so the answers are the table's.
/// Invariant: `keys ..< keys + count` and `values ..< values + count` lie within the decode's `items`.
struct ArchiveInPlaceDictionary {
    let keys: Int
    let values: Int
    let count: Int

    /// The most entries taken in place; larger dictionaries are indexed by a table.
    static let maxCount = ArchiveKeyedTable.linearCount
}

extension ArchiveValueDecoder {
    /// `NSDictionary` object `n` in place (see ``ArchiveInPlaceDictionary``); nil for any other form.
    func inPlaceDictionary(_ n: Int) -> ArchiveInPlaceDictionary? {
        guard let (keys, values) = inPlaceDictionaryMembers(n), keys.count <= ArchiveInPlaceDictionary.maxCount else { return nil }
        for i in keys.indices {
            guard let r = asciiKey(keys[i]) else { return nil }
            // The keys before it passed `asciiKey` already.
            for j in keys.startIndex ..< i where state.storage[stringBytes(keys[j])].elementsEqual(state.storage[r]) { return nil }
        }
        return ArchiveInPlaceDictionary(keys: keys.startIndex, values: values.startIndex, count: keys.count)
    }

    /// The bytes of a key that is a plain string entry (or inline string) of ASCII bytes only.
    private func asciiKey(_ k: ArchiveValue) -> Range<Int>? {
        guard case .string(let r, let encoding) = state.resolvedScalar(k), encoding != .utf16BigEndian,
              r.start >= 0, r.count >= 0, r.count <= state.storage.count - r.start else { return nil }
        let bytes = r.range
        for i in bytes where state.storage[i] >= 0x80 { return nil }
        return bytes
    }

    /// The bytes of a key that ``asciiKey(_:)`` took.
    @inline(__always) private func stringBytes(_ k: ArchiveValue) -> Range<Int> {
        guard case .string(let r, _) = state.resolvedScalar(k) else { return 0 ..< 0 }
        return r.range
    }

    /// The bytes of entry `i`'s key (ASCII and within `storage`, as ``inPlaceDictionary(_:)`` found it).
    @inline(__always) private func keyBytes(in d: ArchiveInPlaceDictionary, at i: Int) -> Range<Int> {
        stringBytes(state.items[d.keys + i])
    }

    /// The text of entry `i`'s key.
    func key(in d: ArchiveInPlaceDictionary, at i: Int) -> String {
        String(decoding: state.storage[keyBytes(in: d, at: i)], as: UTF8.self)
    }

    /// The value stored under `key`: the entry whose key has `key`'s bytes.
    func value(in d: ArchiveInPlaceDictionary, forKey key: String) -> ArchiveValue? {
        var text = key
        let found: Int? = text.withUTF8 { k in
            for i in 0 ..< d.count {
                let r = keyBytes(in: d, at: i)
                if r.count == k.count, state.storage[r].elementsEqual(k) { return i }
            }
            return nil
        }
        if let found { return state.items[d.values + found] }
        // Two ASCII strings are equal only byte for byte, but canonical equivalence can make a non-ASCII
        // key equal an ASCII one (the Kelvin sign is K): those compare as strings.
        guard !key.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        for i in 0 ..< d.count where self.key(in: d, at: i) == key { return state.items[d.values + i] }
        return nil
    }
}
