import Foundation
import CorpusSupport

/// The XIB and storyboard sources of `../shared/corpus/xib`, with their ibtool-compiled twins.
enum XIBCorpus {
    struct Entry {
        /// Path below `xib/`.
        var name: String
        var source: URL
        /// The nib or `.storyboardc` ibtool compiled from it, when the repository had it.
        var compiled: URL?
        var isStoryboard: Bool { source.pathExtension == "storyboard" }
    }

    /// Every source listed in the manifest, in manifest order.
    static let entries: [Entry] = {
        let root = Corpus.root.appendingPathComponent("xib")
        guard let text = try? String(contentsOf: root.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8) else { return [] }
        var out: [Entry] = []
        for line in text.split(separator: "\n").dropFirst() {
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard f.count >= 8, f[6] == "xib" || f[6] == "storyboard" else { continue }
            let compiled = f[7].isEmpty ? nil : root.appendingPathComponent(f[7])
            out.append(Entry(name: f[0], source: root.appendingPathComponent(f[0]), compiled: compiled))
        }
        return out
    }()

    /// Whether a source is a modern `document` version 3.0 (the rest are legacy `<archive>` XIBs).
    static func isModern(_ bytes: [UInt8]) -> Bool {
        let head = String(decoding: bytes.prefix(400), as: UTF8.self)
        return head.contains("<document") && head.contains("version=\"3.0\"")
    }
}
