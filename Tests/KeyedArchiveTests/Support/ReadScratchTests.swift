import Foundation
import Testing
@testable import KeyedArchive

/// Reads reuse the tables earlier reads dropped (``ReadScratch``): whatever was parked, every read
/// gives what a fresh read gives, a small graph kept by its caller does not pin a large buffer, and a
/// failed read leaves nothing behind that a later read sees.
@Suite(.serialized) struct ReadScratchTests {
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
}
