import Foundation
import KeyedArchive
import Nib
import Synchronization
import Testing
import CorpusSupport

/// A class registered for every name in a nib, which notes the order its instances are awoken in.
final class AwakeLogger: NibInstantiable {
    static let log = Mutex<[ObjectIdentifier]>([])
    init() {}
    func awakeFromNib() {
        let id = ObjectIdentifier(self)
        Self.log.withLock { $0.append(id) }
    }
}

@Suite("nib --instantiate awake order", .serialized)
struct NibAwakeOrderTests {
    /// The order observed here through the Nib module's registry: archive indices, `-1` for the owner.
    static func observedOrder(_ url: URL) throws -> [Int] {
        let nib = try Nib(contentsOf: url)
        let registry = NibClassRegistry()
        let names = Set(nib.document.objects.flatMap { [$0.className, $0.effectiveClassName] })
        for name in names { registry.register(AwakeLogger.self, as: name) }
        var externals: [String: AnyObject] = [:]
        for p in nib.document.placeholders where p.kind != .filesOwner && p.kind != .firstResponder {
            externals[p.identifier] = NibObject(className: p.identifier)
        }
        let owner = AwakeLogger()
        AwakeLogger.log.withLock { $0 = [] }
        let run = try nib.instantiate(owner: owner, externalObjects: externals,
                                      options: NibInstantiationOptions(registry: registry, collectsUndeclaredOutlets: true))
        let log = AwakeLogger.log.withLock { $0 }
        var index: [ObjectIdentifier: Int] = [ObjectIdentifier(owner): -1]
        for i in nib.document.graph.objects.indices {
            if let o = run.object(at: i), index[ObjectIdentifier(o)] == nil { index[ObjectIdentifier(o)] = i }
        }
        return withExtendedLifetime((run, owner)) { log.map { index[$0] ?? -2 } }
    }

    /// `Class#12` → 12, `owner` → -1.
    static func index(_ name: String) -> Int? {
        name == "owner" ? -1 : name.split(separator: "#").last.flatMap { Int($0) }
    }

    @Test func theCLIPrintsTheOrderTheLoaderAwakesIn() throws {
        guard Corpus.require() else { return }
        let sample = Corpus.files("nib", magic: "NIBArchive").enumerated().filter { $0.offset % 20 == 0 }.map(\.element)
        var sawOwnerLast = false, longest = 0
        for url in [Fixtures.keyedNib, Fixtures.minimalNib] + sample {
            let expected = try Self.observedOrder(url)
            let json = try CLI.run(["nib", "--instantiate", "--format", "json", url.path])
            #expect(json.status == 0, "\(Corpus.name(url)): \(json.stderr)")
            let printed = try ParsedJSON.object(json.stdout)["awakeFromNib"] as? [String] ?? []
            #expect(printed.map(Self.index) == expected.map(Optional.some), "\(Corpus.name(url)): \(printed)")
            let text = try CLI.run(["nib", "--instantiate", url.path]).stdout
            let lines = text.components(separatedBy: "awakeFromNib order:\n").last?
                .components(separatedBy: "\nDiagnostics:").first?.split(separator: "\n") ?? []
            let numbered = printed.enumerated().map { "  \($0.offset + 1). \($0.element)" }
            let shown = lines.map { $0.components(separatedBy: "  (received").first ?? String($0) }
            #expect(shown == (numbered.isEmpty ? ["  (none)"] : numbered), "\(Corpus.name(url))")
            if expected.last == -1, expected.count > 1 { sawOwnerLast = true }
            longest = max(longest, expected.count)
        }
        #expect(sawOwnerLast, "no macOS nib whose owner is awoken last after other objects")
        #expect(longest >= 10)
    }
}
