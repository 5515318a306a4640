import Foundation
import KeyedArchive
import Testing
@testable import Nib
import CorpusSupport

/// Containers (pitfall C.45): sniffing, nib directories, legacy bundles, typedstream.
@Suite struct ContainerTests {
    static let caffeine = "nib/caffeine/English.lproj__MainMenu.nib__"

    static func caffeineDirectory() throws -> InMemoryNibDirectory {
        InMemoryNibDirectory(name: "MainMenu.nib", files: [
            "keyedobjects.nib": try Corpus.bytes(Corpus.root.appendingPathComponent(caffeine + "keyedobjects.nib")),
            "keyedobjects-101300.nib": try Corpus.bytes(Corpus.root.appendingPathComponent(caffeine + "keyedobjects-101300.nib")),
        ])
    }

    /// (kind, label, source class, destination class) of every connection, in order.
    static func connectionShape(_ doc: NibDocument) -> [String] {
        doc.connections.map { "\($0.kind.rawValue) \($0.label) \($0.source?.effectiveClassName ?? "-") → \($0.destination?.effectiveClassName ?? "-")" }
    }

    @Test func macOSDirectoryPicksHighestVariantNotAboveTarget() throws {
        guard Corpus.require() else { return }
        let dir = try Self.caffeineDirectory()
        let newest = try NibContainer.open(.directory(dir))
        #expect(newest.layout == .macOSDirectory)
        #expect(newest.chosenEntry == "keyedobjects-101300.nib")
        #expect(newest.format == .nibArchive)
        let old = try NibContainer.open(.directory(dir), options: NibOpenOptions(macOSTarget: NibOSVersion(10, 12)))
        #expect(old.chosenEntry == "keyedobjects.nib")
        #expect(old.format == .binaryPlist)
        let exact = try NibContainer.open(.directory(dir), options: NibOpenOptions(macOSTarget: NibOSVersion(10, 13)))
        #expect(exact.chosenEntry == "keyedobjects-101300.nib")
    }

    @Test func bothVariantsOfOneDocumentGiveTheSameModel() throws {
        guard Corpus.require() else { return }
        let dir = try Self.caffeineDirectory()
        let nibArchive = try NibDocument(source: .directory(dir))
        let keyed = try NibDocument(source: .directory(dir), options: NibOpenOptions(macOSTarget: NibOSVersion(10, 9)))
        #expect(nibArchive.graph.metadata.source == .nibArchive)
        #expect(keyed.graph.metadata.source == .keyedArchive)
        #expect(nibArchive.platform == .macOS && keyed.platform == .macOS)
        #expect(nibArchive.topLevelObjects.map(\.effectiveClassName) == keyed.topLevelObjects.map(\.effectiveClassName))
        #expect(Self.connectionShape(nibArchive) == Self.connectionShape(keyed))
        #expect(nibArchive.connections.count == 41)
        #expect(nibArchive.placeholders.map(\.kind) == [.filesOwner, .application])
        // Instantiating from the directory works for either variant.
        let top = try Nib(source: .directory(dir)).instantiate(owner: NibObject(className: "NSApplication"))
        #expect(top.count == nibArchive.topLevelObjects.count)
    }

    @Test func iOSDirectoryPrefersVariantsThenObjectsThenRuntime() throws {
        guard Corpus.require() else { return }
        let a = try Corpus.bytes(Corpus.root.appendingPathComponent("xib/brooklyn/Resources/LogViewController.nib"))
        let b = try Corpus.bytes(Corpus.root.appendingPathComponent("xib/brooklyn/Resources/SendMessageController.nib"))
        let dir = InMemoryNibDirectory(name: "Log.nib", files: ["objects-13.0+.nib": a, "objects-11.0+.nib": b, "runtime.nib": b])
        #expect(try NibContainer.open(.directory(dir)).chosenEntry == "objects-13.0+.nib")
        #expect(try NibContainer.open(.directory(dir), options: NibOpenOptions(iOSTarget: NibOSVersion(12, 4))).chosenEntry == "objects-11.0+.nib")
        #expect(try NibContainer.open(.directory(dir), options: NibOpenOptions(iOSTarget: NibOSVersion(9))).chosenEntry == "runtime.nib")
        let legacy = InMemoryNibDirectory(name: "Old.nib", files: ["objects.nib": a, "runtime.nib": b])
        #expect(try NibContainer.open(.directory(legacy)).chosenEntry == "objects.nib")
        let doc = try NibDocument(source: .directory(dir))
        #expect(doc.platform == .iOS)
    }

