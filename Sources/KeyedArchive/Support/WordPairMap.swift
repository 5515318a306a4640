/// An open-addressing map from a pair of 64-bit words to a non-negative `Int`, for the archiver's
/// identity and number tables: one ``ByteHash`` mix per lookup instead of SipHash, no boxing.
///
/// Invariant: the table is at most half full (it grows before), so a probe always ends at an empty slot.
struct WordPairMap {
    private var keys: [(UInt64, UInt64)]
    /// Value + 1 per slot; 0 marks an empty slot.
    private var values: [Int]
    private var mask: Int
    private(set) var count = 0

    init(capacity: Int = 16) {
        var cap = 16
        while cap < capacity * 2 { cap <<= 1 }
        keys = Self.unfilledKeys(cap)
        values = Array(repeating: 0, count: cap)
        mask = cap - 1
    }

    /// `count` key slots left as they come: a slot's key is written with its value and read only
    /// where the value is non-zero, so only `values` is zero-filled.
    private static func unfilledKeys(_ count: Int) -> [(UInt64, UInt64)] {
        [(UInt64, UInt64)](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
    }

    @inline(__always) private func slot(_ a: UInt64, _ b: UInt64) -> Int { Self.slot(a, b, seed: ByteHash.seed, mask: mask) }

    @inline(__always) private static func slot(_ a: UInt64, _ b: UInt64, seed: UInt64, mask: Int) -> Int {
        Int(truncatingIfNeeded: ByteHash.mix(seed ^ a ^ (b &* 0x9E37_79B9_7F4A_7C15))) & mask
    }

    /// The value stored for (`a`, `b`), if any.
    func value(_ a: UInt64, _ b: UInt64 = 0) -> Int? {
        var s = slot(a, b)
        while values[s] != 0 {
            if keys[s] == (a, b) { return values[s] - 1 }
            s = (s + 1) & mask
        }
        return nil
    }

    /// Stores `value` (≥ 0) for (`a`, `b`), replacing an earlier one.
    mutating func set(_ value: Int, _ a: UInt64, _ b: UInt64 = 0) {
        var s = slot(a, b)
        while values[s] != 0 {
            if keys[s] == (a, b) {
                values[s] = value + 1
                return
            }
            s = (s + 1) & mask
        }
        keys[s] = (a, b)
        values[s] = value + 1
        count += 1
        if count * 2 > mask { grow() }
    }

    /// The value stored for (`a`, `b`) if there is one; otherwise stores `value` (≥ 0) for it and returns
    /// nil. One probe where ``value(_:_:)`` then ``set(_:_:_:)`` take two.
    mutating func valueOrInsert(_ value: Int, _ a: UInt64, _ b: UInt64 = 0) -> Int? {
        let start = slot(a, b), mask = mask
        // One uniqueness check per table for the whole probe, not one per store.
        let found: Int? = values.withUnsafeMutableBufferPointer { vs in
            keys.withUnsafeMutableBufferPointer { ks in
                var s = start
                while vs[s] != 0 {
                    if ks[s] == (a, b) { return vs[s] - 1 }
                    s = (s + 1) & mask
                }
                ks[s] = (a, b)
                vs[s] = value + 1
                return nil
            }
        }
        if found != nil { return found }
        count += 1
        if count * 2 > mask { grow() }
        return nil
    }

    /// Doubles the table (quadruples it while small: most maps grow from 16 slots to thousands, and each
    /// growth moves every entry again).
    private mutating func grow() {
        let oldKeys = keys, oldValues = values
        let cap = (mask + 1) * (mask < 1 << 14 ? 4 : 2)
        keys = Self.unfilledKeys(cap)
        values = Array(repeating: 0, count: cap)
        mask = cap - 1
        let mask = mask, seed = ByteHash.seed
        values.withUnsafeMutableBufferPointer { vs in
            keys.withUnsafeMutableBufferPointer { ks in
                oldValues.withUnsafeBufferPointer { ov in
                    oldKeys.withUnsafeBufferPointer { ok in
                        for i in 0 ..< ov.count where ov[i] != 0 {
                            let (a, b) = ok[i]
                            var s = Self.slot(a, b, seed: seed, mask: mask)
                            while vs[s] != 0 { s = (s + 1) & mask }
                            ks[s] = (a, b)
                            vs[s] = ov[i]
                        }
                    }
                }
            }
        }
    }
}

extension ObjectIdentifier {
    /// The identifier as a map key.
    var word: UInt64 { UInt64(UInt(bitPattern: self)) }
}
