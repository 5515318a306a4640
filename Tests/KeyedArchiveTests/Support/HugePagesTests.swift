@testable import KeyedArchive
import Foundation
import Testing

/// Large tables ask the kernel for huge pages before they are first written; the advice must reach the
/// kernel (Linux: the mapping's `VmFlags` gain `hg`), and growing a table into advised memory must keep
/// every element, as an array's own growth does.
@Suite struct HugePagesTests {
    /// The `VmFlags` of the mapping holding `address` in `/proc/self/smaps`, or nil off Linux.
    private func vmFlags(at address: UInt) -> [String]? {
        // Read to the end: procfs files report a size of 0.
        guard let data = FileHandle(forReadingAtPath: "/proc/self/smaps")?.readDataToEndOfFile() else { return nil }
        let smaps = String(decoding: data, as: UTF8.self)
        var inRange = false
        for line in smaps.split(separator: "\n") {
            let fields = line.split(separator: " ")
            if let range = fields.first, range.contains("-"), !range.hasSuffix(":") {
                let bounds = range.split(separator: "-").compactMap { UInt($0, radix: 16) }
                inRange = bounds.count == 2 && bounds[0] <= address && address < bounds[1]
            } else if inRange, line.hasPrefix("VmFlags:") {
                return fields.dropFirst().map(String.init)
            }
        }
        return nil
    }

    @Test func aLargeTableIsAdvisedBeforeItIsWritten() throws {
        let table: [UInt64] = HugePages.emptyTable(capacity: 1 << 20) // 8 MiB: holds whole 2 MiB pages
        #expect(table.isEmpty && table.capacity >= 1 << 20)
        #if os(Linux)
        // A kernel built without transparent huge pages refuses the advice; nothing to see then.
        guard FileManager.default.fileExists(atPath: "/sys/kernel/mm/transparent_hugepage/enabled") else {
            print("HugePagesTests: this kernel has no transparent huge pages; advice not checked")
            return
        }
        let base = table.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        // A 2 MiB boundary inside the table: advice covers whole huge pages only.
        let inside = (base + UInt(HugePages.pageBytes)) & ~UInt(HugePages.pageBytes - 1)
        let flags = try #require(vmFlags(at: inside))
        #expect(flags.contains("hg"), "VmFlags: \(flags)")
        #endif
    }

    @Test func reservingAcrossTheThresholdKeepsEveryElement() {
        var table: [Int] = []
        var n = 0
        // Grows element by element through the small sizes and well past `minimumBytes`.
        while table.count < 1_200_000 {
            HugePages.reserve(&table, more: 1)
            table.append(n)
            n += 1
        }
        #expect(table.count == 1_200_000 && table.capacity * MemoryLayout<Int>.stride > HugePages.minimumBytes)
        #expect(table.indices.allSatisfy { table[$0] == $0 })
        // Capacity at least doubles on each growth: no quadratic copying.
        let before = table.capacity
        HugePages.reserve(&table, more: before - table.count + 1)
        #expect(table.capacity >= 2 * before)
    }

    @Test func adviceOutsideATableOrBelowTheThresholdIsIgnored() {
        HugePages.advise(nil, bytes: 64 << 20)
        var small = [UInt8](repeating: 1, count: 4096)
        small.withUnsafeMutableBytes { HugePages.advise($0.baseAddress, bytes: $0.count) }
        #expect(small.allSatisfy { $0 == 1 })
    }
}
