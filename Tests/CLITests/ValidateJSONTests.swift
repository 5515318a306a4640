import Foundation
import KeyedArchive
import Testing
import CorpusSupport

@Suite("validate --format json")
struct ValidateJSONTests {
    /// The error the library itself reports for `bytes`, to compare the JSON against.
    static func libraryError(_ bytes: [UInt8]) -> ArchiveError? {
        do { _ = try PropertyList(parsing: bytes); return nil } catch { return error }
    }

    @Test func listsEveryCheckedFileWithTheLibrarysErrorAndASummary() throws {
        guard Corpus.require() else { return }
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        _ = try scratch.write(try Corpus.bytes(Fixtures.minimalNib), to: "tree/a/minimal.nib")
        _ = try scratch.write(try Corpus.bytes(Fixtures.keyedSet), to: "tree/set.archive")
        _ = try scratch.write(Array("not an archive\n".utf8), to: "tree/notes.txt")
        // Trailer cut short: a binary-plist error with a byte offset.
        let truncated = Array(try Corpus.bytes(Fixtures.keyedSet).dropLast(8))
        _ = try scratch.write(truncated, to: "tree/b/broken.archive")
        // An XML plist whose <integer> is never closed: an error with line and column.
        let xml = Array("""
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict><key>a</key><integer>1</dict>
        </plist>

        """.utf8)
        _ = try scratch.write(xml, to: "tree/b/bad.plist")

        let result = try CLI.run(["validate", "--recursive", "--format", "json", "tree"], in: scratch.url)
        #expect(result.status == 1)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        let doc = try ParsedJSON.object(result.stdout)
        #expect(doc["version"] as? Int == 1)
        let rows = try #require(doc["results"] as? [[String: Any]])
        let byPath = Dictionary(uniqueKeysWithValues: rows.compactMap { row in (row["path"] as? String).map { ($0, row) } })
        #expect(Set(byPath.keys) == ["tree/a/minimal.nib", "tree/set.archive", "tree/b/broken.archive", "tree/b/bad.plist"],
                "\(result.stdout)")
        #expect(byPath["tree/a/minimal.nib"]?["ok"] as? Bool == true)
        #expect(byPath["tree/a/minimal.nib"]?["code"] == nil)

        let binary = try #require(Self.libraryError(truncated))
        let broken = try #require(byPath["tree/b/broken.archive"])
        #expect(broken["ok"] as? Bool == false)
        #expect(broken["code"] as? String == binary.code.name)
        #expect(broken["reason"] as? String == binary.reason)
        #expect(broken["offset"] as? Int == binary.offset)
        #expect(binary.offset != nil)

        let grammar = try #require(Self.libraryError(xml))
        let bad = try #require(byPath["tree/b/bad.plist"])
        #expect(bad["code"] as? String == grammar.code.name)
        #expect(bad["line"] as? Int == grammar.line)
        #expect(bad["column"] as? Int == grammar.column)
        #expect(grammar.line == 3)

        let summary = try #require(doc["summary"] as? [String: Any])
        #expect(summary["ok"] as? Int == 2)
        #expect(summary["bad"] as? Int == 2)
        #expect(summary["skipped"] as? Int == 1)
        let kinds = try #require(summary["kinds"] as? [String: Int])
        var expected: [String: Int] = [:]
        for e in [binary, grammar] { expected[e.code.name, default: 0] += 1 }
        #expect(kinds == expected)
    }

    @Test func goodInputsExitZeroAndAnUnreadableArgumentIsAResult() throws {
        guard Corpus.require() else { return }
        let good = try CLI.run(["validate", "--format", "json", Fixtures.minimalNib.path, Fixtures.keyedSet.path])
        #expect(good.status == 0, "\(good.stdout)\(good.stderr)")
        let doc = try ParsedJSON.object(good.stdout)
        let rows = try #require(doc["results"] as? [[String: Any]])
        #expect(rows.map { $0["path"] as? String } == [Fixtures.minimalNib.path, Fixtures.keyedSet.path])
        #expect(rows.allSatisfy { $0["ok"] as? Bool == true })

        let scratch = try Scratch()
        defer { scratch.cleanup() }
        let missing = try CLI.run(["validate", "--format", "json", "absent.plist"], in: scratch.url)
        #expect(missing.status == 1)
        let row = try #require((try ParsedJSON.object(missing.stdout)["results"] as? [[String: Any]])?.first)
        #expect(row["path"] as? String == "absent.plist")
        #expect(row["ok"] as? Bool == false)
        #expect((row["code"] as? String)?.isEmpty == false)
        #expect((row["reason"] as? String)?.isEmpty == false)
    }

    @Test func aStoryboardsMissingSceneNibIsNamedInTheResult() throws {
        guard Corpus.require() else { return }
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        let dir = scratch.path("Main.storyboardc")
        try FileManager.default.copyItem(at: Fixtures.storyboardDirectory, to: dir)
        try FileManager.default.removeItem(at: dir.appendingPathComponent("NSWindowController-wc1-00-001.nib"))
        let result = try CLI.run(["validate", "--format", "json", "Main.storyboardc"], in: scratch.url)
        #expect(result.status == 1)
        let rows = try #require(try ParsedJSON.object(result.stdout)["results"] as? [[String: Any]])
        let bad = rows.filter { $0["ok"] as? Bool == false }
        #expect(bad.count == 1, "\(result.stdout)")
        #expect(bad.first?["path"] as? String == "Main.storyboardc/NSWindowController-wc1-00-001.nib")
        #expect(bad.first?["code"] as? String == "fileNotFound")
    }

    @Test func jsonIsNeverMixedWithTheProgressDisplay() throws {
        guard Corpus.require() else { return }
        let result = try CLI.run(["validate", "--format", "json", Fixtures.keyedSet.path],
                                 environment: ["KEYED_ARCHIVE_TTY": "1"])
        #expect(result.status == 0)
        #expect(!result.stdout.contains("\r"), "\(result.stdout)")
        #expect(try ParsedJSON.object(result.stdout)["version"] as? Int == 1)
    }
}
