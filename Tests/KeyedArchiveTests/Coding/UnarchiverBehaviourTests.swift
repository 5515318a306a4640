import Foundation
import Testing
@testable import KeyedArchive

/// A class that reads a friend and a list, for key-path and policy tests.
final class Node: KeyedCoding {
    var name = ""
    var friend: Node?
    var list: [Node] = []
    var afterFailure = -1
    init() {}
    func encode(with a: KeyedArchiver) throws(ArchiveError) {}
    func decode(with u: KeyedUnarchiver) throws(ArchiveError) {
        name = try u.decodeObject(of: String.self, forKey: "name") ?? ""
        list = try u.decodeObject(of: [Node].self, forKey: "list") ?? []
        friend = try u.decodeObject(of: Node.self, forKey: "friend")
        afterFailure = try u.decodeInt(forKey: "n")
    }
}

@Suite struct UnarchiverBehaviourTests {
    init() { KeyedClassRegistry.register(Node.self, Person.self) }

    /// root Node{list → [n3, n3, n3, n4]}; n4 = Node{friend → UID 99 (dangling)}.
    static func brokenGraph() throws -> ArchiveGraph {
        try KA.graph([
            KA.object(2, [("list", .uid(3)), ("n", .integer(5))]),
            KA.classDict(Node.archivedClassName),
            KA.object(6, [("NS.objects", .array([.uid(4), .uid(4), .uid(4), .uid(5)]))]),
            KA.object(2, [("name", .uid(7))]),
            KA.object(2, [("friend", .uid(99)), ("n", .integer(7))]),
            KA.classDict("NSArray"),
            .string("leaf"),
        ])
    }

    @Test func errorsCarryTheKeyPath() throws {
        let u = KeyedUnarchiver(graph: try Self.brokenGraph())
        do throws(ArchiveError) {
            _ = try u.decodeTopLevelObject(of: Node.self)
            Issue.record("no error")
        } catch {
            #expect(error.code == .badReference)
            #expect(error.keyPath == ["$top.root", "list", "NS.objects[3]", "friend"])
            #expect(error.objectIndex == 5)
        }
    }

    @Test func setErrorAndReturnRecordsTheFirstErrorAndReturnsDefaults() throws {
        let u = KeyedUnarchiver(graph: try Self.brokenGraph(), options: .init(decodingFailurePolicy: .setErrorAndReturn))
        let root = try u.decodeTopLevelObject(of: Node.self)
        #expect(root == nil)
        #expect(u.error?.code == .badReference)
        // The policy is fixed once decoding started.
        u.decodingFailurePolicy = .raiseException
        #expect(u.decodingFailurePolicy == .setErrorAndReturn)
    }

    @Test func setErrorAndReturnPoisonsLaterDecodes() throws {
        let g = try KA.graph([KA.object(2, [("bad", .real(2.5)), ("good", .integer(9))]), KA.classDict("Probe")])
        let u = KeyedUnarchiver(graph: g, options: .init(decodingFailurePolicy: .setErrorAndReturn))
        u.setClass(ScalarProbe.self, forClassName: "Probe")
        nonisolated(unsafe) var got: (Int, Int) = (-1, -1)
        ScalarProbe.probe = { u throws(ArchiveError) in
            got.0 = try u.decodeInt(forKey: "bad")
            got.1 = try u.decodeInt(forKey: "good")
        }
        defer { ScalarProbe.probe = nil }
        #expect(try u.decodeTopLevelObject(of: ScalarProbe.self) == nil)
        #expect(got == (0, 0))
        #expect(u.error?.code == .typeMismatch)
    }

    @Test func wrongClassWithoutSecureCodingIsNilAndRecorded() throws {
        let g = try KA.graph([KA.object(2, [("friend", .uid(3))]), KA.classDict(Node.archivedClassName),
                              KA.object(4, [("age", .integer(1))]), KA.classDict(Person.archivedClassName)])
        let u = KeyedUnarchiver(graph: g)
        let n = try #require(try u.decodeTopLevelObject(of: Node.self))
        #expect(n.friend == nil)
        #expect(u.error?.code == .unexpectedClass)
    }

    @Test func delegateHooksRunInOrder() throws {
        final class Recorder: KeyedUnarchiverDelegate {
            var log: [String] = []
            let replacement = Person("replacement")
            func unarchiver(_ u: KeyedUnarchiver, didDecode object: any KeyedCoding) -> (any KeyedCoding)? {
                log.append("didDecode")
                return (object as? Person)?.name == "swap me" ? replacement : nil
            }
            func unarchiver(_ u: KeyedUnarchiver, willReplace object: any KeyedCoding, with newObject: any KeyedCoding) { log.append("willReplace") }
            func unarchiverWillFinish(_ u: KeyedUnarchiver) { log.append("willFinish") }
            func unarchiverDidFinish(_ u: KeyedUnarchiver) { log.append("didFinish") }
        }
        let g = try KA.graph([KA.object(2, [("name", .uid(3))]), KA.classDict(Person.archivedClassName), .string("swap me")],
                             top: [("root", .uid(1)), ("again", .uid(1))])
        let u = KeyedUnarchiver(graph: g)
        let r = Recorder()
        u.delegate = r
        let first = try u.decodeTopLevelObject(of: Person.self)
        let second = try u.decodeTopLevelObject(of: Person.self, forKey: "again")
        u.finishDecoding()
        #expect(first?.name == "swap me")  // handed out before the replacement
        #expect(second === r.replacement)  // later references get the replacement
        #expect(r.log == ["didDecode", "willReplace", "willFinish", "didFinish"])
    }

