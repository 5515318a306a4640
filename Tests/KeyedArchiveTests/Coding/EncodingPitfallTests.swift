import Foundation
import Testing
@testable import KeyedArchive
import CorpusSupport

/// A class that asks to be replaced by a shared stand-in (pitfall 20).
final class Replaced: KeyedCoding {
    nonisolated(unsafe) static var asked = 0
    let standIn: Person?
    init() { standIn = nil }
    init(standIn: Person) { self.standIn = standIn }
    func replacementObject(for archiver: KeyedArchiver) -> (any KeyedCoding)? {
        Self.asked += 1
        return standIn
    }
    func encode(with a: KeyedArchiver) throws(ArchiveError) {}
    func decode(with u: KeyedUnarchiver) throws(ArchiveError) {}
}

/// Holds a conditional reference (pitfall 21).
final class Holder: KeyedCoding {
    var strong: [Person] = []
    var weak: Person?
    var strongFirst = true
    init() {}
    func encode(with a: KeyedArchiver) throws(ArchiveError) {
        if strongFirst { try a.encode(strong, forKey: "strong") }
        a.encodeConditionalObject(weak, forKey: "weak")
        if !strongFirst { try a.encode(strong, forKey: "strong") }
    }
    func decode(with u: KeyedUnarchiver) throws(ArchiveError) {
        strong = try u.decodeObject(of: [Person].self, forKey: "strong") ?? []
        weak = try u.decodeObject(of: Person.self, forKey: "weak")
    }
}

/// Encodes one key twice (pitfall 26).
final class Twice: KeyedCoding {
    var v = 0
    init() {}
    func encode(with a: KeyedArchiver) throws(ArchiveError) {
        a.encode(1, forKey: "v")
        a.encode(2, forKey: "v")
    }
    func decode(with u: KeyedUnarchiver) throws(ArchiveError) { v = try u.decodeInt(forKey: "v") }
}

/// Puts `v`, encodes a child that puts `v` too, then puts `v` again: only the parent's second put is a
/// duplicate (the child's is its own object's key).
final class TwiceAroundChild: KeyedCoding {
    var v = 0
    var child: Twice?
    init() {}
    func encode(with a: KeyedArchiver) throws(ArchiveError) {
        a.encode(1, forKey: "v")
        try a.encode(Twice(), forKey: "child")
        a.encode(3, forKey: "v")
    }
    func decode(with u: KeyedUnarchiver) throws(ArchiveError) {
        v = try u.decodeInt(forKey: "v")
        child = try u.decodeObject(of: Twice.self, forKey: "child")
    }
}

/// Forty keys with a nested object after the twentieth, then the first key again: the per-object key
/// positions (kept once an object has more than 16 keys) are relative to the object's own values.
final class ManyKeysAroundChild: KeyedCoding {
    var values: [Int] = []
    var child: Twice?
    init() {}
    func encode(with a: KeyedArchiver) throws(ArchiveError) {
        for i in 0 ..< 20 { a.encode(i, forKey: "k\(i)") }
        try a.encode(Twice(), forKey: "child")
        for i in 20 ..< 40 { a.encode(i, forKey: "k\(i)") }
        a.encode(100, forKey: "k0")
    }
    func decode(with u: KeyedUnarchiver) throws(ArchiveError) {
        values = []
        for i in 0 ..< 40 { values.append(try u.decodeInt(forKey: "k\(i)")) }
        child = try u.decodeObject(of: Twice.self, forKey: "child")
    }
}

/// Puts 70 keys (`a0`…`a69`, interned one after another), then holds a child whose few keys are 64 key
/// indices apart (`a0` and `a64`: the archiver's per-object key bits collide), one of them put twice.
final class KeysSixtyFourApart: KeyedCoding {
    final class Child: KeyedCoding {
        var values: [Int] = []
        init() {}
        func encode(with a: KeyedArchiver) throws(ArchiveError) {
            a.encode(1, forKey: "a0")
            a.encode(2, forKey: "a64")
            a.encode(3, forKey: "a1")
            a.encode(4, forKey: "a65")
            a.encode(5, forKey: "a64")
        }
        func decode(with u: KeyedUnarchiver) throws(ArchiveError) {
            values = try ["a0", "a64", "a1", "a65"].map { k throws(ArchiveError) in try u.decodeInt(forKey: k) }
        }
    }
    var values: [Int] = []
    var child: Child?
    init() {}
    func encode(with a: KeyedArchiver) throws(ArchiveError) {
        for i in 0 ..< 70 { a.encode(i, forKey: "a\(i)") }
        try a.encode(Child(), forKey: "child")
    }
    func decode(with u: KeyedUnarchiver) throws(ArchiveError) {
        values = []
        for i in 0 ..< 70 { values.append(try u.decodeInt(forKey: "a\(i)")) }
        child = try u.decodeObject(of: Child.self, forKey: "child")
    }
}

