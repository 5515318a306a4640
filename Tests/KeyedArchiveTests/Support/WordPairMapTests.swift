@testable import KeyedArchive
import Testing

/// The archiver's identity, string and number tables: every key found again after many growths, a
/// repeated key's value replaced by `set` and kept by `valueOrInsert`.
@Suite struct WordPairMapTests {
    @Test func findsEveryKeyAcrossGrowths() {
        var m = WordPairMap()
        for i in 0 ..< 100_000 { #expect(m.valueOrInsert(i, UInt64(i) &* 0x9E37_79B9, UInt64(i % 7)) == nil) }
        #expect(m.count == 100_000)
        #expect((0 ..< 100_000).allSatisfy { m.value(UInt64($0) &* 0x9E37_79B9, UInt64($0 % 7)) == $0 })
        #expect(m.value(1, 1) == nil)
        // Same first word, other second word: a different key.
        #expect(m.value(0, 1) == nil)
    }

    @Test func setReplacesAndValueOrInsertKeeps() {
        var m = WordPairMap()
        m.set(5, 42)
        m.set(6, 42)
        #expect(m.value(42) == 6 && m.count == 1)
        #expect(m.valueOrInsert(9, 42) == 6)
        #expect(m.value(42) == 6 && m.count == 1)
        #expect(m.valueOrInsert(0, 43) == nil && m.value(43) == 0 && m.count == 2)
    }
}
