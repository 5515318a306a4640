/// A growable table of trivial values with one owner: a writer's output objects and member references.
///
/// An `[Element]` held in a struct held in a struct pays a uniqueness check (a runtime call) on every
/// store and append; an encode makes millions of them. This table is a class, so stores go straight to
/// memory. Invariant: one writer uses it at a time (no copies are handed out; ``TableScratch`` passes a
/// finished writer's table to the next under its lock), and indices are checked like an array's.
final class TableBuffer<Element: BitwiseCopyable>: @unchecked Sendable {
    private var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private(set) var capacity: Int

    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 16)
        base = .allocate(capacity: self.capacity)
        HugePages.advise(base, count: self.capacity)
    }

    deinit { base.deallocate() }

    var isEmpty: Bool { count == 0 }

    /// Empties the table, keeping its memory (elements are trivial: nothing to deinitialise).
    func removeAll() { count = 0 }

    @inline(__always) func append(_ element: Element) {
        if count == capacity { grow(to: count + 1) }
        (base + count).initialize(to: element)
        count += 1
    }

    /// Appends `n` copies of `element`.
    func append(repeating element: Element, count n: Int) {
        guard n > 0 else { return }
        if n > capacity - count { grow(to: count + n) }
        (base + count).initialize(repeating: element, count: n)
        count += n
    }

    /// Appends `n` elements that the caller overwrites, every one, before anything reads them (they are
    /// trivial, so leaving them unfilled only needs that order); the index of the first.
    @inline(__always) func appendSlots(_ n: Int) -> Int {
        precondition(n >= 0, "table index out of range")
        if n > capacity - count { grow(to: count + n) }
        let first = count
        count += n
        return first
    }

    /// Drops the elements from `n` on (`n` ≤ ``count``).
    @inline(__always) func truncate(to n: Int) {
        precondition(n >= 0 && n <= count, "table index out of range")
        count = n
    }

    /// Copies `n` elements of `source` starting at `from` over this table's elements starting at `to`.
    @inline(__always) func copy(_ n: Int, from source: TableBuffer<Element>, at from: Int, to: Int) {
        precondition(n >= 0 && from >= 0 && to >= 0 && n <= source.count - from && n <= count - to, "table index out of range")
        (base + to).update(from: source.base + from, count: n)
    }

    /// Room for `n` elements in all.
    func reserveCapacity(_ n: Int) {
        if n > capacity { grow(to: n) }
    }

    /// Capacity at least doubles, as an array's would.
    private func grow(to needed: Int) {
        let newCapacity = Swift.max(needed, 2 * capacity)
        let p = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        HugePages.advise(p, count: newCapacity)
        p.moveInitialize(from: base, count: count)
        base.deallocate()
        base = p
        capacity = newCapacity
    }

    @inline(__always) subscript(i: Int) -> Element {
        get {
            precondition(i >= 0 && i < count, "table index out of range")
            return base[i]
        }
        set {
            precondition(i >= 0 && i < count, "table index out of range")
            base[i] = newValue
        }
    }

    /// Marks the whole table's pages lazily free (``LazyPages``) for a table nothing uses any more but
    /// ``TableScratch``: its contents are undefined from here on. False where nothing was marked.
    func releasePagesLazily() -> Bool {
        LazyPages.release(UnsafeMutableRawPointer(base), bytes: capacity &* MemoryLayout<Element>.stride)
    }

    /// Calls `body` with the elements (valid only during the call).
    func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: base, count: count))
    }
}
