import Foundation
import KeyedArchive
import Testing
@testable import KeyedArchiveCLI
import CorpusSupport

@Suite("robustness and presentation")
struct RobustnessTests {
    /// Damaged copies of real files never crash the tool: every run ends with status 0, 1 or 2.
    @Test func damagedInputsEndWithAnErrorNeverASignal() throws {
        guard Corpus.require() else { return }
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        var files: [String] = []
        for source in [Fixtures.minimalNib, Fixtures.keyedNib, Fixtures.keyedSet] {
            let bytes = try Corpus.bytes(source)
            for n in 0 ..< 6 {
                var damaged = bytes
                for _ in 0 ... next(3) { damaged[next(damaged.count)] = UInt8(next(256)) }
                files.append(try scratch.write(damaged, to: "\(source.lastPathComponent)-\(n)").path)
            }
        }
        for file in files {
            for command in [["dump"], ["dump", "--format", "json"], ["nib", "--instantiate"], ["convert", "--to", "xml"],
                            ["convert", "--to", "nibarchive"], ["validate"]] {
                let result = try CLI.run(command + [file])
                #expect([0, 1, 2].contains(result.status), "\(command) \(file): status \(result.status)\n\(result.stderr)")
                if result.status != 0 { #expect(!result.stderr.isEmpty || !result.stdout.isEmpty, "\(command) \(file)") }
            }
        }
    }

    @Test func colourIsUsedOnlyWhenTheTerminalAllowsIt() throws {
        guard Corpus.require() else { return }
        let graph = try ArchiveGraph(keyedArchiveBytes: try Corpus.bytes(Fixtures.keyedNib))
        let coloured = GraphTextRenderer(graph: graph, terminal: Terminal(isTTY: true, color: true, width: 80)).render()
        let plain = GraphTextRenderer(graph: graph, terminal: Terminal(isTTY: true, color: false, width: 80)).render()
        #expect(coloured.contains("\u{1B}[36mUIWindow\u{1B}[0m"))
        #expect(!plain.contains("\u{1B}["))
        // Stripping the escapes gives the plain rendering back.
        let stripped = coloured.replacingOccurrences(of: "\u{1B}\\[[0-9]+m", with: "", options: .regularExpression)
        #expect(stripped == plain)
    }

    @Test func aPlainPlistDumpsAsATreeAndAsJSON() throws {
        guard Corpus.require() else { return }
        let info = Fixtures.storyboardDirectory.appendingPathComponent("Info.plist").path
        let text = try CLI.run(["dump", info])
        #expect(text.status == 0)
        #expect(text.stdout.contains("NSStoryboardDesignatedEntryPointIdentifier = \"NSWindowController-wc1-00-001\""), "\(text.stdout)")
        let json = try ParsedJSON.object(try CLI.run(["dump", "--format", "json", info]).stdout)
        #expect(json["format"] as? String == "plist")
        let value = try #require(json["value"] as? [String: Any])
        #expect(value["NSStoryboardDesignatedEntryPointIdentifier"] as? String == "NSWindowController-wc1-00-001")
    }
}
