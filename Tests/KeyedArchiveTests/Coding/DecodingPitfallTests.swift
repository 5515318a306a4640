import Foundation
import Testing
@testable import KeyedArchive
import CorpusSupport

/// pitfalls.md section A (keyed-archive decoding), one test or more per item.
@Suite struct DecodingPitfallTests {
    init() { KeyedClassRegistry.register(Person.self, Employee.self, Insecure.self, ScalarProbe.self) }

    // MARK: 1. Cycles

    @Test func pitfall01_arrayContainingItselfDecodesWithIdentity() throws {
        guard let g = try CorpusFile.graph("rs-nskeyedunarchiver/nskeyedunarchiver__tests_resources__plists__circularReference.plist") else { return }
        let u = KeyedUnarchiver(graph: g)
        u.setClass(IdentityArray.self, forClassName: "NSMutableArray")
        let root = try #require(try u.decodeTopLevelObject(of: IdentityArray.self))
        guard case .object(let inner)? = root.elements.first else { Issue.record("element is not an object"); return }
        #expect(inner === root)
    }

    @Test func pitfall01_selfReferenceAndMutualReferenceKeepIdentity() throws {
        // 1: Person{best → 1 (itself), friends → 3}; 3: NSArray [4]; 4: Person{friends → 5}; 5: NSArray [1]
        let g = try KA.graph([
            KA.object(2, [("name", .uid(6)), ("best", .uid(1)), ("friends", .uid(3))]),
            KA.classDict(Person.archivedClassName),
            KA.object(7, [("NS.objects", .array([.uid(4)]))]),
            KA.object(2, [("friends", .uid(5))]),
            KA.object(7, [("NS.objects", .array([.uid(1)]))]),
            .string("A"),
            KA.classDict("NSArray"),
        ])
        let a = try #require(try KeyedUnarchiver(graph: g).decodeTopLevelObject(of: Person.self))
        #expect(a.best === a)
        #expect(a.friends.first?.friends.first === a)
    }

    @Test func pitfall01_everyCorpusArchiveDecodesGenerically() throws {
        guard Corpus.require() else { return }
        var decoded = 0, attempted = 0
        for url in KeyedCorpusGraphTests.keyedFiles("keyed") {
            let name = Corpus.name(url)
            guard let g = try? ArchiveGraph(keyedArchiveBytes: Corpus.bytes(url)) else { continue }
            if name.contains("bpylist2/") && ["no_class", "missing_uid", "invalid_uid", "no_root"].contains(where: name.contains) { continue }
            attempted += 1
            let u = KeyedUnarchiver(graph: g)
            let d = GenericDelegate()
            u.delegate = d
            if name.contains("circularReference") { u.setClass(IdentityArray.self, forClassName: "NSMutableArray") }
            do {
                for kv in g.top {
                    guard case .ref = kv.value else { continue }  // nibs also keep inline ints in $top
                    _ = try u.decodeTopLevelObject(of: ArchivedValue.self, forKey: g.keys[kv.key])
                }
                decoded += 1
            } catch {
                Issue.record("\(name): \(error)")
            }
        }
        #expect(decoded == attempted)
        #expect(attempted >= 120)
    }

    // MARK: 2. Depth

    /// An archive of `depth` NSArrays, each containing the next; the innermost holds a string.
    static func nestedArrays(_ depth: Int) -> PropertyList {
        var objects: [PlistValue] = []
        // 1: class; 2: the string; 3…: arrays, 3 contains 4, …
        objects.append(KA.classDict("NSArray"))
        objects.append(.string("deep"))
        for i in 0 ..< depth {
            let inner: UInt64 = i == depth - 1 ? 2 : UInt64(i + 4)
            objects.append(KA.object(1, [("NS.objects", .array([.uid(inner)]))]))
        }
        return KA.archive(objects, top: [("root", .uid(3))])
    }

    @Test func pitfall02_thousandDeepNestingSucceeds() throws {
        let u = try KeyedUnarchiver(keyedArchive: Self.nestedArrays(1_000))
        var v = try #require(try u.decodeTopLevelObject(of: ArchivedValue.self))
        var depth = 0
        while case .array(let xs) = v, let first = xs.first { v = first; depth += 1 }
        #expect(depth == 1_000)
        #expect(v == .string("deep"))
    }

