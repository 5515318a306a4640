import Foundation
import KeyedArchive
import Testing
@testable import Nib
import CorpusSupport

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
                let result = try nib.instantiate(owner: owner, externalObjects: nib.standInExternalObjects(), options: NibInstantiationOptions())
                #expect(result.topLevelObjects.count == nib.document.topLevelObjects.count, "\(name)")
                let report = try nib.inspectInstantiation()
                #expect(report.topLevelObjects.count == result.topLevelObjects.count, "\(name)")
                #expect(report.genericObjectCount == report.createdObjectCount, "\(name)")
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

extension CorpusNibTests {
    @Test func inputsOpenAsNibOrStoryboard() throws {
        guard Corpus.require() else { return }
        let sb = Corpus.root.appendingPathComponent("xib/viraptor-ibtool/samples/correct/sb_toolbar.out")
        guard case let .storyboard(doc) = try NibInput.open(.path(sb.path)) else {
            Issue.record("a .out directory with Info.plist is a storyboard")
            return
        }
        #expect(doc.entryPoint == "ToolbarWC")
        #expect(try NibInput.open(.path(sb.path)).summary.entryPoint == "ToolbarWC")
        let flat = Corpus.root.appendingPathComponent("nib/nibkit/TestsData__nib1.nib")
        guard case let .nib(nib) = try NibInput.open(.path(flat.path)) else {
            Issue.record("a flat file is a nib")
            return
        }
        #expect(try NibInput.open(.path(flat.path)).summary.connections.count == nib.document.connections.count)
        #expect(NibInput.nib(nib).summary.container == .flatFile)
    }
}
