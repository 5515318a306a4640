import Foundation
import Testing
@testable import KeyedArchive

/// Reads and writes reuse the tables earlier ones dropped (``TableScratch``): whatever was parked, every
/// read gives what a fresh read gives and every write the bytes a fresh write gives, a small graph kept
/// by its caller does not pin a large buffer, and a failed read or write leaves nothing behind that a
/// later one sees.
@Suite(.serialized) struct TableScratchTests {
    struct Item: Codable, Equatable {
        var name: String
        var n: Int
        var tags: [Int]
    }

    static func archive(_ count: Int, salt: Int) throws -> [UInt8] {
        try KeyedArchiveEncoder().encodedBytes((0 ..< count).map { Item(name: "item \($0 + salt)", n: $0 * salt, tags: [$0, salt]) })
    }

    @Test func readsAfterLargerAndSmallerReadsAgreeWithFreshOnes() throws {
        let sizes = [2_000, 3, 500, 2_000, 1, 1_200]
        let archives = try sizes.enumerated().map { try Self.archive($1, salt: $0 + 1) }
        // What each archive reads as with nothing parked.
        var fresh: [ArchiveGraph] = []
        for a in archives {
            ArchiveGraph.releaseReusableTables()
            fresh.append(try ArchiveGraph(keyedArchiveBytes: a))
        }
        ArchiveGraph.releaseReusableTables()
        for round in 0 ..< 2 {
            for (i, a) in archives.enumerated() {
                let g = try ArchiveGraph(keyedArchiveBytes: a)
                #expect(g.objects == fresh[i].objects, "round \(round), archive \(i)")
                #expect(g.values == fresh[i].values)
                #expect(g.items == fresh[i].items)
                let items = try KeyedArchiveDecoder().decode([Item].self, from: a)
                #expect(items.count == sizes[i])
                #expect(items.last == Item(name: "item \(sizes[i] - 1 + i + 1)", n: (sizes[i] - 1) * (i + 1), tags: [sizes[i] - 1, i + 1]))
            }
        }
    }

    /// `KeyedUnarchiver.unarchivedObject(of:from:)` over bytes parks its graph's tables too: typed reads
    /// in a row, of different sizes, each give what the first gave.
    @Test func typedReadsFromBytesInARowAgree() throws {
        ArchiveGraph.releaseReusableTables()
        let archives = try [800, 5, 800, 300].map { n in
            try KeyedArchiver.archivedData(withRootObject: (0 ..< n).map { "string \($0) of \(n)" })
        }
        let first = try archives.map { try KeyedUnarchiver.unarchivedObject(of: [String].self, from: $0) }
        for _ in 0 ..< 2 {
            for (i, a) in archives.enumerated() {
                let again = try KeyedUnarchiver.unarchivedObject(of: [String].self, from: a)
                #expect(again == first[i])
                #expect(again?.last == "string \(first[i]!.count - 1) of \(first[i]!.count)")
            }
        }
    }

    @Test func aSmallGraphKeptByItsCallerDoesNotHoldALargeTable() throws {
        ArchiveGraph.releaseReusableTables()
        let large = try Self.archive(5_000, salt: 1)
        _ = try KeyedArchiveDecoder().decode([Item].self, from: large)   // parks the large graph's tables
        let small = try ArchiveGraph(keyedArchiveBytes: Self.archive(2, salt: 2))
        #expect(small.objects.capacity < 100)
        #expect(small.values.capacity < 100)
    }

    @Test func aFailedReadLeavesLaterReadsIntact() throws {
        ArchiveGraph.releaseReusableTables()
        let good = try Self.archive(300, salt: 3)
        let expected = try ArchiveGraph(keyedArchiveBytes: good)
        // The same archive with one member ref pointed past the object table: pass 2 of the bplist
        // reader stops part-way through writing its refs.
        var bad = good
        let trailer = bad.count - 32
        let refSize = Int(bad[trailer + 7])
        let offsetSize = Int(bad[trailer + 6])
        let objectCount = bad[(trailer + 8) ..< (trailer + 16)].reduce(0) { $0 << 8 | Int($1) }
        let tableStart = bad[(trailer + 24) ..< (trailer + 32)].reduce(0) { $0 << 8 | Int($1) }
        // The last object's offset; find the first array (marker 0xA_) from the table and corrupt its first ref.
        var corrupted = false
        for i in 0 ..< objectCount where !corrupted {
            let at = bad[(tableStart + i * offsetSize) ..< (tableStart + (i + 1) * offsetSize)].reduce(0) { $0 << 8 | Int($1) }
            if bad[at] >> 4 == 0xA, bad[at] & 0xF > 0, bad[at] & 0xF < 0xF {
                for b in 0 ..< refSize { bad[at + 1 + b] = 0xFF }
                corrupted = true
            }
        }
        #expect(corrupted)
        for _ in 0 ..< 3 {
            #expect(throws: ArchiveError.self) { try ArchiveGraph(keyedArchiveBytes: bad) }
            let g = try ArchiveGraph(keyedArchiveBytes: good)
            #expect(g.objects == expected.objects && g.values == expected.values && g.items == expected.items)
        }
    }