/// Finishes the archive from inside its own `encode(with:)` (keeping the graph it got).
final class FinishesInside: KeyedCoding {
    nonisolated(unsafe) static var graph: ArchiveGraph?
    init() {}
    func encode(with a: KeyedArchiver) throws(ArchiveError) {
        a.encode(1, forKey: "inner")
        Self.graph = try a.finishEncoding()
    }
    func decode(with u: KeyedUnarchiver) throws(ArchiveError) {}
}

/// Every integer width (pitfall 27).
final class Widths: KeyedCoding {
    var i8: Int8 = 0, i16: Int16 = 0, i32: Int32 = 0, i64: Int64 = 0, u8: UInt8 = 0, u16: UInt16 = 0, u32: UInt32 = 0, u64: UInt64 = 0
    init() {}
    func encode(with a: KeyedArchiver) throws(ArchiveError) {
        a.encode(i8, forKey: "i8"); a.encode(i16, forKey: "i16"); a.encode(i32, forKey: "i32"); a.encode(i64, forKey: "i64")
        a.encode(u8, forKey: "u8"); a.encode(u16, forKey: "u16"); a.encode(u32, forKey: "u32"); a.encode(u64, forKey: "u64")
    }
    func decode(with u: KeyedUnarchiver) throws(ArchiveError) {
        i8 = try u.decodeInt8(forKey: "i8"); i16 = try u.decodeInt16(forKey: "i16"); i32 = try u.decodeInt32(forKey: "i32")
        i64 = try u.decodeInt64(forKey: "i64"); u8 = try u.decodeUInt8(forKey: "u8"); u16 = try u.decodeUInt16(forKey: "u16")
        u32 = try u.decodeUInt32(forKey: "u32"); u64 = try u.decodeUInt64(forKey: "u64")
    }
}

@Suite struct EncodingPitfallTests {
    init() { KeyedClassRegistry.register(Person.self, Employee.self, Holder.self, Twice.self, TwiceAroundChild.self, ManyKeysAroundChild.self, KeysSixtyFourApart.self, KeysSixtyFourApart.Child.self, Widths.self, IdentityArray.self) }

    static func classNames(_ g: ArchiveGraph) -> [String] {
        g.objects.compactMap { $0.kind == .object ? g.classes[$0.classIndex].name : nil }
    }

    @Test func pitfall18_equalObjectsAreNotMerged() throws {
        let a = Person("Pt", age: 1), b = Person("Pt", age: 1)
        let back = try #require(try roundTrip([a, b], as: [Person].self))
        #expect(back.count == 2)
        #expect(back[0] !== back[1])
        #expect(back[0].name == "Pt" && back[1].name == "Pt")
    }

    @Test func pitfall19_instanceAndGlobalClassNameMapsWork() throws {
        final class Local19: KeyedCoding {
            init() {}
            func encode(with a: KeyedArchiver) throws(ArchiveError) {}
            func decode(with u: KeyedUnarchiver) throws(ArchiveError) {}
        }
        func archive(_ configure: (KeyedArchiver) -> Void) throws -> ArchiveGraph {
            let a = KeyedArchiver()
            configure(a)
            try a.encode(Local19(), forKey: "root")
            return try ArchiveGraph(keyedArchive: a.encodedPropertyList())
        }
        let inst = try archive { $0.setClassName("Instance19", for: Local19.self) }
        #expect(inst.className(ofObject: 1) == "Instance19")
        #expect(inst.classes[inst.objects[1].classIndex].chain == ["Instance19", "NSObject"])
        KeyedArchiver.setClassName("Global19", for: Local19.self)
        defer { KeyedArchiver.setClassName(nil, for: Local19.self) }
        let glob = try archive { _ in }
        #expect(glob.className(ofObject: 1) == "Global19")
        let both = try archive { $0.setClassName("Instance19", for: Local19.self) }
        #expect(both.className(ofObject: 1) == "Instance19")
    }

