#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Large tables and the kernel's transparent huge pages (Linux).
///
/// A 100k-record encode or decode fills tables of tens of megabytes that it allocates afresh (they are
/// above ``TableScratch``'s budget), and the kernel backs them one 4 KiB page, one fault, at a time:
/// ~44,000 faults per Codable encode of the benchmark model, ~2,700 with huge pages (Docs/benchmarks.md,
/// session 23). Where the system leaves huge pages to the program
/// (`/sys/kernel/mm/transparent_hugepage/enabled` is `madvise`, as on Debian and Ubuntu), a table of at
/// least ``minimumBytes`` asks for them before it is first written, as glibc's `glibc.malloc.hugetlb=1`
/// does for a whole process; with `always` or `never`, or off Linux, nothing changes.
///
/// Invariants: only whole 2 MiB pages inside a table's own allocation are advised, so memory the table
/// does not own keeps its policy; advice never changes contents, only how pages are backed. A huge page
/// is resident once any byte of it is written, so a table holds at most one partly used one more than
/// with small pages. A process that must not use huge pages turns them off for itself with
/// `prctl(PR_SET_THP_DISABLE)`, which this advice respects.
enum HugePages {
    /// Tables smaller than this are left as the allocator gives them (an advised page costs 2 MiB of memory).
    static let minimumBytes = 4 << 20
    static let pageBytes = 2 << 20

    /// Asks that the whole huge pages inside `bytes` at `base` be backed by huge pages; call it before the
    /// memory is first written.
    static func advise(_ base: UnsafeMutableRawPointer?, bytes: Int) {
        #if os(Linux) && (canImport(Glibc) || canImport(Musl))
        guard let (first, length) = wholePages(base, bytes: bytes) else { return }
        _ = madvise(first, length, MADV_HUGEPAGE)
        #endif
    }

    /// The whole huge pages inside `bytes` at `base` (their start and length), for a table of at least
    /// ``minimumBytes``; nil for a smaller one, or one that holds no whole page.
    static func wholePages(_ base: UnsafeMutableRawPointer?, bytes: Int) -> (UnsafeMutableRawPointer, Int)? {
        guard let base, bytes >= minimumBytes else { return nil }
        let mask = UInt(pageBytes - 1)
        let start = (UInt(bitPattern: base) &+ mask) & ~mask
        let end = (UInt(bitPattern: base) &+ UInt(bytes)) & ~mask
        guard end > start, let first = UnsafeMutableRawPointer(bitPattern: start) else { return nil }
        return (first, Int(end - start))
    }

    /// ``advise(_:bytes:)`` for `count` elements at `p`.
    static func advise<T>(_ p: UnsafeMutablePointer<T>?, count: Int) {
        advise(UnsafeMutableRawPointer(p), bytes: count &* MemoryLayout<T>.stride)
    }

    /// ``advise(_:bytes:)`` for a whole buffer.
    static func advise<T>(_ buffer: UnsafeMutableBufferPointer<T>) { advise(buffer.baseAddress, count: buffer.count) }

    /// An empty table with room for `capacity` elements, advised when large.
    static func emptyTable<T>(capacity: Int) -> [T] {
        guard capacity &* MemoryLayout<T>.stride >= minimumBytes else {
            var t: [T] = []
            t.reserveCapacity(capacity)
            return t
        }
        return [T](unsafeUninitializedCapacity: capacity) { buffer, initialized in
            advise(buffer)
            initialized = 0
        }
    }

    /// Makes room in `table` for `count` more elements, at least doubling its capacity when it grows, as
    /// `append` would; a large table moves into advised memory (an array's own growth copies into memory
    /// the kernel then backs a small page at a time).
    @inline(__always) static func reserve<T>(_ table: inout [T], more count: Int) {
        let needed = table.count + count
        guard needed > table.capacity else { return }
        grow(&table, to: max(needed, 2 * table.capacity))
    }

    private static func grow<T>(_ table: inout [T], to capacity: Int) {
        guard capacity &* MemoryLayout<T>.stride >= minimumBytes else {
            table.reserveCapacity(capacity)
            return
        }
        let grown = [T](unsafeUninitializedCapacity: capacity) { buffer, initialized in
            advise(buffer)
            initialized = buffer.initialize(fromContentsOf: table)
        }
        table = grown
    }
}
