import Foundation
import Testing
import CorpusSupport

/// Docs/json-schema.md: every subcommand's JSON is one object whose first member is `"version": 1`.
@Suite("JSON schema version")
struct JSONSchemaTests {
    @Test func everySubcommandsJSONStartsWithTheVersion() throws {
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        let root = Corpus.packageRoot.appendingPathComponent("Samples")
        let nib = root.appendingPathComponent("MainWindow.nib").path
        let flat = root.appendingPathComponent("minimal.nib").path
        let archive = root.appendingPathComponent("NSSet-Numbers.archive").path
        let outlets = try scratch.write(Array(#"{"CassiusAppDelegate": {"outlets": ["window"]}}"#.utf8), to: "outlets.json").path
        let runs: [[String]] = [
            ["dump", "--format", "json", archive],
            ["dump", "--format", "json", flat],
            ["convert", flat, "--to", "json"],
            ["ls", "--format", "json", root.path],
            ["validate", "--format", "json", nib, flat, archive],
            ["diff", "--format", "json", nib, flat],
            ["nib", "--format", "json", nib],
            ["nib", "--instantiate", "--format", "json", nib],
            ["nib", "lint", "--format", "json", nib, "--outlets", outlets],
            ["compile", "--format", "json", root.appendingPathComponent("minimal.xib").path, "-o", scratch.path("minimal.nib").path],
        ]
        for arguments in runs {
            let result = try CLI.run(arguments)
            #expect(result.stderr.isEmpty, "\(arguments): \(result.stderr)")
            #expect(result.stdout.hasPrefix("{\n  \"version\": 1,\n"), "\(arguments): \(result.stdout.prefix(80))")
            #expect(try ParsedJSON.object(result.stdout)["version"] as? Int == 1, "\(arguments)")
        }
    }

    /// README links every page of Docs/ and both DocC catalogs.
    @Test func readmeLinksEveryDocsPageAndBothCatalogs() throws {
        let readme = try String(contentsOf: Corpus.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let docs = try FileManager.default.contentsOfDirectory(atPath: Corpus.packageRoot.appendingPathComponent("Docs").path)
            .filter { $0.hasSuffix(".md") }
        #expect(docs.count >= 10)
        for page in docs { #expect(readme.contains("](Docs/\(page))"), "README does not link Docs/\(page)") }
        for catalog in ["Sources/KeyedArchive/KeyedArchive.docc/", "Sources/Nib/Nib.docc/"] {
            #expect(readme.contains("](\(catalog)"), "README does not link \(catalog)")
        }
        #expect(readme.contains("swift package generate-documentation --target KeyedArchive"))
    }
}