    @Test func legacyInterfaceBuilderBundlesLoadKeyedObjects() throws {
        guard Corpus.require() else { return }
        let path = Corpus.root.appendingPathComponent("xib/nv/English.lproj/Preferences.nib").path
        let container = try NibContainer.open(.path(path))
        #expect(container.layout == .legacyBundle)
        #expect(container.chosenEntry == "keyedobjects.nib")
        let nib = try Nib(contentsOf: URL(fileURLWithPath: path))
        #expect(nib.document.platform == .macOS)
        #expect(!nib.document.connections.isEmpty)
    }

    @Test func everyLegacyBundleInTheCorpusInstantiates() throws {
        guard Corpus.require() else { return }
        var count = 0
        for base in ["xib/nv/English.lproj", "xib/colors/Resources/English.lproj"] {
            let dir = Corpus.root.appendingPathComponent(base)
            for name in try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() where name.hasSuffix(".nib") {
                let nib = try Nib(contentsOf: dir.appendingPathComponent(name))
                let top = try nib.instantiate(owner: NibObject(className: "Owner"))
                #expect(top.count == nib.document.topLevelObjects.count, "\(base)/\(name)")
                count += 1
            }
        }
        #expect(count == 12)
    }

    @Test func typedstreamNibsOpenAsDocumentsButDoNotInstantiate() throws {
        guard Corpus.require() else { return }
        let files = Corpus.files("nib").filter { $0.lastPathComponent.hasSuffix("objects.nib") && $0.path.contains("fruitsamples-") }
        #expect(files.count == 3)
        for url in files {
            // The model opens (placeholders, objects, connections) …
            let document = try NibDocument(source: .path(url.path))
            #expect(document.filesOwner != nil && !document.topLevelObjects.isEmpty)
            // … but the load plan decodes by key: instantiating is a clear error naming the format.
            let error = #expect(throws: ArchiveError.self) { try Nib(contentsOf: url) }
            #expect(error?.code == .unsupportedFormat)
            #expect(error?.reason.contains("typedstream") == true)
            // The same bytes inside a NeXT bundle directory are found and sniffed the same way.
            let dir = InMemoryNibDirectory(name: "MainMenu.nib", files: ["objects.nib": try Corpus.bytes(url)])
            let container = try NibContainer.open(.directory(dir))
            #expect(container.format == .typedstream && container.chosenEntry == "objects.nib")
        }
    }

    @Test func keyedFlatNibsAreSniffedNotJudgedByExtension() throws {
        guard Corpus.require() else { return }
        let files = Corpus.files("nib/hotreloading")
        #expect(files.count == 12)
        for url in files {
            let container = try NibContainer.open(.path(url.path))
            #expect(container.layout == .flatFile)
            #expect(container.format == .binaryPlist, "\(Corpus.name(url))")
            #expect(try NibDocument(source: .path(url.path)).platform == .macOS)
        }
    }

    @Test func aDirectoryWithoutAnArchiveIsNotANib() {
        let dir = InMemoryNibDirectory(name: "Empty.nib", files: ["designable.nib": Array("<?xml".utf8), "info.nib": []])
        let error = #expect(throws: ArchiveError.self) { try NibContainer.open(.directory(dir)) }
        #expect(error?.code == .notANib)
    }

    @Test func unknownBytesAreAnUnknownFormat() {
        let error = #expect(throws: ArchiveError.self) {
            // "JUNK" is no known magic.
            try Nib(data: [0x4A, 0x55, 0x4E, 0x4B])
        }
        #expect(error?.code == .unknownFormat)
    }

    @Test func aPlistThatIsNotAKeyedNibIsRejected() throws {
        // An XML plist whose root is an empty dict: no $archiver, so the keyed reader refuses it.
        let xml = Array("<?xml version=\"1.0\"?><plist version=\"1.0\"><dict/></plist>".utf8)
        let error = #expect(throws: ArchiveError.self) { try Nib(data: xml) }
        #expect(error != nil)
    }
}
