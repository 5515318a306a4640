/// Large tables that reading or writing an archive builds and then drops, kept for the next call.
///
/// glibc hands a freed table at the top of its heap back to the kernel, and the next call faults the
/// same pages in again, zero-filled: ~2,400 page faults per 10k-object decode and ~4,500 per encode,
/// 15–40 % of their wall time (Docs/benchmarks.md, sessions 18 and 19). Reusing the memory removes them
/// without changing the process's allocator policy.
///
/// Invariants: a spare is handed to one reader or writer at a time (taken under the lock, then owned);
/// a reader reuses it only for a table at least half its capacity, so a small graph a caller keeps never
/// pins a large buffer; a writer takes one only where the graph it builds is its call's own temporary;
/// at most ``maxRetainedBytes`` stay parked and kept in all, one spare per kind, and at most
/// ``maxLazyRetainedBytes`` more of writer buffers whose pages the kernel may take back (``isLazy(_:)``).
enum TableScratch {
    struct Spares: Sendable {
        var nodes: [PlistNode] = []
        var refs: [UInt32] = []
        var depths: [UInt32] = []
        var containerBits: [UInt64] = []
        /// The binary reader's member-ref counts per container (its own, dropped after pass 2).
        var spans: [Int] = []
        var memo: [Int32] = []
        var tags: [UInt8] = []
        var objects: [ArchiveObject] = []
        var values: [ArchiveKeyedValue] = []
        var items: [ArchiveValue] = []
        var storage: [UInt8] = []
        /// A binary writer's output objects, member references and uniquing slots.
        var writerObjects: TableBuffer<BinaryPlistObjectTable.Object>?
        var writerMembers: TableBuffer<UInt32>?
        var writerSlots: TableBuffer<UInt64>?
        /// A binary writer's transcoded strings (and a streamed encode's string and data bytes).
        var writerScratch: [UInt8] = []
        /// A streamed Codable encode's `$objects` entries and shared-entry index.
        var streamEntries: TableBuffer<UInt32>?
        var streamShared: TableBuffer<Int32>?
        /// Bytes of capacity parked above and kept (every array, and writer buffers that are not lazy).
        var retained = 0
        /// Bytes of capacity parked above with their pages marked lazily free (``TableScratch/isLazy(_:)``).
        var lazyRetained = 0
        /// The output table sizes of the last streamed Codable encode.
        var streamSizes = StreamTableSizes()
    }

    /// Sizes a streamed encode's output tables start at: the last one's, so that repeated encodes of
    /// similar values neither grow a table (re-hashing every string and data object, or copying a
    /// table into fresh pages at each doubling) nor miss a spare.
    struct StreamTableSizes: Sendable {
        var objects = 256
        var distinct = 128
        var members = 512
        var entries = 256
        var scratchBytes = 1024
        /// The largest starts. The uniquing table is zero-filled up front (2 × distinct slots of 4 B); the
        /// other tables are reserved, not written. A start larger than the encode needs is paid once (the
        /// encode notes its own sizes), and costs less than the work of the encode that set it; a start
        /// too small makes every large encode copy its tables into fresh pages at each doubling and
        /// re-hash every distinct object (a 100k-record benchmark encode: 2.3 M objects, 0.67 M distinct,
        /// 3.9 M member refs, 14 MB of string and data bytes).
        static let distinctCap = 1 << 23
        static let countCap = 1 << 23
        static let scratchCap = 1 << 27
    }

    /// The last streamed encode's table sizes.
    static func streamSizes() -> StreamTableSizes { spares.withLock { $0.streamSizes } }

    /// Records a finished streamed encode's table sizes (capped) for the next one.
    static func noteStreamSizes(objects: Int, distinct: Int, members: Int, entries: Int, scratchBytes: Int) {
        let cap = StreamTableSizes.countCap
        let sizes = StreamTableSizes(objects: min(objects, cap), distinct: min(distinct, StreamTableSizes.distinctCap),
                                     members: min(members, cap), entries: min(entries, cap),
                                     scratchBytes: min(scratchBytes, StreamTableSizes.scratchCap))
        spares.withLock { $0.streamSizes = sizes }
    }