    /// Writes in every shape that parks tables (Codable binary and XML, `archivedData`, a plain property
    /// list), after larger and smaller writes, give the bytes a write with nothing parked gives.
    @Test func writesAfterLargerAndSmallerWritesGiveTheBytesOfFreshOnes() throws {
        let sizes = [2_000, 3, 500, 2_000, 1, 1_200]
        let values = sizes.enumerated().map { i, n in (0 ..< n).map { Item(name: "item \($0 + i)", n: $0 * (i + 1), tags: [$0, i]) } }
        var xml = KeyedArchiveEncoder()
        xml.outputFormat = .xml
        func writes(_ v: [Item]) throws -> [[UInt8]] {
            [try KeyedArchiveEncoder().encodedBytes(v), try xml.encodedBytes(v),
             try KeyedArchiver.archivedData(withRootObject: v.map(\.name)),
             PropertyList(.array(v.map { .dict([PlistDictEntry(key: .string("name"), value: .string($0.name)), PlistDictEntry(key: .string("n"), value: .integer(Int64($0.n)))]) })).binaryData()]
        }
        var fresh: [[[UInt8]]] = []
        for v in values {
            ArchiveGraph.releaseReusableTables()
            fresh.append(try writes(v))
        }
        ArchiveGraph.releaseReusableTables()
        for round in 0 ..< 2 {
            for (i, v) in values.enumerated() {
                let again = try writes(v)
                for k in again.indices { #expect(again[k] == fresh[i][k], "round \(round), size \(sizes[i]), write \(k)") }
            }
        }
        // And they still read back.
        #expect(try KeyedArchiveDecoder().decode([Item].self, from: fresh[2][0]) == values[2])
        #expect(try KeyedArchiveDecoder().decode([Item].self, from: fresh[2][1]) == values[2])
    }

    /// A graph the caller keeps from a write (`encodeGraph`, `finishEncoding()`) is built without the
    /// parked tables, so it holds no large buffer after a large write.
    @Test func aSmallGraphKeptFromAWriteDoesNotHoldALargeTable() throws {
        ArchiveGraph.releaseReusableTables()
        _ = try Self.archive(5_000, salt: 1)   // parks the large write's tables
        let small = try KeyedArchiveEncoder().encodeGraph([Item(name: "a", n: 1, tags: [1])])
        #expect(small.objects.capacity < 100 && small.values.capacity < 100 && small.storage.capacity < 1_000)
        let archiver = KeyedArchiver()
        try archiver.encode(["a", "b"], forKey: "root")
        let kept = try archiver.finishEncoding()
        #expect(kept.objects.capacity < 100 && kept.values.capacity < 100 && kept.storage.capacity < 1_000)
    }

    /// A writer buffer too large to keep is parked with its pages lazily free where the platform can mark
    /// them (``LazyPages``): the next writer asking for a table of its size is handed it, empty, and it
    /// holds what that writer writes; the kept budget is not charged for it. Before the output, a buffer
    /// that large is not parked.
    @Test func aLargeWriterBufferIsParkedLazilyFreeAndReused() throws {
        ArchiveGraph.releaseReusableTables()
        defer { ArchiveGraph.releaseReusableTables() }
        let count = TableScratch.lazyFromBytes / MemoryLayout<UInt64>.stride + 1
        let buffer = TableBuffer<UInt64>(capacity: count)
        buffer.append(repeating: 0xA5A5_A5A5, count: count)
        let bytes = buffer.capacity * MemoryLayout<UInt64>.stride
        let before = TableScratch.parkedBytes()
        TableScratch.give(buffer, \.writerSlots)
        let after = TableScratch.parkedBytes()
        let handed = TableScratch.buffer(\.writerSlots, capacity: count)
        guard LazyPages.isAvailable else {
            // Elsewhere it is too large for the kept budget, as before: freed, not parked.
            #expect(after.kept == before.kept && after.lazy == 0)
            #expect(handed !== buffer)
            return
        }
        #expect(after.lazy - before.lazy == bytes)
        #expect(handed === buffer)
        #expect(handed.isEmpty)
        #expect(TableScratch.parkedBytes().lazy == before.lazy)
        handed.append(repeating: 7, count: count)
        #expect(handed[0] == 7 && handed[count / 2] == 7 && handed[count - 1] == 7)
        TableScratch.give(handed, \.writerSlots, beforeOutput: true)
        #expect(TableScratch.parkedBytes().lazy == before.lazy)
        #expect(TableScratch.buffer(\.writerSlots, capacity: count) !== handed)
    }

    /// Lazily free spares stay within their own budget: once it is full, a further large buffer is freed.
    @Test func lazilyFreeSparesStayWithinTheirBudget() throws {
        guard LazyPages.isAvailable else { return }
        ArchiveGraph.releaseReusableTables()
        defer { ArchiveGraph.releaseReusableTables() }
        // Untouched: the pages of these buffers are never resident.
        let each = TableScratch.maxLazyRetainedBytes / 4 - (1 << 20)
        let objects = TableBuffer<BinaryPlistObjectTable.Object>(capacity: each / MemoryLayout<BinaryPlistObjectTable.Object>.stride)
        let members = TableBuffer<UInt32>(capacity: each / 4)
        let slots = TableBuffer<UInt64>(capacity: each / 8)
        let entries = TableBuffer<UInt32>(capacity: each / 4)
        let shared = TableBuffer<Int32>(capacity: each / 4)
        TableScratch.give(objects, \.writerObjects)
        TableScratch.give(members, \.writerMembers)
        TableScratch.give(slots, \.writerSlots)
        TableScratch.give(entries, \.streamEntries)
        let full = TableScratch.parkedBytes().lazy
        #expect(full == 4 * each)
        TableScratch.give(shared, \.streamShared)
        #expect(TableScratch.parkedBytes().lazy == full)
        #expect(TableScratch.buffer(\.streamShared, capacity: shared.capacity) !== shared)
        #expect(TableScratch.buffer(\.writerMembers, capacity: members.capacity) === members)
        #expect(TableScratch.parkedBytes().lazy == full - members.capacity * 4)
    }

    /// The kernel holds a parked writer buffer's pages as lazily free (Linux's `/proc/self/smaps`): they are
    /// reclaimable, not kept.
    @Test func aParkedLargeWriterBufferIsLazilyFreeForTheKernel() throws {
        guard LazyPages.isAvailable else { return }
        guard let smaps = Self.smaps(), smaps.contains("LazyFree:") else {
            print("TableScratchTests: /proc/self/smaps has no LazyFree field here; the kernel's view is not checked")
            return
        }
        ArchiveGraph.releaseReusableTables()
        defer { ArchiveGraph.releaseReusableTables() }
        // Larger than glibc's largest mmap threshold: a mapping of its own.
        let count = (40 << 20) / MemoryLayout<UInt64>.stride
        let buffer = TableBuffer<UInt64>(capacity: count)
        buffer.append(repeating: 1, count: count)
        // An address in its whole 2 MiB pages, which the huge-page advice made a mapping of their own.
        let inside = UInt(bitPattern: buffer.withUnsafeBufferPointer { $0.baseAddress }) + (4 << 20)
        #expect(Self.lazyFreeKB(containing: inside) == 0)
        TableScratch.give(buffer, \.writerSlots)
        // Every whole 2 MiB page inside it.
        #expect(Self.lazyFreeKB(containing: inside) >= (40 - 4) << 10)
        // Taken and written again, its pages are its writer's own once more, holding what it writes.
        let handed = TableScratch.buffer(\.writerSlots, capacity: count)
        #expect(handed === buffer)
        handed.append(repeating: 2, count: count)
        #expect(Self.lazyFreeKB(containing: inside) == 0)
        #expect(handed[0] == 2 && handed[count - 1] == 2)
    }

    /// `/proc/self/smaps`, read to its end (its size is not known up front, and a read may return less).
    static func smaps() -> String? {
        let fd = open("/proc/self/smaps", O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { break }
            bytes += chunk[0 ..< n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The `LazyFree` kilobytes of the mapping that holds `address`, in `/proc/self/smaps`; -1 if none does.
    static func lazyFreeKB(containing address: UInt) -> Int {
        guard let smaps = smaps() else { return -1 }
        var inside = false
        for line in smaps.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard let first = fields.first else { continue }
            if first.contains("-"), !first.hasSuffix(":") {
                let ends = first.split(separator: "-")
                if ends.count == 2, let lo = UInt(ends[0], radix: 16), let hi = UInt(ends[1], radix: 16) { inside = lo <= address && address < hi }
                continue
            }
            if inside, first == "LazyFree:", fields.count >= 2 { return Int(fields[1]) ?? -1 }
        }
        return -1
    }

    final class Node: Codable {
        var name: String
        var next: Node?
        init(_ name: String) { self.name = name }
    }

    /// A write that fails part-way (a reference cycle, found deep in the encode) parks nothing half-made:
    /// later writes give the bytes of fresh ones.
    @Test func aFailedWriteLeavesLaterWritesIntact() throws {
        let good = (0 ..< 400).map { Item(name: "item \($0)", n: $0, tags: [$0]) }
        ArchiveGraph.releaseReusableTables()
        let expected = try KeyedArchiveEncoder().encodedBytes(good)
        let ring = (0 ..< 300).map { Node("node \($0)") }
        for i in ring.indices { ring[i].next = ring[(i + 1) % ring.count] }
        defer { ring.forEach { $0.next = nil } }
        for _ in 0 ..< 3 {
            #expect(throws: EncodingError.self) { try KeyedArchiveEncoder().encodedBytes(ring[0]) }
            #expect(try KeyedArchiveEncoder().encodedBytes(good) == expected)
        }
    }
}
