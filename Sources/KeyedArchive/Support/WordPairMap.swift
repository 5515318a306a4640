/// An open-addressing map from a pair of 64-bit words to a non-negative `Int`, for the archiver's
/// identity and number tables: one ``ByteHash`` mix per lookup instead of SipHash, no boxing.
///
/// Invariant: the table is at most half full (it grows before), so a probe always ends at an empty slot.
/// A slot holds its key and its value together, so a probe of a table larger than the caches costs one
/// miss, not one in a key array and another in a value array.
struct WordPairMap {
    /// One slot: value + 1 (0 marks an empty slot) and the key.
    struct Slot {
        var value: Int
        var a: UInt64
        var b: UInt64
    }

    private var slots: [Slot]
    private var mask: Int
    private(set) var count = 0

    init(capacity: Int = 16) {
        var cap = 16
        while cap < capacity * 2 { cap <<= 1 }
        slots = Self.emptySlots(cap)
        mask = cap - 1
    }

    /// `count` empty slots.
    private static func emptySlots(_ count: Int) -> [Slot] {
        [Slot](unsafeUninitializedCapacity: count) { buffer, initialized in
            HugePages.advise(buffer)
            buffer.initialize(repeating: Slot(value: 0, a: 0, b: 0))
            initialized = count
        }
    }

    @inline(__always) private func slot(_ a: UInt64, _ b: UInt64) -> Int { Self.slot(a, b, seed: ByteHash.seed, mask: mask) }

    @inline(__always) private static func slot(_ a: UInt64, _ b: UInt64, seed: UInt64, mask: Int) -> Int {
        Int(truncatingIfNeeded: ByteHash.mix(seed ^ a ^ (b &* 0x9E37_79B9_7F4A_7C15))) & mask
    }

    /// The value stored for (`a`, `b`), if any.
    func value(_ a: UInt64, _ b: UInt64 = 0) -> Int? {
        var s = slot(a, b)
        while slots[s].value != 0 {
            if slots[s].a == a, slots[s].b == b { return slots[s].value - 1 }
            s = (s + 1) & mask
        }
        return nil
    }

    /// Stores `value` (≥ 0) for (`a`, `b`), replacing an earlier one.
    mutating func set(_ value: Int, _ a: UInt64, _ b: UInt64 = 0) {
        guard insert(value, a, b, replacing: true) == nil else { return }
        count += 1
        if count * 2 > mask { grow() }
    }

    /// The value stored for (`a`, `b`) if there is one; otherwise stores `value` (≥ 0) for it and returns
    /// nil. One probe where ``value(_:_:)`` then ``set(_:_:_:)`` take two.
    mutating func valueOrInsert(_ value: Int, _ a: UInt64, _ b: UInt64 = 0) -> Int? {
        if let found = insert(value, a, b, replacing: false) { return found }
        count += 1
        if count * 2 > mask { grow() }
        return nil
    }

    /// One probe for (`a`, `b`): the earlier value if there is one (replaced by `value` when `replacing`),
    /// else nil after storing `value` in the empty slot the probe ended at. One uniqueness check per call.
    @inline(__always)
    private mutating func insert(_ value: Int, _ a: UInt64, _ b: UInt64, replacing: Bool) -> Int? {
        let start = slot(a, b), mask = mask
        return slots.withUnsafeMutableBufferPointer { ss in
            var s = start
            while ss[s].value != 0 {
                if ss[s].a == a, ss[s].b == b {
                    let earlier = ss[s].value - 1
                    if replacing { ss[s].value = value + 1 }
                    return earlier
                }
                s = (s + 1) & mask
            }
            ss[s] = Slot(value: value + 1, a: a, b: b)
            return nil
        }
    }

    /// Doubles the table (quadruples it while small: most maps grow from 16 slots to thousands, and each
    /// growth moves every entry again).
    private mutating func grow() {
        let old = slots
        let cap = (mask + 1) * (mask < 1 << 14 ? 4 : 2)
        slots = Self.emptySlots(cap)
        mask = cap - 1
        let mask = mask, seed = ByteHash.seed
        slots.withUnsafeMutableBufferPointer { ss in
            old.withUnsafeBufferPointer { os in
                for o in os where o.value != 0 {
                    var s = Self.slot(o.a, o.b, seed: seed, mask: mask)
                    while ss[s].value != 0 { s = (s + 1) & mask }
                    ss[s] = o
                }
            }
        }
    }
}

extension ObjectIdentifier {
    /// The identifier as a map key.
    var word: UInt64 { UInt64(UInt(bitPattern: self)) }
}