    @Test func pitfall20_replacementIsCachedPerOriginal() throws {
        final class Counting: KeyedArchiverDelegate {
            var replaced = 0
            func archiver(_ archiver: KeyedArchiver, willReplace object: any KeyedCoding, with newObject: (any KeyedCoding)?) { replaced += 1 }
        }
        Replaced.asked = 0
        let stand = Person("stand-in")
        let r = Replaced(standIn: stand)
        let a = KeyedArchiver()
        let d = Counting()
        a.delegate = d
        try a.encode(r, forKey: "one")
        try a.encode(r, forKey: "two")
        try a.encode(r, forKey: "three")
        let g = try a.finishEncoding()
        #expect(Replaced.asked == 1)
        #expect(d.replaced == 1)
        #expect(Self.classNames(g).filter { $0 != "NSArray" } == [Person.archivedClassName])
        #expect(g.topValue(forKey: "one") == g.topValue(forKey: "three"))
    }

    @Test(arguments: [true, false])
    func pitfall21_conditionalResolvesWhenEncodedBeforeOrAfter(strongFirst: Bool) throws {
        let p = Person("target")
        let h = Holder()
        h.strong = [p]
        h.weak = p
        h.strongFirst = strongFirst
        let back = try #require(try roundTrip(h, as: Holder.self))
        #expect(back.weak != nil)
        #expect(back.weak === back.strong.first)
    }

    @Test func pitfall21_conditionalNeverEncodedIsNilButPresent() throws {
        let h = Holder()
        h.weak = Person("nobody encodes me")
        let a = KeyedArchiver()
        try a.encode(h, forKey: "root")
        let g = try ArchiveGraph(keyedArchive: a.encodedPropertyList())
        #expect(g.value(ofObject: 1, forKey: "weak") == .nil)
        #expect(!Self.classNames(g).contains(Person.archivedClassName))
        #expect(try KeyedUnarchiver(graph: g).decodeTopLevelObject(of: Holder.self)?.weak == nil)
    }

    @Test func pitfall22_shapesMatchDarwinFixtures() throws {
        guard Corpus.require() else { return }
        func fixture(_ name: String) throws -> ArchiveGraph {
            try ArchiveGraph(keyedArchiveBytes: Corpus.bytes(Corpus.root.appendingPathComponent("keyed/corelibs-fixtures/Tests__Foundation__Resources__" + name)))
        }
        func ours<T: KeyedArchivable>(_ v: T) throws -> ArchiveGraph {
            let a = KeyedArchiver()
            try a.encode(v, forKey: "root")
            return try ArchiveGraph(keyedArchive: a.encodedPropertyList())
        }
        // Mutable attributed string: NS.string inline in an NSMutableString.
        let mas = try fixture("Fixtures__macOS-10.14__NSMutableAttributedString.archive")
        let decoded = try #require(try KeyedUnarchiver(graph: mas).decodeTopLevelObject(of: ArchivedAttributedString.self))
        let g = try ours(decoded)
        guard case .ref(let root)? = g.topValue(forKey: "root"),
              case .ref(let s)? = g.value(ofObject: root, forKey: "NSString") else { Issue.record("no NSString"); return }
        #expect(g.className(ofObject: s) == "NSMutableString")
        if case .string? = g.value(ofObject: s, forKey: "NS.string") {} else { Issue.record("NS.string not inline") }
        #expect(g.className(ofObject: root) == "NSMutableAttributedString")
        #expect(Set(g.values(ofObject: root).map { g.keys[$0.key] }) == ["NSString", "NSAttributes", "NSAttributeInfo"])
        // Rects as Apple strings.
        let rect = try ours(ArchivedGeometry.rect(x: 400, y: 300, width: 200, height: 300))
        guard case .ref(let rr)? = rect.topValue(forKey: "root"), case .ref(let r)? = rect.value(ofObject: rr, forKey: "NS.rectval") else { Issue.record("no rectval"); return }
        #expect(rect.string(rect.objects[r].plainValue) == "{{400, 300}, {200, 300}}")
        let fixRect = try fixture("NSKeyedUnarchiver-RectTest.plist")
        #expect(try KeyedUnarchiver(graph: fixRect).decodeTopLevelObject(of: ArchivedGeometry.self) == .rect(x: 400, y: 300, width: 200, height: 300))
        // URLs keep base + relative.
        let base = try #require(URL(string: "https://www.example.com"))
        let url = try #require(URL(string: "foo.xml", relativeTo: base))
        let ug = try ours(url)
        guard case .ref(let ur)? = ug.topValue(forKey: "root"), case .ref(let rel)? = ug.value(ofObject: ur, forKey: "NS.relative"),
              case .ref(let b)? = ug.value(ofObject: ur, forKey: "NS.base") else {
            Issue.record("NSURL shape"); return
        }
        #expect(ug.string(ug.objects[rel].plainValue) == "foo.xml")
        #expect(ug.className(ofObject: b) == "NSURL")
        // Index paths: NSIndexPathData → NSMutableData with NS.data inline.
        let ip = try fixture("Fixtures__macOS-10.14__NSIndexPath-ManyIndices.archive")
        let path = try #require(try KeyedUnarchiver(graph: ip).decodeTopLevelObject(of: ArchivedIndexPath.self))
        let pg = try ours(path)
        guard case .ref(let pr)? = pg.topValue(forKey: "root"), case .ref(let d)? = pg.value(ofObject: pr, forKey: "NSIndexPathData") else {
            Issue.record("no data"); return
        }
        #expect(pg.className(ofObject: d) == "NSMutableData")
        #expect(pg.value(ofObject: d, forKey: "NS.data").map { if case .bytes = $0 { true } else { false } } == true)
        #expect(pg.values(ofObject: pr).map { pg.keys[$0.key] }.sorted() == ip.values(ofObject: 1).map { ip.keys[$0.key] }.sorted())
    }

