import Foundation

/// The distinct NIBArchive files of the corpus (`nib/`, including `_nested/`, and the compiled halves
/// of `xib/`), found by magic and deduplicated by content.
public enum NIBArchiveCorpus {
    /// One distinct file: its corpus name and bytes.
    public struct File: Sendable {
        /// The path below the corpus root.
        public let name: String
        /// The whole file.
        public let bytes: [UInt8]
    }

    /// Every distinct NIBArchive, in corpus order.
    public static let files: [File] = {
        var seen: Set<[UInt8]> = []
        var out: [File] = []
        for url in Corpus.files("nib", magic: "NIBArchive") + Corpus.files("xib", magic: "NIBArchive") {
            guard let bytes = try? Corpus.bytes(url), seen.insert(bytes).inserted else { continue }
            out.append(File(name: Corpus.name(url), bytes: bytes))
        }
        return out
    }()

    /// The smallest few files, for exhaustive mutation sweeps.
    public static var smallest: [File] { Array(files.sorted { $0.bytes.count < $1.bytes.count }.prefix(3)) }
}