    @Test func pitfall02_hundredThousandDeepNestingIsATypedError() throws {
        let u = try KeyedUnarchiver(keyedArchive: Self.nestedArrays(100_000))
        #expect(throws: ArchiveError(.limitExceeded, "")) { try u.decodeTopLevelObject(of: ArchivedValue.self) }
    }

    // MARK: 3. Unknown class inside a dictionary

    @Test func pitfall03_unknownClassInXcodeStateIsAnErrorWithKeyPath() throws {
        guard Corpus.require() else { return }
        let files = Corpus.files("keyed").filter { $0.lastPathComponent.hasSuffix(".xcuserstate") }
        #expect(!files.isEmpty)
        for url in files {
            guard let g = try? ArchiveGraph(keyedArchiveBytes: Corpus.bytes(url)) else { continue }
            let u = KeyedUnarchiver(graph: g)
            do {
                _ = try u.decodeTopLevelObject(of: ArchivedValue.self, forKey: "State")
                Issue.record("\(Corpus.name(url)) decoded without its IDE classes")
            } catch {
                #expect(error.code == .invalidClass)
                #expect(error.code.cocoaCode == 4864)
                #expect(error.keyPath.first == "$top.State", "\(error.keyPath)")
            }
            // With a delegate substituting a generic class, the same file decodes.
            let u2 = KeyedUnarchiver(graph: g)
            let d = GenericDelegate()
            u2.delegate = d
            #expect(try u2.decodeTopLevelObject(of: ArchivedValue.self, forKey: "State") != nil)
            #expect(!d.asked.isEmpty)
        }
    }

    @Test func pitfall03_attributedStringWithColorDecodesColorAsAValueUnlessAClassIsMapped() throws {
        guard let g = try CorpusFile.graph("rs-nskeyedunarchiver/nskeyedunarchiver__tests_resources__plists__NSMutableAttributedString.plist") else { return }
        // NSColor is a value shape (ArchivedColor): the attributed string decodes without AppKit classes.
        let plain = try #require(try KeyedUnarchiver(graph: g).decodeTopLevelObject(of: ArchivedAttributedString.self))
        let values = plain.runs.flatMap(\.attributes).compactMap { e -> ArchivedColor? in
            if case .color(let c) = e.value { return c }
            return nil
        }
        #expect(values.first?.space == 1 && values.first?.components.count == 4)
        // Under secure coding it is not an allowed value class: the caller lists it, as for any class.
        let secure = KeyedUnarchiver(graph: g, options: .init(requiresSecureCoding: true))
        #expect(throws: ArchiveError(.secureCodingViolation, "")) { try secure.decodeTopLevelObject(of: ArchivedAttributedString.self) }
        // A mapped class wins over the value shape.
        let u = KeyedUnarchiver(graph: g)
        u.setClass(TestColor.self, forClassName: "NSColor")
        let s = try #require(try u.decodeTopLevelObject(of: ArchivedAttributedString.self))
        #expect(!s.string.isEmpty)
        let colors = s.runs.flatMap(\.attributes).compactMap { e -> TestColor? in
            if case .object(let o) = e.value { return o as? TestColor }
            return nil
        }
        #expect(!colors.isEmpty)
    }

    // MARK: 4. $class that is not a dict

    @Test func pitfall04_classPointingAtAStringIsCorrupt() throws {
        guard let g = try CorpusFile.graph("bpylist2/tests__fixture_data__no_class_meta_archive.plist") else { return }
        #expect(throws: ArchiveError(.corruptArchive, "")) { try KeyedUnarchiver(graph: g).decodeTopLevelObject(of: ArchivedValue.self) }
    }

    // MARK: 5. NS.string of the wrong type

    @Test(arguments: [PlistValue.integer(42), .uid(3)])
    func pitfall05_mutableStringWithWrongNSStringIsATypeError(_ payload: PlistValue) throws {
        let g = try KA.graph([
            KA.object(2, [("NS.string", payload)]),
            KA.classDict("NSMutableString", ["NSMutableString", "NSString", "NSObject"]),
            KA.object(4, [("a", .integer(1))]),  // a dict-like object
            KA.classDict("NSDictionary"),
        ])
        #expect(throws: ArchiveError(.typeMismatch, "")) { try KeyedUnarchiver(graph: g).decodeTopLevelObject(of: String.self) }
    }

    // MARK: 6. NS.keys / NS.objects length mismatch

