import Foundation
import KeyedArchive
import KeyedArchiveFuzzSupport
import Testing

/// The structure-aware mutator writes keyed archives that still read, keeps the harness's mode byte,
/// is deterministic per seed, and hands inputs it cannot read to byte mutation.
@Suite struct StructureMutatorTests {
    static func seed() throws -> [UInt8] {
        let a = KeyedArchiver()
        try a.encode(ArchivedValue.dictionary([.init(key: .string("k"), value: .array([.int(1), .string("two"), .double(3)]))]), forKey: "root")
        return [0x05] + (try a.encodedData())
    }

    static func mutate(_ input: [UInt8], seed: UInt32, byteCalls: inout Int) -> [UInt8] {
        var buffer = input + [UInt8](repeating: 0, count: 4096)
        var calls = 0
        let size = buffer.withUnsafeMutableBufferPointer { p -> Int in
            guard let base = p.baseAddress else { return 0 }
            return StructureMutator.unarchiver.mutate(base, input.count, p.count, seed) { data, size, _ in
                calls += 1
                data[0] ^= 0xFF
                return size
            }
        }
        byteCalls += calls
        return Array(buffer.prefix(size))
    }

    @Test func mutationsStayReadableArchivesAndKeepTheModeByte() throws {
        let input = try Self.seed()
        var byteCalls = 0, changed = 0, readable = 0
        for seed in UInt32(0) ..< 400 {
            let out = Self.mutate(input, seed: seed, byteCalls: &byteCalls)
            if out != input { changed += 1 }
            if out.first == input.first, (try? ArchiveGraph(keyedArchiveBytes: Array(out.dropFirst()))) != nil { readable += 1 }
        }
        // About one call in four goes to byte mutation; the rest write a valid archive.
        #expect(byteCalls > 40 && byteCalls < 200)
        #expect(readable + byteCalls >= 390)
        #expect(changed > 350)
        // Deterministic for a seed.
        var ignored = 0
        #expect(Self.mutate(input, seed: 7, byteCalls: &ignored) == Self.mutate(input, seed: 7, byteCalls: &ignored))
    }

    @Test func unreadableInputsGoToByteMutation() {
        var calls = 0
        _ = Self.mutate([0x00, 0x01, 0x02, 0x03], seed: 1, byteCalls: &calls)
        _ = Self.mutate([0x00, 0x01, 0x02, 0x03], seed: 2, byteCalls: &calls)
        #expect(calls == 2)
    }

    @Test func crossOverSplicesAnObjectOfTheOtherInput() throws {
        let a = try Self.seed()
        let b = [0x01] + (try KeyedArchiver.archivedData(withRootObject: ArchivedValue.dictionary([.init(key: .string("x"), value: .string("from-b"))])))
        var out = [UInt8](repeating: 0, count: 8192)
        let n = a.withUnsafeBufferPointer { pa in b.withUnsafeBufferPointer { pb in out.withUnsafeMutableBufferPointer { po in
            StructureMutator.unarchiver.crossOver(pa.baseAddress!, pa.count, pb.baseAddress!, pb.count, po.baseAddress!, po.count, 3)
        } } }
        #expect(n > 0)
        let graph = try ArchiveGraph(keyedArchiveBytes: Array(out[1 ..< n]))
        #expect(graph.objects.count > (try ArchiveGraph(keyedArchiveBytes: Array(a.dropFirst()))).objects.count)
        #expect(out[0] == a[0])
    }
}
