import Foundation
import KeyedArchive
import Testing
import Nib
import CorpusSupport

/// `ArchiveInventory`: what `keyed-archive ls` lists, on the real corpus and on bundles built in memory.
@Suite struct ArchiveInventoryTests {
    /// Every regular file under `root`, relative paths, read lazily.
    static func files(under root: URL) -> [ArchiveInventory.File] {
        let base = root.standardizedFileURL.path + "/"
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey, .fileSizeKey])
        var out: [ArchiveInventory.File] = []
        while let url = walker?.nextObject() as? URL {
            let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .fileSizeKey])
            guard values?.isRegularFile == true else { continue }
            let full = url.standardizedFileURL.path
            out.append(ArchiveInventory.File(path: String(full.dropFirst(base.count)), size: values?.fileSize ?? 0) { () throws(ArchiveError) in
                try FileBytes.read(path: full)
            })
        }
        return out.sorted { $0.path < $1.path }
    }

    static func memory(_ files: [String: [UInt8]]) -> [ArchiveInventory.File] {
        files.sorted { $0.key < $1.key }.map { path, bytes in
            ArchiveInventory.File(path: path, size: bytes.count) { () throws(ArchiveError) in bytes }
        }
    }

    @Test func theCorpusNibsAreListedWithTheirObjectCounts() throws {
        guard Corpus.require() else { return }
        let items = ArchiveInventory.scan(Self.files(under: Corpus.root.appendingPathComponent("nib")))
        let byPath = Dictionary(items.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        var checked = 0
        for url in Corpus.files("nib", magic: "NIBArchive") {
            let relative = String(url.standardizedFileURL.path.dropFirst(Corpus.root.appendingPathComponent("nib").standardizedFileURL.path.count + 1))
            // Files inside nib bundles are listed as their bundle.
            guard ArchiveInventory.bundlePrefix(relative) == nil else { continue }
            let item = try #require(byPath[relative], "\(relative) not listed")
            let graph = try ArchiveGraph(nibArchive: Corpus.bytes(url))
            #expect(item.kind == "nib" && item.format == "NIBArchive" && item.objects == graph.objects.count, "\(relative)")
            #expect(item.platform == (try? NibDocument(graph: graph))?.platform, "\(relative)")
            checked += 1
        }
        #expect(checked > 100)
        #expect(items.allSatisfy { $0.problem == nil }, "\(items.filter { $0.problem != nil }.map(\.path))")
    }

    @Test func bundlesAreOneItemEachAndProblemsSayWhere() throws {
        guard Corpus.require() else { return }
        let nib = try Corpus.bytes(try #require(Corpus.files("nib", magic: "NIBArchive").first))
        let objects = try ArchiveGraph(nibArchive: nib).objects.count
        let info = Array("""
            <?xml version="1.0"?><plist version="1.0"><dict><key>UIViewControllerIdentifiersToNibNames</key>\
            <dict><key>v</key><string>V</string></dict></dict></plist>
            """.utf8)
        let items = ArchiveInventory.scan(Self.memory([
            "App/Main.storyboardc/Info.plist": info,
            "App/Main.storyboardc/V.nib/runtime.nib": nib,
            "App/Main.storyboardc/W.nib": nib,
            "App/Broken.storyboardc/x.nib": nib,
            "App/View.nib/objects-13.0+.nib": nib,
            "App/View.nib/objects.nib": Array("junk".utf8),
            "App/Empty.nib/notes.txt": Array("hi".utf8),
            "App/readme.txt": Array("not an archive".utf8),
            "App/cut.nib": Array(nib.prefix(300)),
        ]))
        #expect(items.map(\.path) == ["App/Broken.storyboardc", "App/Empty.nib", "App/Main.storyboardc", "App/View.nib", "App/cut.nib"])
        let byPath = Dictionary(uniqueKeysWithValues: items.map { ($0.path, $0) })
        let main = try #require(byPath["App/Main.storyboardc"])
        #expect(main.kind == "storyboard" && main.platform == .iOS && main.objects == 2 * objects && main.detail == "2 nibs" && main.problem == nil)
        let broken = try #require(byPath["App/Broken.storyboardc"]?.problem)
        #expect(broken.path == "App/Broken.storyboardc" && broken.error.code == .notANib)
        let view = try #require(byPath["App/View.nib"])
        #expect(view.detail == "objects-13.0+.nib" && view.format == "nib directory (NIBArchive)" && view.objects == objects)
        #expect(view.size == nib.count + 4)
        #expect(byPath["App/Empty.nib"]?.problem?.error.code == .notANib)
        let cut = try #require(byPath["App/cut.nib"]?.problem)
        #expect(cut.path == "App/cut.nib" && cut.error.code == .truncated && cut.error.offset != nil)
    }

    @Test func aFileThatCannotBeReadIsListedWithItsError() {
        let files = [ArchiveInventory.File(path: "a/b.plist", size: 10) { () throws(ArchiveError) -> [UInt8] in
            throw ArchiveError(.readFailed, "permission denied")
        }]
        let items = ArchiveInventory.scan(files)
        #expect(items.count == 1 && items.first?.problem?.path == "a/b.plist" && items.first?.problem?.error.code == .readFailed)
    }

    @Test func recordedSizesSumWithoutOverflow() {
        // A zip may record any entry size; two huge ones in one bundle must not trap.
        let files = ["A.nib/objects.nib", "A.nib/runtime.nib", "B.storyboardc/Info.plist", "B.storyboardc/x.nib"].map { path in
            ArchiveInventory.File(path: path, size: Int.max) { () throws(ArchiveError) -> [UInt8] in Array("junk".utf8) }
        }
        let items = ArchiveInventory.scan(files)
        #expect(items.map(\.size) == [Int.max, Int.max])
        #expect(items.allSatisfy { $0.problem != nil })
    }
}
