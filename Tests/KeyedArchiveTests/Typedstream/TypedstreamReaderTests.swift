import CorpusSupport
import Foundation
import KeyedArchive
import Testing

@Suite("Typedstream reader and writer on real files")
struct TypedstreamReaderTests {
    static func bytes(_ url: URL) throws -> [UInt8] { [UInt8](try Data(contentsOf: url)) }

    @Test("the fixtures are at least 30 files from at least 3 sources, as the manifest says")
    func fixtureProvenance() throws {
        let rows = TypedstreamFixtures.rows()
        #expect(rows.count >= 30)
        #expect(Set(rows.map(\.repo)).count >= 3)
        for row in rows {
            let data = try Self.bytes(row.url)
            #expect(ArchiveFormat.detect(data) == .typedstream, "\(row.name)")
            #expect(SHA256Hex.of(data) == row.sha256, "\(row.name): checksum differs from the manifest")
        }
    }

    @Test("every fixture and every corpus typedstream reads: an NSIBObjectData root, all references resolved")
    func everyFileReads() throws {
        var urls = TypedstreamFixtures.rows().map(\.url)
        if Corpus.require() {
            let corpus = TypedstreamFixtures.corpusFiles()
            #expect(corpus.count >= 3, "the corpus holds three objects.nib typedstreams")
            urls += corpus
        }
        for url in urls {
            let g = try ArchiveGraph(typedstream: try Self.bytes(url))
            #expect(g.metadata.source == .typedstream)
            #expect(g.metadata.typedstreamHeader == TypedstreamHeader(streamerVersion: 4, isBigEndian: true, systemVersion: 1000))
            #expect(g.top.count == 1 && g.keys[g.top[0].key] == "@", "\(url.lastPathComponent)")
            guard case .ref(let root) = g.top[0].value else { Issue.record("\(url.lastPathComponent): root is not an object"); continue }
            #expect(g.className(ofObject: root) == "NSIBObjectData", "\(url.lastPathComponent)")
            for (i, o) in g.objects.enumerated() {
                switch o.kind {
                case .object, .classDescription: #expect(o.classIndex >= 0 && o.classIndex < g.classes.count)
                case .plain: #expect(g.string(o.plainValue) != nil, "C string \(i) of \(url.lastPathComponent)")
                }
                for kv in g.values(ofObject: i) {
                    if case .ref(let n) = kv.value { #expect(n >= 0 && n < g.objects.count) }
                }
            }
        }
    }

    @Test("class records keep version and superclass chain (NSMutableString → NSString → NSObject)")
    func classRecords() throws {
        let row = try #require(TypedstreamFixtures.rows().first { $0.repo == "fruitsamples/DragNDropOutlineView" })
        let g = try ArchiveGraph(typedstream: try Self.bytes(row.url))
        let mutableString = try #require(g.classes.first { $0.name == "NSMutableString" })
        #expect(mutableString.chain == ["NSMutableString", "NSString", "NSObject"])
        let string = try #require(g.classes.first { $0.name == "NSString" })
        #expect(string.version == 1)
        #expect(g.classes.first { $0.name == "NSObject" }?.superclass == -1)
    }

    @Test("read → write gives back the same bytes, for every fixture and corpus typedstream")
    func byteIdenticalRewrite() throws {
        var urls = TypedstreamFixtures.rows().map(\.url)
        if Corpus.require() { urls += TypedstreamFixtures.corpusFiles() }
        for url in urls {
            let original = try Self.bytes(url)
            let written = try ArchiveGraph(typedstream: original).typedstreamBytes()
            if written != original {
                let at = (0 ..< min(written.count, original.count)).first { written[$0] != original[$0] } ?? min(written.count, original.count)
                Issue.record("\(url.lastPathComponent): rewrite differs at byte \(at) (\(written.count) vs \(original.count) bytes)")
            }
        }
    }

    @Test("the other byte order: a big-endian stream written little-endian reads back to the same graph")
    func littleEndianRoundTrip() throws {
        for row in TypedstreamFixtures.rows().prefix(12) {
            let g = try ArchiveGraph(typedstream: try Self.bytes(row.url))
            let little = try g.typedstreamBytes(header: TypedstreamHeader(streamerVersion: 4, isBigEndian: false, systemVersion: 1000))
            #expect(Array(little[2 ..< 13]) == Array("streamtyped".utf8))
            let back = try ArchiveGraph(typedstream: little)
            #expect(back.metadata.typedstreamHeader?.isBigEndian == false)
            #expect(back.objects == g.objects, "\(row.name)")
            #expect(back.values == g.values && back.items == g.items && back.classes == g.classes, "\(row.name)")
            // Written again in its own order, the little-endian stream is stable.
            #expect(try back.typedstreamBytes() == little)
        }
    }
}
