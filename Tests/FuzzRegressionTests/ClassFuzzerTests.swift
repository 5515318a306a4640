import Foundation
import KeyedArchive
import KeyedArchiveFuzzSupport
import Synchronization
import Testing

/// `ClassFuzzer`, the fuzz-your-own-classes entry point: inputs reach the user's `decode(with:)` under
/// secure coding, seeds are archives of the user's objects, and cycles are broken after each input.
@Suite(.serialized) struct ClassFuzzerTests {
    static let decodes = Atomic<Int>(0)
    static let broken = Atomic<Int>(0)

    final class Account: SecureKeyedCoding, ClassFuzzerCycleBreaking {
        static var archivedClassName: String { "ClassFuzzerTests.Account" }
        var owner = ""
        var partner: Account?
        init() {}
        func encode(with archiver: KeyedArchiver) throws(ArchiveError) {
            try archiver.encode(owner, forKey: "owner")
            try archiver.encode(partner, forKey: "partner")
        }
        func decode(with unarchiver: KeyedUnarchiver) throws(ArchiveError) {
            ClassFuzzerTests.decodes.add(1, ordering: .relaxed)
            owner = try unarchiver.decodeObject(of: String.self, forKey: "owner") ?? ""
            partner = try unarchiver.decodeObject(of: Account.self, forKey: "partner")
        }
        func breakCycles() {
            ClassFuzzerTests.broken.add(1, ordering: .relaxed)
            partner = nil
        }
    }

    static func pair() -> Account {
        let a = Account(), b = Account()
        a.owner = "a"; b.owner = "b"
        a.partner = b; b.partner = a
        return a
    }

    @Test func inputsReachTheUsersDecodeAndCyclesAreBroken() throws {
        let fuzzer = ClassFuzzer(classes: [Account.self])
        let a = Self.pair()
        defer { a.partner?.partner = nil; a.partner = nil }
        let bytes = try KeyedArchiver.archivedData(withRootObject: a, requiringSecureCoding: true)
        let before = (Self.decodes.load(ordering: .relaxed), Self.broken.load(ordering: .relaxed))
        fuzzer.run(bytes)
        // Two decodes of root (all classes, then Account alone), two objects each.
        #expect(Self.decodes.load(ordering: .relaxed) - before.0 == 4)
        #expect(Self.broken.load(ordering: .relaxed) - before.1 == 4)
        // Garbage and other formats are ignored, never thrown.
        fuzzer.run([0x62, 0x70, 0x6C, 0x69, 0x73, 0x74])
        fuzzer.run([])
    }

    @Test func seedsAreArchivesOfTheUsersObjects() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("class-fuzzer-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fuzzer = ClassFuzzer(classes: [Account.self], seeds: {
            let a = Account()
            a.owner = "seed"
            return [a]
        })
        #expect(try fuzzer.writeSeeds(to: dir) == 2)
        let names = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        #expect(names == ["seed-0-binary", "seed-0-xml"])
        for name in names {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/" + name)))
            KeyedClassRegistry.register(Account.self)
            let back = try KeyedUnarchiver.unarchivedObject(of: Account.self, from: bytes, options: .init(requiresSecureCoding: true))
            #expect(back?.owner == "seed")
        }
    }

    @Test func secureCodingRefusesClassesThatWereNotListed() throws {
        final class Stranger: KeyedCoding {
            static var archivedClassName: String { "ClassFuzzerTests.Stranger" }
            init() {}
            func encode(with archiver: KeyedArchiver) throws(ArchiveError) {}
            func decode(with unarchiver: KeyedUnarchiver) throws(ArchiveError) { ClassFuzzerTests.decodes.add(100, ordering: .relaxed) }
        }
        KeyedClassRegistry.register(Stranger.self)
        let bytes = try KeyedArchiver.archivedData(withRootObject: Stranger())
        let before = Self.decodes.load(ordering: .relaxed)
        ClassFuzzer(classes: [Account.self]).run(bytes)
        #expect(Self.decodes.load(ordering: .relaxed) == before)
    }
}
