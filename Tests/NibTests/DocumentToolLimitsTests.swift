import KeyedArchive
import Testing
import Nib

/// A binary plist may share containers, so a few hundred bytes can stand for 2ⁿ values. The document
/// tools that materialise a plain property list (`ArchiveValidation`, `ArchiveDiff`) stop at the limits
/// they are given (a fuzz replay timed out in `ArchiveDiff` before it took limits).
@Suite struct DocumentToolLimitsTests {
    /// Arrays nested `levels` deep, each holding the one below twice: 2^levels leaves from levels + 1 nodes.
    static func doublingArrays(_ levels: Int) throws -> ArchiveDocument {
        var b = PropertyListBuilder()
        var node = b.addInteger(Int64(1))
        for _ in 0 ..< levels { node = b.addArray([node, node]) }
        let root = node
        return try ArchiveDocument.open(b.build(root: root).binaryData())
    }

    static let small = DecodingLimits(maxObjectCount: 10_000)

    @Test func aDoublingDAGStopsAtTheGivenBound() throws {
        let huge = try Self.doublingArrays(40)  // 2⁴⁰ leaves from 41 objects
        #expect(ArchiveValidation.problem(in: huge, limits: Self.small)?.code == .limitExceeded)
        let error = #expect(throws: ArchiveDiff.InputError.self) { try ArchiveDiff(huge, huge, limits: Self.small) }
        #expect(error?.input == 0 && error?.error.code == .limitExceeded)
    }

    @Test func withinTheBoundItIsReadInFull() throws {
        let fits = try Self.doublingArrays(12)  // 4,096 leaves
        #expect(ArchiveValidation.problem(in: fits, limits: Self.small) == nil)
        #expect(try ArchiveDiff(fits, fits, limits: Self.small).isEmpty)
        let other = try Self.doublingArrays(11)
        let diff = try ArchiveDiff(fits, other, limits: Self.small)
        #expect(diff.differences.first?.kind == .changed && diff.differences.first?.path.hasPrefix("root[0][0]") == true, "\(diff.differences.prefix(2))")
        #expect(!diff.isEmpty)
    }
}
