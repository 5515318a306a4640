import KeyedArchive
import Testing

/// Finding F5 (Docs/fuzzing.md): `ArchivedValue ==` recursed once per nesting level, so comparing two
/// values as deep as the unarchiver's depth budget overflowed a small thread stack. Equality (and
/// `PlistValue` hashing) now walk an explicit stack; these comparisons run on a 64 KiB stack.
@Suite struct DeepValueEqualityTests {
    /// The unarchiver's default depth budget: the deepest value it hands out.
    static let depth = KeyedUnarchiver.Options().limits.maxDepth

    static func nestedArchived(_ leaf: ArchivedValue) -> ArchivedValue {
        var v = leaf
        for i in 0 ..< depth {
            switch i % 3 {
            case 0: v = .array([.int(Int64(i)), v])
            case 1: v = .dictionary([.init(key: .string("k"), value: v)])
            default: v = .error(ArchivedError(domain: "d", code: i, userInfo: [.init(key: .string("u"), value: v)]))
            }
        }
        return v
    }

    static func nestedPlist(_ leaf: PlistValue) -> PlistValue {
        var v = leaf
        for i in 0 ..< depth { v = i.isMultiple(of: 2) ? .array([v]) : .dict([PlistDictEntry(key: .string("k"), value: v)]) }
        return v
    }

    @Test func deepArchivedValuesCompareOnASmallStack() {
        let a = Self.nestedArchived(.string("leaf")), b = Self.nestedArchived(.string("leaf"))
        let c = Self.nestedArchived(.string("other"))
        var results: [Bool] = []
        onSmallStack { results = [a == b, a == c, b != c] }
        #expect(results == [true, false, true])
    }

    @Test func deepPlistValuesCompareAndHashOnASmallStack() {
        let a = Self.nestedPlist(.integer(1)), b = Self.nestedPlist(.integer(1)), c = Self.nestedPlist(.integer(2))
        var results: [Bool] = []
        onSmallStack { results = [a == b, a == c, a.hashValue == b.hashValue, Set([a, b, c]).count == 2] }
        #expect(results == [true, false, true, true])
    }

    @Test func archivedEqualityKeepsItsRules() {
        #expect(ArchivedValue.double(.nan) == .double(.nan))
        #expect(ArchivedValue.double(-0.0) != .double(0.0))
        #expect(ArchivedValue.float(1) != .double(1))
        #expect(ArchivedValue.array([.int(1)]) != .set([.int(1)]))
        #expect(ArchivedValue.array([.int(1), .int(2)]) != .array([.int(2), .int(1)]))
        #expect(ArchivedValue.array([.int(1)]) != .array([.int(1), .int(1)]))
        let d1 = ArchivedValue.dictionary([.init(key: .string("a"), value: .int(1)), .init(key: .string("b"), value: .int(2))])
        let d2 = ArchivedValue.dictionary([.init(key: .string("b"), value: .int(2)), .init(key: .string("a"), value: .int(1))])
        #expect(d1 == d1 && d1 != d2)  // stored order matters
        #expect(ArchivedValue.countedSet([.init(element: .int(1), count: 2)]) != .countedSet([.init(element: .int(1), count: 3)]))
        let run = ArchivedAttributedString.Run(length: 1, attributes: [.init(key: .string("NSFont"), value: .string("A"))])
        let other = ArchivedAttributedString.Run(length: 1, attributes: [.init(key: .string("NSFont"), value: .string("B"))])
        #expect(ArchivedValue.attributedString(.init(string: "x", runs: [run])) == .attributedString(.init(string: "x", runs: [run])))
        #expect(ArchivedValue.attributedString(.init(string: "x", runs: [run])) != .attributedString(.init(string: "x", runs: [other])))
        #expect(ArchivedValue.error(ArchivedError(domain: "d", code: 1, userInfo: [])) != .error(ArchivedError(domain: "d", code: 2, userInfo: [])))
    }

    @Test func plistEqualityKeepsItsRules() {
        #expect(PlistValue.real(.nan) == .real(.nan))
        #expect(PlistValue.real(-0.0) != .real(0.0))
        #expect(PlistValue.real32(1) != .real(1))
        #expect(PlistValue.array([.integer(1)]) != .set([.integer(1)]))
        #expect(PlistValue.dict([.init(key: .string("a"), value: .null)]) != .dict([.init(key: .string("b"), value: .null)]))
        #expect(PlistValue.array([.integer(1), .array([])]).hashValue == PlistValue.array([.integer(1), .array([])]).hashValue)
    }
}
