#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import KeyedArchive
import Nib

/// `FuzzNibModel`: the nib document model over a flat nib of either container (NIBArchive or keyed
/// archive), then every model record, the JSON summary, and the first embedded nibs (one level); and the
/// document tools the CLI's `validate`, `diff` and `ls` use on the same bytes.
enum FuzzNibModel {
    static func run(_ bytes: [UInt8]) {
        documentTools(bytes)
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

    /// `ArchiveDocument`, `ArchiveValidation`, `ArchiveInventory` and `ArchiveDiff` (a document against
    /// itself walks both graphs in step), as `validate`, `ls` and `diff` run them.
    static func documentTools(_ bytes: [UInt8]) {
        blackHole(ArchiveInventory.describe(bytes, path: "fuzz.nib").kind)
        guard let (document, problem) = try? ArchiveDocument.openLeniently(bytes, limits: FuzzLimits.standard) else { return }
        blackHole(problem?.code)
        blackHole(document.summary)
        // Every call takes the harness's limits: a plain plist's shared containers may expand 2ⁿ-fold.
        blackHole(ArchiveValidation.problem(in: document, limits: FuzzLimits.standard)?.code)
        if let graph = document.graph {
            blackHole(NibPlatform.detect(graph))
            blackHole((try? graph.verifyReferences()) != nil)
            blackHole(NibConnectionSummary.describe(graph).count)
        }
        blackHole((try? ArchiveDiff(document, document, limit: 50, limits: FuzzLimits.standard))?.isEmpty)
    }
}
