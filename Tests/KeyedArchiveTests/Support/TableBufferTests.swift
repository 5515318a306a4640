@testable import KeyedArchive
import Testing

/// `TableBuffer` holds the bplist writer's output objects, member references and uniquing slots: it must
/// behave as the arrays it replaced, across growth, and the writers built on it must give the same bytes.
@Suite struct TableBufferTests {
    @Test func appendsGrowAndKeepEveryElement() {
        let t = TableBuffer<UInt32>(capacity: 0)
        #expect(t.isEmpty && t.capacity == 16)
        for i in 0 ..< 10_000 { t.append(UInt32(i)) }
        #expect(t.count == 10_000 && t.capacity >= 10_000)
        #expect((0 ..< 10_000).allSatisfy { t[$0] == UInt32($0) })
        t[9_999] = 7
        #expect(t[9_999] == 7 && t[9_998] == 9_998)
    }

    @Test func repeatingAppendFillsAcrossAGrowth() {
        let t = TableBuffer<UInt32>(capacity: 4)
        t.append(1)
        t.append(repeating: 9, count: 100)
        t.append(repeating: 5, count: 0)
        #expect(t.count == 101)
        let all = t.withUnsafeBufferPointer { Array($0) }
        #expect(all == [1] + [UInt32](repeating: 9, count: 100))
    }

    @Test func reserveKeepsContentsAndNeverShrinks() {
        let t = TableBuffer<UInt64>(capacity: 16)
        for i in 0 ..< 20 { t.append(UInt64(i) << 40) }
        t.reserveCapacity(1_000)
        #expect(t.capacity >= 1_000 && t.count == 20)
        t.reserveCapacity(10)
        #expect(t.capacity >= 1_000)
        #expect(t.withUnsafeBufferPointer { $0.enumerated().allSatisfy { $0.element == UInt64($0.offset) << 40 } })
    }

    /// The generic writer on these tables gives bytes that parse back to the same list and write again
    /// unchanged (strings and integers shared many times over, arrays never shared).
    @Test func binaryWriterOutputRoundTrips() throws {
        var b = PropertyListBuilder()
        var items: [Int] = []
        for i in 0 ..< 3_000 {
            let s = b.addString("value \(i % 700)")
            let n = b.addInteger(Int64(i % 1_300))
            items.append(b.addArray([s, n, s]))
        }
        let root = b.addArray(items)
        let list = b.build(root: root)
        let bytes = list.binaryData()
        let back = try PropertyList(binary: bytes)
        #expect(back.binaryData() == bytes)
        #expect(try back.value() == list.value())
    }

    /// The keyed writer reserves its uniquing slots for the archive's keys and objects only, so 5,000
    /// distinct strings make its tables grow and rehash mid-walk: the one-shot bytes still equal the
    /// two-step writer's and decode to the same strings.
    @Test func keyedWriterGrowsAndMatchesTheTwoStepWriter() throws {
        let strings = (0 ..< 5_000).map { "entry \($0) " + String(repeating: "x", count: $0 % 37) }
        let bytes = try KeyedArchiver.archivedData(withRootObject: strings)
        let a = KeyedArchiver()
        try a.encode(strings, forKey: "root")
        #expect(try PropertyList(keyedArchive: a.finishEncoding()).binaryData() == bytes)
        #expect(try KeyedUnarchiver.unarchivedObject(of: [String].self, from: bytes) == strings)
    }
}
