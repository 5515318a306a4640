import Testing
@testable import KeyedArchive

/// The graph's entries are small (their size is what large archives pay in memory and page faults), and
/// indices that do not fit their 32-bit storage stay out of range instead of wrapping into it.
@Suite struct ArchiveGraphLayoutTests {
    @Test func entriesAreSmallAndTrivial() {
        #expect(MemoryLayout<ArchiveValue>.stride == 24)
        #expect(MemoryLayout<ArchiveKeyedValue>.stride == 24)
        #expect(MemoryLayout<ArchiveObject>.stride == 32)
        #expect(MemoryLayout<ArchiveRange>.stride == 8)
        // Copied as bytes: no reference inside, so tables copy and free without value witnesses.
        #expect(_isPOD(ArchiveValue.self) && _isPOD(ArchiveKeyedValue.self) && _isPOD(ArchiveObject.self))
    }

    @Test func indicesThatDoNotFitReadBackOutsideEveryTable() {
        let huge = ArchiveRange(start: 1 << 40, count: -1)
        #expect(huge.start == Int(UInt32.max) && huge.count == Int(UInt32.max))
        #expect(huge.start > ArchiveGraph.maxTableCount)
        let exact = ArchiveRange(start: Int(UInt32.max) - 1, count: 0)
        #expect(exact.start == Int(UInt32.max) - 1)

        var kv = ArchiveKeyedValue(key: -1, value: .nil)
        #expect(kv.key == Int(UInt32.max))
        kv.key = 7
        #expect(kv.key == 7)

        var o = ArchiveObject(kind: .object, classIndex: -1, valueStart: 1 << 33, valueCount: 3)
        #expect(o.classIndex == -1 && o.valueStart == Int(UInt32.max) && o.valueCount == 3)
        o.classIndex = 1 << 40
        #expect(o.classIndex == Int(Int32.max))
        o.classIndex = -(1 << 40)
        #expect(o.classIndex < 0)
        // NIBArchive keeps an empty object's firstValue as read: every 32-bit value survives.
        o.valueStart = Int(UInt32.max) - 1
        #expect(o.valueStart == Int(UInt32.max) - 1)
    }

    @Test func wideIntegersSurviveInline() throws {
        let w = PlistWideInteger(high: -2, low: 5)
        let a = ArchiveValue.wideInt(w)
        #expect(a == .wideInt(PlistWideInteger(high: -2, low: 5)))
        #expect(a != .wideInt(PlistWideInteger(high: -2, low: 6)))
        guard case .wideInt(let back) = a else { Issue.record("not a wide integer"); return }
        #expect(back == w)
    }

    @Test func tablesBeyondThirtyTwoBitsAreRefused() {
        #expect(throws: ArchiveError(.limitExceeded, "")) {
            try ArchiveGraph.checkTableSizes(storage: Int(UInt32.max), objects: 0, values: 0, items: 0, top: 0, .limitExceeded)
        }
        #expect(throws: Never.self) {
            try ArchiveGraph.checkTableSizes(storage: ArchiveGraph.maxTableCount, objects: 1, values: 1, items: 1, top: 1, .limitExceeded)
        }
    }
}
