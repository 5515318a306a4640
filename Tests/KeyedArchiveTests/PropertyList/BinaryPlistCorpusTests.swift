import Foundation
import Testing
@testable import KeyedArchive
import CorpusSupport

/// Every bplist00 file of the real corpus parses, and our writer's output reads back equal.
@Suite struct BinaryPlistCorpusTests {
    static var binaryFiles: [URL] {
        Corpus.files("keyed", magic: "bplist00") + Corpus.files("nib", magic: "bplist00")
    }

    @Test func everyCorpusBinaryPlistParsesAndRoundTrips() throws {
        guard Corpus.require() else { return }
        let files = Self.binaryFiles
        #expect(files.count > 100, "expected the corpus to hold many bplist00 files")
        for url in files {
            let name = Corpus.name(url)
            let bytes = try Corpus.bytes(url)
            do {
                let list = try PropertyList(binary: bytes)
                let value = try list.value()
                let again = try PropertyList(binary: list.binaryData())
                #expect(try again.value() == value, "binary → binary changed \(name)")
                // Writing is deterministic, and writing our own output again is a fixed point.
                #expect(again.binaryData() == list.binaryData(), "writer not stable on \(name)")
                // A table built from the materialised value writes the same bytes.
                #expect(PropertyList(value).binaryData() == list.binaryData(), "value → table → bytes differs on \(name)")
            } catch {
                Issue.record("\(name): \(error)")
            }
        }
    }

    /// The reader's container bits (which the keyed-archive graph reader tests instead of nodes) say
    /// exactly which objects are arrays, sets and dicts, in every real file, as do a built list's.
    @Test func containerBitsMatchTheNodesInEveryCorpusFile() throws {
        guard Corpus.require() else { return }
        var containers = 0
        for url in Self.binaryFiles {
            guard let list = try? PropertyList(binary: Corpus.bytes(url)) else { continue }
            #expect(list.containerBits.count == (list.count + 63) / 64, "\(Corpus.name(url)): no container bits")
            let byKind = (0 ..< list.count).filter { [.array, .set, .dict].contains(list.kind($0)) }
            #expect((0 ..< list.count).filter { PropertyList.isContainer($0, in: list.containerBits) } == byKind, "\(Corpus.name(url)): bits disagree with kinds")
            containers += byKind.count
            let built = PropertyList(try list.value())
            #expect((0 ..< built.count).filter { PropertyList.isContainer($0, in: built.containerBits) } == (0 ..< built.count).filter { [.array, .set, .dict].contains(built.kind($0)) })
        }
        #expect(containers > 1000)
    }

    @Test func writerOutputIsNoLargerThanAppleForCorpus() throws {
        guard Corpus.require() else { return }
        // CF shares equal scalars too; our output should be within a few percent of Apple's size.
        for url in Self.binaryFiles {
            let bytes = try Corpus.bytes(url)
            guard let list = try? PropertyList(binary: bytes) else { continue }
            let ours = list.binaryData().count
            #expect(ours <= bytes.count + bytes.count / 10 + 64, "\(Corpus.name(url)): ours \(ours) vs original \(bytes.count)")
        }
    }
}

/// Foundation and plistlib read our binary output exactly as they read the original.
@Suite(.serialized) struct BinaryPlistCrossCheckTests {
    @Test func foundationReadsOurBinaryOutputLikeTheOriginal() throws {
        guard Corpus.require() else { return }
        guard PlistCrossCheck.probe != nil else {
            Issue.record("FoundationProbe not found next to the tests; build it with `swift build --product FoundationProbe`")
            return
        }
        var compared = 0, originalCrashes: [String] = []
        for url in BinaryPlistCorpusTests.binaryFiles {
            let name = Corpus.name(url)
            guard let list = try? PropertyList(binary: Corpus.bytes(url)) else { continue }
            let original = PlistCrossCheck.foundation(url)
            guard case .output(let expected) = original else {
                // Foundation on Linux cannot read (or crashes on) some originals: nothing to compare against.
                originalCrashes.append("\(name): \(original)")
                continue
            }
            let ours = try PlistCrossCheck.temporaryFile(list.binaryData(), suffix: ".bplist")
            defer { try? FileManager.default.removeItem(at: ours) }
            #expect(PlistCrossCheck.foundation(ours) == .output(expected), "Foundation reads our \(name) differently")
            compared += 1
        }
        if !originalCrashes.isEmpty { print("Foundation could not read \(originalCrashes.count) originals: \(originalCrashes)") }
        #expect(compared > 100)
    }

    @Test func plistlibReadsOurBinaryOutputLikeTheOriginal() throws {
        guard Corpus.require() else { return }
        guard PlistCrossCheck.python != nil else { print("⚠️  SKIPPED: python3 not found"); return }
        var compared = 0
        for url in BinaryPlistCorpusTests.binaryFiles {
            let name = Corpus.name(url)
            guard let list = try? PropertyList(binary: Corpus.bytes(url)) else { continue }
            guard case .output(let expected) = PlistCrossCheck.plistlib(url) else { continue }
            let ours = try PlistCrossCheck.temporaryFile(list.binaryData(), suffix: ".bplist")
            defer { try? FileManager.default.removeItem(at: ours) }
            #expect(PlistCrossCheck.plistlib(ours) == .output(expected), "plistlib reads our \(name) differently")
            compared += 1
        }
        #expect(compared > 100)
    }
}