    @Test func classLookupOrderInstanceThenGlobalThenRegistryThenHintsThenDelegate() throws {
        final class A: KeyedCoding { init() {}; func encode(with a: KeyedArchiver) throws(ArchiveError) {}; func decode(with u: KeyedUnarchiver) throws(ArchiveError) {} }
        final class B: KeyedCoding { init() {}; func encode(with a: KeyedArchiver) throws(ArchiveError) {}; func decode(with u: KeyedUnarchiver) throws(ArchiveError) {} }
        let g = try KA.graph([KA.object(2), KA.classDict("Lookup.Order", hints: ["Lookup.Hint"])])
        func decode(_ configure: (KeyedUnarchiver) -> Void) throws -> (any KeyedCoding)? {
            let u = KeyedUnarchiver(graph: g)
            configure(u)
            return try u.decodeTopLevelObject(of: [A.self, B.self])
        }
        // Hint only.
        #expect(try decode { $0.setClass(B.self, forClassName: "Lookup.Hint") } is B)
        // Global map beats the hint.
        KeyedUnarchiver.setClass(A.self, forClassName: "Lookup.Order")
        defer { KeyedUnarchiver.setClass(nil, forClassName: "Lookup.Order") }
        #expect(try decode { $0.setClass(B.self, forClassName: "Lookup.Hint") } is A)
        // Instance map beats the global map.
        #expect(try decode { $0.setClass(B.self, forClassName: "Lookup.Order") } is B)
        // Nothing at all: invalid class (4864).
        KeyedUnarchiver.setClass(nil, forClassName: "Lookup.Order")
        #expect(throws: ArchiveError(.invalidClass, "")) { try decode { _ in } }
    }

    @Test func registryKnowsMangledNames() throws {
        let mangled = KeyedClassRegistry.registeredNames(of: Person.self)
        #expect(mangled.contains(Person.archivedClassName))
        let objc = try #require(mangled.first { $0.hasPrefix("_TtC") })
        let g = try KA.graph([KA.object(2, [("age", .integer(4))]), KA.classDict(objc)])
        #expect(try KeyedUnarchiver(graph: g).decodeTopLevelObject(of: Person.self)?.age == 4)
    }

    @Test func unkeyedValuesAreReadInOrderAndNotByKeyedLookup() throws {
        let g = try KA.graph([KA.object(2, [("$0", .uid(3)), ("$1", .integer(7)), ("$$0", .integer(9))]), KA.classDict("Probe"), .string("first")])
        let u = KeyedUnarchiver(graph: g)
        u.setClass(ScalarProbe.self, forClassName: "Probe")
        nonisolated(unsafe) var got: (String?, Int64, Int) = (nil, 0, 0)
        ScalarProbe.probe = { u throws(ArchiveError) in
            got.0 = try u.decodeObject(of: String.self)
            got.1 = try u.decodeUnkeyedInt64()
            got.2 = try u.decodeInt(forKey: "$0")  // the user key "$0" is the escaped $$0
        }
        defer { ScalarProbe.probe = nil }
        _ = try u.decodeTopLevelObject(of: ScalarProbe.self)
        #expect(got.0 == "first" && got.1 == 7 && got.2 == 9)
    }

    @Test func dollarKeysRoundTripThroughTheArchiver() throws {
        final class Dollar: KeyedCoding {
            var a = 0, b = 0
            init() {}
            func encode(with ar: KeyedArchiver) throws(ArchiveError) { ar.encode(1, forKey: "$price"); ar.encode(2, forKey: "$0") }
            func decode(with u: KeyedUnarchiver) throws(ArchiveError) { a = try u.decodeInt(forKey: "$price"); b = try u.decodeInt(forKey: "$0") }
        }
        let ar = KeyedArchiver()
        ar.setClassName("Dollar", for: Dollar.self)
        try ar.encode(Dollar(), forKey: "root")
        let pl = try ar.encodedPropertyList()
        let value = try pl.value()
        #expect("\(value)".contains("$$price"))
        let u = try KeyedUnarchiver(keyedArchive: pl)
        u.setClass(Dollar.self, forClassName: "Dollar")
        let d = try #require(try u.decodeTopLevelObject(of: Dollar.self))
        #expect(d.a == 1 && d.b == 2)
    }

    @Test func everyBitFlipAndTruncationOfASmallArchiveIsHandled() throws {
        let p = Person("Ann", age: 3)
        p.friends = [Person("Bob"), p]
        let bytes = try KeyedArchiver.archivedData(withRootObject: p)
        p.friends = []
        func attempt(_ b: [UInt8]) {
            guard let u = try? KeyedUnarchiver(bytes: b) else { return }
            let d = GenericDelegate()
            u.delegate = d
            _ = try? u.decodeTopLevelObject(of: ArchivedValue.self)
        }
        for i in 0 ..< bytes.count * 8 {
            var b = bytes
            b[i / 8] ^= UInt8(1 << (i % 8))
            attempt(b)
        }
        for n in 0 ..< bytes.count { attempt(Array(bytes.prefix(n))) }
        #expect(bytes.count > 100)
    }
}
