import Foundation
import KeyedArchive
import Nib
import Testing

/// The library quick start of README.md, compiled and run: keep the two in step.
@Suite("README quick start")
struct ReadmeExampleTests {
    final class Note: KeyedCoding {
        var title = ""
        var tags: [String] = []
        init() {}

        func encode(with archiver: KeyedArchiver) throws(ArchiveError) {
            try archiver.encode(title, forKey: "title")
            try archiver.encode(tags, forKey: "tags")
        }

        func decode(with unarchiver: KeyedUnarchiver) throws(ArchiveError) {
            title = try unarchiver.decodeObject(of: String.self, forKey: "title") ?? ""
            tags = try unarchiver.decodeObject(of: [String].self, forKey: "tags") ?? []
        }
    }

    @Test func archiveAndUnarchiveAModel() throws {
        KeyedClassRegistry.register(Note.self)  // once, so the unarchiver can find the class by name
        let note = Note()
        note.title = "Groceries"
        note.tags = ["home", "weekly"]
        let bytes = try KeyedArchiver.archivedData(withRootObject: note)
        let copy = try KeyedUnarchiver.unarchivedObject(of: Note.self, from: bytes)
        #expect(copy?.title == "Groceries")
        #expect(copy?.tags == ["home", "weekly"])
        #expect(bytes.starts(with: Array("bplist00".utf8)))
    }

    @Test func loadANib() throws {
        let url = Corpus.packageRoot.appendingPathComponent("Samples/MainWindow.nib")
        let nib = try Nib(contentsOf: url)
        let topLevel = try nib.instantiate(owner: nil)
        let names = topLevel.compactMap { ($0 as? NibObject).map { $0.customClassName ?? $0.className } }
        #expect(names == ["CassiusAppDelegate", "CassiusViewController", "UIWindow"])
        #expect(nib.document.connections.map(\.label) == ["window", "delegate", "viewController"])
    }
}