    /// The most capacity kept parked between calls (a 10k-object archive's tables fit; a 100k one's do not).
    static let maxRetainedBytes = 32 << 20
    /// The most kept parked while a write still has its output to lay out: tables a write lets go of
    /// before its bytes exist (its graph's, the writer's uniquing table) are parked only within this, so
    /// parking raises a large write's peak by at most this much (a 10k-object write's such tables fit).
    static let maxRetainedBytesBeforeOutput = 16 << 20
    /// Writer buffers larger than this, which a 100k-record encode fills (its objects, member refs and
    /// uniquing slots: 37, 16 and 16 MB), are parked with their pages marked lazily free (``LazyPages``)
    /// where the platform can, within ``maxLazyRetainedBytes``: the kernel takes them back under memory
    /// pressure, so they are not held as the kept spares are. Only the writer's own buffers qualify: an
    /// array's buffer may be shared with a value its caller still holds.
    static let lazyFromBytes = 16 << 20
    /// The most capacity parked lazily free, in all.
    static let maxLazyRetainedBytes = 256 << 20

    /// Whether a writer buffer of `bytes` is parked lazily free rather than kept.
    @inline(__always) static func isLazy(_ bytes: Int) -> Bool { LazyPages.isAvailable && bytes > lazyFromBytes }

    // An ArchiveLock, not a Mutex: ThreadSanitizer sees pthread mutexes (see ArchiveLock).
    fileprivate static let spares = ArchiveLock(Spares())

    /// A table of capacity ≥ `count` and ≤ 2 × `count`, empty: a parked spare if one fits, else a new one.
    @inline(__always) static func empty<T>(_ slot: WritableKeyPath<Spares, [T]>, reserving count: Int) -> [T] {
        var table = take(slot, fitting: count)
        guard table.capacity > 0 else { return HugePages.emptyTable(capacity: count) }
        table.removeAll(keepingCapacity: true)
        table.reserveCapacity(count)
        return table
    }

    /// A table of exactly `count` copies of `value`.
    @inline(__always) static func filled<T>(_ slot: WritableKeyPath<Spares, [T]>, count: Int, with value: T) -> [T] {
        var table = empty(slot, reserving: count)
        table.append(contentsOf: repeatElement(value, count: count))
        return table
    }

