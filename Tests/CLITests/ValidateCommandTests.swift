import Foundation
import KeyedArchive
import Testing
import CorpusSupport

@Suite("validate")
struct ValidateCommandTests {
    @Test func recursiveValidationReportsExactlyTheCorruptFile() throws {
        guard Corpus.require() else { return }
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        _ = try scratch.write(try Corpus.bytes(Fixtures.minimalNib), to: "tree/a/minimal.nib")
        _ = try scratch.write(try Corpus.bytes(Fixtures.keyedNib), to: "tree/a/b/MainWindow.nib")
        _ = try scratch.write(try Corpus.bytes(Fixtures.keyedSet), to: "tree/set.archive")
        _ = try scratch.write(Array("not an archive\n".utf8), to: "tree/notes.txt")
        // The same keyed archive with its last 8 bytes (part of the trailer) cut off.
        let good = try Corpus.bytes(Fixtures.keyedSet)
        _ = try scratch.write(Array(good.dropLast(8)), to: "tree/a/broken.archive")

        let result = try CLI.run(["validate", "--recursive", "tree"], in: scratch.url)
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stdout)")
        #expect(lines.first?.hasPrefix("tree/a/broken.archive: ") == true, "\(result.stdout)")
        #expect(result.stderr.isEmpty)
    }

    @Test func onATerminalAProgressLineAndASummaryAreShown() throws {
        guard Corpus.require() else { return }
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        _ = try scratch.write(try Corpus.bytes(Fixtures.minimalNib), to: "d/a.nib")
        _ = try scratch.write(try Corpus.bytes(Fixtures.keyedSet), to: "d/b.archive")
        _ = try scratch.write(Array(try Corpus.bytes(Fixtures.keyedSet).dropLast(8)), to: "d/c.archive")
        let result = try CLI.run(["validate", "-r", "d"], in: scratch.url, environment: ["KEYED_ARCHIVE_TTY": "1"])
        #expect(result.status == 1)
        let clear = "\r\u{1B}[K"
        #expect(result.stdout.contains(clear + "[" + String(repeating: "#", count: 24) + "] 3/3"), "\(result.stdout)")
        #expect(result.stdout.contains(clear + "d/c.archive: "), "\(result.stdout)")
        let summary = try #require(result.stdout.components(separatedBy: clear).last)
        #expect(summary.hasPrefix("2 ok, 1 bad ("), "\(summary)")
        #expect(!result.stdout.contains("\u{1B}[3"), "colour despite NO_COLOR")
    }

    @Test func goodFilesExitZeroAndPrintNothing() throws {
        guard Corpus.require() else { return }
        let result = try CLI.run(["validate", Fixtures.minimalNib.path, Fixtures.keyedNib.path, Fixtures.keyedSet.path])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func standardInputIsValidatedAndNamedDash() throws {
        guard Corpus.require() else { return }
        let good = try Corpus.bytes(Fixtures.keyedSet)
        #expect(try CLI.run(["validate", "-"], stdin: good).status == 0)
        let bad = try CLI.run(["validate", "-"], stdin: Array(good.prefix(40)))
        #expect(bad.status == 1)
        #expect(bad.stdout.hasPrefix("-: "), "\(bad.stdout)")
    }

    @Test func errorLineSaysWhereAndVerboseAddsHexContext() throws {
        guard Corpus.require() else { return }
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        var bytes = try Corpus.bytes(Fixtures.minimalNib)
        // Break the NIBArchive header's object-table offset (bytes 22–25 hold objectsOffset, little-endian).
        bytes.replaceSubrange(22 ..< 26, with: [0xFF, 0xFF, 0x00, 0x00])
        _ = try scratch.write(bytes, to: "bad.nib")
        let plain = try CLI.run(["validate", "bad.nib"], in: scratch.url)
        #expect(plain.status == 1)
        let line = plain.stdout.trimmingCharacters(in: .newlines)
        #expect(line.hasPrefix("bad.nib: "), "\(line)")
        #expect(line.contains("(") && line.contains("byte"), "no location in: \(line)")
        #expect(!line.contains("\n"))
        let verbose = try CLI.run(["validate", "--verbose", "bad.nib"], in: scratch.url)
        #expect(verbose.stdout.contains("^^"), "\(verbose.stdout)")
        #expect(verbose.stdout.contains("00000000  4e 49 42 41"), "\(verbose.stdout)")
    }

    /// A keyed archive whose objects refer past the object table: `validate` names the first such
    /// reference with its object and key, in object order (a flat pass finds that there is one, then the
    /// walk says where).
    @Test func aDanglingReferenceIsNamedWithItsObjectAndKey() throws {
        func archive(x: UInt64, listed: UInt64) -> [UInt8] {
            var b = PropertyListBuilder()
            func s(_ t: String) -> Int { b.addString(t) }
            let cls = b.addDict(keys: [s("$classname"), s("$classes")], values: [s("Thing"), b.addArray([s("Thing"), s("NSObject")])])
            let thing = b.addDict(keys: [s("$class"), s("x"), s("list")],
                                  values: [b.addUID(2), b.addUID(x), b.addArray([b.addUID(1), b.addUID(listed)])])
            let objects = b.addArray([s("$null"), thing, cls])
            let root = b.addDict(keys: [s("$archiver"), s("$objects"), s("$top"), s("$version")],
                                 values: [s("NSKeyedArchiver"), objects, b.addDict(keys: [s("root")], values: [b.addUID(1)]), b.addInteger(Int64(100000))])
            return b.build(root: root).binaryData()
        }
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        _ = try scratch.write(archive(x: 0, listed: 2), to: "good.archive")
        _ = try scratch.write(archive(x: 99, listed: 2), to: "x.archive")
        _ = try scratch.write(archive(x: 0, listed: 77), to: "list.archive")
        #expect(try CLI.run(["validate", "good.archive"], in: scratch.url).status == 0)
        let x = try CLI.run(["validate", "x.archive"], in: scratch.url)
        #expect(x.status == 1)
        #expect(x.stdout.contains("object 99") && x.stdout.contains("x") && x.stdout.contains("#1"), "\(x.stdout)")
        let list = try CLI.run(["validate", "list.archive"], in: scratch.url)
        #expect(list.status == 1)
        #expect(list.stdout.contains("object 77") && list.stdout.contains("list"), "\(list.stdout)")
    }

    @Test func aStoryboardMissingAListedSceneNibIsBad() throws {
        guard Corpus.require() else { return }
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        let dir = scratch.path("Main.storyboardc")
        try FileManager.default.copyItem(at: Fixtures.storyboardDirectory, to: dir)
        #expect(try CLI.run(["validate", "Main.storyboardc"], in: scratch.url).status == 0)
        try FileManager.default.removeItem(at: dir.appendingPathComponent("NSWindowController-wc1-00-001.nib"))
        let result = try CLI.run(["validate", "Main.storyboardc"], in: scratch.url)
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stdout)")
        #expect(lines.first?.hasPrefix("Main.storyboardc/NSWindowController-wc1-00-001.nib: fileNotFound") == true, "\(result.stdout)")
    }

    @Test func aPlainDirectoryNeedsRecursive() throws {
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        _ = try scratch.write(Array("x".utf8), to: "d/x.txt")
        let result = try CLI.run(["validate", "d"], in: scratch.url)
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("d: "))
    }

    @Test func unknownFormatIsReportedForAnExplicitFile() throws {
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        _ = try scratch.write(Array("hello".utf8), to: "hello.txt")
        let result = try CLI.run(["validate", "hello.txt"], in: scratch.url)
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("hello.txt: unknownFormat"), "\(result.stdout)")
    }

    @Test func filesFromReadsAListByLinesOrNulBytes() throws {
        guard Corpus.require() else { return }
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        _ = try scratch.write(try Corpus.bytes(Fixtures.minimalNib), to: "a.nib")
        _ = try scratch.write(Array(try Corpus.bytes(Fixtures.keyedSet).dropLast(8)), to: "with space\nnewline.archive")
        // CRLF lines and a blank line; the list's inputs follow the command line's, in order.
        _ = try scratch.write(Array("a.nib\r\n\nmissing.nib\n".utf8), to: "list.txt")
        let byLines = try CLI.run(["validate", "--format", "json", "a.nib", "--files-from", "list.txt"], in: scratch.url)
        #expect(byLines.status == 1)
        let paths = try Self.paths(byLines.stdout)
        #expect(paths == ["a.nib", "a.nib", "missing.nib"], "\(byLines.stdout)")

        // A path with a newline in it needs NUL separation, from standard input here.
        let list = Array("a.nib\u{0}with space\nnewline.archive\u{0}".utf8)
        let byNul = try CLI.run(["validate", "--files-from", "-", "-0"], stdin: list, in: scratch.url)
        #expect(byNul.status == 1)
        #expect(!byNul.stdout.contains("a.nib"), "\(byNul.stdout)")
        #expect(byNul.stdout.hasPrefix("with space\nnewline.archive: corrupt: trailer"), "\(byNul.stdout)")

        let good = try CLI.run(["validate", "--files-from", "-"], stdin: Array("a.nib\n".utf8), in: scratch.url)
        #expect(good.status == 0 && good.stdout.isEmpty, "\(good.stdout)\(good.stderr)")
    }

    @Test func filesFromErrorsAreUsageOrReadErrors() throws {
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        let unreadable = try CLI.run(["validate", "--files-from", "nope.txt"], in: scratch.url)
        #expect(unreadable.status == 1 && unreadable.stderr.contains("nope.txt: cannot open for reading"), "\(unreadable.stderr)")
        #expect(try CLI.run(["validate"], in: scratch.url).status == 64)
        #expect(try CLI.run(["validate", "-", "--files-from", "-"], in: scratch.url).status == 64)
        #expect(try CLI.run(["validate", "x", "--null"], in: scratch.url).status == 64)
    }

    static func paths(_ json: String) throws -> [String] {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let results = object?["results"] as? [[String: Any]] ?? []
        return results.compactMap { $0["path"] as? String }
    }
}
