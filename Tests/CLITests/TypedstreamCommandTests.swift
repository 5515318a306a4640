import CorpusSupport
import Foundation
import KeyedArchive
import Testing

@Suite("typedstream in the CLI: validate, dump, ls, convert, text")
struct TypedstreamCommandTests {
    /// A Messages-style attributed string: two runs, the second with a link-like string attribute.
    static func message() throws -> [UInt8] {
        let part0: [ArchivedValue.Entry] = [.init(key: .string("__kIMMessagePartAttributeName"), value: .int(0))]
        let part1 = part0 + [.init(key: .string("__kIMLinkAttributeName"), value: .string("https://example.org"))]
        let s = ArchivedAttributedString(string: "see https://example.org", runs: [.init(length: 4, attributes: part0), .init(length: 19, attributes: part1)],
                                         isMutable: true)
        return try ArchivedValue.attributedString(s).typedstreamBytes()
    }

    @Test("validate accepts every fixture and corpus typedstream; a truncated one fails with its byte offset")
    func validate() throws {
        var paths = TypedstreamFixtures.rows().map(\.url.path)
        if Corpus.require() { paths += TypedstreamFixtures.corpusFiles().map(\.path) }
        let r = try CLI.run(["validate"] + paths)
        #expect(r.status == 0, "\(r.stderr)")
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        let whole = [UInt8](try Data(contentsOf: TypedstreamFixtures.rows()[0].url))
        let cut = try scratch.write(Array(whole.prefix(whole.count / 2)), to: "cut.typedstream")
        let bad = try CLI.run(["validate", cut.path])
        #expect(bad.status == 1)
        let said = bad.stdout + bad.stderr
        #expect(said.contains("truncated") && said.contains("byte"), "\(said)")
    }

    @Test("dump names the format and shows strings; ls calls an objects.nib a nib")
    func dumpAndLs() throws {
        let row = try #require(TypedstreamFixtures.rows().first { $0.repo == "fruitsamples/ClipboardViewer" })
        let dump = try CLI.run(["dump", row.url.path])
        #expect(dump.status == 0)
        #expect(dump.stdout.hasPrefix("typedstream (big-endian, streamer 4, system 1000)"))
        #expect(dump.stdout.contains("NSString \"Clipboard Viewer\""))
        let json = try CLI.run(["dump", "--format", "json", row.url.path])
        #expect(json.stdout.contains("\"format\": \"typedstream\""))
        let ls = try CLI.run(["ls", TypedstreamFixtures.directory.path])
        #expect(ls.status == 0)
        #expect(ls.stdout.contains("nib   typedstream"), "\(ls.stdout.prefix(300))")
    }

    @Test("text prints the string and its runs, as text and JSON")
    func text() throws {
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        let file = try scratch.write(try Self.message(), to: "attributedBody.bin")
        let r = try CLI.run(["text", file.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == """
            see https://example.org
            [0, 4) __kIMMessagePartAttributeName = 0
            [4, 23) __kIMMessagePartAttributeName = 0, __kIMLinkAttributeName = "https://example.org"

            """)
        #expect(try CLI.run(["text", "--plain", file.path]).stdout == "see https://example.org\n")
        let json = try ParsedJSON.object(try CLI.run(["text", "--format", "json", file.path]).stdout)
        #expect(json["text"] as? String == "see https://example.org")
        #expect((json["runs"] as? [Any])?.count == 2)
        let nib = try CLI.run(["text", TypedstreamFixtures.rows()[0].url.path])
        #expect(nib.status == 1)
        #expect(nib.stderr.contains("not an attributed string"), "\(nib.stderr)")
    }

    @Test("convert: typedstream → keyed archive → typedstream keeps the text and runs; the bytes come back equal")
    func convertBothWays() throws {
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        let original = try Self.message()
        let file = try scratch.write(original, to: "m.typedstream")
        let keyed = scratch.path("m.plist").path, back = scratch.path("back.typedstream").path
        #expect(try CLI.run(["convert", file.path, "--to", "binary", "-o", keyed]).status == 0)
        #expect(try CLI.run(["validate", keyed]).status == 0)
        #expect(try CLI.run(["text", keyed]).stdout == (try CLI.run(["text", file.path]).stdout))
        #expect(try CLI.run(["convert", keyed, "--to", "typedstream", "-o", back]).status == 0)
        #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: back))) == original)
        // A nib's root has no keyed Foundation shape: a clear error naming the class.
        let nib = try CLI.run(["convert", TypedstreamFixtures.rows()[0].url.path, "--to", "xml"])
        #expect(nib.status == 1)
        #expect(nib.stderr.contains("NSIBObjectData"), "\(nib.stderr)")
    }
}