    @Test func pitfall23_errorsAndSelfContainingCollectionsEncode() throws {
        let err = ArchivedError(domain: "NSCocoaErrorDomain", code: 4864,
                                userInfo: [.init(key: .string("NSDebugDescription"), value: .string("boom"))])
        #expect(try roundTrip(err, as: ArchivedError.self) == err)
        let arr = IdentityArray()
        arr.elements = [.string("x"), .object(arr)]
        let back = try #require(try roundTrip(arr, as: IdentityArray.self) { $0.setClass(IdentityArray.self, forClassName: IdentityArray.archivedClassName) })
        try #require(back.elements.count == 2)
        guard case .object(let inner) = back.elements[1] else { Issue.record("not an object"); return }
        #expect(inner === back)
        arr.elements = []
    }

    @Test func pitfall24_deepNestingEncodesInLinearTime() throws {
        var v = ArchivedValue.string("leaf")
        for _ in 0 ..< 1_000 { v = .array([v]) }
        let clock = ContinuousClock()
        let start = clock.now
        let bytes = try KeyedArchiver.archivedData(withRootObject: v)
        #expect(clock.now - start < .seconds(30))  // corelibs needs ~50 s at depth 100
        let back = try KeyedUnarchiver.unarchivedObject(of: ArchivedValue.self, from: bytes)
        #expect(back == v)
    }

    static let goldenEnv = "KEYED_ARCHIVE_GOLDEN_OUT"

    static func goldenArchive() throws -> [UInt8] {
        let people = (0 ..< 20).map { Person("p\($0)", age: $0) }
        for (i, p) in people.enumerated() { p.friends = [people[(i + 1) % 20], people[(i + 7) % 20]] }
        let dict = ArchivedValue.dictionary((0 ..< 30).map { .init(key: .string("k\($0)"), value: .int(Int64($0))) })
        let a = KeyedArchiver()
        try a.encode(people[0], forKey: "root")
        try a.encode(dict, forKey: "dict")
        try a.encode(Set(["a", "b", "c", "d"]).sorted(), forKey: "sorted")
        let bytes = try a.encodedData()
        for p in people { p.friends = [] }
        return bytes
    }

    /// Writes the golden archive when run as a child process (see the next test); otherwise does nothing.
    @Test func pitfall25_goldenWriter() throws {
        guard let out = ProcessInfo.processInfo.environment[Self.goldenEnv] else { return }
        try Data(Self.goldenArchive()).write(to: URL(fileURLWithPath: out))
    }

