#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import KeyedArchive
import Nib

/// `FuzzNibModel`: the nib document model over a flat nib of either container (NIBArchive or keyed
/// archive), then every model record, the JSON summary, and the first embedded nibs (one level).
enum FuzzNibModel {
    static func run(_ bytes: [UInt8]) {
        let options = NibOpenOptions(limits: FuzzLimits.standard)
        guard let document = try? NibDocument(source: .data(bytes, name: "fuzz.nib"), options: options) else { return }
        walk(document)
        for nib in document.embeddedNibs.prefix(4) {
            if let inner = try? document.embeddedDocument(nib, limits: FuzzLimits.standard) { walk(inner) }
        }
    }

    static func walk(_ document: NibDocument) {
        blackHole(document.platform)
        for i in document.graph.objects.indices.prefix(100_000) {
            blackHole(document.reference(i))
            blackHole(document.effectiveClassName(i))
            blackHole(document.placeholder(at: i))
        }
        blackHole(document.reference(-1))
        blackHole(document.reference(document.graph.objects.count))
        for nib in document.embeddedNibs { blackHole(try? document.embeddedBytes(nib).count) }
        let summary = document.summary()
        blackHole(summary.objectCount)
        // The CLI prints this summary as JSON; encoding may throw (NaN) but must not trap.
        blackHole(try? JSONEncoder().encode(summary).count)
    }
}
