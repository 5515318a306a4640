/// Large tables that reading an archive builds and then drops, kept for the next read.
///
/// glibc hands a freed table at the top of its heap back to the kernel, and the next read faults the
/// same pages in again, zero-filled: ~2,400 page faults and 15–40 % of the wall time of a 10k-object
/// decode (Docs/benchmarks.md, session 18). Reusing the memory removes them without changing the
/// process's allocator policy.
///
/// Invariants: a spare is handed to one reader at a time (taken under the lock, then owned); it is
/// reused only for a table at least half its capacity, so a small graph a caller keeps never pins a
/// large buffer; at most ``maxRetainedBytes`` stay parked in all, one spare per kind.
enum ReadScratch {
    struct Spares: Sendable {
        var nodes: [PlistNode] = []
        var refs: [UInt32] = []
        var depths: [UInt16] = []
        var memo: [Int32] = []
        var tags: [UInt8] = []
        var objects: [ArchiveObject] = []
        var values: [ArchiveKeyedValue] = []
        var items: [ArchiveValue] = []
        /// Bytes of capacity parked above.
        var retained = 0
    }

    /// The most capacity kept parked between reads (a 10k-object archive's tables fit; a 100k one's do not).
    static let maxRetainedBytes = 32 << 20

    // An ArchiveLock, not a Mutex: ThreadSanitizer sees pthread mutexes (see ArchiveLock).
    fileprivate static let spares = ArchiveLock(Spares())

    /// A table of capacity ≥ `count` and ≤ 2 × `count`, empty: a parked spare if one fits, else a new one.
    static func empty<T>(_ slot: WritableKeyPath<Spares, [T]>, reserving count: Int) -> [T] {
        var table = take(slot, fitting: count)
        table.removeAll(keepingCapacity: true)
        table.reserveCapacity(count)
        return table
    }

    /// A table of exactly `count` copies of `value`.
    static func filled<T>(_ slot: WritableKeyPath<Spares, [T]>, count: Int, with value: T) -> [T] {
        var table = empty(slot, reserving: count)
        table.append(contentsOf: repeatElement(value, count: count))
        return table
    }

    /// A table of exactly `count` elements whose values the caller overwrites, every one, before any
    /// is read (trivial element types only).
    static func overwritable<T: BitwiseCopyable>(_ slot: WritableKeyPath<Spares, [T]>, count: Int) -> [T] {
        var table = take(slot, fitting: count)
        if table.count >= count {
            table.removeLast(table.count - count)
            return table
        }
        return [T](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
    }

    /// Parks `table` for the next read, if it is larger than the spare parked there and within the budget.
    static func give<T>(_ table: consuming [T], _ slot: WritableKeyPath<Spares, [T]>) {
        var table = table
        let bytes = table.capacity &* MemoryLayout<T>.stride
        guard bytes > 0, bytes <= maxRetainedBytes else { return }
        spares.withLock { s in
            let parked = s[keyPath: slot].capacity &* MemoryLayout<T>.stride
            guard bytes > parked, s.retained - parked + bytes <= maxRetainedBytes else { return }
            s.retained += bytes - parked
            swap(&s[keyPath: slot], &table)
        }
    }

    /// Moves `table` out of its owner (leaving it empty) and parks it.
    static func park<T>(_ table: inout [T], _ slot: WritableKeyPath<Spares, [T]>) {
        var moved: [T] = []
        swap(&moved, &table)
        give(moved, slot)
    }

    private static func take<T>(_ slot: WritableKeyPath<Spares, [T]>, fitting count: Int) -> [T] {
        var table: [T] = []
        spares.withLock { s in
            let cap = s[keyPath: slot].capacity
            guard count > 0, cap >= count, cap / 2 <= count else { return }
            s.retained -= cap &* MemoryLayout<T>.stride
            swap(&s[keyPath: slot], &table)
        }
        return table
    }
}

extension PropertyList {
    /// Parks the node and member tables of a list about to be dropped (a caller-internal temporary).
    mutating func parkScratch() {
        ReadScratch.park(&nodes, \.nodes)
        ReadScratch.park(&refs, \.refs)
    }
}

extension ArchiveGraph {
    /// Parks the object, value and item tables of a graph about to be dropped (a caller-internal temporary).
    mutating func parkScratch() {
        ReadScratch.park(&objects, \.objects)
        ReadScratch.park(&values, \.values)
        ReadScratch.park(&items, \.items)
    }
}

extension ArchiveGraph {
    /// Frees the tables this library keeps between reads to spare the next read the kernel's page
    /// faults (at most 32 MB: a bplist index, a graph reader's per-node tables, and the graph tables of
    /// reads that drop their graph, such as ``KeyedArchiveDecoder``'s). A memory-tight process can call
    /// this after a burst of reads; the next read allocates afresh.
    public static func releaseReusableTables() {
        ReadScratch.releaseAll()
    }
}

extension ReadScratch {
    /// Drops every parked spare.
    static func releaseAll() {
        var dropped = Spares()
        spares.withLock { swap(&$0, &dropped) }
    }
}
