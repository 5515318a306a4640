import Testing
@testable import KeyedArchive

/// The common object-ref widths each have their own copy loop: 1 and 2 bytes, and 4 bytes (every table
/// above 65,535 objects). Each must read members and name a bad ref where it is.
@Suite struct BinaryPlistRefWidthTests {
    /// An array (the root, object 0) of `n` distinct integers, as our writer lays it out.
    static func array(of n: Int) -> [UInt8] {
        var b = PropertyListBuilder()
        let members = (0 ..< n).map { b.addInteger(Int64($0) * 3) }
        let root = b.addArray(members)
        return b.build(root: root).binaryData()
    }

    @Test(arguments: [(200, 1), (1_000, 2), (70_000, 4)])
    func membersAreReadAndABadRefIsNamed(count: Int, refSize: Int) throws {
        var bytes = Self.array(of: count)
        try #require(bytes.count > 40, "\(bytes.count) bytes")
        #expect(Int(bytes[bytes.count - 32 + 7]) == refSize, "objectRefSize")
        let list = try PropertyList(binary: bytes)
        let members = list.elements(list.root)
        #expect(members.count == count)
        #expect(list.int64(members[count - 1]) == Int64(count - 1) * 3)

        // The root array is object 0: its marker at 8, then its count, then its refs.
        #expect(bytes[8] == 0xAF)
        let countBytes = 1 << Int(bytes[9] & 0x0F)
        let firstRef = 10 + countBytes
        for i in 0 ..< refSize { bytes[firstRef + i] = 0xFF }
        let error = #expect(throws: ArchiveError.self) { try PropertyList(binary: bytes) }
        #expect(error?.code == .badReference && error?.offset == firstRef && error?.objectIndex == 0, "\(String(describing: error))")
    }
}
