import Foundation
import Testing
import CorpusSupport
import KeyedArchive
import Nib
@testable import NibCompiler

/// The compiler against ibtool's output: every modern source compiles or fails with a located error,
/// every compiled nib loads, and the golden-pair agreement does not fall below what has been reached.
@Suite struct NibCompilerGoldenTests {
    @Test func everyModernSourceCompilesOrSaysWhereItStopped() throws {
        guard Corpus.require() else { return }
        var compiled = 0
        for entry in XIBCorpus.entries {
            let bytes = try Corpus.bytes(entry.source)
            guard XIBCorpus.isModern(bytes) else { continue }
            do {
                let doc = try XIBDocument(xml: bytes)
                let nib = try NibCompiler(options: .init(module: "TestModule")).compile(doc)
                guard case .file(let data) = nib.layout else { continue }
                // What we write reads back as a nib and instantiates with generic objects.
                let graph = try ArchiveGraph(nibArchive: data)
                // No object holds a key twice (only collection elements repeat their key).
                for i in graph.objects.indices {
                    let keys = graph.values(ofObject: i).map { graph.keyName($0.key) }.filter { $0 != "UINibEncoderEmptyKey" }
                    #expect(Set(keys).count == keys.count, "\(entry.name): object \(i) repeats a key: \(keys)")
                }
                _ = try Nib(document: try NibDocument(graph: graph)).instantiate(owner: nil)
                for d in nib.diagnostics { #expect(d.line != nil, "\(entry.name): \(d)") }
                compiled += 1
            } catch {
                #expect(error.line != nil, "\(entry.name): \(error)")
            }
        }
        #expect(compiled >= 170)
    }

    @Test func goldenPairsAgreeWithIbtool() throws {
        guard Corpus.require() else { return }
        let all = try XIBCorpus.goldenPairs()
        #expect(all.count >= 180)
        // Legacy (Interface Builder 3) pairs have their own floors (LegacyXIBTests).
        let pairs = try all.filter { XIBCorpus.isModern(try Corpus.bytes($0.source)) }
        #expect(pairs.count >= 170)
        let report = XIBGoldenReport(pairs: pairs)
        #expect(report.legacyPairs(true).results.isEmpty && report.legacyPairs(false).results.count == pairs.count)
        GoldenFloors.modern.check(report)
        // Every modern pair compiles and is compared.
        for r in report.results where r.comparison == nil { Issue.record("\(r.name): \(r.error ?? "not compared")") }
    }

    @Test func placeholdersCarryAClassReferenceOnlyWhenTheSourceNamesAClass() throws {
        guard Corpus.require() else { return }
        // minimal.xib: File's Owner names NSApplication, the Application placeholder names nothing.
        let dir = Corpus.root.appendingPathComponent("xib/viraptor-ibtool/samples/correct")
        let pair = XIBGoldenPair(name: "minimal", source: dir.appendingPathComponent("minimal.xib"),
                                 compiled: dir.appendingPathComponent("minimal.nib"))
        let result = pair.measure()
        #expect(result.error == nil)
        #expect(result.comparison?.isFullyEqual == true, "\(result.comparison?.samples ?? [])")
    }

    @Test func stackViewsMatchIbtool() throws {
        guard Corpus.require() else { return }
        let dir = Corpus.root.appendingPathComponent("xib/viraptor-ibtool/samples/correct")
        // Eight stacks: every orientation and alignment.
        let orient = XIBGoldenPair(name: "test22", source: dir.appendingPathComponent("test22_stackview_orient.xib"),
                                   compiled: dir.appendingPathComponent("test22_stackview_orient.nib")).measure()
        #expect(orient.comparison?.isFullyEqual == true, "\(orient.comparison?.samples ?? [])")
        // A stack with an arranged subview: the container, and the early-decoding connector first.
        let url = dir.appendingPathComponent("stackview_identifier.xib")
        let (graph, _) = try NibCompiler().compileGraph(try XIBDocument(contentsOf: url))
        let stack = try #require(graph.objects.indices.first { graph.className(ofObject: $0) == "NSStackView" })
        guard case .ref(let container)? = graph.value(ofObject: stack, forKey: "NSStackViewBeginningContainer") else {
            Issue.record("no beginning container")
            return
        }
        #expect(graph.className(ofObject: container) == "NSStackViewContainer")
        let connector = try #require(graph.objects.indices.first { graph.className(ofObject: $0) == "NSNibConnector" })
        #expect(graph.value(ofObject: connector, forKey: "NSSource").flatMap { v -> Int? in if case .ref(let i) = v { i } else { nil } } == stack)
        let pair = XIBGoldenPair(name: "identifier", source: url, compiled: dir.appendingPathComponent("stackview_identifier.nib")).measure()
        let missingOrDifferent = (pair.comparison?.missing ?? 99) + (pair.comparison?.different ?? 99)
        #expect(missingOrDifferent <= 1, "only the colour's ICC profile may be missing: \(pair.comparison?.samples ?? [])")
    }

    @Test(arguments: ["segmented_fillprop", "square_shadowless_button", "menu_action_image", "stepper_default", "stepper_test",
                      "stepper_vflags", "stepper_wraps", "slider_hugging", "test_slider", "test_slider_prefs"])
    func pairsThatMatchIbtoolKeyForKey(_ name: String) throws {
        guard Corpus.require() else { return }
        // Segmented controls, and system images (namespace "system", ibtool's own design size).
        let dir = Corpus.root.appendingPathComponent("xib/viraptor-ibtool/samples/correct")
        let result = XIBGoldenPair(name: name, source: dir.appendingPathComponent("\(name).xib"),
                                   compiled: dir.appendingPathComponent("\(name).nib")).measure()
        #expect(result.comparison?.isFullyEqual == true, "\(name): \(result.comparison?.samples ?? [])")
    }

    @Test(arguments: ["box_separator_autoresize", "test_box_colors", "test_box_separator"])
    func boxesMatchIbtoolWithTheColourProfiles(_ name: String) throws {
        guard Corpus.require() else { return }
        // Boxes' catalog colours fall back to the generic gray space, whose ICC profile ibtool embeds.
        let c = try #require(try XIBCorpus.measure(name).comparison)
        #expect(c.isFullyEqual, "\(name): \(c.samples)")
    }

    @Test(arguments: ["test11_text_view_back", "test12_text_view_border", "test13_clip_flags", "textview_linkdetection"])
    func textViewsCarryIbtoolsTextSystem(_ name: String) throws {
        guard Corpus.require() else { return }
        // Behaviour flags, find style, colours and the text system reproduced key for key (the
        // ICC profile of generic colours aside; NSTextContainer's width follows the clip view geometry,
        // which is not computed yet).
        let dir = Corpus.root.appendingPathComponent("xib/viraptor-ibtool/samples/correct")
        let result = XIBGoldenPair(name: name, source: dir.appendingPathComponent("\(name).xib"),
                                   compiled: dir.appendingPathComponent("\(name).nib")).measure()
        let c = try #require(result.comparison)
        for cls in ["NSTextViewSharedData", "NSLayoutManager", "NSTextStorage", "NSCursor"] {
            let counts = try #require(c.byClass[cls], "\(name): no \(cls)")
            #expect(counts.equal == counts.pairs, "\(name): \(cls) \(counts.equal) of \(counts.pairs)")
        }
    }

    @Test func customClassesAreMangledWithTheModule() throws {
        guard Corpus.require() else { return }
        let url = Corpus.root.appendingPathComponent("xib/viraptor-ibtool/samples/correct/module_override.xib")
        let (graph, _) = try NibCompiler(options: .init(module: "TestModule")).compileGraph(try XIBDocument(contentsOf: url))
        let names = graph.objects.indices.compactMap { i -> String? in
            guard graph.className(ofObject: i) == "NSClassSwapper", let v = graph.value(ofObject: i, forKey: "NSClassName") else { return nil }
            return try? graph.string(of: v)
        }
        #expect(names.sorted() == ["_TtC10TestModule10MyDelegate", "_TtC11OtherModule10OtherClass"])
    }

    @Test func oldMacDeploymentTargetsGetTheKeyedObjectsDirectory() throws {
        guard Corpus.require() else { return }
        let url = Corpus.root.appendingPathComponent("xib/viraptor-ibtool/samples/correct/with_view.xib")
        let doc = try XIBDocument(contentsOf: url)
        let old = try NibCompiler(options: .init(minimumDeploymentTarget: "10.12")).compile(doc)
        guard case .directory(let files) = old.layout else {
            Issue.record("expected a directory for 10.12")
            return
        }
        #expect(files.map(\.name) == ["keyedobjects.nib", "keyedobjects-101300.nib"])
        #expect(ArchiveFormat.detect(files[0].bytes) == .binaryPlist)
        #expect(ArchiveFormat.detect(files[1].bytes) == .nibArchive)
        // Both variants are the same nib.
        let keyed = try ArchiveGraph(keyedArchive: PropertyList(binary: files[0].bytes)).convertedToNIBArchive()
        #expect(keyed.semanticDiff(try ArchiveGraph(nibArchive: files[1].bytes)).isEmpty)
        let new = try NibCompiler(options: .init(minimumDeploymentTarget: "11.0")).compile(doc)
        if case .directory = new.layout { Issue.record("11.0 gets a flat NIBArchive") }
    }

    @Test func unknownElementsAreCompiledGenericallyWithAWarning() throws {
        let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0" targetRuntime="MacOSX.Cocoa">
            <objects>
                <customObject id="-2" userLabel="File's Owner"/>
                <customObject id="-1" userLabel="First Responder" customClass="FirstResponder"/>
                <frobnicator id="abc"/>
            </objects>
        </document>
        """
        let nib = try NibCompiler().compile(try XIBDocument(xml: Array(xml.utf8)))
        #expect(nib.diagnostics.map(\.severity) == [.warning])
        #expect(nib.diagnostics.first?.line == 6)
        #expect(nib.diagnostics.first?.message.contains("<frobnicator>") == true)
        #expect(nib.graph.objects.indices.contains { nib.graph.className(ofObject: $0) == "NSFrobnicator" })
    }

    @Test func embeddedImagesThatDoNotDecodeFallBackToNamedImagesWithAWarning() throws {
        // The first image's archive is not base64, the second's is base64 of something that is no archive.
        let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0" targetRuntime="MacOSX.Cocoa">
            <objects>
                <customObject id="-2" userLabel="File's Owner"/>
                <imageView id="i1"><imageCell key="cell" image="broken" id="c1"/></imageView>
                <imageView id="i2"><imageCell key="cell" image="notAnArchive" id="c2"/></imageView>
            </objects>
            <resources>
                <image name="broken" width="1" height="1">
                    <mutableData key="keyedArchiveRepresentation">%%%</mutableData>
                </image>
                <image name="notAnArchive" width="1" height="1">
                    <mutableData key="keyedArchiveRepresentation">aGVsbG8=</mutableData>
                </image>
            </resources>
        </document>
        """
        let nib = try NibCompiler().compile(try XIBDocument(xml: Array(xml.utf8)))
        let warnings = nib.diagnostics.filter { $0.message.contains("keyedArchiveRepresentation") }
        #expect(warnings.map(\.line) == [10, 13], "\(nib.diagnostics)")
        let g = nib.graph
        #expect(g.objects.indices.filter { g.className(ofObject: $0) == "NSCustomResource" }.count == 2)
        #expect(!g.objects.indices.contains { g.className(ofObject: $0) == "NSImage" })
    }

    @Test func brokenReferencesFailWithTheirLine() {
        let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0" targetRuntime="MacOSX.Cocoa">
            <objects>
                <customObject id="-2" userLabel="File's Owner"/>
                <view id="v">
                    <constraints>
                        <constraint firstAttribute="sideways" constant="4" id="c"/>
                    </constraints>
                </view>
            </objects>
        </document>
        """
        do {
            _ = try NibCompiler().compile(try XIBDocument(xml: Array(xml.utf8)))
            Issue.record("an unknown layout attribute compiled")
        } catch {
            #expect(error.code == .corrupt)
            #expect(error.line == 7)
        }
    }
}
