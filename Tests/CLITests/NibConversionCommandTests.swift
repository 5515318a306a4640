import Foundation
import KeyedArchive
import Testing
import CorpusSupport

/// `convert` and `dump` on nibs: NIBArchive ↔ keyed archive through the executable.
@Suite("convert and dump of nibs")
struct NibConversionCommandTests {
    /// Corpus NIBArchives, every `stride`-th by path so small and large files, iOS and macOS, are all sampled.
    static func nibArchives(stride: Int = 8) -> [URL] {
        let all = Corpus.files("nib", magic: "NIBArchive")
        return all.enumerated().filter { $0.offset % stride == 0 }.map(\.element)
    }

    /// Nibs stored as keyed archives (binary plists; a storyboard's Info.plist is not one), smallest first.
    static func keyedNibs(limit: Int) -> [URL] {
        let found = Corpus.files("nib", magic: "bplist00").filter { $0.pathExtension != "plist" }.compactMap { url in
            (try? Corpus.bytes(url)).map { (url, $0.count) }
        }
        return found.sorted { $0.1 < $1.1 }.prefix(limit).map(\.0)
    }

    @Test func aNIBArchiveIsRewrittenByteForByte() throws {
        guard Corpus.require() else { return }
        let files = Self.nibArchives()
        #expect(files.count >= 20)
        for url in files {
            let result = try CLI.run(["convert", url.path, "--to", "nibarchive"])
            #expect(result.status == 0, "\(Corpus.name(url)): \(result.stderr)")
            let original = try Corpus.bytes(url)
            #expect(result.stdoutBytes == original, "\(Corpus.name(url)): \(result.stdoutBytes.count) bytes written, \(original.count) read")
        }
    }

    /// keyed nib → NIBArchive → keyed binary plist, and each step, are the same graph by `diff`.
    @Test func aKeyedNibThroughNIBArchiveAndBackIsSemanticallyEqual() throws {
        guard Corpus.require() else { return }
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        let files = Self.keyedNibs(limit: 8)
        #expect(files.count >= 5)
        for (n, url) in files.enumerated() {
            let nib = scratch.path("\(n).nib").path, plist = scratch.path("\(n).plist").path
            #expect(try CLI.run(["convert", url.path, "--to", "nibarchive", "-o", nib]).status == 0, "\(Corpus.name(url))")
            #expect(Array(try Corpus.bytes(URL(fileURLWithPath: nib)).prefix(10)) == Array("NIBArchive".utf8))
            #expect(try CLI.run(["convert", nib, "--to", "binary", "-o", plist]).status == 0, "\(Corpus.name(url))")
            #expect(Array(try Corpus.bytes(URL(fileURLWithPath: plist)).prefix(8)) == Array("bplist00".utf8))
            for (a, b) in [(url.path, nib), (url.path, plist), (nib, plist)] {
                let diff = try CLI.run(["diff", a, b])
                #expect(diff.status == 0, "\(Corpus.name(url)): \(a) vs \(b): \(diff.stdout)")
            }
        }
    }

