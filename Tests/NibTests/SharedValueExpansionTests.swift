import Foundation
import KeyedArchive
import Nib
import Testing

/// A nib's value collections may share members; the load plan repeats what they share, so the values
/// it converts count against `maxObjectCount` at every use.
@Suite struct SharedValueExpansionTests {
    static var doublingNib: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("FuzzCorpus/regressions/nibinstantiate/r6-arrays-doubling-forty-deep.nib")
    }

    /// 907 bytes: a UIView whose field holds the last of forty NSArrays, each holding the one before
    /// twice (2^40 values once converted). It used to exhaust memory in `validate`, `nib --instantiate`,
    /// `text` and `dump`.
    @Test func arraysSharingTheirMembersFortyDeepStopAtTheObjectLimit() throws {
        let bytes = try [UInt8](Data(contentsOf: Self.doublingNib))
        #expect(bytes.count < 1_000)
        var options = NibOpenOptions()
        options.limits.maxObjectCount = 100_000
        let error = #expect(throws: ArchiveError.self) { try Nib(data: bytes, options: options) }
        #expect(error?.code == .limitExceeded)
        #expect(error?.objectIndex != nil)
    }
}
