import Foundation
import KeyedArchive
import Testing
import CorpusSupport

@Suite("dump")
struct DumpCommandTests {
    /// `objects[i]` of the JSON is `$objects[i]` of the archive, for every index.
    @Test func jsonObjectIndexingEqualsTheObjectsArray() throws {
        guard Corpus.require() else { return }
        let files = Fixtures.binaryKeyedArchives(limit: 40)
        #expect(files.count >= 10)
        for url in files {
            let plist = try PropertyList(parsing: try Corpus.bytes(url))
            let objects = try #require(plist.dictValue(plist.root, forKey: "$objects"))
            let table = Array(plist.elements(objects))
            let result = try CLI.run(["dump", "--format", "json", url.path])
            #expect(result.status == 0, "\(Corpus.name(url)): \(result.stderr)")
            let doc = try ParsedJSON.object(result.stdout)
            #expect(doc["version"] as? Int == 1)
            #expect(doc["format"] as? String == "keyedArchive")
            let entries = try #require(doc["objects"] as? [[String: Any]], "\(Corpus.name(url))")
            #expect(entries.count == table.count, "\(Corpus.name(url))")
            for (i, node) in table.enumerated() where i < entries.count {
                let entry = entries[i]
                switch plist.kind(node) {
                case .string:
                    #expect(entry["value"] as? String == plist.string(node), "\(Corpus.name(url)) #\(i)")
                    #expect(entry["class"] is NSNull)
                case .dict:
                    if let cls = plist.dictValue(node, forKey: "$class"), let uid = plist.uid(cls) {
                        let classDict = table[Int(uid)]
                        let name = plist.dictValue(classDict, forKey: "$classname").flatMap { plist.string($0) }
                        #expect(entry["class"] as? String == name, "\(Corpus.name(url)) #\(i)")
                    } else if let name = plist.dictValue(node, forKey: "$classname").flatMap({ plist.string($0) }) {
                        #expect(entry["classname"] as? String == name, "\(Corpus.name(url)) #\(i)")
                    }
                case .integer:
                    if let v = plist.int64(node) { #expect(entry["value"] as? Int64 == v, "\(Corpus.name(url)) #\(i)") }
                default:
                    break
                }
            }
            // $top names object indices.
            let top = try #require(doc["top"] as? [String: Any])
            let topDict = try #require(plist.dictValue(plist.root, forKey: "$top"))
            for (k, v) in zip(plist.dictKeys(topDict), plist.dictValues(topDict)) {
                guard let name = plist.string(k), let uid = plist.uid(v), uid != 0 else { continue }
                #expect(top[name] as? Int == Int(uid), "\(Corpus.name(url)) $top.\(name)")
            }
        }
    }

    /// Every object is expanded at most once; later references are `→ #i`.
    @Test func textNeverExpandsAnObjectTwice() throws {
        guard Corpus.require() else { return }
        for url in [Fixtures.keyedNib, Fixtures.minimalNib] + Fixtures.binaryKeyedArchives(limit: 15) {
            let result = try CLI.run(["dump", url.path])
            #expect(result.status == 0)
            let json = try ParsedJSON.object(try CLI.run(["dump", "--format", "json", url.path]).stdout)
            let kinds = (json["objects"] as? [[String: Any]] ?? []).map { $0["kind"] as? String }
            var expanded: [Int: Int] = [:]
            for line in result.stdout.split(separator: "\n") {
                guard let eq = line.range(of: " = ") else { continue }
                let rhs = line[eq.upperBound...]
                if rhs.hasPrefix("→ #") { continue }
                guard rhs.hasPrefix("#"), let n = Int(rhs.dropFirst().prefix(while: \.isNumber)) else { continue }
                if n < kinds.count, kinds[n] == "object" { expanded[n, default: 0] += 1 }
            }
            #expect(expanded.values.allSatisfy { $0 == 1 }, "\(Corpus.name(url)): \(expanded.filter { $0.value > 1 })")
            if url == Fixtures.keyedNib || url == Fixtures.minimalNib { #expect(expanded.count > 10, "\(Corpus.name(url))") }
        }
    }

    @Test func sharedObjectsPrintAsBackReferences() throws {
        guard Corpus.require() else { return }
        // MainWindow.nib's connections point back at top-level objects expanded earlier.
        let result = try CLI.run(["dump", Fixtures.keyedNib.path])
        #expect(result.stdout.contains("UIDestination = → #14 UIWindow"), "\(result.stdout)")
    }

    @Test func depthLimitStopsExpansion() throws {
        guard Corpus.require() else { return }
        let full = try CLI.run(["dump", Fixtures.minimalNib.path])
        let limited = try CLI.run(["dump", "--depth", "1", Fixtures.minimalNib.path])
        #expect(limited.status == 0)
        #expect(limited.stdout.contains("depth limit"))
        #expect(limited.stdout.split(separator: "\n").count < full.stdout.split(separator: "\n").count)
        // Only the root (indent 0) and its values (indent 1) are printed.
        for line in limited.stdout.split(separator: "\n") {
            #expect(!line.hasPrefix("    "), "\(line)")
        }
        #expect(try CLI.run(["dump", "--depth", "-1", Fixtures.minimalNib.path]).status != 0)
    }

    @Test func dataShowsAHexPreviewAndSize() throws {
        guard Corpus.require() else { return }
        let result = try CLI.run(["dump", Fixtures.minimalNib.path])
        #expect(result.stdout.contains("NS.bytes = <4e534170 706c6963 6174696f 6e> (13 bytes)"), "\(result.stdout)")
    }

    @Test func standardInputDumpsLikeTheFile() throws {
        guard Corpus.require() else { return }
        let file = try CLI.run(["dump", "--format", "json", Fixtures.keyedSet.path])
        let piped = try CLI.run(["dump", "--format", "json", "-"], stdin: try Corpus.bytes(Fixtures.keyedSet))
        #expect(piped.status == 0)
        #expect(piped.stdout == file.stdout)
    }

    @Test func noColourWhenNotATerminal() throws {
        guard Corpus.require() else { return }
        let result = try CLI.run(["dump", Fixtures.keyedNib.path])
        #expect(!result.stdout.contains("\u{1B}["))
    }

    @Test func aBrokenInputIsOneErrorLineOnStandardError() throws {
        guard Corpus.require() else { return }
        let result = try CLI.run(["dump", "-"], stdin: Array(try Corpus.bytes(Fixtures.keyedSet).prefix(50)))
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("-: ") == true, "\(result.stderr)")
    }
}
