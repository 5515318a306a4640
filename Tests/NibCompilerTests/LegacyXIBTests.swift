import Foundation
import Testing
import CorpusSupport
import KeyedArchive
import Nib
@testable import NibCompiler

/// Legacy Interface Builder 3 XIBs (`<archive>`, also a `designable.nib`): the archive reader, the
/// AppKit compile, and its agreement with the `keyedobjects.nib` Interface Builder 3 saved beside them.
@Suite struct LegacyXIBTests {
    /// The legacy golden pairs, 12 AppKit and 3 UIKit (their floors: ``GoldenFloors/legacy``).
    static let legacyPairs = 15

    static func archive(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <archive type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="7.10">
        <data>
        \(body)
        </data>
        </archive>
        """
    }

    static func read(_ xml: String) throws(ArchiveError) -> LegacyIBArchive {
        guard let archive = try XIBDocument(xml: Array(xml.utf8)).legacyArchive else {
            throw ArchiveError(.corrupt, "not read as a legacy archive")
        }
        return archive
    }

    static func failure(_ xml: String) -> ArchiveError? {
        do { _ = try XIBDocument(xml: Array(xml.utf8)) } catch { return error }
        return nil
    }

    @Test func readsEveryValueTheCoderWrites() throws {
        let a = try Self.read(Self.archive("""
        <int key="IBDocument.SystemTarget">1050</int>
        <object class="NSMutableArray" key="list" id="5">
            <bool key="EncodedWithXMLCoder">YES</bool>
            <integer value="7"/>
            <string>two</string>
            <reference ref="9"/>
        </object>
        <object class="NSColor" key="color" id="9">
            <bytes key="NSRGB">MSAxIDEAA</bytes>
            <double key="NSSize">13</double>
            <float key="NSAlpha">0.5</float>
            <bool key="NSFlag">NO</bool>
            <boolean value="YES" key="NSOther"/>
            <string type="base64-UTF8" key="NSContents">aHR0cDovL3d3dy5hcHBsZS5jb20vQmFjb24ucGRmCmFub3RoZXIgbGluZQ</string>
            <nil key="NSNothing"/>
            <reference key="NSNone"/>
            <object class="NSMutableString" key="NSName"><characters key="NS.bytes">NSPanel</characters></object>
        </object>
        <object class="NSMutableDictionary" key="dict">
            <string key="NS.key.0">k</string>
            <integer value="3" key="NS.object.0"/>
        </object>
        """))
        #expect(a.int(0, "IBDocument.SystemTarget") == 1050)
        let list = try #require(a.object(0, "list")), color = try #require(a.object(0, "color"))
        // The coder's EncodedWithXMLCoder marker is no element; a reference resolves to its object.
        #expect(a.elements(list) == [.int(7), .string("two"), .object(color)])
        // Interface Builder 3's base64 ends one character past the bytes: `1 1 1\0`.
        #expect(a.value(color, "NSRGB") == .bytes(Array("1 1 1\0".utf8)))
        #expect(a.value(color, "NSSize") == .double(13))
        #expect(a.value(color, "NSAlpha") == .float(0.5))
        #expect(a.value(color, "NSFlag") == .bool(false))
        #expect(a.value(color, "NSOther") == .bool(true))
        #expect(a.string(color, "NSContents") == "http://www.apple.com/Bacon.pdf\nanother line")
        #expect(a.value(color, "NSNothing") == .null && a.value(color, "NSNone") == .null)
        #expect(a.string(color, "NSName") == "NSPanel")
        let dict = try #require(a.object(0, "dict"))
        let entries = try a.dictionaryEntries(dict)
        #expect(entries.count == 1 && entries[0].0 == .string("k") && entries[0].1 == .int(3))
        // Numbered entries pair by their number, in any order; a key without its object is an error.
        let numbered = try Self.read(Self.archive("""
        <object class="NSMutableDictionary" key="d">
            <integer value="2" key="NS.object.1"/><string key="NS.key.1">b</string>
            <string key="NS.key.0">a</string><integer value="1" key="NS.object.0"/>
        </object>
        <object class="NSMutableDictionary" key="broken"><string key="NS.key.0">a</string></object>
        """))
        let pairs = try numbered.dictionaryEntries(#require(numbered.object(0, "d")))
        #expect(pairs.map(\.0) == [.string("a"), .string("b")] && pairs.map(\.1) == [.int(1), .int(2)])
        #expect(throws: ArchiveError.self) { try numbered.dictionaryEntries(#require(numbered.object(0, "broken"))) }
    }

    @Test func refusesBrokenArchivesWithLineAndColumn() {
        let unknownID = Self.failure(Self.archive("<reference key=\"x\" ref=\"404\"/>"))
        #expect(unknownID?.code == .corrupt && unknownID?.line == 4)
        #expect(unknownID?.reason.contains("404") == true)
        let element = Self.failure(Self.archive("<widget key=\"x\"/>"))
        #expect(element?.code == .unsupportedFormat && element?.line == 4 && element?.column == 1)
        #expect(Self.failure(Self.archive("<int key=\"x\">seven</int>"))?.code == .corrupt)
        #expect(Self.failure(Self.archive("<bool key=\"x\">maybe</bool>"))?.code == .corrupt)
        #expect(Self.failure(Self.archive("<bytes key=\"x\">!!!!</bytes>"))?.code == .corrupt)
        #expect(Self.failure(Self.archive("<object key=\"x\"/>"))?.code == .corrupt)
        #expect(Self.failure(Self.archive("<object class=\"A\" id=\"1\"/><object class=\"B\" id=\"1\"/>"))?.code == .corrupt)
        // A value inside a scalar element is no entry of any object.
        #expect(Self.failure(Self.archive("<string key=\"x\"><int>1</int></string>"))?.code == .corrupt)
        // An archive with objects but no Interface Builder bookkeeping does not compile.
        let doc = try? XIBDocument(xml: Array(Self.archive("<int key=\"IBDocument.SystemTarget\">1060</int>").utf8))
        #expect(doc != nil)
        if let doc {
            #expect(throws: ArchiveError.self) { _ = try NibCompiler().compile(doc) }
        }
        let other = Self.failure("<archive type=\"com.apple.InterfaceBuilder3.Carbon.XIB\" version=\"7.10\"><data/></archive>")
        #expect(other?.code == .unsupportedFormat && other?.reason.contains("Carbon") == true)
    }

    static func legacyPair(_ name: String) -> (source: URL, nib: URL) {
        let dir = Corpus.root.appendingPathComponent("xib/nv/English.lproj/\(name).nib")
        return (dir.appendingPathComponent("designable.nib"), dir.appendingPathComponent("keyedobjects.nib"))
    }

    @Test func compilesToAKeyedNibDirectoryForItsSystemTarget() throws {
        guard Corpus.require() else { return }
        let doc = try XIBDocument(contentsOf: Self.legacyPair("URLGetter").source)
        #expect(doc.deploymentVersion?.major == 10 && doc.deploymentVersion?.minor == 6)
        let nib = try NibCompiler().compile(doc)
        guard case .directory(let files) = nib.layout else { Issue.record("not a nib directory"); return }
        #expect(files.map(\.name) == ["keyedobjects.nib", "keyedobjects-101300.nib"])
        // The keyed nib loads: the window, its controls and the owner's outlets and action.
        let graph = try ArchiveGraph(archiveBytes: files[0].bytes)
        #expect(graph.metadata.source == .keyedArchive)
        let document = try NibDocument(graph: graph)
        #expect(document.topLevelObjects.map(\.effectiveClassName) == ["NSWindowTemplate"])
        let connections = NibConnectionSummary.describe(try graph.convertedToNIBArchive()).sorted()
        #expect(connections.contains("action cancelDownload:: NSButton → URLGetter"))
        #expect(connections.contains("outlet window: URLGetter → NSWindowTemplate"))
        _ = try Nib(document: document).instantiate(owner: nil)
    }

    @Test func connectorsFollowTheRuntimeNotInterfaceBuilder() throws {
        guard Corpus.require() else { return }
        let (graph, _) = try NibCompiler().compileGraph(try XIBDocument(contentsOf: Self.legacyPair("MainMenu").source))
        let summary = NibConnectionSummary.describe(graph)
        // An action's source is the control; one sent to First Responder has no destination.
        #expect(summary.contains("action renameNote:: NSMenuItem → AppController"))
        #expect(summary.contains { $0.hasPrefix("action runPageLayout:: NSMenuItem → First Responder") })
        // First Responder is no object of the nib.
        #expect(!graph.objects.indices.contains { i in
            graph.className(ofObject: i) == "NSCustomObject" && graph.value(ofObject: i, forKey: "NSClassName").flatMap { try? graph.string(of: $0) } == "FirstResponder"
        })
    }

    @Test func customClassesBecomeClassSwappersListedInTheClassTable() throws {
        guard Corpus.require() else { return }
        let (graph, _) = try NibCompiler().compileGraph(try XIBDocument(contentsOf: Self.legacyPair("KeyDerivationManager").source))
        let swappers = graph.objects.indices.filter { graph.className(ofObject: $0) == "NSClassSwapper" }
        #expect(swappers.count == 1)
        guard let s = swappers.first else { return }
        #expect(try graph.string(of: #require(graph.value(ofObject: s, forKey: "NSClassName"))) == "KeyDerivationDelaySlider")
        #expect(try graph.string(of: #require(graph.value(ofObject: s, forKey: "NSOriginalClassName"))) == "NSSlider")
    }

    /// Interface Builder 3 archived a tab view's nil delegate, which the XIB leaves out.
    @Test func aTabViewArchivesItsNilDelegate() throws {
        guard Corpus.require() else { return }
        let doc = try XIBDocument(contentsOf: Self.legacyPair("NotationPrefsView").source)
        let (graph, _) = try NibCompiler().compileGraph(doc)
        let tabs = graph.objects.indices.filter { graph.className(ofObject: $0) == "NSTabView" }
        #expect(tabs.count == 1)
        for t in tabs {
            // Present, and nil (absent would read as no value at all).
            #expect(graph.value(ofObject: t, forKey: "NSDelegate") == .nil)
        }
        // The source has no such key: the compiler adds it.
        let archive = try #require(doc.legacyArchive)
        let sourceTabs = archive.objects.indices.filter { archive.objects[$0].className == "NSTabView" }
        #expect(sourceTabs.count == 1 && sourceTabs.allSatisfy { archive.value($0, "NSDelegate") == nil })
    }

    /// Interface Builder 3 wrote nil as references to `"$null"` strings of its own; they read as nil.
    @Test func interfaceBuilder3NullStringsAreNil() throws {
        guard Corpus.require() else { return }
        let keyed = try ArchiveGraph(archiveBytes: Corpus.bytes(Self.legacyPair("URLGetter").nib))
        let strings = keyed.objects.indices.filter { $0 > 0 && keyed.objects[$0].kind == .plain && keyed.string(keyed.objects[$0].plainValue) == "$null" }
        #expect(!strings.isEmpty)
        let nib = try keyed.convertedToNIBArchive()
        let views = nib.objects.indices.filter { nib.className(ofObject: $0) == "NSView" }
        #expect(!views.isEmpty)
        for v in views {
            #expect(nib.value(ofObject: v, forKey: "NSWindow") == .nil)
            #expect(nib.value(ofObject: v, forKey: "NSSuperview") == .nil)
        }
    }

    @Test func legacyGoldenPairsAgreeWithInterfaceBuilder3() throws {
        guard Corpus.require() else { return }
        let pairs = try XIBCorpus.goldenPairs().filter { !XIBCorpus.isModern(try Corpus.bytes($0.source)) }
        let report = XIBGoldenReport(pairs: pairs)
        #expect(report.compared.count == Self.legacyPairs)
        #expect(report.legacyPairs(true).compared.count == Self.legacyPairs)
        #expect(report.text().contains("legacy (Interface Builder 3): 15 compared"))
        for r in report.results where r.comparison == nil { Issue.record("\(r.name): \(r.error ?? "not compared")") }
        GoldenFloors.legacy.check(report)
    }

    /// The authored legacy document of the xib fuzz seeds (FuzzCorpus/xib-PROVENANCE.md): no corpus needed.
    static let authored: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0 ..< 3 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("FuzzCorpus/xib/831c859a06e8a94141415c208207fa49b36bfd9c")
    }()

    @Test func authoredDocumentCompiles() throws {
        let doc = try XIBDocument(contentsOf: Self.authored)
        #expect(doc.deploymentVersion?.major == 10 && doc.deploymentVersion?.minor == 5)
        let (graph, diagnostics) = try NibCompiler().compileGraph(doc)
        #expect(diagnostics.isEmpty)
        let summary = NibConnectionSummary.describe(graph).sorted()
        #expect(summary.contains("outlet window: Controller → NSWindowTemplate"))
        #expect(summary.contains("action fetch:: NSButton → Controller"))
        #expect(summary.contains { $0.hasPrefix("action selectAll:: URLField") && $0.hasSuffix("→ First Responder") }, "\(summary)")
        func objects(_ cls: String) -> [Int] { graph.objects.indices.filter { graph.className(ofObject: $0) == cls } }
        #expect(objects("NSIBHelpConnector").count == 1 && objects("NSClassSwapper").count == 1)
        let data = try #require(objects("NSIBObjectData").first)
        #expect(graph.value(ofObject: data, forKey: "NSNextOid") == .int(24, width: 0))
        guard case .ref(let visible)? = graph.value(ofObject: data, forKey: "NSVisibleWindows"),
              case .ref(let names)? = graph.value(ofObject: data, forKey: "NSNamesValues") else { Issue.record("no tables"); return }
        #expect(graph.values(ofObject: visible).filter { graph.keyName($0.key) == "UINibEncoderEmptyKey" }.count == 1)
        let nameSet = Set(graph.values(ofObject: names).compactMap { try? graph.string(of: $0.value) })
        #expect(nameSet == ["File's Owner", "Application", "Window (Fetch)", "Content View", "Push Button (Go)", "Button Cell (Go)",
                            "URLField", "Text Field Cell (http://example.org/)"], "\(nameSet)")
        // The edited window's views carry their (nil) window; the keyed nib loads.
        let button = try #require(objects("NSButton").first)
        #expect(graph.value(ofObject: button, forKey: "NSWindow") == .nil)
        guard case .directory(let files) = try NibCompiler().compile(doc).layout else { Issue.record("not a directory"); return }
        _ = try Nib(document: NibDocument(graph: ArchiveGraph(archiveBytes: files[0].bytes))).instantiate(owner: nil)
    }

    /// Ids come from the file: one at the top of the range is refused, not overflowed.
    @Test func aMaxIDWithNoRoomIsRefused() throws {
        let text = try String(contentsOf: Self.authored, encoding: .utf8).replacingOccurrences(of: "<int key=\"maxID\">22</int>",
                                                                                          with: "<int key=\"maxID\">9223372036854775807</int>")
        let doc = try XIBDocument(xml: Array(text.utf8))
        #expect(throws: ArchiveError.self) { _ = try NibCompiler().compileGraph(doc) }
    }

    @Test func toolTipsBecomeHelpConnectors() throws {
        guard Corpus.require() else { return }
        let (graph, _) = try NibCompiler().compileGraph(try XIBDocument(contentsOf: Self.legacyPair("NotationPrefsView").source))
        let helps = graph.objects.indices.filter { graph.className(ofObject: $0) == "NSIBHelpConnector" }
        #expect(helps.count == 5)
        for h in helps {
            #expect(try graph.string(of: #require(graph.value(ofObject: h, forKey: "NSFile"))) == "NSToolTipHelpKey")
            guard case .ref(let target)? = graph.value(ofObject: h, forKey: "NSDestination") else { Issue.record("no destination"); continue }
            #expect(graph.className(ofObject: target) == "NSButton")
        }
        let markers = Set(helps.compactMap { graph.value(ofObject: $0, forKey: "NSMarker").flatMap { try? graph.string(of: $0) } })
        #expect(markers == ["Create an account.", "Remove an account.", "Sign up at notational.net"])
    }

    @Test func unnamedObjectsGetInterfaceBuilder3sNames() throws {
        #expect(LegacyObjectNames.words("NSSecureTextField") == "Secure Text Field")
        #expect(LegacyObjectNames.words("KeyDerivationDelaySlider") == "Key Derivation Delay Slider")
        #expect(LegacyObjectNames.numbered(["View", "Menu", "View", "View"]) == ["View", "Menu", "View-1", "View-2"])
        guard Corpus.require() else { return }
        let (graph, _) = try NibCompiler().compileGraph(try XIBDocument(contentsOf: Self.legacyPair("URLGetter").source))
        let data = try #require(graph.objects.indices.first { graph.className(ofObject: $0) == "NSIBObjectData" })
        guard case .ref(let values)? = graph.value(ofObject: data, forKey: "NSNamesValues") else { Issue.record("no NSNamesValues"); return }
        let names = Set(graph.values(ofObject: values).compactMap { try? graph.string(of: $0.value) })
        for expected in ["Static Text (http://www.apple.com/Bacon.pdf\nanother line)", "Horizontal Progress Indicator", "Application",
                         "File's Owner", "Content View", "Push Button (Stop)", "Button Cell (Stop)", "Panel",
                         "Text Field Cell (Downloading: 90KB of 25MB)"] {
            #expect(names.contains(expected), "\(expected)")
        }
        #expect(!names.contains("First Responder"))
    }
}
