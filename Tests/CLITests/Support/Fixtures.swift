import Foundation
import KeyedArchive
import ZIPFoundation
import CorpusSupport

/// Corpus files the end-to-end tests use, by role.
enum Fixtures {
    static func corpus(_ relative: String) -> URL { Corpus.root.appendingPathComponent(relative) }

    /// A small macOS NIBArchive.
    static var minimalNib: URL { corpus("nib/viraptor-ibtool/samples__correct__minimal.nib") }
    /// A small iOS nib stored as a keyed archive.
    static var keyedNib: URL { corpus("nib/nskeyedunarchiver-rs/MainWindow.nib") }
    /// A small keyed archive (an NSSet of NSNumbers).
    static var keyedSet: URL { corpus("keyed/corelibs-fixtures/Tests__Foundation__Resources__Fixtures__macOS-10.14__NSSet-Numbers.archive") }
    /// A macOS .storyboardc (kept as a directory in the xib corpus).
    static var storyboardDirectory: URL { corpus("xib/viraptor-ibtool/samples/correct/sb_basic_wc.out") }

    /// Keyed archives stored as binary plists, smallest first, at most `limit` of them under `maxBytes`.
    static func binaryKeyedArchives(limit: Int = 60, maxBytes: Int = 256 << 10) -> [URL] {
        var found: [(URL, Int)] = []
        for sub in ["keyed", "nib"] {
            for url in Corpus.files(sub, magic: "bplist00") {
                guard let bytes = try? Corpus.bytes(url), bytes.count <= maxBytes,
                      let plist = try? PropertyList(parsing: bytes), isKeyed(plist),
                      (try? ArchiveGraph(keyedArchive: plist)) != nil else { continue }
                found.append((url, bytes.count))
            }
        }
        return found.sorted { $0.1 < $1.1 }.prefix(limit).map(\.0)
    }

    static func isKeyed(_ plist: PropertyList) -> Bool {
        guard plist.kind(plist.root) == .dict else { return false }
        return plist.dictValue(plist.root, forKey: "$objects") != nil && plist.dictValue(plist.root, forKey: "$archiver") != nil
    }

    /// Writes a zip at `url` holding `members` (path → bytes), deflated.
    static func writeZip(_ url: URL, _ members: [(String, [UInt8])]) throws {
        let archive = try Archive(url: url, accessMode: .create)
        for (path, bytes) in members {
            let data = Data(bytes)
            try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(data.count),
                                 compressionMethod: .deflate) { position, size in
                data.subdata(in: Int(position) ..< Int(position) + size)
            }
        }
    }
}

/// JSON parsed with Foundation, for assertions.
enum ParsedJSON {
    static func object(_ text: String) throws -> [String: Any] {
        let value = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
        guard let dict = value as? [String: Any] else { throw CocoaError(.coderReadCorrupt) }
        return dict
    }
}
