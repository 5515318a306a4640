import Testing
@testable import KeyedArchive
import CorpusSupport

@Suite struct NIBArchiveCorpusTests {
    @Test func corpusHas211DistinctNIBArchives() {
        guard Corpus.require() else { return }
        #expect(NIBArchiveCorpus.files.count == 211)
    }

    @Test func everyCorpusNIBArchiveParses() {
        guard Corpus.require() else { return }
        var coder: [UInt32: Int] = [:]
        for file in NIBArchiveCorpus.files {
            do {
                let g = try ArchiveGraph(nibArchive: file.bytes)
                coder[g.metadata.nibCoderVersion ?? 0, default: 0] += 1
                #expect(g.metadata.nibFormatVersion == 1, "\(file.name)")
                #expect(g.className(ofObject: 0) == "NSObject", "\(file.name)")
                #expect(g.metadata.nibLayout?.isContiguous == true, "\(file.name)")
                #expect(g.metadata.warnings.isEmpty, "\(file.name)")
            } catch {
                Issue.record("\(file.name): \(error)")
            }
        }
        #expect(coder == [10: 204, 9: 7])
    }

    @Test func everyCorpusNIBArchiveRoundTripsByteForByte() {
        guard Corpus.require() else { return }
        for file in NIBArchiveCorpus.files {
            do {
                let out = try ArchiveGraph(nibArchive: file.bytes).nibArchiveData()
                #expect(out == file.bytes, "\(file.name)")
            } catch {
                Issue.record("\(file.name): \(error)")
            }
        }
    }

    /// Pitfall 28: 4 = false, 5 = true. Every `NSInlinedValue` Apple wrote is true.
    @Test func everyNSInlinedValueDecodesTrue() throws {
        guard Corpus.require() else { return }
        var count = 0
        for file in NIBArchiveCorpus.files {
            let g = try ArchiveGraph(nibArchive: file.bytes)
            guard let k = g.keyIndex("NSInlinedValue") else { continue }
            for kv in g.values where g.sameKey(kv.key, k) {
                count += 1
                #expect(kv.value == .bool(true), "\(file.name)")
            }
        }
        #expect(count == 2735)
    }

    /// Pitfall 39: Apple gives an empty object `firstValue = 0`.
    @Test func emptyUITapRecognizerHasFirstValueZero() throws {
        guard Corpus.require() else { return }
        let file = try #require(NIBArchiveCorpus.files.first { $0.name == "xib/brooklyn/Resources/BLOnboardingViewController.nib" })
        let g = try ArchiveGraph(nibArchive: file.bytes)
        #expect(g.objects[31].valueCount == 0)
        #expect(g.objects[31].valueStart == 0)
        #expect(g.className(ofObject: 31) == "UITapRecognizer")
    }

    /// Pitfall 34: UIColor → NSColor and UIFont → NSFont fallbacks in the coder-9 brooklyn nibs.
    @Test func brooklynFallbacksResolveToAppKitNames() throws {
        guard Corpus.require() else { return }
        var pairs: Set<[String]> = []
        for file in NIBArchiveCorpus.files where file.name.hasPrefix("xib/brooklyn/") {
            let g = try ArchiveGraph(nibArchive: file.bytes)
            for c in g.classes { for f in c.fallbacks { pairs.insert([c.name, g.classes[f].name]) } }
        }
        #expect(pairs == [["UIColor", "NSColor"], ["UIFont", "NSFont"]])
    }

    /// Pitfall 31 on real files: the `LNE\0` trailer and 1 MB of junk appended to every corpus nib.
    @Test func corpusFilesAcceptTrailingBytes() throws {
        guard Corpus.require() else { return }
        let junk = [UInt8](repeating: 0x5A, count: 1 << 20)
        for file in NIBArchiveCorpus.smallest {
            let base = try ArchiveGraph(nibArchive: file.bytes)
            let lne = try ArchiveGraph(nibArchive: file.bytes + NIBArchiveLayout.lneTrailer)
            #expect(lne.metadata.trailingBytes == base.metadata.trailingBytes + 4)
            #expect(lne.values == base.values)
            let big = try ArchiveGraph(nibArchive: file.bytes + junk)
            #expect(big.metadata.trailingBytes == base.metadata.trailingBytes + junk.count)
            #expect(big.objects == base.objects)
        }
    }

    @Test func lneTrailerFilesInCorpusAreDetected() throws {
        guard Corpus.require() else { return }
        for file in NIBArchiveCorpus.files {
            let g = try ArchiveGraph(nibArchive: file.bytes)
            let hasKey = g.topValue(forKey: "IBUINibLNEVersionKey") != nil
            #expect(g.metadata.nibLayout?.hasLNETrailer == hasKey, "\(file.name)")
            #expect(g.metadata.trailingBytes == (hasKey ? 4 : 0), "\(file.name)")
        }
    }

    /// Pitfall 45: pre-10.2 `objects.nib` typedstreams get a specific "unsupported" error, and keyed
    /// nibs are told apart from NIBArchives by their magic.
    @Test func typedstreamAndKeyedCorpusNibsAreRecognised() {
        guard Corpus.require() else { return }
        let typedstreams = Corpus.files("nib").filter { ArchiveFormat.detect((try? Corpus.bytes($0)) ?? []) == .typedstream }
        #expect(!typedstreams.isEmpty)
        for url in typedstreams {
            let error = #expect(throws: ArchiveError.self) { try ArchiveGraph(nibArchive: Corpus.bytes(url)) }
            #expect(error?.code == .unsupportedFormat, "\(Corpus.name(url))")
        }
        for url in Corpus.files("nib", magic: "bplist00") {
            let error = #expect(throws: ArchiveError.self) { try ArchiveGraph(nibArchive: Corpus.bytes(url)) }
            #expect(error?.code == .unknownFormat, "\(Corpus.name(url))")
        }
    }
}
