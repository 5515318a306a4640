import Foundation
import KeyedArchive
import Nib
import NibCompiler
import Testing
import CorpusSupport

// The library quick start of README.md, written exactly as there and run;
// `readmeSnippetsAreTheCodeOfThisFile` fails when the two drift apart.

final class Person: KeyedCoding {
    var name = ""
    var friends: [Person] = []

    init() {}
    convenience init(name: String) {
        self.init()
        self.name = name
    }

    func encode(with archiver: KeyedArchiver) throws(ArchiveError) {
        try archiver.encode(name, forKey: "name")
        try archiver.encode(friends, forKey: "friends")
    }

    func decode(with unarchiver: KeyedUnarchiver) throws(ArchiveError) {
        name = try unarchiver.decodeObject(of: String.self, forKey: "name") ?? ""
        friends = try unarchiver.decodeObject(of: [Person].self, forKey: "friends") ?? []
    }
}

struct Note: Codable, KeyedArchiveClassNamed {
    static let archivedClassName = "Note"  // the NSCoding class that reads it on an Apple platform
    var title: String
    var created: Date
    var tags: [String]
}

@Suite("README quick start")
struct ReadmeExampleTests {
    @Test func friendsInACycleKeepIdentity() throws {
        KeyedClassRegistry.register(Person.self)  // once, so the unarchiver finds the class by name
        let ann = Person(name: "Ann"), bob = Person(name: "Bob")
        ann.friends = [bob]
        bob.friends = [ann]  // a cycle
        let bytes = try KeyedArchiver.archivedData(withRootObject: ann)  // bplist00 bytes
        let copy = try KeyedUnarchiver.unarchivedObject(of: Person.self, from: bytes)
        let back = try #require(copy)
        #expect(bytes.starts(with: Array("bplist00".utf8)))
        #expect(back !== ann)
        #expect(back.name == "Ann" && back.friends.map(\.name) == ["Bob"])
        #expect(back.friends[0].friends[0] === back)
        // Break the cycles so the objects are freed.
        bob.friends = []
        back.friends[0].friends = []
    }

    @Test func anArchiveFromModuleMyAppReadsWithOneLine() throws {
        // What an app whose module was MyApp wrote: the class is recorded as "MyApp.Person".
        let writer = KeyedArchiver()
        writer.setClassName("MyApp.Person", for: Person.self)
        try writer.encode(Person(name: "Old"), forKey: "root")
        let oldBytes = try writer.encodedData()
        let graph = try ArchiveGraph(keyedArchive: PropertyList(parsing: oldBytes))
        guard case .ref(let root)? = graph.topValue(forKey: "root") else {
            Issue.record("no root object")
            return
        }
        #expect(graph.className(ofObject: root) == "MyApp.Person")
        // Nothing is registered under the old name, so without the mapping the class is unknown.
        #expect(throws: ArchiveError.self) { try KeyedUnarchiver.unarchivedObject(of: Person.self, from: oldBytes) }

        KeyedUnarchiver.setClass(Person.self, forClassName: "MyApp.Person")
        let old = try KeyedUnarchiver.unarchivedObject(of: Person.self, from: oldBytes)
        #expect(old?.name == "Old")
    }

    @Test func codableModelsReadAndWriteKeyedArchives() throws {
        let note = Note(title: "Groceries", created: Date(timeIntervalSinceReferenceDate: 0), tags: ["home"])
        let archive = try KeyedArchiveEncoder().encode(note)  // NSKeyedUnarchiver reads it
        let back = try KeyedArchiveDecoder().decode(Note.self, from: archive)
        #expect(back.title == "Groceries" && back.created == note.created && back.tags == ["home"])
        let graph = try ArchiveGraph(keyedArchiveBytes: [UInt8](archive))
        #expect(graph.classes.map(\.name).contains("Note"))
        #expect(graph.classes.map(\.name).contains("NSDate") && graph.classes.map(\.name).contains("NSArray"))
    }

