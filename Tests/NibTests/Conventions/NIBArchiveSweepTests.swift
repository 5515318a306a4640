import Testing
@testable import KeyedArchive
import Nib
import CorpusSupport

/// Mutation sweeps over small real nibs: every prefix and every single-bit flip must either parse
/// or throw an ``ArchiveError``, never trap. A parsed mutant must also survive the verbatim writer.
@Suite struct NIBArchiveSweepTests {
    @Test func truncationSweep() {
        guard Corpus.require() else { return }
        for file in NIBArchiveCorpus.smallest {
            let trailing = (try? ArchiveGraph(nibArchive: file.bytes))?.metadata.trailingBytes ?? 0
            var failures = 0
            for length in 0 ..< file.bytes.count {
                do {
                    _ = try ArchiveGraph(nibArchive: Array(file.bytes[0 ..< length]))
                } catch {
                    failures += 1
                    #expect(error.offset != nil, "\(file.name) cut at \(length): \(error)")
                }
            }
            // The last table runs up to any trailer, so every shorter prefix loses a record.
            #expect(failures == file.bytes.count - trailing, "\(file.name)")
        }
    }

    @Test func singleBitFlipSweep() {
        guard Corpus.require() else { return }
        for file in NIBArchiveCorpus.smallest {
            var parsed = 0
            var bytes = file.bytes
            guard let original = try? ArchiveGraph(nibArchive: file.bytes) else { continue }
            for i in 0 ..< bytes.count {
                for bit in 0 ..< 8 {
                    bytes[i] ^= 1 << bit
                    if let g = try? ArchiveGraph(nibArchive: bytes) {
                        parsed += 1
                        // The layers above the reader are slower; every fourth mutant is enough for them.
                        if bit % 4 == i % 4 { exercise(g, against: original) }
                    }
                    bytes[i] ^= 1 << bit
                }
            }
            // Flips inside payloads (floats, strings' letters) stay valid; header magic flips do not.
            #expect(parsed > 0 && parsed < file.bytes.count * 8, "\(file.name)")
        }
    }

    /// Everything above the reader must cope with any graph the reader accepts: writing, the
    /// conventions, conversion both ways and the semantic diff may throw but never trap.
    func exercise(_ g: ArchiveGraph, against original: ArchiveGraph) {
        #expect((try? ArchiveGraph(nibArchive: g.nibArchiveData())) != nil)
        for i in g.objects.indices {
            _ = try? g.elements(ofObject: i)
            _ = try? g.dictionaryEntries(ofObject: i)
            _ = try? g.string(of: .ref(i))
            _ = try? g.number(of: .ref(i))
            _ = try? g.nestedArchive(ofObject: i)
        }
        for kv in g.values { _ = try? g.geometry(kv.value, as: .rect) }
        if let keyed = try? g.convertedToKeyedArchive() {
            _ = try? keyed.convertedToNIBArchive().nibArchiveData()
            _ = try? PropertyList(keyedArchive: keyed).binaryData()
        }
        _ = g.semanticDiff(original, limit: 3)
    }
}
