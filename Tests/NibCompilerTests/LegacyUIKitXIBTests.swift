import Foundation
import Testing
import CorpusSupport
import KeyedArchive
import Nib
@testable import NibCompiler

/// Legacy Interface Builder 3 UIKit XIBs (`com.apple.InterfaceBuilder3.CocoaTouch[.iPad].XIB`): the
/// translation of `IBUI…` objects into what UIKit archived, the keyed nib it is written as, and its
/// agreement with the nibs in `xib/controlpad/`.
@Suite struct LegacyUIKitXIBTests {
    /// The authored legacy UIKit document of the xib fuzz seeds (FuzzCorpus/xib-PROVENANCE.md).
    static let authored: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0 ..< 3 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("FuzzCorpus/xib/82db2d5b8b22f5f6fa820dde7a9022e844e7434f")
    }()

    static func objects(_ g: ArchiveGraph, _ cls: String) -> [Int] { g.objects.indices.filter { g.className(ofObject: $0) == cls } }

    static func geometry(_ g: ArchiveGraph, _ i: Int, _ key: String, _ count: Int) -> [Double]? {
        g.value(ofObject: i, forKey: key).flatMap { try? g.geometryBlob($0, count: count) }
    }

    static func int(_ g: ArchiveGraph, _ i: Int, _ key: String) -> Int64? {
        if case .int(let n, _)? = g.value(ofObject: i, forKey: key) { return n }
        return nil
    }

    static func text(_ g: ArchiveGraph, _ i: Int, _ key: String) -> String? {
        g.value(ofObject: i, forKey: key).flatMap { try? g.string(of: $0) }
    }

    @Test func authoredDocumentCompiles() throws {
        let doc = try XIBDocument(contentsOf: Self.authored)
        #expect(doc.runtime == .cocoaTouch && doc.legacyArchive != nil)
        let (g, diagnostics) = try NibCompiler().compileGraph(doc)
        #expect(diagnostics.isEmpty, "\(diagnostics)")

        // Views: frames as bounds at the origin and centres; NSvFlags as mask, subview resizing and hidden.
        guard let view = Self.objects(g, "UIView").first, let button = Self.objects(g, "UIButton").first,
              let label = Self.objects(g, "UILabel").first, let table = Self.objects(g, "UITableView").first,
              let spinner = Self.objects(g, "UIActivityIndicatorView").first else {
            Issue.record("missing views: \(g.classes.map(\.name))")
            return
        }
        #expect(Self.geometry(g, view, "UIBounds", 4) == [0, 0, 320, 240])
        #expect(Self.geometry(g, view, "UICenter", 2) == [160, 120])
        #expect(Self.int(g, view, "UIAutoresizingMask") == 18 && Self.int(g, button, "UIAutoresizingMask") == 36)
        #expect(g.value(ofObject: view, forKey: "UIOpaque") == .bool(true))
        #expect(g.value(ofObject: view, forKey: "UIClearsContextBeforeDrawing") == .bool(false))
        #expect(Self.geometry(g, button, "UICenter", 2) == [160, 118.5])
        #expect(g.value(ofObject: button, forKey: "UIHidden") == .bool(true))
        #expect(g.value(ofObject: button, forKey: "UIOpaque") == nil)
        #expect(g.value(ofObject: view, forKey: "NSSubviews") == nil && g.value(ofObject: view, forKey: "UISubviews") != nil)

        // Button content: per state, highest first; equal colours once; the info button's own content.
        let contents = Self.objects(g, "UIButtonContent")
        #expect(contents.count == 3)
        let titled = contents.filter { Self.text(g, $0, "UITitle") == "Go" }
        #expect(titled.count == 1)
        let rgbWhites = Self.objects(g, "UIColor").filter { g.value(ofObject: $0, forKey: "UIRed") == .float(1) && g.value(ofObject: $0, forKey: "UIGreen") == .float(1) }
        #expect(rgbWhites.count == 1, "the document's white (RGB and grey) is one UIColor")
        let greys = Self.objects(g, "UIColor").filter { Self.int(g, $0, "UIColorComponentCount") == 2 }
        #expect(greys.count == 2, "the info button's title and shadow colours")
        let placeholder = Self.objects(g, "UIImageNibPlaceholder")
        #expect(placeholder.count == 1 && placeholder.first.flatMap { Self.text(g, $0, "UIResourceName") } == "Back.png")

        // Label: UIKit's defaults where the document has none; defaults it has are left out.
        #expect(Self.geometry(g, label, "UIShadowOffset", 2) == [0, -1])
        #expect(g.value(ofObject: label, forKey: "UIAdjustsFontSizeToFit") == .bool(true))
        #expect(g.value(ofObject: label, forKey: "UIUserInteractionDisabled") == .bool(true))
        #expect(g.value(ofObject: label, forKey: "UIClipsToBounds") == .bool(true))
        #expect(g.value(ofObject: label, forKey: "UINumberOfLines") == nil && g.value(ofObject: label, forKey: "UIHighlightedColor") == nil)
        #expect(g.value(ofObject: label, forKey: "UIMinimumFontSize") == .float(10))
        #expect(g.value(ofObject: label, forKey: "UIFont").flatMap { if case .ref(let f) = $0 { Self.text(g, f, "UIFontName") } else { nil } } == "Helvetica")
        // Table: the default row height and zoom bouncing go; a header height that is no default stays.
        #expect(g.value(ofObject: table, forKey: "UIRowHeight") == nil && g.value(ofObject: table, forKey: "UIBouncesZoom") == nil)
        #expect(g.value(ofObject: table, forKey: "UISectionHeaderHeight") == .float(30))
        #expect(Self.int(g, spinner, "UIActivityIndicatorViewStyle") == 0)

        // Interface Builder's own keys are not archived.
        for i in g.objects.indices {
            for kv in g.values(ofObject: i) {
                let k = g.keys[kv.key]
                #expect(!k.hasPrefix("IB") && !k.hasPrefix("NSNext") && k != "targetRuntimeIdentifier" && k != "UIHorizontal", "\(k)")
            }
        }
    }

    @Test func writesAKeyedNibThatLoads() throws {
        let nib = try NibCompiler().compile(try XIBDocument(contentsOf: Self.authored))
        guard case .file(let bytes) = nib.layout else { Issue.record("not one file"); return }
        let graph = try ArchiveGraph(archiveBytes: bytes)
        #expect(graph.metadata.source == .keyedArchive)
        // Pre-iOS 6 keyed nibs keep UIKit geometry as strings.
        let bounds = graph.objects.indices.compactMap { i in graph.value(ofObject: i, forKey: "UIBounds").flatMap { try? graph.string(of: $0) } }
        #expect(bounds.contains("{{0, 0}, {280, 37}}"))
        let doc = try NibDocument(graph: graph)
        #expect(doc.platform == .iOS)
        #expect(doc.placeholders.map(\.identifier) == ["IBFilesOwner", "IBFirstResponder"])
        #expect(doc.topLevelObjects.map(\.effectiveClassName) == ["UIView", "DetailController"])
        #expect(doc.connections.map(\.label) == ["view", "go:", "dataSource"])
        #expect(doc.connections.compactMap(\.eventMask) == [64])
        #expect(doc.objects.count == 9)
    }

    @Test func refusesWhatItCannotCompileWithItsPlace() throws {
        let text = try String(contentsOf: Self.authored, encoding: .utf8)
        let bad = text.replacingOccurrences(of: "<int key=\"IBEventType\">7</int>", with: "<int key=\"IBEventType\">40</int>")
        do {
            _ = try NibCompiler().compile(try XIBDocument(xml: Array(bad.utf8)))
            Issue.record("an event type outside UIControlEvents compiled")
        } catch {
            #expect(error.code == .corrupt && error.line != nil && error.reason.contains("IBEventType 40"))
        }
        // A colour space it does not translate is a located warning, not a failure.
        let pattern = text.replacingOccurrences(of: "<int key=\"NSColorSpace\">3</int>", with: "<int key=\"NSColorSpace\">7</int>")
        let (_, diagnostics) = try NibCompiler().compileGraph(try XIBDocument(xml: Array(pattern.utf8)))
        #expect(diagnostics.contains { $0.message.contains("NSColorSpace 7") && $0.line != nil })
    }

    /// A collection that holds itself and a catalog colour that falls back on itself: objects, not recursions.
    @Test func cyclesInTheArchiveEndWithoutRecursion() throws {
        let text = try String(contentsOf: Self.authored, encoding: .utf8)
        let cyclic = text.replacingOccurrences(of: "<bool key=\"IBUIHorizontal\">NO</bool>", with: """
            <array class="NSMutableArray" key="IBUIToolbarItems" id="77"><reference ref="77"/></array>
            <object class="NSColor" key="IBUITintColor" id="78"><int key="NSColorSpace">6</int><reference key="NSColor" ref="78"/></object>
            """)
        let (g, diagnostics) = try NibCompiler().compileGraph(try XIBDocument(xml: Array(cyclic.utf8)))
        guard let controller = Self.objects(g, "UIClassSwapper").first, case .ref(let items)? = g.value(ofObject: controller, forKey: "UIToolbarItems") else {
            Issue.record("no toolbar items")
            return
        }
        #expect(g.values(ofObject: items).contains { $0.value == .ref(items) })
        #expect(diagnostics.contains { $0.message.contains("NSColorSpace 6") })
    }

    /// Enabled states, switches and bar items are written with the keys UIKit decodes them from (a
    /// renamed `UIEnabled` or `UIOn` would go unread, and bar items and switches read NO when absent).
    @Test func controlsSwitchesAndBarItemsUseTheKeysUIKitDecodes() throws {
        let text = try String(contentsOf: Self.authored, encoding: .utf8)
            .replacingOccurrences(of: "<bool key=\"IBUIHorizontal\">NO</bool>", with: """
                <array key="IBUIToolbarItems">
                    <object class="IBUIBarButtonItem"><int key="IBUISystemItemIdentifier">5</int><int key="IBUIStyle">1</int></object>
                    <object class="IBUIBarButtonItem"><string key="IBUITitle">Go</string><bool key="IBUIEnabled">NO</bool><int key="IBUIStyle">0</int></object>
                </array>
                """)
            .replacingOccurrences(of: "<object class=\"IBUIActivityIndicatorView\" id=\"8\">", with: """
                <object class="IBUISwitch"><int key="NSvFlags">292</int><bool key="IBUIOn">YES</bool><bool key="IBUIEnabled">NO</bool></object>
                <object class="IBUIActivityIndicatorView" id="8">
                """)
        let (g, diagnostics) = try NibCompiler().compileGraph(try XIBDocument(xml: Array(text.utf8)))
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let items = Self.objects(g, "UIBarButtonItem")
        guard let toggle = Self.objects(g, "UISwitch").first, items.count == 2 else {
            Issue.record("no switch or bar items: \(g.classes.map(\.name))")
            return
        }
        #expect(g.value(ofObject: toggle, forKey: "UISwitchOn") == .bool(true) && g.value(ofObject: toggle, forKey: "UISwitchEnabled") == .bool(false))
        #expect(g.value(ofObject: toggle, forKey: "UIDisabled") == .bool(true) && g.value(ofObject: toggle, forKey: "UIOn") == nil)
        let system = try #require(items.first { g.value(ofObject: $0, forKey: "UISystemItem") != nil })
        #expect(Self.int(g, system, "UISystemItem") == 5 && g.value(ofObject: system, forKey: "UIIsSystemItem") == .bool(true))
        #expect(Self.int(g, system, "UIStyle") == 1 && g.value(ofObject: system, forKey: "UIEnabled") == .bool(true))
        let titled = try #require(items.first { Self.text(g, $0, "UITitle") == "Go" })
        #expect(g.value(ofObject: titled, forKey: "UIEnabled") == .bool(false) && g.value(ofObject: titled, forKey: "UIStyle") == nil)
        #expect(g.value(ofObject: titled, forKey: "UISystemItemIdentifier") == nil)
    }

    /// A text field's traits are its own keys; Interface Builder's own objects never reach the nib.
    @Test func textTraitsAreTheFieldsKeysAndDesignObjectsStayOut() throws {
        let text = try String(contentsOf: Self.authored, encoding: .utf8)
            .replacingOccurrences(of: "<object class=\"IBUIActivityIndicatorView\" id=\"8\">", with: """
                <object class="IBUITextField">
                    <int key="NSvFlags">292</int>
                    <object class="IBUITextInputTraits" key="IBUITextInputTraits">
                        <int key="IBUIKeyboardType">7</int><int key="IBUIAutocorrectionType">0</int><bool key="IBUISecureTextEntry">YES</bool>
                    </object>
                    <reference key="IBUIStatusMetrics" ref="99"/>
                </object>
                <object class="IBUISimulatedStatusBarMetrics" id="99"/>
                <object class="IBUIActivityIndicatorView" id="8">
                """)
        let (g, diagnostics) = try NibCompiler().compileGraph(try XIBDocument(xml: Array(text.utf8)))
        guard let field = Self.objects(g, "UITextField").first else { Issue.record("no text field"); return }
        #expect(Self.int(g, field, "UIKeyboardType") == 7 && g.value(ofObject: field, forKey: "UISecureTextEntry") == .bool(true))
        #expect(g.value(ofObject: field, forKey: "UIAutocorrectionType") == nil && g.value(ofObject: field, forKey: "UITextInputTraits") == nil)
        #expect(g.value(ofObject: field, forKey: "UIStatusMetrics") == .nil)
        #expect(!g.classes.contains { $0.name.hasPrefix("IB") || $0.name.hasPrefix("UISimulated") || $0.name == "UITextInputTraits" }, "\(g.classes.map(\.name))")
        #expect(diagnostics.contains { $0.message.contains("IBUISimulatedStatusBarMetrics") && $0.line != nil })
    }

    /// A segmented control's segments (keys Interface Builder 3 named without `IBUI`) are UIKit's; a
    /// table cell's content view is UIKit's content view class.
    @Test func segmentedControlsAndTableCellsGetUIKitsShapes() throws {
        let text = try String(contentsOf: Self.authored, encoding: .utf8)
            .replacingOccurrences(of: "<object class=\"IBUIActivityIndicatorView\" id=\"8\">", with: """
                <object class="IBUISegmentedControl">
                    <int key="NSvFlags">292</int>
                    <int key="IBNumberOfSegments">1000000</int>
                    <int key="IBSelectedSegmentIndex">1</int>
                    <bool key="IBMomentary">YES</bool>
                    <array key="IBSegmentTitles"><string>One</string><string>Two</string></array>
                    <array class="NSMutableArray" key="IBSegmentImages">
                        <nil/>
                        <object class="NSCustomResource"><string key="NSClassName">NSImage</string><string key="NSResourceName">two.png</string></object>
                    </array>
                    <array class="NSMutableArray" key="IBSegmentEnabledStates"><boolean value="YES"/><boolean value="NO"/></array>
                </object>
                <object class="IBUITableViewCell">
                    <int key="NSvFlags">292</int>
                    <string key="IBUIReuseIdentifier">Row</string>
                    <object class="IBUIView" key="IBUIContentView"><int key="NSvFlags">256</int></object>
                </object>
                <object class="IBUIActivityIndicatorView" id="8">
                """)
        let (g, diagnostics) = try NibCompiler().compileGraph(try XIBDocument(xml: Array(text.utf8)))
        #expect(Self.objects(g, "UIView").count == 1, "a table cell's content view is UIKit's own class")
        if let cell = Self.objects(g, "UITableViewCell").first, case .ref(let content)? = g.value(ofObject: cell, forKey: "UIContentView") {
            #expect(g.className(ofObject: content) == "UITableViewCellContentView")
            #expect(Self.text(g, cell, "UIReuseIdentifier") == "Row")
        } else {
            Issue.record("no table cell with a content view")
        }
        guard let control = Self.objects(g, "UISegmentedControl").first, case .ref(let list)? = g.value(ofObject: control, forKey: "UISegments") else {
            Issue.record("no segmented control")
            return
        }
        let segments = g.values(ofObject: list).compactMap { kv -> Int? in if case .ref(let s) = kv.value { s } else { nil } }
        #expect(segments.count == 2, "one per title, whatever IBNumberOfSegments says")
        #expect(segments.first.flatMap { Self.text(g, $0, "UISegmentInfo") } == "One")
        if case .ref(let image)? = segments.last.flatMap({ g.value(ofObject: $0, forKey: "UISegmentInfo") }) {
            #expect(g.className(ofObject: image) == "UIImageNibPlaceholder")
        } else {
            Issue.record("the second segment has no image")
        }
        #expect(Self.int(g, control, "UISelectedSegmentIndex") == 1 && g.value(ofObject: control, forKey: "UIMomentary") == .bool(true))
        #expect(diagnostics.contains { $0.message.contains("disabled segment") && $0.line != nil })
        #expect(!diagnostics.contains { $0.message.contains("IBSegmentTitles") || $0.message.contains("IBNumberOfSegments") })
    }

    /// Accessibility configurations are the root's list of `UIRuntimeAccessibilityConfiguration`s.
    @Test func accessibilityConfigurationsAreTheRootsList() throws {
        let text = try String(contentsOf: Self.authored, encoding: .utf8)
            .replacingOccurrences(of: "<string key=\"IBUINormalTitle\">Go</string>", with: """
                <string key="IBUINormalTitle">Go</string>
                <object class="IBUIAccessibilityConfiguration" key="IBUIAccessibilityConfiguration">
                    <string key="IBUIAccessibilityLabel">Go button</string>
                    <string key="IBUIAccessibilityHint">Starts it</string>
                    <integer value="1" key="IBUIAccessibilityTraits"/>
                </object>
                """)
        let nib = try NibCompiler().compile(try XIBDocument(xml: Array(text.utf8)))
        let (g, diagnostics) = try NibCompiler().compileGraph(try XIBDocument(xml: Array(text.utf8)))
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let configs = Self.objects(g, "UIRuntimeAccessibilityConfiguration")
        guard let config = configs.first, configs.count == 1, case .ref(let target)? = g.value(ofObject: config, forKey: "UIAccessibileObject") else {
            Issue.record("no configuration")
            return
        }
        #expect(g.className(ofObject: target) == "UIButton")
        #expect(Self.text(g, config, "UIAccessibilityLabel") == "Go button" && Self.text(g, config, "UIAccessibilityHint") == "Starts it")
        #expect(g.value(ofObject: config, forKey: "UIAccessibilityTraits").flatMap { try? g.number(of: $0) }.map { if case .int(1, _) = $0 { true } else { false } } == true)
        #expect(g.value(ofObject: target, forKey: "UIAccessibilityConfiguration") == nil)
        guard case .file(let bytes) = nib.layout else { Issue.record("not one file"); return }
        #expect(try NibDocument(graph: ArchiveGraph(archiveBytes: bytes)).accessibilityConfigurations.count == 1)
    }

    @Test func controlpadPairsAgreeWithInterfaceBuilder3() throws {
        guard Corpus.require() else { return }
        let dir = Corpus.root.appendingPathComponent("xib/controlpad/Resources")
        func measure(_ name: String) -> XIBGoldenResult {
            XIBGoldenPair(name: name, source: dir.appendingPathComponent("\(name).xib"), compiled: dir.appendingPathComponent("\(name).nib")).measure()
        }
        for name in ["MainWindow", "SNESControllerViewController"] {
            let r = measure(name)
            #expect(r.comparison?.isFullyEqual == true && r.loadsAlike, "\(name): \(r.comparison?.samples ?? []) \(r.error ?? "")")
        }
        // SessionController: all but the table's content size, which UIKit works out when it lays out.
        let session = measure("SessionController")
        #expect(session.loadsAlike)
        #expect(session.comparison?.samples == ["$top.UINibObjectsKey→NSArray.UINibEncoderEmptyKey→UITableView.UIContentSize: missing"])
    }

    @Test func everyLegacyUIKitDocumentOfTheCorpusCompilesAndLoads() throws {
        guard Corpus.require() else { return }
        var compiled = 0
        for dir in ["xib/controlpad/Resources", "xib/snes-hd/Resources"] {
            let url = Corpus.root.appendingPathComponent(dir)
            for name in try FileManager.default.contentsOfDirectory(atPath: url.path).sorted() where name.hasSuffix(".xib") {
                let doc = try XIBDocument(contentsOf: url.appendingPathComponent(name))
                guard let legacy = doc.legacyArchive else { continue }
                let nib = try NibCompiler().compile(doc)
                guard case .file(let bytes) = nib.layout else { Issue.record("\(name): not one file"); continue }
                let loaded = try NibDocument(graph: try ArchiveGraph(archiveBytes: bytes))
                // Every connection record is a connection of the nib; every record an object.
                let records = try LegacyIBContainer(legacy)
                #expect(loaded.connections.count == records.connections.count, "\(name)")
                #expect(loaded.objects.count == records.records.count - 1, "\(name)")
                #expect(nib.diagnostics.isEmpty, "\(name): \(nib.diagnostics)")
                compiled += 1
            }
        }
        #expect(compiled == 10)
    }
}
