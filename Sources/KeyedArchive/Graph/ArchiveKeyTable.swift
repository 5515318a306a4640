/// Key string → canonical key index for one graph's key table.
///
/// Open addressing with linear probing over ``ByteHash`` of the UTF-8 bytes: a few times
/// cheaper to build and to query than `Dictionary<String, Int32>` (SipHash, per-call seeding) for the
/// hundreds of short keys of an archive. Hostile keys cannot make it slow: when any probe run grows past
/// ``maxProbe`` while building, the table is discarded for a `Dictionary`, so the work stays linear.
/// Keys match by their UTF-8 bytes (the hash), as Apple's readers compare key strings literally.
@usableFromInline
struct ArchiveKeyTable: Sendable {
    /// Longest probe run accepted before falling back to a `Dictionary`.
    static let maxProbe = 32
    /// Slot → key index (canonical), or -1 for an empty slot.
    @usableFromInline let slots: [Int32]
    /// Slot → the key's hash, so most mismatches never compare strings.
    @usableFromInline let hashes: [UInt64]
    @usableFromInline let mask: Int
    /// The graph's key table (shared storage, not a copy).
    @usableFromInline let keys: [String]
    /// Set instead of the slots when hostile keys collided.
    @usableFromInline let fallback: [String: Int32]?

    /// Builds the table and, for each key index, the first index with the same string.
    /// `hashes`, when given, holds `ByteHash.hash(_:salt:)` of each key's bytes (a reader
    /// that has the bytes at hand computes it more cheaply than from the string).
    init(keys: [String], hashes precomputed: [UInt64]? = nil, canonical: inout [Int32]) {
        self.keys = keys
        canonical = []
        canonical.reserveCapacity(keys.count)
        var capacity = 8
        while capacity < keys.count * 2 { capacity <<= 1 }
        var slots = [Int32](repeating: -1, count: capacity)
        var hashes = [UInt64](repeating: 0, count: capacity)
        let mask = capacity - 1
        var collided = false
        let given = precomputed?.count == keys.count ? precomputed : nil
        build: for (i, key) in keys.enumerated() {
            let h = given?[i] ?? Self.hash(key)
            var s = Int(truncatingIfNeeded: h) & mask
            var probes = 0
            while true {
                let found = slots[s]
                if found < 0 {
                    slots[s] = Int32(i)
                    hashes[s] = h
                    canonical.append(Int32(i))
                    break
                }
                if hashes[s] == h, keys[Int(found)] == key {
                    canonical.append(found)
                    break
                }
                probes += 1
                if probes > Self.maxProbe {
                    collided = true
                    break build
                }
                s = (s + 1) & mask
            }
        }
        guard collided else {
            self.slots = slots
            self.hashes = hashes
            self.mask = mask
            self.fallback = nil
            return
        }
        var lookup: [String: Int32] = [:]
        lookup.reserveCapacity(keys.count)
        canonical.removeAll(keepingCapacity: true)
        for (i, k) in keys.enumerated() {
            if let first = lookup[k] {
                canonical.append(first)
            } else {
                lookup[k] = Int32(i)
                canonical.append(Int32(i))
            }
        }
        self.slots = []
        self.hashes = []
        self.mask = 0
        self.fallback = lookup
    }

    /// The canonical index of `key`, or nil when no key of the table has that string.
    @usableFromInline
    subscript(key: String) -> Int32? {
        if let fallback { return fallback[key] }
        let h = Self.hash(key)
        var s = Int(truncatingIfNeeded: h) & mask
        // Every run is at most maxProbe long and the table is at most half full, so this ends.
        for _ in 0 ... Self.maxProbe {
            let found = slots[s]
            if found < 0 { return nil }
            if hashes[s] == h, keys[Int(found)] == key { return found }
            s = (s + 1) & mask
        }
        return nil
    }

    /// A seeded 64-bit hash of the string's UTF-8 bytes, eight at a time.
    @usableFromInline
    static func hash(_ key: String) -> UInt64 {
        var key = key
        return key.withUTF8 { ByteHash.hash($0) }
    }
}
