import Foundation

/// The typedstream fixtures under `Tests/Fixtures/typedstream` (provenance in its `MANIFEST.tsv`),
/// and every typedstream file in `../shared/corpus`.
public enum TypedstreamFixtures {
    /// One manifest row: the file and where it came from.
    public struct Row: Sendable {
        public let name: String
        public let repo: String
        public let commit: String
        public let path: String
        public let sha256: String
        public let url: URL
    }

    public static let directory = Corpus.packageRoot.appendingPathComponent("Tests/Fixtures/typedstream")

    /// The manifest's rows, in order.
    public static func rows() -> [Row] {
        guard let text = try? String(contentsOf: directory.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8) else { return [] }
        return text.split(separator: "\n").dropFirst().compactMap { line in
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard f.count >= 6 else { return nil }
            return Row(name: f[0], repo: f[1], commit: f[2], path: f[3], sha256: f[5], url: directory.appendingPathComponent(f[0]))
        }
    }

    /// Corpus files whose first bytes are a typedstream signature (the corpus must be available).
    public static func corpusFiles() -> [URL] {
        (Corpus.files("keyed") + Corpus.files("nib") + Corpus.files("xib")).filter { url in
            guard let h = FileHandle(forReadingAtPath: url.path) else { return false }
            defer { try? h.close() }
            let head = (try? h.read(upToCount: 13)).map { [UInt8]($0) } ?? []
            return head.count == 13 && head[1] == 11 && (head[2...] == ArraySlice("typedstream".utf8) || head[2...] == ArraySlice("streamtyped".utf8))
        }
    }
}
