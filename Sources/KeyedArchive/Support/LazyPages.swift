#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Pages of a parked table that the kernel may take back (Linux's `MADV_FREE`).
///
/// A writer table too large for ``TableScratch``'s kept budget was freed after its call, and the next
/// large call faulted the same amount in again, zero-filled by the kernel: about a tenth of a 100k-record
/// Codable encode's time (Docs/benchmarks.md, session 44). Parked with its pages marked lazily free
/// instead, it stays in place while memory is plentiful, and the next call that takes it writes over it
/// without a fault; under memory pressure the kernel reclaims those pages as free memory, without swapping
/// them out, and the next call faults them back in zeroed, as it would for a new table. (jemalloc and
/// tcmalloc hand back the memory they cache the same way.)
///
/// Invariants: only whole 2 MiB pages inside the table's own allocation are marked, so memory the table
/// does not own, and the huge pages at its edges, keep their state. Once marked, a table's contents are
/// undefined (each byte as it was, or zero), so only tables of trivial elements, which nothing but the
/// next owner uses and which that owner writes before it reads, are marked.
enum LazyPages {
    /// Whether this platform marks pages (elsewhere a table too large to keep is freed, as before).
    #if os(Linux) && (canImport(Glibc) || canImport(Musl))
    static let isAvailable = true
    #else
    static let isAvailable = false
    #endif

    /// Marks the whole huge pages inside `bytes` at `base` lazily free; false where nothing was marked (the
    /// caller then frees the table rather than park it).
    static func release(_ base: UnsafeMutableRawPointer?, bytes: Int) -> Bool {
        #if os(Linux) && (canImport(Glibc) || canImport(Musl))
        guard let (first, length) = HugePages.wholePages(base, bytes: bytes) else { return false }
        return madvise(first, length, MADV_FREE) == 0
        #else
        return false
        #endif
    }
}