    /// NIBArchive → keyed binary: `diff` equal to the original. NIBArchive → keyed XML: equal except that
    /// XML has one real type, so a float32 reads back as a double of the same float value.
    @Test func aNIBArchiveConvertsToKeyedBinaryAndXML() throws {
        guard Corpus.require() else { return }
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        var floatsChecked = 0
        for (n, url) in Self.nibArchives(stride: 25).enumerated() {
            let binary = scratch.path("\(n).plist").path, xml = scratch.path("\(n).xml").path
            for (target, out) in [("binary", binary), ("xml", xml)] {
                let convert = try CLI.run(["convert", url.path, "--to", target, "-o", out])
                #expect(convert.status == 0, "\(Corpus.name(url)) → \(target): \(convert.stderr)")
                let head = Array(try Corpus.bytes(URL(fileURLWithPath: out)).prefix(5))
                #expect(head == Array((target == "xml" ? "<?xml" : "bplis").utf8), "\(Corpus.name(url)) → \(target)")
            }
            let toBinary = try CLI.run(["diff", url.path, binary])
            #expect(toBinary.status == 0, "\(Corpus.name(url)) → binary: \(toBinary.stdout)")
            let toXML = try CLI.run(["diff", url.path, xml])
            if toXML.status != 0 {
                #expect(toXML.status == 1)
                let changes = toXML.stdout.split(separator: "\n").filter { !$0.hasPrefix("--- ") && !$0.hasPrefix("+++ ") }
                #expect(!changes.isEmpty && changes.allSatisfy { $0.hasPrefix("changed ") && $0.hasSuffix(": float ≠ double") },
                        "\(Corpus.name(url)) → xml: \(toXML.stdout)")
            }
            // The keyed binary and XML graphs are laid out alike: compare their values one by one.
            let a = try ParsedJSON.object(try CLI.run(["dump", "--format", "json", binary]).stdout)["objects"] as? [[String: Any]] ?? []
            let b = try ParsedJSON.object(try CLI.run(["dump", "--format", "json", xml]).stdout)["objects"] as? [[String: Any]] ?? []
            #expect(a.count == b.count && !a.isEmpty, "\(Corpus.name(url))")
            for (i, (x, y)) in zip(a, b).enumerated() {
                let xs = x["values"] as? [[String: Any]] ?? [], ys = y["values"] as? [[String: Any]] ?? []
                #expect(xs.count == ys.count, "\(Corpus.name(url)) #\(i)")
                for (p, q) in zip(xs, ys) where p["type"] as? String == "float" {
                    floatsChecked += 1
                    #expect(q["type"] as? String == "double", "\(Corpus.name(url)) #\(i)")
                    #expect((p["value"] as? Double).map { Float($0) } == (q["value"] as? Double).map { Float($0) },
                            "\(Corpus.name(url)) #\(i).\(p["key"] ?? "")")
                }
            }
        }
        #expect(floatsChecked > 0)
    }

    /// `objects[i]` of a NIBArchive's JSON is object record i: its class, fallbacks, and values in table order.
    @Test func dumpJSONOfANIBArchiveFollowsTheObjectTable() throws {
        guard Corpus.require() else { return }
        for url in Self.nibArchives(stride: 10) {
            let graph = try ArchiveGraph(nibArchive: try Corpus.bytes(url))
            let result = try CLI.run(["dump", "--format", "json", url.path])
            #expect(result.status == 0, "\(Corpus.name(url)): \(result.stderr)")
            let doc = try ParsedJSON.object(result.stdout)
            #expect(doc["version"] as? Int == 1)
            #expect(doc["format"] as? String == "nibArchive")
            #expect(doc["nibCoderVersion"] as? Int == graph.metadata.nibCoderVersion.map(Int.init))
            let entries = try #require(doc["objects"] as? [[String: Any]], "\(Corpus.name(url))")
            #expect(entries.count == graph.objects.count, "\(Corpus.name(url))")
            for (i, entry) in entries.enumerated() where i < graph.objects.count {
                let at = "\(Corpus.name(url)) #\(i)"
                #expect(entry["kind"] as? String == "object", "\(at)")
                #expect(entry["class"] as? String == graph.className(ofObject: i), "\(at)")
                let record = graph.objects[i]
                let fallbacks = graph.classes[record.classIndex].fallbacks.map { graph.classes[$0].name }
                #expect(entry["fallbacks"] as? [String] == fallbacks, "\(at)")
                let values = entry["values"] as? [[String: Any]] ?? []
                let expected = Array(graph.values(ofObject: i))
                #expect(values.map { $0["key"] as? String } == expected.map { graph.key($0.key) }, "\(at)")
                for (json, kv) in zip(values, expected) {
                    #expect(Self.matches(json, kv.value, in: graph), "\(at).\(graph.key(kv.key)): \(json) vs \(kv.value)")
                }
            }
        }
    }

    /// Whether a `{"type", "value", …}` entry renders `value` as Docs/json-schema.md §2 says.
    static func matches(_ json: [String: Any], _ value: ArchiveValue, in graph: ArchiveGraph) -> Bool {
        guard json["type"] as? String == value.kindName else { return false }
        let v = json["value"]
        switch value {
        case .nil: return v is NSNull
        case .bool(let b): return (v as? Bool) == b
        case let .int(n, width):
            return (v as? NSNumber)?.int64Value == n && (json["width"] as? Int) == Int(width)
        case .float(let f):
            if f.isNaN { return v as? String == "nan" }
            if f.isInfinite { return v as? String == (f < 0 ? "-inf" : "inf") }
            return (v as? Double).map { Float($0) == f } ?? false
        case .double(let d):
            if d.isNaN { return v as? String == "nan" }
            if d.isInfinite { return v as? String == (d < 0 ? "-inf" : "inf") }
            return (v as? Double) == d
        case .bytes(let r):
            return v as? String == Data(graph.bytes(r)).base64EncodedString() && json["size"] as? Int == r.count
        case .ref(let i): return (v as? Int) == i
        default: return false  // a NIBArchive stores no other kinds
        }
    }
}
