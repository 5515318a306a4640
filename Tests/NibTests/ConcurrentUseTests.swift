import Foundation
import Synchronization
import KeyedArchive
import Testing
@testable import Nib
import CorpusSupport

/// One parsed `Nib` shared by many threads: instantiation (with its lazily parsed, cached nested nibs),
/// and the process-wide registries written while others read them. `Scripts/tsan` runs this suite under
/// ThreadSanitizer (and `.ci/run` runs that); without it the tests still check the results agree.
/// Collectors are `ArchiveLock`s, not `Mutex`es: ThreadSanitizer cannot see a `Mutex` on Linux.
@Suite struct ConcurrentUseTests {
    /// Real nibs with nested nibs (table-view prototypes), and a large window nib.
    static let names = ["outline_cellview", "reusable_views_order", "test24_tables_elastic", "transmission_MainMenu"]

    static func nibs() throws -> [(name: String, nib: Nib)] {
        try names.map { name in
            (name, try Nib(contentsOf: Corpus.root.appendingPathComponent("nib/viraptor-ibtool/samples__correct__\(name).nib")))
        }
    }

    /// What a serial run gives: top-level object count, and each nested nib's.
    static func shape(_ nib: Nib) throws -> [Int] {
        var out = [try nib.instantiate(owner: NibObject(className: "NSApplication")).count]
        for e in nib.document.embeddedNibs {
            out.append(try nib.embeddedNib(e).instantiate(owner: NibObject(className: "NSTableView")).count)
        }
        return out
    }

