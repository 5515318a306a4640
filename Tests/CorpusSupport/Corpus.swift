import Foundation
import Testing

/// Shared by every test target (KeyedArchiveTests, NibTests, CLITests, FuzzRegressionTests).
///
/// Locates `../shared/corpus` (the real Apple-written files) relative to the package root.
///
/// When the corpus is missing: under CI (`CI` set) corpus tests fail loudly; elsewhere they are
/// skipped with a visible message.
public enum Corpus {
    /// The package root (two levels above this file's `Tests/CorpusSupport`).
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `../shared/corpus`, or `$KEYED_ARCHIVE_CORPUS` when set.
    public static let root: URL = {
        if let env = ProcessInfo.processInfo.environment["KEYED_ARCHIVE_CORPUS"] { return URL(fileURLWithPath: env) }
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
    }()

    public static var isAvailable: Bool { FileManager.default.fileExists(atPath: root.appendingPathComponent("keyed").path) }
    public static var isCI: Bool { ProcessInfo.processInfo.environment["CI"] != nil }

    /// Call at the top of a corpus test: returns false (and records why) when the test must not run.
    public static func require(sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        if isAvailable { return true }
        if isCI {
            Issue.record("corpus missing at \(root.path) and CI is set: corpus tests cannot be skipped in CI",
                         sourceLocation: sourceLocation)
        } else {
            print("⚠️  SKIPPED: corpus not found at \(root.path); set KEYED_ARCHIVE_CORPUS or check out ../shared")
        }
        return false
    }

    /// Every regular file under `corpus/<sub>` (recursive), sorted, excluding MANIFEST.tsv.
    public static func files(_ sub: String) -> [URL] {
        let dir = root.appendingPathComponent(sub)
        guard let e = FileManager.default.enumerator(at: dir, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
        var out: [URL] = []
        for case let url as URL in e {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            if url.lastPathComponent == "MANIFEST.tsv" { continue }
            out.append(url)
        }
        return out.sorted { $0.path < $1.path }
    }

    /// Files whose first bytes equal `magic`.
    public static func files(_ sub: String, magic: String) -> [URL] {
        let m = Array(magic.utf8)
        return files(sub).filter { url in
            guard let h = try? FileHandle(forReadingFrom: url) else { return false }
            defer { try? h.close() }
            return (try? h.read(upToCount: m.count)).map { Array($0) == m } ?? false
        }
    }

    public static func bytes(_ url: URL) throws -> [UInt8] { Array(try Data(contentsOf: url)) }

    /// A path relative to the corpus root, for messages.
    public static func name(_ url: URL) -> String {
        String(url.path.dropFirst(root.path.count + 1))
    }
}
