import Foundation
import Testing
@testable import KeyedArchive

// Nested keyed containers of the streamed encode are handed out again for later values of their key
// type (their tickets are pooled): a kept one is never handed out again, its late writes are the
// graph-based path's error, and nothing stays alive after the encode.
extension CodableStreamedEncodeTests {
    final class KeptNested { var container: KeyedEncodingContainer<Escapes.K>? }

    /// Writes through a nested container, keeps it when asked, and remembers the encoder weakly.
    final class NestedWitness: Encodable {
        weak var encoder: AnyObject?
        let keeps: KeptNested?
        let value: Int
        init(_ value: Int, keeps: KeptNested? = nil) {
            self.value = value
            self.keeps = keeps
        }
        func encode(to encoder: any Encoder) throws {
            self.encoder = encoder as AnyObject
            var c = encoder.container(keyedBy: Escapes.K.self)
            var n = c.nestedContainer(keyedBy: Escapes.K.self, forKey: .a)
            try n.encode(value, forKey: .a)
            keeps?.container = n
        }
    }

    /// Asks for a nested container of the kept one's key type, then writes through the kept one: that
    /// write belongs to the earlier value's dictionary.
    struct LateNestedWriter: Encodable {
        let kept: KeptNested
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Escapes.K.self)
            var mine = c.nestedContainer(keyedBy: Escapes.K.self, forKey: .b)
            try mine.encode(10, forKey: .a)
            try kept.container?.encode(20, forKey: .b)
        }
    }

    struct KeepThenWrite: Encodable {
        let kept = KeptNested()
        func encode(to encoder: any Encoder) throws {
            var u = encoder.unkeyedContainer()
            try u.encode(NestedWitness(1, keeps: kept))
            try u.encode(LateNestedWriter(kept: kept))
            kept.container = nil
        }
    }

    @Test func nestedContainersHandedOutAgainKeepEachWriteInItsOwnDictionary() throws {
        // Many values of one type: every one after the first takes the pooled container.
        try expectSameArchive((0 ..< 20).map { NestedWitness($0) })
        // A kept nested container is not handed out again, and not written again changes nothing.
        let kept = KeptNested()
        try expectSameArchive([NestedWitness(1, keeps: kept), NestedWitness(2), NestedWitness(3, keeps: kept), NestedWitness(4)])
        kept.container = nil
        // Written again after its value ended: not streamed, and the graph-based path's error.
        #expect(try ArchiveStreamEncoder.encode(KeepThenWrite(), options: KeyedArchiveEncoder()) == nil)
        var graph = KeyedArchiveEncoder()
        graph.streamsWhenItCan = false
        for encoder in [KeyedArchiveEncoder(), graph] {
            do {
                _ = try encoder.encode(KeepThenWrite())
                Issue.record("a late write was accepted")
            } catch let EncodingError.invalidValue(_, context) {
                #expect(context.codingPath.map(\.stringValue) == ["Index 0", "a", "b"], "\(context.codingPath)")
            }
        }
    }

    @Test func nestedContainersLeaveNothingAliveBehindThem() throws {
        let plain = [NestedWitness(1), NestedWitness(2)]
        try expectSameArchive(plain)
        #expect(plain[0].encoder == nil && plain[1].encoder == nil)
        // Kept past the encode, a nested container keeps the encoder only while it is kept.
        let kept = KeptNested()
        let keeping = NestedWitness(1, keeps: kept)
        _ = try KeyedArchiveEncoder().encode([keeping, NestedWitness(2)])
        #expect(keeping.encoder != nil)
        kept.container = nil
        #expect(keeping.encoder == nil)
        // And after a fallback.
        let fallen = NestedWitness(1)
        _ = try KeyedArchiveEncoder().encode(Pair(first: fallen, second: Interleaved()))
        #expect(fallen.encoder == nil)
    }
}

// An encode parks its tables for the next one only when nothing user code kept still holds its encoder:
// a write through a kept container would otherwise land in tables another encode has taken.
extension CodableStreamedEncodeTests {
    /// Keeps, strongly, the encoder that encoded it, as a kept container or super encoder does.
    final class KeepsEncoder: Encodable {
        var encoder: (any Encoder)?
        func encode(to encoder: any Encoder) throws {
            self.encoder = encoder
            var c = encoder.container(keyedBy: Escapes.K.self)
            try c.encode(1, forKey: .a)
        }
    }

    @Test func anEncoderUserCodeKeptDoesNotParkItsTables() throws {
        let keeps = KeepsEncoder()
        defer { keeps.encoder = nil }
        _ = try KeyedArchiveEncoder().encodedBytes([keeps])
        let kept = try #require(keeps.encoder as? ArchiveStreamEncoder)
        // Parked, its tables would be what the next encode asking for tables of their sizes is handed.
        #expect(TableScratch.buffer(\.streamEntries, capacity: kept.entries.capacity) !== kept.entries)
        #expect(TableScratch.buffer(\.writerObjects, capacity: kept.table.objects.capacity) !== kept.table.objects)
        // A write through it after the encode changes only its own tables.
        var late = kept.container(keyedBy: Escapes.K.self)
        try? late.encode("late", forKey: .b)
        try expectSameArchive([Escapes(kept: Kept()), Escapes(kept: Kept())])
    }

    @Test(arguments: [true, false])
    func aValueThatKeptItsEncoderDoesNotKeepItAlive(streaming: Bool) throws {
        weak var encoder: AnyObject?
        try {
            let keeps = KeepsEncoder()
            var e = KeyedArchiveEncoder()
            e.streamsWhenItCan = streaming
            _ = try e.encodedBytes([keeps])
            encoder = keeps.encoder as AnyObject
            #expect(encoder != nil)
        }()
        #expect(encoder == nil)
    }
}
