import Foundation
import Testing
@testable import KeyedArchive

/// The streamed encode's batched uniquing (ArchiveStreamDeferredScalars.swift, ``BinaryPlistObjectTable/warmScalars(_:count:hashes:)``),
/// which a default encode turns on only past 64k objects, turned on from the first object: it changes the
/// order of the property list's objects and nothing else.
@Suite struct CodableBatchedUniquingTests {
    typealias T = CodableStreamedEncodeTests

    /// A record of scalars that repeat across records and within one, a date, and number arrays longer
    /// than a batch.
    struct Record: Codable {
        var id: Int
        var group: Int
        var again: Int
        var score: Double
        var flag: Bool
        var when: Date
        var tags: [Int]
        var weights: [Double]
        var friend: Int?
    }

    static func records(_ n: Int) -> [Record] {
        (0 ..< n).map { i in
            Record(id: i, group: i % 7, again: i % 7, score: Double(i % 5) / 4, flag: i % 2 == 0,
                   when: Date(timeIntervalSinceReferenceDate: Double(i % 3)),
                   tags: (0 ..< (i % 70)).map { ($0 * 31 + i) % 50 }, weights: (0 ..< (i % 40)).map { Double($0 % 9) },
                   friend: i % 4 == 0 ? nil : i / 2)
        }
    }

    /// `value` encoded with every scalar deferred and every probe warmed: once rewritten, the graph-based
    /// path's archive, with the one-by-one encode's property-list objects but for `replaced` scalars that
    /// a repeated key replaced (written unreferenced one by one, never written deferred).
    @discardableResult
    private func expectBatchedArchive<V: Encodable>(_ value: V, replaced: Int = 0,
                                                    sourceLocation: SourceLocation = #_sourceLocation) throws -> [UInt8] {
        let options = KeyedArchiveEncoder()
        let batched = try #require(try ArchiveStreamEncoder.encode(value, options: options, deferringFrom: 0, warmingFrom: 0),
                                   sourceLocation: sourceLocation)
        let plain = try #require(try ArchiveStreamEncoder.encode(value, options: options, deferringFrom: .max, warmingFrom: .max),
                                 sourceLocation: sourceLocation)
        var graph = options
        graph.streamsWhenItCan = false
        let reference = try graph.encodedBytes(value)
        #expect(try ArchiveGraph(keyedArchiveBytes: batched).keyedArchiveBinaryData() == reference, "\(V.self)", sourceLocation: sourceLocation)
        #expect(try ArchiveGraph(keyedArchiveBytes: plain).keyedArchiveBinaryData() == reference, "\(V.self)", sourceLocation: sourceLocation)
        #expect(try PropertyList(binary: batched).count == PropertyList(binary: plain).count - replaced, "\(V.self)",
                sourceLocation: sourceLocation)
        return batched
    }

    @Test func batchedUniquingGivesTheGraphPathsArchive() throws {
        try expectBatchedArchive(T.Scalars())
        try expectBatchedArchive(T.Leaves())
        try expectBatchedArchive(T.Odd())
        try expectBatchedArchive(T.Collections())
        try expectBatchedArchive(T.Repeats(), replaced: 1)
        try expectBatchedArchive([T.RepeatsAroundNested(inner: false), T.RepeatsAroundNested(inner: true)])
        try expectBatchedArchive(T.Nest(depth: 0, child: [T.Nest(depth: 1, child: []), T.Nest(depth: 1, child: [T.Nest(depth: 2, child: [])])]))
        try expectBatchedArchive(T.Keyed())
        try expectBatchedArchive(T.WithURL())
        try expectBatchedArchive(T.WithUUID())
        try expectBatchedArchive(Date(timeIntervalSinceReferenceDate: 4))
        try expectBatchedArchive(42)
    }

    @Test func batchesLongerThanOneAndRepeatsWithinOneDecode() throws {
        let values = Self.records(300)
        let bytes = try expectBatchedArchive(values)
        let back = try KeyedArchiveDecoder().decode([Record].self, from: Data(bytes))
        #expect(back.map(\.id) == values.map(\.id) && back.map(\.tags) == values.map(\.tags))
        #expect(back.map(\.weights) == values.map(\.weights) && back.map(\.friend) == values.map(\.friend))
        #expect(back.map(\.when) == values.map(\.when) && back.map(\.group) == values.map(\.group) && back.map(\.again) == values.map(\.again))
    }

    @Test func anEncodePastTheThresholdsIsTheGraphPathsArchive() throws {
        // ~280k objects: deferral starts part-way through, and the uniquing table grows past the warming size.
        let values = Self.records(3_000).map { r in
            var r = r
            r.tags = (0 ..< 60).map { r.id &* 64 &+ $0 }
            return r
        }
        let streamed = try KeyedArchiveEncoder().encodedBytes(values)
        let objects = try PropertyList(binary: streamed).count
        #expect(objects > ArchiveStreamEncoder.deferringObjects)
        var graph = KeyedArchiveEncoder()
        graph.streamsWhenItCan = false
        #expect(try ArchiveGraph(keyedArchiveBytes: streamed).keyedArchiveBinaryData() == graph.encodedBytes(values))
    }
}