    @Test func pitfall25_sameBytesInTwoProcesses() throws {
        #expect(try Self.goldenArchive() == Self.goldenArchive())
        let exe = URL(fileURLWithPath: CommandLine.arguments[0])
        guard exe.lastPathComponent.contains("PackageTests") else { return }  // not running from `swift test`
        var outputs: [[UInt8]] = []
        for run in 0 ..< 2 {
            let out = FileManager.default.temporaryDirectory.appendingPathComponent("golden-\(UUID().uuidString)-\(run).bin")
            let p = Process()
            p.executableURL = exe
            p.arguments = ["--testing-library", "swift-testing", "--filter", "pitfall25_goldenWriter"]
            var env = ProcessInfo.processInfo.environment
            env[Self.goldenEnv] = out.path
            env.removeValue(forKey: "SWIFT_DETERMINISTIC_HASHING")
            p.environment = env
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            try p.run()
            p.waitUntilExit()
            #expect(p.terminationStatus == 0)
            outputs.append(Array((try? Data(contentsOf: out)) ?? Data()))
            try? FileManager.default.removeItem(at: out)
        }
        #expect(!outputs[0].isEmpty)
        #expect(outputs[0] == outputs[1])
        #expect(outputs[0] == (try Self.goldenArchive()))
    }

    @Test func pitfall26_duplicateKeyLastWinsWithWarning() throws {
        final class Warned: KeyedArchiverDelegate {
            var warnings: [String] = []
            func archiver(_ archiver: KeyedArchiver, didWarn warning: String) { warnings.append(warning) }
        }
        let a = KeyedArchiver()
        let d = Warned()
        a.delegate = d
        try a.encode(Twice(), forKey: "root")
        let g = try ArchiveGraph(keyedArchive: a.encodedPropertyList())
        #expect(g.values(ofObject: 1).count == 1)
        #expect(try KeyedUnarchiver(graph: g).decodeTopLevelObject(of: Twice.self)?.v == 2)
        #expect(d.warnings.count == 1)
        #expect(a.warnings.count == 1)
    }

    /// The duplicate check is per object: a nested object's keys neither hide nor fake a duplicate in
    /// the object that encodes it.
    @Test func pitfall26_duplicateKeyAcrossANestedObject() throws {
        let a = KeyedArchiver()
        try a.encode(TwiceAroundChild(), forKey: "root")
        let g = try ArchiveGraph(keyedArchive: a.encodedPropertyList())
        let root = try #require(g.referencedObject(g.topValue(forKey: "root") ?? .nil))
        #expect(g.values(ofObject: root).map { g.key($0.key) } == ["v", "child"])
        let decoded = try #require(try KeyedUnarchiver(graph: g).decodeTopLevelObject(of: TwiceAroundChild.self))
        #expect(decoded.v == 3)
        #expect(decoded.child?.v == 2)
        // One warning for the child's own duplicate, one for the parent's.
        #expect(a.warnings.count == 2)
    }

    /// Keys whose indices share a bit of the archiver's per-object filter are not duplicates: only the
    /// real one (`a64` put twice in the child) warns, and every value reads back.
    @Test func keysSixtyFourIndicesApartAreNotDuplicates() throws {
        let a = KeyedArchiver()
        try a.encode(KeysSixtyFourApart(), forKey: "root")
        let g = try ArchiveGraph(keyedArchive: a.encodedPropertyList())
        let decoded = try #require(try KeyedUnarchiver(graph: g).decodeTopLevelObject(of: KeysSixtyFourApart.self))
        #expect(decoded.values == Array(0 ..< 70))
        #expect(decoded.child?.values == [1, 5, 3, 4])
        #expect(a.warnings.count == 1)
        #expect(a.warnings.first?.contains("key a64") == true)
    }

    @Test func manyKeysWithANestedObjectBetweenThem() throws {
        let a = KeyedArchiver()
        try a.encode(ManyKeysAroundChild(), forKey: "root")
        let g = try ArchiveGraph(keyedArchive: a.encodedPropertyList())
        let root = try #require(g.referencedObject(g.topValue(forKey: "root") ?? .nil))
        #expect(g.values(ofObject: root).map { g.key($0.key) } == (0 ..< 20).map { "k\($0)" } + ["child"] + (20 ..< 40).map { "k\($0)" })
        let decoded = try #require(try KeyedUnarchiver(graph: g).decodeTopLevelObject(of: ManyKeysAroundChild.self))
        #expect(decoded.values == [100] + Array(1 ..< 40))
        #expect(decoded.child?.v == 2)
        // The child's own duplicate and the root's k0.
        #expect(a.warnings.count == 2)
    }

