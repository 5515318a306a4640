import Foundation
import KeyedArchive
import Testing
@testable import Nib

/// Every nib and compiled storyboard of the real corpus maps to the model and instantiates with generic objects.
@Suite struct CorpusNibTests {
    /// Flat nib files: every `*.nib` regular file under `nib/` and `xib/` that is not a member of a nib
    /// bundle or compiled storyboard directory.
    static func flatNibs() -> [URL] {
        (Corpus.files("nib") + Corpus.files("xib")).filter { url in
            url.pathExtension == "nib" && !url.deletingLastPathComponent().lastPathComponent.hasSuffix(".nib")
                && !url.deletingLastPathComponent().lastPathComponent.hasSuffix(".out")
        }
    }

    static func isTypedstream(_ url: URL) -> Bool {
        (try? Corpus.bytes(url)).map { ArchiveFormat.detect($0) == .typedstream } ?? false
    }

    /// Stand-ins for every external placeholder of a document.
    static func externals(_ doc: NibDocument) -> [String: AnyObject] {
        var out: [String: AnyObject] = [:]
        for p in doc.placeholders where p.kind != .filesOwner && p.kind != .firstResponder { out[p.identifier] = NibObject(className: "External") }
        return out
    }

    @Test func everyFlatNibMapsAndInstantiates() throws {
        guard Corpus.require() else { return }
        var passed = 0, typedstream = 0
        var failures: [String] = []
        for url in Self.flatNibs() {
            let name = Corpus.name(url)
            if Self.isTypedstream(url) {
                let error = #expect(throws: ArchiveError.self, "\(name)") { try Nib(contentsOf: url) }
                #expect(error?.code == .unsupportedFormat, "\(name)")
                typedstream += 1
                continue
            }
            do {
                let nib = try Nib(contentsOf: url)
                let owner = NibObject(className: "Owner")
                let result = try nib.instantiate(owner: owner, externalObjects: Self.externals(nib.document), options: NibInstantiationOptions())
                #expect(result.topLevelObjects.count == nib.document.topLevelObjects.count, "\(name)")
                passed += 1
            } catch {
                failures.append("\(name): \(error)")
            }
        }
        print("corpus flat nibs: \(passed) instantiated, \(typedstream) typedstream (unsupported), \(failures.count) failed")
        for f in failures { Issue.record("\(f)") }
        #expect(passed > 200)
        #expect(typedstream == 3)
    }
}
