import Foundation
import CorpusSupport
import NibCompiler

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

    /// An ibtool-compiled nib of the corpus (not a golden pair) holding the ICC profiles ibtool embeds;
    /// `Scripts/xib-golden` takes them from the same file.
    static var colorProfileSource: URL {
        Corpus.root.appendingPathComponent("keyed/airyx-textedit/Base.lproj__MainMenu.nib__keyedobjects.nib")
    }

    /// The golden pairs, compiled with the colour profiles ibtool embedded.
    static func goldenPairs() throws -> [XIBGoldenPair] {
        let profiles = try NibColorProfiles(contentsOf: colorProfileSource)
        var pairs = try XIBGoldenPair.fromManifest(Corpus.root.appendingPathComponent("xib/MANIFEST.tsv"))
        for i in pairs.indices { pairs[i].options.colorProfiles = profiles }
        return pairs
    }

    /// Measures golden pair `name` of `viraptor-ibtool/samples/correct`, with ibtool's colour profiles
    /// unless `profiles` is false.
    static func measure(_ name: String, profiles: Bool = true) throws -> XIBGoldenResult {
        let dir = Corpus.root.appendingPathComponent("xib/viraptor-ibtool/samples/correct")
        var pair = XIBGoldenPair(name: name, source: dir.appendingPathComponent("\(name).xib"),
                                 compiled: dir.appendingPathComponent("\(name).nib"))
        if profiles { pair.options.colorProfiles = try NibColorProfiles(contentsOf: colorProfileSource) }
        return pair.measure()
    }

    /// Whether a source is a modern `document` version 3.0 (the rest are legacy `<archive>` XIBs).
    static func isModern(_ bytes: [UInt8]) -> Bool {
        let head = String(decoding: bytes.prefix(400), as: UTF8.self)
        return head.contains("<document") && head.contains("version=\"3.0\"")
    }
}