    /// Finishing while an object is open: the top level is what the archive's top level holds so far.
    @Test func finishingInsideAnObjectKeepsTheTopLevelSoFar() throws {
        let a = KeyedArchiver()
        a.encode(7, forKey: "first")
        try a.encode(FinishesInside(), forKey: "root")
        let g = try #require(FinishesInside.graph)
        #expect(g.top.map { g.key($0.key) } == ["first"])
        #expect(g.topValue(forKey: "first").map { if case .int(7, _) = $0 { true } else { false } } == true)
    }

    @Test func pitfall27_everyIntegerWidthRoundTrips() throws {
        func check(_ w: Widths, sourceLocation: SourceLocation = #_sourceLocation) throws {
            let bytes = try KeyedArchiver.archivedData(withRootObject: w)
            let b = try #require(try KeyedUnarchiver.unarchivedObject(of: Widths.self, from: bytes))
            #expect((b.i8, b.i16, b.i32, b.i64) == (w.i8, w.i16, w.i32, w.i64), sourceLocation: sourceLocation)
            #expect((b.u8, b.u16, b.u32, b.u64) == (w.u8, w.u16, w.u32, w.u64), sourceLocation: sourceLocation)
        }
        for (lo, hi) in [(true, false), (false, true)] {
            let w = Widths()
            w.i8 = lo ? .min : .max; w.i16 = lo ? .min : .max; w.i32 = lo ? .min : .max; w.i64 = lo ? .min : .max
            w.u8 = hi ? .max : 0; w.u16 = hi ? .max : 0; w.u32 = hi ? .max : 0; w.u64 = hi ? .max : 0
            try check(w)
        }
        for v: UInt64 in [0xFF, 0x100, 0xFFFF, 0x10000, 0xFFFF_FFFF, 0x1_0000_0000, UInt64(Int64.max), UInt64(Int64.max) + 1] {
            let w = Widths()
            w.u64 = v
            w.i64 = -Int64(truncatingIfNeeded: v & 0x7FFF_FFFF_FFFF_FFFF)
            try check(w)
        }
    }

    @Test func pitfall27_negativeIsEightBytesAndHugeUnsignedIsSixteen() throws {
        let w = Widths()
        w.i8 = -1
        w.u64 = UInt64.max
        let bytes = try KeyedArchiver.archivedData(withRootObject: w)
        // 13 FF×8 is −1 as an 8-byte int; 14 00×8 FF×8 is UInt64.max as a 16-byte int.
        #expect(bytes.firstRange(of: [0x13] + [UInt8](repeating: 0xFF, count: 8)) != nil)
        #expect(bytes.firstRange(of: [0x14] + [UInt8](repeating: 0, count: 8) + [UInt8](repeating: 0xFF, count: 8)) != nil)
    }

    @Test func pitfall27_otherArchiverNamesNeedTheAllowList() throws {
        let pl = KA.archive([.string("hi")], archiver: .string("NRKeyedArchiver"))
        let bytes = pl.binaryData()
        #expect(throws: ArchiveError(.invalidArchiveHeader, "")) { try KeyedUnarchiver(bytes: bytes) }
        let u = try KeyedUnarchiver(bytes: bytes, options: .init(readingOptions: .init(additionalArchiverNames: ["NRKeyedArchiver"])))
        #expect(try u.decodeTopLevelObject(of: String.self) == "hi")
    }

    @Test func secureArchiverRefusesInsecureClassesWithAnError() throws {
        let a = KeyedArchiver(requiresSecureCoding: true)
        #expect(throws: ArchiveError(.secureCodingViolation, "")) { try a.encode(Insecure(), forKey: "root") }
        try a.encode(Person("ok"), forKey: "fine")
        // The archiver remembers the last class it checked; an insecure one after it is still refused.
        try a.encode(Person("again"), forKey: "again")
        #expect(throws: ArchiveError(.secureCodingViolation, "")) { try a.encode(Insecure(), forKey: "late") }
    }
}