    @Test func loadANib() throws {
        let nib = try Nib(contentsOf: Corpus.packageRoot.appendingPathComponent("Samples/MainWindow.nib"))
        let topLevel = try nib.instantiate(owner: nil)  // CassiusAppDelegate, CassiusViewController, UIWindow
        for connection in nib.document.connections { print(connection.kind, connection.label) }
        let names = topLevel.compactMap { ($0 as? NibObject).map { $0.customClassName ?? $0.className } }
        #expect(names == ["CassiusAppDelegate", "CassiusViewController", "UIWindow"])
        #expect(nib.document.connections.map(\.label) == ["window", "delegate", "viewController"])
    }

    @Test func checkAndCompareLikeTheCLI() throws {
        let bytes = Array(try Data(contentsOf: Corpus.packageRoot.appendingPathComponent("Samples/NSSet-Numbers.archive")))
        try ArchiveValidation.validate(bytes)  // throws the first problem, with its byte offset, object and key path
        let document = try ArchiveDocument.open(bytes)
        print(document.summary, document.objectCount)  // keyed archive (binary) 8
        print(try ArchiveDiff(document, document).isEmpty)  // true
        #expect(document.summary == "keyed archive (binary)" && document.objectCount == 8)
        #expect(try ArchiveDiff(document, document).isEmpty)
        #expect(throws: ArchiveError.self) { try ArchiveValidation.validate(Array(bytes.dropLast(8))) }
    }

        @Test func compileAXIB() throws {
        let doc = try XIBDocument(contentsOf: Corpus.packageRoot.appendingPathComponent("Samples/minimal.xib"))
        let compiled = try NibCompiler(options: .init(module: "MyApp")).compile(doc)
        for diagnostic in compiled.diagnostics { print(diagnostic) }  // "line:col: warning: …"; none for this file
        let ibtools = try ArchiveGraph(nibArchive: Array(Data(contentsOf: Corpus.packageRoot.appendingPathComponent("Samples/minimal.nib"))))
        print(compiled.graph.semanticDiff(ibtools))  // []: the same nib as Apple's ibtool compiled
        #expect(compiled.diagnostics.isEmpty)
        #expect(compiled.graph.semanticDiff(ibtools).isEmpty)
    }

    /// Every code line of the README's "Library quick start" appears in this file. Comments and imports are
    /// not compared; README's `Samples/` paths are relative to the package root, which this file spells out.
    @Test func readmeSnippetsAreTheCodeOfThisFile() throws {
        let readme = try String(contentsOf: Corpus.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(contentsOfFile: #filePath, encoding: .utf8)
        let ours = Set(source.split(separator: "\n").map(Self.code))
        let section = try #require(readme.components(separatedBy: "## Library quick start").dropFirst().first)
            .components(separatedBy: "\n## ").first ?? ""
        var compared = 0
        for (n, block) in section.components(separatedBy: "```swift\n").dropFirst().enumerated() {
            let body = block.components(separatedBy: "```").first ?? ""
            for line in body.split(separator: "\n").map(Self.code) where !line.isEmpty && !line.hasPrefix("import ") {
                let spelled = line.replacingOccurrences(of: #"URL(fileURLWithPath: "Samples/"#,
                                                        with: #"Corpus.packageRoot.appendingPathComponent("Samples/"#)
                let found = ours.contains(spelled)
                #expect(found, "README snippet \(n + 1): `\(line)` is not in ReadmeExampleTests.swift")
                compared += 1
            }
        }
        #expect(compared >= 25)
    }

    /// A line without indentation and without a trailing `//` comment.
    static func code(_ line: Substring) -> String {
        var s = String(line)
        if let comment = s.range(of: "//") { s = String(s[..<comment.lowerBound]) }
        return s.trimmingCharacters(in: .whitespaces)
    }
}
