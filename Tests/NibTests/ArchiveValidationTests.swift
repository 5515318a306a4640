import Foundation
import KeyedArchive
import Testing
import Nib
import CorpusSupport

/// `ArchiveValidation` and `ArchiveDocument` over the real corpus: the library verdict `validate` prints.
@Suite struct ArchiveValidationTests {
    /// Corpus files written as broken keyed archives on purpose (bpylist2's and go-nskeyedarchiver's
    /// negative fixtures), with the error code each must get.
    static let brokenFixtures: [String: ArchiveError.Code] = [
        "tests__fixture_data__invalid_type_archive.plist": .invalidArchiveHeader,
        "tests__fixture_data__invalid_uid_archive.plist": .badReference,
        "tests__fixture_data__invalid_version_archive.plist": .invalidArchiveHeader,
        "tests__fixture_data__missing_uid_archive.plist": .corruptArchive,
        "tests__fixture_data__no_class_meta_archive.plist": .corruptArchive,
        "tests__fixture_data__no_class_name_archive.plist": .corruptArchive,
        "tests__fixture_data__no_objects_archive.plist": .invalidArchiveHeader,
        "tests__fixture_data__no_top_archive.plist": .invalidArchiveHeader,
        "fixtures__missing_objects.xml": .invalidArchiveHeader,
        "fixtures__missing_top.xml": .invalidArchiveHeader,
        "fixtures__missing_version.xml": .invalidArchiveHeader,
        "fixtures__wrong_archiver.xml": .invalidArchiveHeader,
        "fixtures__wrong_version.xml": .invalidArchiveHeader,
    ]

    @Test func everyCorpusArchiveValidatesExceptTheBrokenFixtures() throws {
        guard Corpus.require() else { return }
        var sound = 0, broken = 0
        for url in Corpus.files("keyed") + Corpus.files("nib") + Corpus.files("xib") {
            let bytes = try Corpus.bytes(url)
            // Files that are no archive at all (sources, images) are not validate's business.
            guard (try? ArchiveDocument.openLeniently(bytes)) != nil else { continue }
            let expected = Self.brokenFixtures[url.lastPathComponent]
            do {
                try ArchiveValidation.validate(bytes)
                #expect(expected == nil, "\(Corpus.name(url)) should fail with \(String(describing: expected))")
                sound += 1
            } catch {
                #expect(error.code == expected, "\(Corpus.name(url)): \(error)")
                broken += 1
            }
        }
        #expect(broken == Self.brokenFixtures.count)
        #expect(sound > 500, "only \(sound) corpus archives validated")
    }

    @Test func sniffedPlatformAgreesWithTheNibModel() throws {
        guard Corpus.require() else { return }
        var nibs = 0
        for url in Corpus.files("nib", magic: "NIBArchive") + Corpus.files("keyed") {
            guard let document = try? ArchiveDocument.open(Corpus.bytes(url)), let graph = document.graph,
                  graph.metadata.source != .typedstream else { continue }
            guard let model = try? NibDocument(graph: graph) else {
                // Not a nib: an ordinary keyed archive must not look like one.
                #expect(NibPlatform.detect(graph) == nil || graph.metadata.source == .nibArchive, "\(Corpus.name(url))")
                continue
            }
            #expect(NibPlatform.detect(graph) == model.platform, "\(Corpus.name(url))")
            nibs += 1
        }
        #expect(nibs > 100)
    }

    @Test func lenientOpenKeepsWhatParsedAndReportsTheProblem() throws {
        guard Corpus.require() else { return }
        let url = try #require(Corpus.files("keyed").first { $0.lastPathComponent == "tests__fixture_data__invalid_uid_archive.plist" })
        let bytes = try Corpus.bytes(url)
        let (document, problem) = try ArchiveDocument.openLeniently(bytes)
        // The graph keeps a dangling UID (Apple's unarchiver fails only when it is decoded); validation names it.
        #expect(problem?.code == .badReference && problem?.reason.contains("UID 10") == true, "\(String(describing: problem))")
        #expect(document.kindName == "keyedArchive" && document.objectCount == 3 && document.summary == "keyed archive (binary)")
        #expect(try ArchiveDocument.open(bytes).graph?.objects.count == 3)
    }

    @Test func truncatedInputNamesTheByteOffset() throws {
        guard Corpus.require() else { return }
        let url = try #require(Corpus.files("nib", magic: "NIBArchive").first)
        let bytes = try Corpus.bytes(url)
        try ArchiveValidation.validate(bytes)
        let error = #expect(throws: ArchiveError.self) { try ArchiveValidation.validate(Array(bytes.prefix(bytes.count / 2))) }
        #expect(error?.offset != nil, "\(String(describing: error))")
    }
}
