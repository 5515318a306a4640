import Foundation

/// Locates the shared real-file corpus (`../shared/corpus` beside the repository).
public enum BenchCorpus {
    /// The corpus root, or nil (with a printed message) when it is absent.
    public static let root: URL? = {
        let fm = FileManager.default
        var candidates: [URL] = []
        if let env = ProcessInfo.processInfo.environment["KEYED_ARCHIVE_CORPUS"] { candidates.append(URL(fileURLWithPath: env)) }
        // Benchmarks/Sources/BenchSupport/Corpus.swift → repository root → ../shared/corpus
        let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(repo.deletingLastPathComponent().appendingPathComponent("shared/corpus"))
        let cwd = URL(fileURLWithPath: fm.currentDirectoryPath)
        candidates.append(cwd.deletingLastPathComponent().appendingPathComponent("shared/corpus"))
        candidates.append(cwd.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/corpus"))
        for c in candidates where fm.fileExists(atPath: c.appendingPathComponent("nib").path) { return c }
        print("note: corpus not found (looked in \(candidates.map(\.path))); corpus benchmarks are skipped")
        return nil
    }()

    /// Bytes of `sub/name` in the corpus, or nil (with a message) when absent.
    public static func bytes(_ relativePath: String) -> [UInt8]? {
        guard let root else { return nil }
        let url = root.appendingPathComponent(relativePath)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            print("note: corpus file \(relativePath) missing; skipped")
            return nil
        }
        return [UInt8](data)
    }

    /// Every file in `sub` (recursively, sorted by path) whose first bytes are `magic`.
    public static func files(in sub: String, magic: String) -> [(path: String, bytes: [UInt8])] {
        guard let root else { return [] }
        let dir = root.appendingPathComponent(sub)
        guard let e = FileManager.default.enumerator(atPath: dir.path) else { return [] }
        let magicBytes = Array(magic.utf8)
        var out: [(String, [UInt8])] = []
        while let rel = e.nextObject() as? String {
            let full = dir.appendingPathComponent(rel).path
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: full, isDirectory: &isDir), !isDir.boolValue,
                  let data = FileManager.default.contents(atPath: full), data.starts(with: magicBytes) else { continue }
            out.append((sub + "/" + rel, [UInt8](data)))
        }
        return out.sorted { $0.0 < $1.0 }
    }
}