    @Test(arguments: [(2, 3), (3, 2)])
    func pitfall06_dictionaryCountMismatchIsCorrupt(keys: Int, objects: Int) throws {
        let g = try KA.graph([
            KA.object(2, [("NS.keys", .array(Array(repeating: .uid(3), count: keys))),
                          ("NS.objects", .array(Array(repeating: .uid(3), count: objects)))]),
            KA.classDict("NSDictionary"),
            .string("k"),
        ])
        #expect(throws: ArchiveError(.corruptArchive, "")) {
            try KeyedUnarchiver(graph: g).decodeTopLevelObject(of: [String: String].self)
        }
    }

    // MARK: 7. Secure coding violations are thrown errors

    static func personArchive(className: String = Person.archivedClassName, hints: [String]? = nil) throws -> ArchiveGraph {
        try KA.graph([KA.object(2, [("age", .integer(3))]), KA.classDict(className, hints: hints)])
    }

    static let secure = KeyedUnarchiver.Options(requiresSecureCoding: true)

    @Test func pitfall07_classNotAdoptingSecureCodingIsAnError() throws {
        let g = try Self.personArchive(className: Insecure.archivedClassName)
        #expect(throws: ArchiveError(.secureCodingViolation, "")) {
            try KeyedUnarchiver(graph: g, options: Self.secure).decodeTopLevelObject(of: Insecure.self)
        }
    }

    @Test func pitfall07_unexpectedClassUnderSecureCodingIsAnError() throws {
        let g = try Self.personArchive()
        #expect(throws: ArchiveError(.secureCodingViolation, "")) {
            try KeyedUnarchiver.unarchivedObject(ofClasses: [TestSecureOther.self], from: g, options: Self.secure)
        }
    }

    @Test func pitfall07_subclassOfAllowedClassPasses() throws {
        let g = try Self.personArchive(className: Employee.archivedClassName)
        let p = try KeyedUnarchiver.unarchivedObject(of: Person.self, from: g, options: Self.secure)
        #expect(p is Employee)
        #expect(p?.age == 3)
    }

    @Test func pitfall07_inlinePlistPrimitivesPass() throws {
        let g = try KA.graph([.string("plain")])
        #expect(try KeyedUnarchiver.unarchivedObject(of: String.self, from: g, options: Self.secure) == "plain")
    }

    @Test func pitfall07_setClassSubstitutionMustAlsoBeAllowed() throws {
        let g = try Self.personArchive(className: "OldApp.Person")
        let u = KeyedUnarchiver(graph: g, options: Self.secure)
        u.setClass(Insecure.self, forClassName: "OldApp.Person")
        #expect(throws: ArchiveError(.secureCodingViolation, "")) { try u.decodeTopLevelObject(of: [Person.self, Insecure.self]) }
    }

    @Test func pitfall07_classHintsCannotReachADisallowedClass() throws {
        let g = try Self.personArchive(className: "Unknown.Thing", hints: [Insecure.archivedClassName])
        #expect(throws: ArchiveError(.secureCodingViolation, "")) {
            try KeyedUnarchiver(graph: g, options: Self.secure).decodeTopLevelObject(of: [Person.self])
        }
    }

    @Test func pitfall07_swapperCannotReachADisallowedClass() throws {
        let g = try KA.graph([
            KA.object(2, [("NSClassName", .uid(3)), ("NSOriginalClassName", .uid(4))]),
            KA.classDict("NSClassSwapper"),
            .string(Insecure.archivedClassName),
            .string(Person.archivedClassName),
        ])
        #expect(throws: ArchiveError(.secureCodingViolation, "")) {
            try KeyedUnarchiver(graph: g, options: Self.secure).decodeTopLevelObject(of: [Person.self])
        }
        // Without secure coding, the swapper instantiates the custom class on the same keys.
        let o = try KeyedUnarchiver(graph: g).decodeTopLevelObject(of: Insecure.self)
        #expect(o != nil)
    }

    @Test func pitfall07_delegateCannotReachADisallowedClass() throws {
        final class Sneaky: KeyedUnarchiverDelegate {
            func unarchiver(_ u: KeyedUnarchiver, cannotDecodeObjectOfClassName name: String, originalClasses: [String]) -> (any KeyedCoding.Type)? {
                Insecure.self
            }
        }
        let g = try Self.personArchive(className: "Nowhere.Thing")
        let u = KeyedUnarchiver(graph: g, options: Self.secure)
        let d = Sneaky()
        u.delegate = d
        #expect(throws: ArchiveError(.secureCodingViolation, "")) { try u.decodeTopLevelObject(of: [Person.self]) }
    }

    @Test func pitfall07_secureCodingCannotBeSwitchedOff() throws {
        let u = KeyedUnarchiver(graph: try Self.personArchive(), options: Self.secure)
        u.requiresSecureCoding = false
        #expect(u.requiresSecureCoding)
    }

    // MARK: 8. Every entry point throws

    @Test(arguments: ["bpylist2/tests__fixture_data__invalid_version_archive.plist", "bpylist2/tests__fixture_data__no_top_archive.plist",
                      "bpylist2/tests__fixture_data__no_objects_archive.plist"])
    func pitfall08_brokenHeadersThrowWhenOpened(_ file: String) throws {
        guard Corpus.require() else { return }
        let bytes = try Corpus.bytes(Corpus.root.appendingPathComponent("keyed/" + file))
        #expect(throws: ArchiveError(.invalidArchiveHeader, "")) { try KeyedUnarchiver(bytes: bytes) }
        #expect(throws: ArchiveError(.invalidArchiveHeader, "")) { try KeyedUnarchiver.unarchivedObject(of: ArchivedValue.self, from: bytes) }
    }

    @Test(arguments: [
        ("bpylist2/tests__fixture_data__no_root_archive.plist", ArchiveError.Code.valueNotFound),
        ("bpylist2/tests__fixture_data__missing_uid_archive.plist", .corruptArchive),
        ("bpylist2/tests__fixture_data__invalid_uid_archive.plist", .badReference),
        ("bpylist2/tests__fixture_data__no_class_name_archive.plist", .corruptArchive),
    ])
    func pitfall08_brokenObjectsThrowWhenRootIsDecoded(_ file: String, _ code: ArchiveError.Code) throws {
        guard let g = try CorpusFile.graph(file) else { return }
        #expect(throws: ArchiveError(code, "")) { try KeyedUnarchiver.unarchivedObject(of: ArchivedValue.self, from: g) }
    }

    // MARK: 10. A missing key does not poison later decodes

    @Test func pitfall10_missingKeyIsNilAndLaterKeysStillDecode() throws {
        let g = try KA.graph([KA.object(2, [("name", .uid(3)), ("age", .integer(5))]), KA.classDict(Person.archivedClassName), .string("Z")])
        ScalarProbe.probe = nil
        let u = KeyedUnarchiver(graph: g)
        u.setClass(ScalarProbe.self, forClassName: Person.archivedClassName)
        nonisolated(unsafe) var seen: (String?, Int, Bool, Double, String?) = (nil, -1, true, -1, nil)
        ScalarProbe.probe = { u throws(ArchiveError) in
            seen.0 = try u.decodeObject(of: String.self, forKey: "absent")
            seen.1 = try u.decodeInt(forKey: "absent")
            seen.2 = try u.decodeBool(forKey: "absent")
            seen.3 = try u.decodeDouble(forKey: "absent")
            seen.4 = try u.decodeObject(of: String.self, forKey: "name")
            #expect(!u.containsValue(forKey: "absent"))
            #expect(u.containsValue(forKey: "age"))
        }
        defer { ScalarProbe.probe = nil }
        _ = try u.decodeTopLevelObject(of: ScalarProbe.self)
        #expect(seen.0 == nil && seen.1 == 0 && seen.2 == false && seen.3 == 0)
        #expect(seen.4 == "Z")
        #expect(u.error == nil)
    }

    // MARK: 11. Silent data loss becomes typed errors

    @Test func pitfall11_nonUIDMemberOfNSObjectsIsAnError() throws {
        let g = try KA.graph([KA.object(2, [("NS.objects", .array([.uid(3), .integer(7), .uid(3)]))]), KA.classDict("NSArray"), .string("x")])
        #expect(throws: ArchiveError(.typeMismatch, "")) { try KeyedUnarchiver(graph: g).decodeTopLevelObject(of: [String].self) }
    }

    @Test func pitfall11_nonArrayNSObjectsIsAnError() throws {
        let g = try KA.graph([KA.object(2, [("NS.objects", .string("nope"))]), KA.classDict("NSArray")])
        #expect(throws: ArchiveError(.typeMismatch, "")) { try KeyedUnarchiver(graph: g).decodeTopLevelObject(of: [String].self) }
    }

    @Test func pitfall11_nilArrayElementAndNilDictionaryKeyAreErrors() throws {
        let arr = try KA.graph([KA.object(2, [("NS.objects", .array([.uid(3), .uid(0)]))]), KA.classDict("NSArray"), .string("x")])
        #expect(throws: ArchiveError(.corruptArchive, "")) { try KeyedUnarchiver(graph: arr).decodeTopLevelObject(of: [String].self) }
        // The lenient option drops the nil with a warning.
        let lenient = KeyedUnarchiver(graph: arr, options: .init(dropsNilCollectionMembers: true))
        #expect(try lenient.decodeTopLevelObject(of: [String].self) == ["x"])
        #expect(lenient.warnings.count == 1)
        let dict = try KA.graph([KA.object(2, [("NS.keys", .array([.uid(0)])), ("NS.objects", .array([.uid(3)]))]),
                                 KA.classDict("NSDictionary"), .string("v")])
        #expect(throws: ArchiveError(.corruptArchive, "")) { try KeyedUnarchiver(graph: dict).decodeTopLevelObject(of: [String: String].self) }
    }

    @Test func pitfall11_dateWithStringTimeIsAnError() throws {
        let g = try KA.graph([KA.object(2, [("NS.time", .string("abc"))]), KA.classDict("NSDate")])
        #expect(throws: ArchiveError(.typeMismatch, "")) { try KeyedUnarchiver(graph: g).decodeTopLevelObject(of: Date.self) }
    }

    @Test func pitfall11_objectWithoutClassIsAnErrorNotARawDictionary() throws {
        let g = try KA.graph([KA.dict([("a", .uid(2))]), .string("x")])
        #expect(throws: ArchiveError(.corruptArchive, "")) { try KeyedUnarchiver(graph: g).decodeTopLevelObject(of: ArchivedValue.self) }
    }

    // MARK: 12. "$null" strings are strings

    @Test func pitfall12_nullStringIsAStringEverywhereButUIDZero() throws {
        // As the root, an array element and a dictionary value (Apple writes equal strings once; so do we).
        let root = try KA.graph([.string("$null")])
        #expect(try KeyedUnarchiver(graph: root).decodeTopLevelObject(of: String.self) == "$null")
        let arr = try KA.graph([KA.object(2, [("NS.objects", .array([.uid(3)]))]), KA.classDict("NSArray"), .string("$null")])
        #expect(try KeyedUnarchiver(graph: arr).decodeTopLevelObject(of: [String].self) == ["$null"])
        let dict = try KA.graph([KA.object(2, [("NS.keys", .array([.uid(3)])), ("NS.objects", .array([.uid(4)]))]),
                                 KA.classDict("NSDictionary"), .string("k"), .string("$null")])
        #expect(try KeyedUnarchiver(graph: dict).decodeTopLevelObject(of: [String: String].self) == ["k": "$null"])
        // Our own archives round-trip it.
        #expect(try roundTrip(["$null", "x"], as: [String].self) == ["$null", "x"])
        #expect(try roundTrip("$null", as: String.self) == "$null")
    }

    // MARK: 14. Reference range

    @Test func pitfall14_uidBeyondObjectsIsABadReference() throws {
        let g = try KA.graph([KA.object(2, [("best", .uid(99))]), KA.classDict(Person.archivedClassName)])
        do {
            _ = try KeyedUnarchiver(graph: g).decodeTopLevelObject(of: Person.self)
            Issue.record("no error")
        } catch {
            #expect(error.code == .badReference)
            #expect(error.keyPath == ["$top.root", "best"])
        }
    }

    @Test func pitfall14_rootThatIsNotAUIDIsATypeError() throws {
        let g = try KA.graph([.string("x")], top: [("root", .string("inline"))])
        #expect(throws: ArchiveError(.typeMismatch, "")) { try KeyedUnarchiver(graph: g).decodeTopLevelObject(of: String.self) }
    }

    @Test func pitfall14_uidAboveUInt32IsRejectedByTheReader() throws {
        // bplist00 · D4 dict(4) → keys 1–4, values 5–8 ·  "$archiver" "$objects" "$top" "$version" ·
        // "NSKeyedArchiver" · A1 09 ($objects: ["$null"]) · D1 0A 0B ($top: root → UID) · 12 000186A0 (100000)
        // UID object 0B is 84 01 00 00 00 00: a 5-byte UID holding 2^32 (above UInt32.max).
        var b: [UInt8] = Array("bplist00".utf8)
        var offsets: [Int] = []
        func obj(_ bytes: [UInt8]) { offsets.append(b.count); b += bytes }
        func ascii(_ s: String) -> [UInt8] { [0x50 | UInt8(s.utf8.count)] + Array(s.utf8) }
        obj([0xD4, 1, 2, 3, 4, 5, 6, 7, 8])                            // 0: root dict
        obj(ascii("$archiver")); obj(ascii("$objects")); obj(ascii("$top")); obj(ascii("$version"))  // 1–4
        obj([0x5F, 0x10, 0x0F] + Array("NSKeyedArchiver".utf8))        // 5: count 15 needs 5F + int 10 0F
        obj([0xA1, 9])                                                 // 6: $objects = [obj 9]
        obj([0xD1, 10, 11])                                            // 7: $top = {obj 10: obj 11}
        obj([0x12, 0x00, 0x01, 0x86, 0xA0])                            // 8: 100000
        obj(ascii("$null"))                                            // 9
        obj(ascii("root"))                                             // 10
        obj([0x84, 0x01, 0x00, 0x00, 0x00, 0x00])                      // 11: UID 2^32
        let table = b.count
        b += offsets.map(UInt8.init)                                   // 1-byte offsets
        b += [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, UInt8(offsets.count)] + [UInt8](repeating: 0, count: 8)
            + [0, 0, 0, 0, 0, 0, 0, UInt8(table)]
        #expect(throws: ArchiveError.self) { try KeyedUnarchiver(bytes: b) }
    }

    // MARK: 13. Silent numeric coercion (table-driven over stored value × decode call)

    enum Call: String, CaseIterable, Sendable { case int, int32, int64, uint64, bool, float, double, bytes }
    enum Expect: Equatable, Sendable { case value(String), error(String) }

    static let numericTable: [(PlistValue, Call, Expect)] = [
        (.real(2.9), .int, .error("typeMismatch")), (.real(2.9), .int64, .error("typeMismatch")),
        (.integer(1 << 40), .int32, .error("overflow")), (.integer(1 << 31), .int32, .error("overflow")),
        (.integer(-(1 << 31)), .int32, .value("-2147483648")), (.unsignedInteger(UInt64.max), .int64, .error("overflow")),
        (.unsignedInteger(UInt64.max), .uint64, .value("18446744073709551615")), (.integer(-1), .uint64, .error("overflow")),
        (.real(1e300), .float, .error("overflow")), (.real(.infinity), .float, .value("inf")), (.real(1.5), .float, .value("1.5")),
        (.real(2.9), .bool, .error("typeMismatch")), (.integer(2), .bool, .value("true")), (.integer(0), .bool, .value("false")),
        (.string("abc"), .int, .error("typeMismatch")), (.string("abc"), .bool, .error("typeMismatch")),
        (.integer(3), .double, .value("3.0")), (.integer(Int64.max), .double, .error("typeMismatch")),
        (.real32(0.5), .double, .value("0.5")), (.data([1, 2]), .bytes, .value("[1, 2]")), (.uid(3), .bytes, .error("typeMismatch")),
        (.string("ab"), .bytes, .error("typeMismatch")), (.bool(true), .int, .value("1")),
    ]

    @Test(arguments: 0 ..< numericTable.count)
    func pitfall13_numericDecodesFollowTheContract(_ row: Int) throws {
        let (stored, call, expected) = Self.numericTable[row]
        let g = try KA.graph([KA.object(2, [("v", stored)]), KA.classDict("Probe"), .string("s")])
        let u = KeyedUnarchiver(graph: g)
        u.setClass(ScalarProbe.self, forClassName: "Probe")
        nonisolated(unsafe) var got: Expect?
        ScalarProbe.probe = { u throws(ArchiveError) in
            do throws(ArchiveError) {
                switch call {
                case .int: got = .value("\(try u.decodeInt(forKey: "v"))")
                case .int32: got = .value("\(try u.decodeInt32(forKey: "v"))")
                case .int64: got = .value("\(try u.decodeInt64(forKey: "v"))")
                case .uint64: got = .value("\(try u.decodeUInt64(forKey: "v"))")
                case .bool: got = .value("\(try u.decodeBool(forKey: "v"))")
                case .float: got = .value("\(try u.decodeFloat(forKey: "v"))")
                case .double: got = .value("\(try u.decodeDouble(forKey: "v"))")
                case .bytes: got = .value("\(try u.decodeBytes(forKey: "v") ?? [])")
                }
            } catch {
                got = .error(error.code.name)
            }
        }
        defer { ScalarProbe.probe = nil }
        _ = try u.decodeTopLevelObject(of: ScalarProbe.self)
        #expect(got == expected, "stored \(stored), \(call)")
    }

    @Test func pitfall13_strictModeRejectsIntegersAsReals() throws {
        let g = try KA.graph([KA.object(2, [("v", .integer(3))]), KA.classDict("Probe")])
        let u = KeyedUnarchiver(graph: g, options: .init(strictRealConversion: true))
        u.setClass(ScalarProbe.self, forClassName: "Probe")
        ScalarProbe.probe = { u throws(ArchiveError) in _ = try u.decodeDouble(forKey: "v") }
        defer { ScalarProbe.probe = nil }
        #expect(throws: ArchiveError(.typeMismatch, "")) { try u.decodeTopLevelObject(of: ScalarProbe.self) }
    }

    // MARK: 16. Plist-level hazards

    @Test func pitfall16_setMarkerInsideAnObjectAndSpecialRealsSurvive() throws {
        let g = try KA.graph([KA.object(2, [("s", .set([.uid(3)])), ("nz", .real(-0.0)), ("nan", .real(.nan)), ("inf", .real(-.infinity))]),
                              KA.classDict("Thing"), .string("member")])
        let bytes = try PropertyList(keyedArchive: g).binaryData()
        let g2 = try ArchiveGraph(keyedArchiveBytes: bytes)
        guard case .set(let r)? = g2.value(ofObject: 1, forKey: "s") else { Issue.record("set lost"); return }
        #expect(Array(g2.items[r.range]) == [.ref(3)])
        guard case .double(let nz)? = g2.value(ofObject: 1, forKey: "nz"), case .double(let nan)? = g2.value(ofObject: 1, forKey: "nan"),
              case .double(let inf)? = g2.value(ofObject: 1, forKey: "inf") else { Issue.record("reals lost"); return }
        #expect(nz == 0 && nz.sign == .minus)
        #expect(nan.isNaN)
        #expect(inf == -.infinity)
    }

    // MARK: 17. LEB128 is not the NIBArchive varint

    @Test func pitfall17_indexSetRangeDataIsLEB128() throws {
        guard let g = try CorpusFile.graph("corelibs-fixtures/Tests__Foundation__Resources__Fixtures__macOS-10.14__NSIndexSet-ManyRanges.archive") else { return }
        let s = try #require(try KeyedUnarchiver(graph: g).decodeTopLevelObject(of: ArchivedIndexSet.self))
        #expect(s.ranges.count == 4)
        #expect(Array(s.ranges.prefix(3)) == [0 ..< 50, 100 ..< 150, 1000 ..< 1050])
        #expect(s.ranges.last?.count == 50)
        #expect((s.ranges.last?.lowerBound ?? 0) > UInt64(UInt32.max))
        var i = 0
        #expect(try LEB128.read([0xE8, 0x07], at: &i) == 1000)
        #expect(i == 2)
    }

    @Test func pitfall17_leb128RejectsTruncationAndOverflow() throws {
        var i = 0
        #expect(throws: ArchiveError(.truncated, "")) { try LEB128.read([0x80, 0x80], at: &i) }
        i = 0
        #expect(throws: ArchiveError(.overflow, "")) { try LEB128.read(ArraySlice(repeating: 0xFF, count: 10) + [0x01], at: &i) }
        i = 0
        #expect(try LEB128.read(ArraySlice([0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01]), at: &i) == UInt64.max)
    }
}

/// A second secure class, for "unexpected class" checks.
final class TestSecureOther: SecureKeyedCoding {
    init() {}
    func encode(with a: KeyedArchiver) throws(ArchiveError) {}
    func decode(with u: KeyedUnarchiver) throws(ArchiveError) {}
}
