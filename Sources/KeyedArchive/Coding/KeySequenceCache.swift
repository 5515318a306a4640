// Key string → key index, remembered in the order a coder asks for keys.

/// Objects of one class encode and decode the same keys in the same order, so the entry after the
/// previous hit almost always matches: one string comparison (small keys compare as raw bits), no
/// hashing. A miss scans the remembered keys, rejecting by UTF-8 length before comparing text.
struct KeySequenceCache {
    /// Entries kept; later keys are looked up by the caller every time.
    static let capacity = 64
    /// Stored index for a key known to be absent.
    static let absent: Int32 = -1

    private var keys: [String] = []
    private var lengths: [Int] = []
    private var indices: [Int32] = []
    /// The entry expected next (one past the previous hit).
    private var next = 0

    /// The remembered index of `key` (``absent`` for a key known to be missing), or nil when not cached.
    @inline(__always)
    mutating func index(of key: String) -> Int32? {
        if next < keys.count, keys[next] == key {
            next += 1
            return indices[next - 1]
        }
        return search(key)
    }

    /// ``index(of:)`` when the expected entry missed.
    private mutating func search(_ key: String) -> Int32? {
        let n = keys.count
        // Collection members ask for their collection's key again.
        if next > 0, next <= n, keys[next - 1] == key { return indices[next - 1] }
        let length = key.utf8.count
        for i in 0 ..< n where lengths[i] == length && keys[i] == key {
            next = i + 1
            return indices[i]
        }
        return nil
    }

    /// Remembers `key` → `index` as the entry after the previous hit's (when there is room).
    mutating func remember(_ key: String, _ index: Int32) {
        guard keys.count < Self.capacity else { return }
        keys.append(key)
        lengths.append(key.utf8.count)
        indices.append(index)
        next = keys.count
    }
}
