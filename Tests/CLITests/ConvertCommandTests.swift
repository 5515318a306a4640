import Foundation
import KeyedArchive
import Testing
import CorpusSupport

@Suite("convert")
struct ConvertCommandTests {
    /// binary → xml → binary keeps every object: the round-tripped file validates and dumps to the
    /// same JSON as the original.
    @Test func binaryToXMLToBinaryRoundTripsCorpusArchives() throws {
        guard Corpus.require() else { return }
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        let files = Fixtures.binaryKeyedArchives(limit: 25)
        #expect(files.count >= 10)
        for (n, url) in files.enumerated() {
            let xml = scratch.path("\(n).xml").path, back = scratch.path("\(n).plist").path
            let toXML = try CLI.run(["convert", url.path, "--to", "xml", "-o", xml])
            #expect(toXML.status == 0, "\(Corpus.name(url)): \(toXML.stderr)")
            #expect(toXML.stdout.isEmpty)
            let head = try String(contentsOfFile: xml, encoding: .utf8).prefix(5)
            #expect(head == "<?xml", "\(Corpus.name(url))")
            let toBinary = try CLI.run(["convert", xml, "--to", "binary", "-o", back])
            #expect(toBinary.status == 0, "\(Corpus.name(url)): \(toBinary.stderr)")
            // A round trip neither breaks a good archive nor hides the problems of a broken one.
            #expect(try CLI.run(["validate", back]).status == (try CLI.run(["validate", url.path]).status), "\(Corpus.name(url))")
            let original = try CLI.run(["dump", "--format", "json", url.path])
            let roundTripped = try CLI.run(["dump", "--format", "json", back])
            #expect(try Self.withoutWidths(original.stdout) == (try Self.withoutWidths(roundTripped.stdout)), "\(Corpus.name(url))")
        }
    }

    /// Integer widths are a binary-plist detail XML does not keep; compare everything else.
    static func withoutWidths(_ json: String) throws -> NSDictionary {
        let doc = try ParsedJSON.object(json)
        func strip(_ v: Any) -> Any {
            if let d = v as? [String: Any] {
                var out: [String: Any] = [:]
                for (k, x) in d where k != "width" { out[k] = strip(x) }
                return out
            }
            if let a = v as? [Any] { return a.map(strip) }
            return v
        }
        return (strip(doc) as? [String: Any] ?? [:]) as NSDictionary
    }

    @Test func binaryOutputToStandardOutputIsTheSameAsToAFile() throws {
        guard Corpus.require() else { return }
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        let out = scratch.path("x.plist").path
        _ = try CLI.run(["convert", Fixtures.keyedSet.path, "--to", "binary", "-o", out])
        let piped = try CLI.run(["convert", Fixtures.keyedSet.path, "--to", "binary"])
        #expect(piped.status == 0)
        #expect(piped.stdoutBytes == Array(try Data(contentsOf: URL(fileURLWithPath: out))))
        #expect(piped.stdoutBytes.starts(with: Array("bplist00".utf8)))
    }

    @Test func jsonRenderingUsesTheDocumentedMarkers() throws {
        guard Corpus.require() else { return }
        let result = try CLI.run(["convert", Fixtures.keyedSet.path, "--to", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let doc = try ParsedJSON.object(result.stdout)
        #expect(doc["$archiver"] as? String == "NSKeyedArchiver")
        #expect(doc["$version"] as? Int == 100_000)
        let top = try #require(doc["$top"] as? [String: Any])
        #expect((top["root"] as? [String: Any])?["$uid"] as? Int == 1)
        let objects = try #require(doc["$objects"] as? [Any])
        #expect(objects.first as? String == "$null")
        let set = try #require(objects[1] as? [String: Any])
        #expect((set["$class"] as? [String: Any])?["$uid"] != nil)
        let members = try #require(set["NS.objects"] as? [[String: Any]])
        #expect(members.count == 5)
        #expect(Set(members.compactMap { $0["$uid"] as? Int }.compactMap { objects[$0] as? Int }) == [1, 2, 3, 4, 5])
    }

    @Test func nonKeyedTargetsOfAPlainPlistAreRejected() throws {
        guard Corpus.require() else { return }
        let info = Fixtures.storyboardDirectory.appendingPathComponent("Info.plist")
        let result = try CLI.run(["convert", info.path, "--to", "nibarchive"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix(info.path + ": "))
    }

    @Test func anUnknownTargetIsAUsageError() throws {
        let result = try CLI.run(["convert", "x", "--to", "yaml"])
        #expect(result.status == 64)
    }
}
