import Foundation
import Testing
@testable import KeyedArchive
import CorpusSupport

/// Every keyed archive in the corpus maps onto a graph; the deliberately broken ones throw the right error.
@Suite struct KeyedCorpusGraphTests {
    /// Fixtures whose header is broken (pitfall 8): opening them must throw a Cocoa-3840 header error.
    static let brokenAtOpen: Set<String> = [
        "go-nskeyedarchiver/fixtures__wrong_archiver.xml", "go-nskeyedarchiver/fixtures__wrong_version.xml",
        "go-nskeyedarchiver/fixtures__missing_objects.xml", "go-nskeyedarchiver/fixtures__missing_top.xml",
        "go-nskeyedarchiver/fixtures__missing_version.xml",
        "bpylist2/tests__fixture_data__invalid_version_archive.plist", "bpylist2/tests__fixture_data__no_top_archive.plist",
        "bpylist2/tests__fixture_data__no_objects_archive.plist",
        // `$archiver` is "NSArchiver": not a keyed archive at all.
        "bpylist2/tests__fixture_data__invalid_type_archive.plist",
    ]

    static func keyedFiles(_ sub: String) -> [URL] {
        Corpus.files(sub).filter { url in
            guard let h = try? FileHandle(forReadingFrom: url) else { return false }
            defer { try? h.close() }
            guard let head = try? h.read(upToCount: 64) else { return false }
            let f = ArchiveFormat.detect(Array(head))
            guard f == .binaryPlist || f == .xmlPlist else { return false }
            // Plists that are not archives (a storyboard's Info.plist) never mention $archiver.
            guard let all = try? Corpus.bytes(url) else { return false }
            return all.firstRange(of: Array("$archiver".utf8)) != nil
        }
    }

    @Test func everyKeyedCorpusFileLoadsIntoTheGraph() throws {
        guard Corpus.require() else { return }
        let files = Self.keyedFiles("keyed")
        #expect(files.count >= 150)
        var loaded = 0
        for url in files {
            let name = Corpus.name(url).replacingOccurrences(of: "keyed/", with: "")
            let bytes = try Corpus.bytes(url)
            if Self.brokenAtOpen.contains(name) {
                #expect(throws: ArchiveError(.invalidArchiveHeader, ""), "\(name)") { try ArchiveGraph(keyedArchiveBytes: bytes) }
                continue
            }
            do {
                let g = try ArchiveGraph(keyedArchiveBytes: bytes)
                #expect(g.objects.count >= 1, "\(name)")
                #expect(!g.top.isEmpty || name.contains("empty"), "\(name) has an empty $top")
                loaded += 1
            } catch {
                Issue.record("\(name): \(error)")
            }
        }
        #expect(loaded == files.count - Self.brokenAtOpen.count)
    }

    @Test func everyKeyedArchiveNibLoadsIntoTheGraph() throws {
        guard Corpus.require() else { return }
        let files = Self.keyedFiles("nib")
        for url in files {
            do {
                let g = try ArchiveGraph(keyedArchiveBytes: try Corpus.bytes(url))
                #expect(g.objects.count > 1, "\(Corpus.name(url))")
            } catch {
                Issue.record("\(Corpus.name(url)): \(error)")
            }
        }
    }

    @Test func corpusGraphsRoundTripThroughThePlistLayout() throws {
        guard Corpus.require() else { return }
        for url in Self.keyedFiles("keyed") {
            guard let g = try? ArchiveGraph(keyedArchiveBytes: try Corpus.bytes(url)) else { continue }
            let name = Corpus.name(url)
            // The deliberately broken bpylist2 fixtures (objects without a usable class) cannot be written.
            if g.objects.contains(where: { $0.kind != .plain && $0.classIndex < 0 }) {
                #expect(name.contains("bpylist2/"), "\(name)")
                continue
            }
            let bytes = try PropertyList(keyedArchive: g).binaryData()
            let g2 = try ArchiveGraph(keyedArchiveBytes: bytes)
            #expect(g2.objects.count == g.objects.count, "\(name)")
            #expect(g2.values.count == g.values.count, "\(name)")
            for i in 0 ..< min(g.objects.count, g2.objects.count) where g.objects[i].kind == .object {
                #expect(g2.className(ofObject: i) == g.className(ofObject: i), "\(name) #\(i)")
                let a = g.values(ofObject: i).map { g.keys[$0.key] }
                let b = g2.values(ofObject: i).map { g2.keys[$0.key] }
                #expect(a == b, "\(name) #\(i)")
            }
        }
    }
}
