/// Seeded 64-bit hashing of byte strings for the package's own open-addressing tables (the graph's key
/// index, the bplist writer's uniquing table).
///
/// The seed is drawn from the standard library's per-process hashing seed (fixed under
/// `SWIFT_DETERMINISTIC_HASHING`), so an input cannot be crafted ahead of time to make every entry
/// collide. No output of the package depends on it: the tables only find equal entries.
enum ByteHash {
    static let seed: UInt64 = {
        var h = Hasher()
        h.combine(0x6B65_7961_7263_6876 as UInt64)
        return UInt64(truncatingIfNeeded: h.finalize())
    }()

    /// The 64-bit finaliser of SplitMix64.
    @inline(__always)
    static func mix(_ x: UInt64) -> UInt64 {
        var z = x &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 31)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 29)
    }

    /// The bytes eight at a time (the last word overlapping the tail); `salt` separates kinds of entry.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>, salt: UInt64 = 0) -> UInt64 {
        let n = bytes.count
        let h = seed ^ salt ^ (UInt64(n) &* 0x9E37_79B9_7F4A_7C15)
        guard let base = bytes.baseAddress, n > 0 else { return mix(h) }
        let raw = UnsafeRawPointer(base)
        if n >= 8 {
            var h = h
            var i = 0
            while i + 8 <= n {
                h = mix(h ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                i += 8
            }
            // The length is already in the seed, so an overlapping last word is as good as a padded one.
            if i < n { h = mix(h ^ raw.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)) }
            return h
        }
        if n >= 4 {
            let head = UInt64(raw.loadUnaligned(as: UInt32.self))
            let tail = UInt64(raw.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self))
            return mix(h ^ (head << 32 | tail))
        }
        return mix(h ^ (UInt64(bytes[0]) << 16 | UInt64(bytes[n / 2]) << 8 | UInt64(bytes[n - 1])))
    }

    /// Whether `count` bytes at `a` and `b` are equal, compared eight at a time.
    static func equal(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        let ra = UnsafeRawPointer(a), rb = UnsafeRawPointer(b)
        var i = 0
        while i + 8 <= count {
            if ra.loadUnaligned(fromByteOffset: i, as: UInt64.self) != rb.loadUnaligned(fromByteOffset: i, as: UInt64.self) { return false }
            i += 8
        }
        while i < count {
            if a[i] != b[i] { return false }
            i += 1
        }
        return true
    }
}
