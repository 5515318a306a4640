import Testing
@testable import KeyedArchive
import CorpusSupport

/// The graph's key index: canonical duplicates, absent keys, byte-exact matching, and the fallback
/// that keeps hostile (colliding) key tables linear.
@Suite struct ArchiveKeyTableTests {
    @Test func duplicatesMapToTheirFirstIndex() {
        let keys = ["NSSubviews", "UITag", "NSSubviews", "", "UITag", "é", "UINibEncoderEmptyKey", "UINibEncoderEmptyKey"]
        var canonical: [Int32] = []
        let table = ArchiveKeyTable(keys: keys, canonical: &canonical)
        #expect(canonical == [0, 1, 0, 3, 1, 5, 6, 6])
        #expect(table["NSSubviews"] == 0)
        #expect(table["UITag"] == 1)
        #expect(table[""] == 3)
        #expect(table["UINibEncoderEmptyKey"] == 6)
        #expect(table["UINibEncoderEmptyKe"] == nil)
        #expect(table["NSSubview"] == nil)
        #expect(table["é"] == 5)
        // Keys match by bytes: the decomposed form is another key, as in Apple's literal comparison.
        #expect(table["e\u{301}"] == nil)
    }

    @Test func bytesHashAgreesWithStringHash() {
        for key in ["", "a", "NSNextResponder", "UINibEncoderEmptyKey", "NS.object.12345678", "日本語のキー"] {
            let fromBytes = Array(key.utf8).withUnsafeBufferPointer { ByteHash.hash($0) }
            #expect(fromBytes == ArchiveKeyTable.hash(key), "\(key)")
        }
    }

    /// Word-at-a-time equality agrees with element-wise equality at every length across the word size,
    /// for a difference at every position.
    @Test func bytesEqualAgreesWithArrayEquality() {
        for n in 0 ... 19 {
            let a = (0 ..< n).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            var variants = [a]
            for i in 0 ..< n {
                var b = a
                b[i] ^= 0x80
                variants.append(b)
            }
            for b in variants {
                let same = a.withUnsafeBufferPointer { pa in b.withUnsafeBufferPointer { pb in
                    ByteHash.equal(pa.baseAddress ?? UnsafePointer(bitPattern: 1)!, pb.baseAddress ?? UnsafePointer(bitPattern: 1)!, n)
                } }
                #expect(same == (a == b), "length \(n)")
            }
        }
    }

    @Test func manyKeysAllFound() {
        let keys = (0 ..< 5_000).map { "key.\($0)" }
        var canonical: [Int32] = []
        let table = ArchiveKeyTable(keys: keys, canonical: &canonical)
        #expect(canonical == (0 ..< 5_000).map { Int32($0) })
        #expect(keys.indices.allSatisfy { table[keys[$0]] == Int32($0) })
        #expect(table["key.5000"] == nil)
    }

    /// Keys that all hash alike (as an attacker would aim for) make probe runs long: the table falls back
    /// to a Dictionary and still answers correctly.
    @Test func collidingKeysFallBackToADictionary() {
        let keys = (0 ..< 200).map { "k\($0 % 150)" }
        var canonical: [Int32] = []
        let table = ArchiveKeyTable(keys: keys, hashes: Array(repeating: 0, count: keys.count), canonical: &canonical)
        #expect(table.fallback != nil)
        #expect(canonical == (0 ..< 200).map { Int32($0 % 150) })
        #expect(table["k149"] == 149)
        #expect(table["k150"] == nil)
    }

    /// The reader's precomputed hashes and the string hashes build the same graph lookups.
    @Test func nibArchiveKeysResolveThroughTheGraph() throws {
        let bytes = NIBArchiveWorkedExample.bytes
        let graph = try ArchiveGraph(nibArchive: bytes)
        for (i, key) in graph.keys.enumerated() {
            #expect(graph.keyIndex(key) == i)
        }
        #expect(graph.keyIndex("no such key") == nil)
    }
}

/// The NIBArchive reader's table of well-known key strings: exact byte matches only.
/// The shared string a known-string table holds for `s`'s bytes, if any.
func knownString(_ s: String, in table: KnownKeyTable) -> String? {
    Array(s.utf8).withUnsafeBufferPointer { table.string(for: $0, hash: ByteHash.hash($0)) }
}

@Suite struct KnownKeyTableTests {
    func lookup(_ key: String) -> String? { knownString(key, in: NIBArchiveKnownKeys.table) }

    @Test func everyKnownKeyIsFoundAsItself() {
        #expect(Set(NIBArchiveKnownKeys.all).count == NIBArchiveKnownKeys.all.count)
        for key in NIBArchiveKnownKeys.all { #expect(lookup(key) == key) }
    }

    @Test func nearMissesAreNotKnown() {
        for key in NIBArchiveKnownKeys.all.prefix(50) {
            #expect(lookup(key + "x") == nil)
            #expect(lookup(String(key.dropLast())) == nil || NIBArchiveKnownKeys.all.contains(String(key.dropLast())))
            var bytes = Array(key.utf8)
            bytes[bytes.count / 2] ^= 0x20
            let flipped = String(decoding: bytes, as: UTF8.self)
            #expect(lookup(flipped) == nil || NIBArchiveKnownKeys.all.contains(flipped))
        }
        #expect(lookup("") == nil)
        #expect(lookup("not a key anybody uses") == nil)
    }
}

/// The shared long class names: each is found as itself, each is long enough to need an allocation
/// otherwise (16 UTF-8 bytes or more), and a NIBArchive naming one reads back the same name.
@Suite struct KnownClassTableTests {
    func lookup(_ name: String) -> String? { knownString(name, in: NIBArchiveKnownClasses.table) }

    @Test func everyKnownClassIsFoundAsItselfAndIsLong() {
        #expect(Set(NIBArchiveKnownClasses.all).count == NIBArchiveKnownClasses.all.count)
        for name in NIBArchiveKnownClasses.all {
            #expect(lookup(name) == name)
            #expect(name.utf8.count >= 16, "\(name) fits a small String")
            #expect(lookup(name + "X") == nil)
        }
        #expect(lookup("NSWindowTemplatf") == nil)
    }

    @Test func aNibNamingKnownAndUnknownClassesReadsThemBack() throws {
        var b = ArchiveGraphBuilder(metadata: .init(source: .nibArchive))
        let known = b.internClass("NSWindowTemplate")
        let unknown = b.internClass("MyVeryLongCustomWindowController")
        b.appendObject(classIndex: known, values: [])
        b.appendObject(classIndex: unknown, values: [])
        let back = try ArchiveGraph(nibArchive: b.build().nibArchiveData())
        #expect(back.classes.map(\.name) == ["NSWindowTemplate", "MyVeryLongCustomWindowController"])
    }
}