    @Test func sharedNibsInstantiateFromManyThreadsAlike() throws {
        guard Corpus.require() else { return }
        let fresh = try Self.nibs()
        let expected = try fresh.map { try Self.shape($0.nib) }
        // New parses, so that the nested nibs are first parsed (and cached) while threads race.
        let shared = try Self.nibs()
        let results = ArchiveLock<[[[Int]]]>([])
        onThreads(8) { _ in
            let shapes = shared.map { (try? Self.shape($0.nib)) ?? [-1] }
            results.withLock { $0.append(shapes) }
        }
        let all = results.withLock { $0 }
        #expect(all.count == 8)
        for shapes in all { #expect(shapes == expected) }
    }

    final class LateView: NibInstantiable {
        init() {}
    }

    final class LatePerson: KeyedCoding {
        var name = ""
        init() {}
        func encode(with archiver: KeyedArchiver) throws(ArchiveError) { try archiver.encode(name, forKey: "name") }
        func decode(with unarchiver: KeyedUnarchiver) throws(ArchiveError) {
            name = try unarchiver.decodeObject(of: String.self, forKey: "name") ?? ""
        }
    }

    @Test func registriesAreWrittenWhileOtherThreadsDecode() throws {
        guard Corpus.require() else { return }
        let nib = try Self.nibs()[3].nib
        let person = LatePerson()
        person.name = "Ann"
        let bytes = try KeyedArchiver.archivedData(withRootObject: person)
        let registry = NibClassRegistry()
        let failures = Atomic<Int>(0)
        onThreads(8) { i in
            if i % 2 == 0 {
                // Writers: class tables that the readers consult.
                registry.register(LateView.self, as: "NSView\(i)")
                KeyedClassRegistry.register(LatePerson.self)
                KeyedUnarchiver.setClass(LatePerson.self, forClassName: "Late\(i)")
            } else {
                let options = NibInstantiationOptions(registry: registry)
                if (try? nib.instantiate(owner: NibObject(className: "NSApplication"), options: options)) == nil {
                    failures.add(1, ordering: .relaxed)
                }
                KeyedClassRegistry.register(LatePerson.self)
                if (try? KeyedUnarchiver.unarchivedObject(of: LatePerson.self, from: bytes))?.name != "Ann" {
                    failures.add(1, ordering: .relaxed)
                }
            }
        }
        #expect(failures.load(ordering: .relaxed) == 0)
        for i in stride(from: 0, to: 8, by: 2) { KeyedUnarchiver.setClass(nil, forClassName: "Late\(i)") }
    }

    @Test func codableCodersRunOnManyThreads() throws {
        struct Note: Codable, Equatable { var title: String; var tags: [String] }
        let notes = (0 ..< 8).map { Note(title: "n\($0)", tags: ["t\($0)"]) }
        let ok = Atomic<Int>(0)
        onThreads(8) { i in
            if let data = try? KeyedArchiveEncoder().encode(notes[i]),
               (try? KeyedArchiveDecoder().decode(Note.self, from: data)) == notes[i] {
                ok.add(1, ordering: .relaxed)
            }
        }
        #expect(ok.load(ordering: .relaxed) == 8)
    }

    /// Reads on many threads share the parked read tables (``ArchiveGraph/releaseReusableTables()``):
    /// archives of different sizes, each read twice per thread, all read as a lone read does.
    @Test func readsOnManyThreadsShareTheParkedTablesSafely() throws {
        struct Row: Codable, Equatable { var name: String; var values: [Int] }
        let tables = (0 ..< 8).map { t in (0 ..< (t + 1) * 40).map { Row(name: "row \($0) of \(t)", values: [$0, t]) } }
        let archives = try tables.map { try KeyedArchiveEncoder().encode($0) }
        let ok = Atomic<Int>(0)
        onThreads(8) { i in
            for round in 0 ..< 2 {
                let a = archives[(i + round * 3) % archives.count]
                let expected = tables[(i + round * 3) % tables.count]
                if (try? KeyedArchiveDecoder().decode([Row].self, from: a)) == expected,
                   (try? ArchiveGraph(keyedArchiveBytes: [UInt8](a)))?.objects.isEmpty == false {
                    ok.add(1, ordering: .relaxed)
                }
            }
        }
        #expect(ok.load(ordering: .relaxed) == 16)
    }

    /// Writes on many threads share the parked write tables: archives of different sizes, each written
    /// twice per thread (Codable, `archivedData`, and a plain property list), all byte-identical to a
    /// lone write.
    @Test func writesOnManyThreadsShareTheParkedTablesSafely() throws {
        struct Row: Codable, Equatable { var name: String; var values: [Int] }
        let tables = (0 ..< 8).map { t in (0 ..< (t + 1) * 40).map { Row(name: "row \($0) of \(t)", values: [$0, t]) } }
        let names = tables.map { $0.map(\.name) }
        let expected = try tables.map { try KeyedArchiveEncoder().encodedBytes($0) }
        let expectedNames = try names.map { try KeyedArchiver.archivedData(withRootObject: $0) }
        let lists = names.map { PropertyList(.array($0.map { .string($0) })) }
        let expectedLists = lists.map { $0.binaryData() }
        let ok = Atomic<Int>(0)
        onThreads(8) { i in
            for round in 0 ..< 2 {
                let t = (i + round * 3) % tables.count
                if (try? KeyedArchiveEncoder().encodedBytes(tables[t])) == expected[t],
                   (try? KeyedArchiver.archivedData(withRootObject: names[t])) == expectedNames[t],
                   lists[t].binaryData() == expectedLists[t] {
                    ok.add(1, ordering: .relaxed)
                }
            }
        }
        #expect(ok.load(ordering: .relaxed) == 16)
    }
}

/// Runs `body(0 ..< count)` on `count` threads of their own, all at once, and waits for them.
/// (`DispatchQueue.concurrentPerform` may run short iterations one after another on one worker, and then
/// ThreadSanitizer has no two threads to compare.)
func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let start = DispatchSemaphore(value: 0)
    let done = DispatchSemaphore(value: 0)
    for i in 0 ..< count {
        Thread {
            start.wait()
            body(i)
            done.signal()
        }.start()
    }
    for _ in 0 ..< count { start.signal() }
    for _ in 0 ..< count { done.wait() }
}