    /// A table of exactly `count` elements whose values the caller overwrites, every one, before any
    /// is read (trivial element types only).
    @inline(__always) static func overwritable<T: BitwiseCopyable>(_ slot: WritableKeyPath<Spares, [T]>, count: Int) -> [T] {
        var table = take(slot, fitting: count)
        if table.count >= count {
            table.removeLast(table.count - count)
            return table
        }
        return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            HugePages.advise(buffer)
            initialized = count
        }
    }

    /// The parked spare of `slot`, emptied, whatever its size (an empty table if none): for a writer whose
    /// tables grow from nothing and are parked again when its call ends.
    @inline(__always) static func spare<T>(_ slot: WritableKeyPath<Spares, [T]>) -> [T] {
        var table: [T] = []
        spares.withLock { s in
            guard s[keyPath: slot].capacity > 0 else { return }
            s.retained -= s[keyPath: slot].capacity &* MemoryLayout<T>.stride
            swap(&s[keyPath: slot], &table)
        }
        table.removeAll(keepingCapacity: true)
        return table
    }

    /// Parks `table` for the next call, if it is larger than the spare parked there and within the budget
    /// (``maxRetainedBytesBeforeOutput`` when `beforeOutput`).
    @inline(__always) static func give<T>(_ table: consuming [T], _ slot: WritableKeyPath<Spares, [T]>, beforeOutput: Bool = false) {
        var table = table
        let bytes = table.capacity &* MemoryLayout<T>.stride
        let budget = beforeOutput ? maxRetainedBytesBeforeOutput : maxRetainedBytes
        guard bytes > 0, bytes <= budget else { return }
        spares.withLock { s in
            let parked = s[keyPath: slot].capacity &* MemoryLayout<T>.stride
            guard bytes > parked, s.retained - parked + bytes <= budget else { return }
            s.retained += bytes - parked
            swap(&s[keyPath: slot], &table)
        }
    }

    /// An empty table buffer of capacity ≥ `capacity` and ≤ 2 × `capacity` (or 16): a parked spare if
    /// one fits, else a new one.
    @inline(__always) static func buffer<T>(_ slot: WritableKeyPath<Spares, TableBuffer<T>?>, capacity: Int) -> TableBuffer<T> {
        var spare: TableBuffer<T>?
        spares.withLock { s in
            guard let b = s[keyPath: slot], b.capacity >= capacity, b.capacity / 2 <= max(capacity, 16) else { return }
            let bytes = b.capacity &* MemoryLayout<T>.stride
            if isLazy(bytes) { s.lazyRetained -= bytes } else { s.retained -= bytes }
            s[keyPath: slot] = nil
            spare = b
        }
        guard let b = spare else { return TableBuffer(capacity: capacity) }
        b.removeAll()
        return b
    }

    /// Parks `buffer`, which its writer no longer uses (nor reads again), if it is larger than the spare
    /// parked there and within the budget: ``maxRetainedBytesBeforeOutput`` when `beforeOutput`, else
    /// ``maxRetainedBytes``, or for a buffer ``isLazy(_:)``, ``maxLazyRetainedBytes`` with its pages marked
    /// lazily free (never before the output: its pages stay resident until the kernel needs them).
    @inline(__always) static func give<T>(_ buffer: TableBuffer<T>, _ slot: WritableKeyPath<Spares, TableBuffer<T>?>, beforeOutput: Bool = false) {
        let bytes = buffer.capacity &* MemoryLayout<T>.stride
        let lazy = isLazy(bytes)
        let keptBudget = beforeOutput ? maxRetainedBytesBeforeOutput : maxRetainedBytes
        guard bytes > 0, bytes <= (lazy ? maxLazyRetainedBytes : keptBudget), !(lazy && beforeOutput) else { return }
        spares.withLock { s in
            let parked = (s[keyPath: slot]?.capacity ?? 0) &* MemoryLayout<T>.stride
            guard bytes > parked else { return }
            // The spare it replaces leaves its own account.
            let kept = s.retained - (isLazy(parked) ? 0 : parked) + (lazy ? 0 : bytes)
            let lazyKept = s.lazyRetained - (isLazy(parked) ? parked : 0) + (lazy ? bytes : 0)
            guard kept <= keptBudget, lazyKept <= maxLazyRetainedBytes,
                  !lazy || buffer.releasePagesLazily() else { return }
            (s.retained, s.lazyRetained) = (kept, lazyKept)
            s[keyPath: slot] = buffer
        }
    }

    /// Moves `table` out of its owner (leaving it empty) and parks it.
    @inline(__always) static func park<T>(_ table: inout [T], _ slot: WritableKeyPath<Spares, [T]>, beforeOutput: Bool = false) {
        var moved: [T] = []
        swap(&moved, &table)
        give(moved, slot, beforeOutput: beforeOutput)
    }

    @inline(__always) private static func take<T>(_ slot: WritableKeyPath<Spares, [T]>, fitting count: Int) -> [T] {
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
        TableScratch.park(&nodes, \.nodes)
        TableScratch.park(&refs, \.refs)
        TableScratch.park(&containerBits, \.containerBits)
    }
}

extension ArchiveGraph {
    /// Parks the object, value and item tables of a graph about to be dropped (a caller-internal temporary);
    /// `beforeOutput`: by a write that has its bytes still to lay out.
    mutating func parkScratch(beforeOutput: Bool = false) {
        TableScratch.park(&objects, \.objects, beforeOutput: beforeOutput)
        TableScratch.park(&values, \.values, beforeOutput: beforeOutput)
        TableScratch.park(&items, \.items, beforeOutput: beforeOutput)
    }
}

extension ArchiveGraph {
    /// Frees the tables this library keeps between calls to spare the next one the kernel's page faults
    /// (at most 32 MB: a bplist index, a graph reader's per-node tables, and the graph tables of reads
    /// and writes that drop their graph, such as ``KeyedArchiveDecoder``'s, ``KeyedArchiveEncoder``'s and
    /// ``KeyedArchiver/archivedData(withRootObject:requiringSecureCoding:format:)``'s), and on Linux up to
    /// 256 MB more of an encoder's own tables too large for that, whose pages the kernel may take back
    /// under memory pressure. A memory-tight process can call this after a burst of reads or writes; the
    /// next one allocates afresh.
    public static func releaseReusableTables() {
        TableScratch.releaseAll()
    }
}

extension TableScratch {
    /// Bytes of capacity parked now: kept, and lazily free.
    static func parkedBytes() -> (kept: Int, lazy: Int) { spares.withLock { ($0.retained, $0.lazyRetained) } }

    /// Drops every parked spare.
    static func releaseAll() {
        var dropped = Spares()
        spares.withLock { swap(&$0, &dropped) }
    }
}
