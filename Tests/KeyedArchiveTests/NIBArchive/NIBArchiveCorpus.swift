import Foundation
@testable import KeyedArchive
import CorpusSupport

/// The distinct NIBArchive files of the corpus (`nib/`, including `_nested/`, and the compiled halves
/// of `xib/`), found by magic and deduplicated by content.
enum NIBArchiveCorpus {
    struct File {
        let name: String
        let bytes: [UInt8]
    }

    static let files: [File] = {
        var seen: Set<[UInt8]> = []
        var out: [File] = []
        for url in Corpus.files("nib", magic: "NIBArchive") + Corpus.files("xib", magic: "NIBArchive") {
            guard let bytes = try? Corpus.bytes(url), seen.insert(bytes).inserted else { continue }
            out.append(File(name: Corpus.name(url), bytes: bytes))
        }
        return out
    }()

    /// The smallest few files, for exhaustive mutation sweeps.
    static var smallest: [File] { Array(files.sorted { $0.bytes.count < $1.bytes.count }.prefix(3)) }
}
