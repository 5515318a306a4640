import Foundation
import Testing
@testable import KeyedArchive

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
