import Foundation
import Testing
import KeyedArchive
@testable import NibCompiler

/// AppKit encoder rules that no golden pair measures (the corpus has no ibtool twin for them), checked
/// on small sources shaped like the real XIBs they come from.
@Suite struct AppKitEncoderTests {
    /// Compiles `body` as the objects of an AppKit XIB; `document` adds attributes to `<document>` and
    /// `deployment` a deployment version.
    static func compile(_ body: String, document: String = "", deployment: String? = nil) throws -> (ArchiveGraph, [NibCompileDiagnostic]) {
        let dependencies = deployment.map { #"<dependencies><deployment version="\#($0)" identifier="macosx"/></dependencies>"# } ?? ""
        let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0" toolsVersion="17701" targetRuntime="MacOSX.Cocoa" propertyAccessControl="none" useAutolayout="YES" \(document)>
            \(dependencies)
            <objects>
                <customObject id="-2" userLabel="File's Owner" customClass="NSObject"/>
                <customObject id="-1" userLabel="First Responder" customClass="FirstResponder"/>
                <customObject id="-3" userLabel="Application" customClass="NSObject"/>
        \(body)
            </objects>
        </document>
        """
        return try NibCompiler().compileGraph(try XIBDocument(xml: Array(xml.utf8)))
    }

    /// Each object of class `cls` as its values by key, in archive order.
    static func objects(_ g: ArchiveGraph, _ cls: String) -> [[String: ArchiveValue]] {
        g.objects.indices.filter { g.className(ofObject: $0) == cls }.map { i in
            var out: [String: ArchiveValue] = [:]
            for kv in g.values(ofObject: i) { out[g.keyName(kv.key)] = kv.value }
            return out
        }
    }

    /// Sparkle's update alert holds an old-style box with a line border: it compiled to an error
    /// ("boxType "oldStyle" is not a box type") before.
    @Test func oldStyleBoxesKeepTheirTypeBorderAndSavedContentFrame() throws {
        let (g, diagnostics) = try Self.compile("""
            <customView id="root">
                <rect key="frame" x="0" y="0" width="600" height="400"/>
                <subviews>
                    <box boxType="oldStyle" borderType="line" titlePosition="noTitle" id="old">
                        <rect key="frame" x="0.0" y="0.0" width="492" height="215"/>
                        <view key="contentView" id="oldContent">
                            <rect key="frame" x="1" y="1" width="490" height="213"/>
                        </view>
                    </box>
                    <box borderType="none" title="Plain" id="plain">
                        <rect key="frame" x="20" y="250" width="300" height="100"/>
                        <view key="contentView" id="plainContent">
                            <rect key="frame" x="3" y="3" width="294" height="84"/>
                        </view>
                    </box>
                </subviews>
            </customView>
            """)
        #expect(!diagnostics.contains { $0.severity == .error })
        let boxes = Self.objects(g, "NSBox")
        #expect(boxes.count == 2)
        let old = try #require(boxes.first { $0["NSBoxType"] == .int(3, width: 0) })
        #expect(old["NSBorderType"] == .int(1, width: 0))
        #expect(old["NSTitlePosition"] == .int(0, width: 0))
        // Untitled, an old-style box's title cell holds "" (Sparkle 1.x and 2.x nibs); a modern one's "Title".
        func title(_ box: [String: ArchiveValue]) throws -> String? {
            guard case .ref(let cell)? = box["NSTitleCell"] else { return nil }
            return try g.values(ofObject: cell).first { g.keyName($0.key) == "NSContents" }.flatMap { try g.string(of: $0.value) }
        }
        let plain = try #require(boxes.first { $0["NSBoxType"] == .int(0, width: 0) })
        #expect(plain["NSBorderType"] == .int(0, width: 0))
        #expect(try title(old) == "")
        #expect(try title(plain) == "Plain")
        // The old-style box's content view keeps the frame AppKit gave it inside the line border; the
        // primary box's is refitted as ibtool does (the box less its 12-point title line).
        guard case .ref(let oldContent)? = old["NSContentView"], case .ref(let plainContent)? = plain["NSContentView"] else {
            Issue.record("a box without its content view")
            return
        }
        func frame(_ i: Int) throws -> String? {
            let kv = g.values(ofObject: i).first { g.keyName($0.key) == "NSFrame" || g.keyName($0.key) == "NSFrameSize" }
            return try kv.flatMap { try g.string(of: $0.value) }
        }
        #expect(try frame(oldContent) == "{{1, 1}, {490, 213}}")
        #expect(try frame(plainContent) == "{300, 88}")
    }

    @Test func anUnknownBorderTypeIsAnErrorAtItsLine() throws {
        #expect {
            _ = try Self.compile("""
                <box borderType="dotted" id="b">
                    <rect key="frame" x="0" y="0" width="100" height="100"/>
                </box>
                """)
        } throws: { error in
            guard let e = error as? ArchiveError else { return false }
            return e.code == .corrupt && e.reason.contains(#"borderType "dotted""#) && e.line != nil
        }
    }

    /// IINA's quick settings hold vertical sliders with `tickMarkPosition="left"`: a compile error before.
    @Test func verticalSlidersTakeLeftAndRightTickMarks() throws {
        let (g, _) = try Self.compile("""
            <slider verticalHuggingPriority="750" id="left">
                <rect key="frame" x="0" y="0" width="24" height="100"/>
                <sliderCell key="cell" continuous="YES" alignment="left" maxValue="10" tickMarkPosition="left" numberOfTickMarks="5" sliderType="linear" id="leftCell"/>
            </slider>
            <slider verticalHuggingPriority="750" id="right">
                <rect key="frame" x="30" y="0" width="24" height="100"/>
                <sliderCell key="cell" continuous="YES" alignment="left" maxValue="10" tickMarkPosition="right" numberOfTickMarks="5" sliderType="linear" id="rightCell"/>
            </slider>
            """)
        let positions = Self.objects(g, "NSSliderCell").map { $0["NSTickMarkPosition"] }
        #expect(positions == [.int(1, width: 0), .int(0, width: 0)])
    }

    /// A popover and its content view controller as caffeine's MainMenu holds them, in the keys Xcode
    /// 16's ibtool wrote for them there.
    @Test func popoversAndTheirViewControllersCompileAsIbtoolWritesThem() throws {
        let (g, diagnostics) = try Self.compile("""
            <viewController id="vc" userLabel="Popover View Controller">
                <connections>
                    <outlet property="view" destination="content" id="c1"/>
                </connections>
            </viewController>
            <popover behavior="t" id="pop">
                <connections>
                    <outlet property="contentViewController" destination="vc" id="c2"/>
                    <outlet property="delegate" destination="vc" id="c3"/>
                </connections>
            </popover>
            <popover animates="NO" id="plain">
                <size key="contentSize" width="200" height="120"/>
            </popover>
            <customView id="content">
                <rect key="frame" x="0.0" y="0.0" width="607" height="204"/>
            </customView>
            """)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let controllers = Self.objects(g, "NSViewController")
        #expect(controllers.count == 1)
        #expect(controllers.first.map { Array($0.keys) } == ["showSeguePresentationStyle"])
        #expect(controllers.first?["showSeguePresentationStyle"] == .int(0, width: 0))
        let popovers = Self.objects(g, "NSPopover")
        #expect(popovers.count == 2)
        let transient = try #require(popovers.first { $0["NSBehavior"] == .int(1, width: 0) })
        #expect(Set(transient.keys) == ["NSBehavior", "NSNextResponder", "NSHasFullSizeContent", "NSAnimates", "NSNibTouchBar",
                                        "NSContentWidth", "NSContentHeight"])
        #expect(transient["NSAnimates"] == .bool(true))
        #expect(transient["NSHasFullSizeContent"] == .bool(false))
        #expect(transient["NSContentWidth"] == .double(0))
        let plain = try #require(popovers.first { $0["NSBehavior"] == .int(0, width: 0) })
        #expect(plain["NSAnimates"] == .bool(false))
        #expect(plain["NSContentWidth"] == .double(200))
        #expect(plain["NSContentHeight"] == .double(120))
        // The three outlets are connectors naming the controller, the popover and the view.
        var labels: [String] = []
        for i in g.objects.indices where g.className(ofObject: i) == "NSNibOutletConnector" {
            for kv in g.values(ofObject: i) where g.keyName(kv.key) == "NSLabel" { labels.append(try g.string(of: kv.value) ?? "") }
        }
        #expect(Set(labels).isSuperset(of: ["view", "contentViewController", "delegate"]))
    }

    /// Array controllers as smcFanControl's MainMenu holds them, with the keys its ibtool-compiled nib has:
    /// each flag only when on, an empty `_NSManagedProxy`, the declared keys. They compiled as bare
    /// `NSArrayController`s before, which AppKit reads as not editable and with no declared keys.
    @Test func arrayControllersKeepTheirFlagsAndDeclaredKeys() throws {
        let (g, diagnostics) = try Self.compile("""
            <arrayController automaticallyPreparesContent="YES" id="temps" userLabel="Temperatures">
                <declaredKeys>
                    <string>currentTemp</string>
                    <string>unit</string>
                </declaredKeys>
            </arrayController>
            <arrayController objectClassName="KeyMapping" editable="NO" selectsInsertedObjects="NO" avoidsEmptySelection="NO" automaticallyRearrangesObjects="YES" id="keys"/>
            <treeController childrenKeyPath="_children_" preservesSelection="NO" id="tree"/>
            <objectController id="object"/>
            <arrayController mode="entity" entityName="SPUser" id="entity"/>
            """)
        #expect(!diagnostics.contains { $0.message.contains("no class encoder") }, "\(diagnostics)")
        #expect(diagnostics.filter { $0.message.contains("Core Data") }.count == 1)
        let arrays = Self.objects(g, "NSArrayController")
        #expect(arrays.count == 3)
        let measured: Set<String> = ["NSSelectsInsertedObjects", "NSClearsFilterPredicateOnInsertion", "NSFilterRestrictsInsertion",
                                     "NSAutomaticallyPreparesContent", "_NSManagedProxy", "NSDeclaredKeys", "NSAvoidsEmptySelection",
                                     "NSPreservesSelection", "NSEditable"]
        let temps = try #require(arrays.first { $0["NSDeclaredKeys"] != nil })
        #expect(Set(temps.keys) == measured)
        #expect(temps.values.allSatisfy { if case .bool(let b) = $0 { b } else { true } })
        guard case .ref(let declared)? = temps["NSDeclaredKeys"], case .ref(let proxy)? = temps["_NSManagedProxy"] else {
            Issue.record("no declared keys or proxy")
            return
        }
        #expect(g.className(ofObject: declared) == "NSMutableArray")
        #expect(try g.values(ofObject: declared).filter { g.keyName($0.key) == "UINibEncoderEmptyKey" }.map { try g.string(of: $0.value) }
                == ["currentTemp", "unit"])
        #expect(g.className(ofObject: proxy) == "_NSManagedProxy" && g.values(ofObject: proxy).isEmpty)
        let keys = try #require(arrays.first { $0["NSObjectClassName"] != nil })
        #expect(try keys["NSObjectClassName"].flatMap { try g.string(of: $0) } == "KeyMapping")
        #expect(Set(keys.keys) == ["NSClearsFilterPredicateOnInsertion", "NSFilterRestrictsInsertion", "NSAutomaticallyRearrangesObjects",
                                   "NSObjectClassName", "_NSManagedProxy", "NSPreservesSelection"])
        let tree = try #require(Self.objects(g, "NSTreeController").first)
        #expect(try tree["NSTreeContentChildrenKey"].flatMap { try g.string(of: $0) } == "_children_")
        #expect(Set(tree.keys) == ["NSSelectsInsertedObjects", "_NSManagedProxy", "NSTreeContentChildrenKey", "NSAvoidsEmptySelection", "NSEditable"])
        let object = try #require(Self.objects(g, "NSObjectController").first)
        #expect(Set(object.keys) == ["_NSManagedProxy", "NSEditable"])
    }

    /// A custom box keeps its colours, border width and corner radius (MacDown's and iTerm2's preferences):
    /// they were left out, with a warning, so the box drew AppKit's default border and no fill.
    @Test func customBoxesKeepTheirLook() throws {
        let (g, diagnostics) = try Self.compile("""
            <customView id="root">
                <rect key="frame" x="0" y="0" width="300" height="200"/>
                <subviews>
                    <box boxType="custom" borderType="none" borderWidth="0.0" cornerRadius="15" title="Box" titlePosition="noTitle" transparent="YES" id="custom">
                        <rect key="frame" x="10" y="10" width="200" height="100"/>
                        <view key="contentView" id="content">
                            <rect key="frame" x="0" y="0" width="200" height="100"/>
                        </view>
                        <color key="borderColor" white="0.0" alpha="0.41999999999999998" colorSpace="calibratedWhite"/>
                        <color key="fillColor" red="1" green="0.5" blue="0" alpha="1" colorSpace="calibratedRGB"/>
                    </box>
                    <box boxType="custom" title="Plain" id="plain">
                        <rect key="frame" x="10" y="120" width="200" height="60"/>
                    </box>
                </subviews>
            </customView>
            """)
        #expect(!diagnostics.contains { $0.message.contains("box") }, "\(diagnostics)")
        let boxes = Self.objects(g, "NSBox")
        let custom = try #require(boxes.first { $0["NSFillColor2"] != nil })
        #expect(custom["NSBorderWidth2"] == .double(0))
        #expect(custom["NSCornerRadius2"] == .double(15))
        #expect(custom["NSTransparent"] == .bool(true))
        func components(_ v: ArchiveValue?) -> String? {
            guard case .ref(let c)? = v else { return nil }
            return g.values(ofObject: c).compactMap { kv -> String? in
                guard ["NSRGB", "NSWhite"].contains(g.keyName(kv.key)), case .bytes(let b) = kv.value else { return nil }
                return String(decoding: g.bytes(b).prefix { $0 != 0 }, as: UTF8.self)
            }.first
        }
        #expect(components(custom["NSFillColor2"]) == "1 0.5 0")
        #expect(components(custom["NSBorderColor2"]) == "0 0.42")
        // A custom box that sets nothing keeps AppKit's defaults: no keys.
        let plain = try #require(boxes.first { $0["NSFillColor2"] == nil })
        #expect(["NSBorderColor2", "NSFillColor2", "NSBorderWidth2", "NSCornerRadius2"].allSatisfy { plain[$0] == nil })
    }

    /// Sparkle's permission prompt: a user defaults controller that is not the shared one keeps its declared
    /// keys and `NSAppliesImmediately`, and a `<bool>` binding option is a boolean `NSNumber` beside an
    /// integer 1, as in the nib ibtool compiled from it (it was the integer, and the controller bare).
    @Test func userDefaultsControllersAndBooleanBindingOptions() throws {
        let (g, diagnostics) = try Self.compile("""
            <userDefaultsController id="49" userLabel="User Defaults Controller">
                <declaredKeys>
                    <string>SUIncludeProfile</string>
                    <string>SUSendProfileInfo</string>
                </declaredKeys>
            </userDefaultsController>
            <userDefaultsController appliesImmediately="NO" id="50"/>
            <userDefaultsController representsSharedInstance="YES" id="51"/>
            <button id="check">
                <rect key="frame" x="0" y="0" width="100" height="18"/>
                <buttonCell key="cell" type="check" title="Send" bezelStyle="regularSquare" imagePosition="left" inset="2" id="checkCell">
                    <behavior key="behavior" changeContents="YES" doesNotDimImage="YES" lightByContents="YES"/>
                    <font key="font" metaFont="system"/>
                </buttonCell>
                <connections>
                    <binding destination="-2" name="value" keyPath="shouldSendProfile" id="b1">
                        <dictionary key="options">
                            <integer key="NSNullPlaceholder" value="1"/>
                            <bool key="NSValidatesImmediately" value="YES"/>
                        </dictionary>
                    </binding>
                </connections>
            </button>
            """)
        #expect(!diagnostics.contains { $0.message.contains("userDefaultsController") }, "\(diagnostics)")
        let controllers = Self.objects(g, "NSUserDefaultsController")
        #expect(controllers.count == 3)
        #expect(Set(controllers.map { Set($0.keys) }) == [["NSSharedInstance"], [], ["NSDeclaredKeys", "NSAppliesImmediately"]])
        #expect(controllers.contains { $0["NSAppliesImmediately"] == .bool(true) })
        let numbers = Self.objects(g, "NSNumber")
        #expect(numbers.contains { $0["NS.boolval"] == .bool(true) })
        #expect(numbers.contains { $0["NS.intval"] == .int(1, width: 0) })
    }

    /// Under direct instantiation a custom view is a real view and keeps its subviews back to front, as
    /// iTerm2's compiled combo view shows (its visual effect view stays behind the rest); an
    /// `NSCustomView` placeholder archives them last to first, as every golden pair shows.
    @Test func directlyInstantiatedCustomViewsKeepTheirSubviewOrder() throws {
        let body = """
            <customView id="root">
                <rect key="frame" x="0" y="0" width="300" height="200"/>
                <subviews>
                    <visualEffectView blendingMode="behindWindow" material="menu" state="followsWindowActiveState" id="back">
                        <rect key="frame" x="0" y="0" width="300" height="200"/>
                    </visualEffectView>
                    <progressIndicator maxValue="100" style="bar" id="front">
                        <rect key="frame" x="20" y="20" width="100" height="20"/>
                    </progressIndicator>
                </subviews>
            </customView>
            """
        func order(_ document: String) throws -> [String] {
            let (g, _) = try Self.compile(body, document: document)
            let root = try #require(g.objects.indices.first { ["NSCustomView", "NSClassSwapper"].contains(g.className(ofObject: $0)) })
            guard case .ref(let list)? = g.values(ofObject: root).first(where: { g.keyName($0.key) == "NSSubviews" })?.value else { return [] }
            return g.values(ofObject: list).compactMap { kv in
                if case .ref(let v) = kv.value, g.keyName(kv.key) == "UINibEncoderEmptyKey" { g.className(ofObject: v) } else { nil }
            }
        }
        #expect(try order(#"customObjectInstantitationMethod="direct""#) == ["NSVisualEffectView", "NSProgressIndicator"])
        #expect(try order("") == ["NSProgressIndicator", "NSVisualEffectView"])
    }

    /// Colours in the sRGB and generic gray (gamma 2.2) spaces carry the space, their components and a
    /// linear exposure beside the calibrated value, as ibtool writes them (HSChooserWindow's table
    /// background in the corpus; iTerm2's header cell); they were the calibrated value alone.
    @Test func customSpaceColoursKeepTheirSpaceAndComponents() throws {
        let (g, _) = try Self.compile("""
            <customView id="root">
                <rect key="frame" x="0" y="0" width="300" height="200"/>
                <subviews>
                    <box boxType="custom" title="Box" titlePosition="noTitle" id="b">
                        <rect key="frame" x="10" y="10" width="200" height="100"/>
                        <color key="borderColor" white="0.0" alpha="0.0" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/>
                        <color key="fillColor" red="0.0" green="0.41176470588235292" blue="0.85098039215686272" alpha="0.0" colorSpace="custom" customColorSpace="sRGB"/>
                    </box>
                </subviews>
            </customView>
            """)
        let box = try #require(Self.objects(g, "NSBox").first)
        func keys(_ v: ArchiveValue?) -> [String: ArchiveValue] {
            guard case .ref(let c)? = v else { return [:] }
            var out: [String: ArchiveValue] = [:]
            for kv in g.values(ofObject: c) { out[g.keyName(kv.key)] = kv.value }
            return out
        }
        func text(_ v: ArchiveValue?) -> String? {
            guard case .bytes(let b)? = v else { return nil }
            return String(decoding: g.bytes(b), as: UTF8.self)
        }
        let gray = keys(box["NSBorderColor2"]), rgb = keys(box["NSFillColor2"])
        #expect(gray["NSColorSpace"] == .int(3, width: 0) && text(gray["NSWhite"]) == "0 0\0")
        #expect(text(gray["NSComponents"]) == "0 0" && text(gray["NSLinearExposure"]) == "1")
        #expect(keys(gray["NSCustomColorSpace"])["NSID"] == .int(Int64(NibColorProfiles.grayID), width: 0))
        #expect(rgb["NSColorSpace"] == .int(1, width: 0))
        #expect(text(rgb["NSComponents"]) == "0 0.4117647059 0.8509803922 0" && text(rgb["NSLinearExposure"]) == "1")
        #expect(keys(rgb["NSCustomColorSpace"])["NSID"] == .int(Int64(NibColorProfiles.rgbID), width: 0))
    }

    /// A clip view that draws no background over a table archives no `NSBGColor` (HSChooserWindow, iTerm2's
    /// combo view); over a text view it keeps one (test11_text_view_back).
    @Test func clipViewsOverTablesWithoutBackgroundArchiveNone() throws {
        func clipKeys(_ document: String) throws -> Set<String> {
            let (g, _) = try Self.compile("""
                <scrollView autohidesScrollers="YES" horizontalLineScroll="19" horizontalPageScroll="10" verticalLineScroll="19" verticalPageScroll="10" hasHorizontalScroller="NO" usesPredominantAxisScrolling="NO" id="sv">
                    <rect key="frame" x="0" y="0" width="200" height="100"/>
                    <clipView key="contentView" drawsBackground="NO" id="clip">
                        <rect key="frame" x="1" y="1" width="198" height="98"/>
                        <subviews>
                            \(document)
                        </subviews>
                    </clipView>
                    <scroller key="horizontalScroller" hidden="YES" verticalHuggingPriority="750" horizontal="YES" id="h">
                        <rect key="frame" x="1" y="83" width="198" height="16"/>
                    </scroller>
                    <scroller key="verticalScroller" hidden="YES" verticalHuggingPriority="750" horizontal="NO" id="v">
                        <rect key="frame" x="183" y="1" width="16" height="98"/>
                    </scroller>
                </scrollView>
                """)
            return Set(try #require(Self.objects(g, "NSClipView").first).keys)
        }
        let table = try clipKeys("""
            <tableView verticalHuggingPriority="750" columnAutoresizingStyle="lastColumnOnly" columnReordering="NO" columnResizing="NO" viewBased="YES" id="t">
                <rect key="frame" x="0" y="0" width="198" height="98"/>
                <tableColumns>
                    <tableColumn width="195" minWidth="40" maxWidth="1000" id="c">
                        <tableHeaderCell key="headerCell" lineBreakMode="truncatingTail" borderStyle="border"/>
                        <textFieldCell key="dataCell" lineBreakMode="truncatingTail" selectable="YES" editable="YES" title="Text Cell" id="dc">
                            <font key="font" metaFont="system"/>
                        </textFieldCell>
                    </tableColumn>
                </tableColumns>
            </tableView>
            """)
        #expect(!table.contains("NSBGColor") && table.contains("NSDocView"))
        let text = try clipKeys("""
            <textView importsGraphics="NO" richText="NO" verticallyResizable="YES" smartInsertDelete="YES" id="tv">
                <rect key="frame" x="0" y="0" width="198" height="98"/>
                <size key="minSize" width="198" height="98"/>
                <size key="maxSize" width="463" height="10000000"/>
            </textView>
            """)
        #expect(text.contains("NSBGColor"))
    }

    /// `previousBinding` links a binding's connector to the one to establish first, as Sparkle 2.6.4's status
    /// window and smcFanControl's table columns have it in their compiled nibs (it was left out); one that
    /// names no earlier binding is reported.
    @Test func previousBindingsLinkTheirConnectors() throws {
        let (g, diagnostics) = try Self.compile("""
            <progressIndicator maxValue="100" style="bar" id="bar">
                <rect key="frame" x="20" y="20" width="100" height="20"/>
                <connections>
                    <binding destination="-2" name="maxValue" keyPath="maxProgressValue" id="13"/>
                    <binding destination="-2" name="value" keyPath="progressValue" previousBinding="13" id="27"/>
                    <binding destination="-2" name="hidden" keyPath="done" previousBinding="99" id="28"/>
                </connections>
            </progressIndicator>
            """)
        #expect(diagnostics.filter { $0.message.contains("previousBinding \"99\"") }.count == 1)
        let connectors = g.objects.indices.filter { g.className(ofObject: $0) == "NSNibBindingConnector" }
        func binding(_ i: Int) throws -> String? {
            try g.values(ofObject: i).first { g.keyName($0.key) == "NSBinding" }.flatMap { try g.string(of: $0.value) }
        }
        let maxValue = try #require(try connectors.first { try binding($0) == "maxValue" })
        let value = try #require(try connectors.first { try binding($0) == "value" })
        let previous = g.values(ofObject: value).first { g.keyName($0.key) == "NSPreviousConnector" }?.value
        #expect(previous == .ref(maxValue))
        let hidden = try #require(try connectors.first { try binding($0) == "hidden" })
        #expect(!g.values(ofObject: hidden).contains { g.keyName($0.key) == "NSPreviousConnector" })
    }

    /// iTerm2's onboarding window holds a `<pagecontroller>` (so spelled): its class is `NSPageController`.
    @Test func pageControllersKeepTheirClassName() throws {
        let (g, _) = try Self.compile(#"<pagecontroller id="pages"/>"#)
        #expect(Self.objects(g, "NSPageController").count == 1)
        #expect(Self.objects(g, "NSPagecontroller").isEmpty)
    }

    /// A window whose document kept the `<value key="minSize" type="size">` form of Xcode 8 and older
    /// gives content sizes, whatever its tools version (caffeine's, saved by Xcode 16): ibtool writes
    /// the content minimum and a frame minimum with the title bar added.
    @Test func aWindowsValueFormMinimumIsItsContentMinimum() throws {
        /// The window template's minimum sizes: frame, then content.
        func minimums(_ minimum: String) throws -> (frame: String?, content: String?) {
            let (g, _) = try Self.compile("""
                <window title="Prefs" allowsToolTipsWhenApplicationIsInactive="NO" autorecalculatesKeyViewLoop="NO" releasedWhenClosed="NO" visibleAtLaunch="NO" animationBehavior="default" id="w">
                    <windowStyleMask key="styleMask" titled="YES" closable="YES"/>
                    <rect key="contentRect" x="196" y="240" width="480" height="270"/>
                    <rect key="screenRect" x="0.0" y="0.0" width="1440" height="877"/>
                    \(minimum)
                    <view key="contentView" id="v">
                        <rect key="frame" x="0.0" y="0.0" width="480" height="270"/>
                    </view>
                </window>
                """)
            let w = try #require(Self.objects(g, "NSWindowTemplate").first)
            return (try w["NSMinSize"].flatMap { try g.string(of: $0) }, try w["NSWindowContentMinSize"].flatMap { try g.string(of: $0) })
        }
        let legacy = try minimums(#"<value key="minSize" type="size" width="213" height="107"/>"#)
        #expect(legacy.content == "{213, 107}")
        #expect(legacy.frame == "{213, \(107 + Int(WindowEncoder.titleBarHeight))}")
        let modern = try minimums(#"<size key="minSize" width="213" height="107"/>"#)
        #expect(modern.content == nil)
        #expect(modern.frame == "{213, 107}")
    }

    /// `customObjectInstantitationMethod="direct"` creates custom objects with `init()` (class swappers)
    /// only from macOS 10.15: airyx's TextEdit, deployment 10.6, has its delegate as an `NSCustomObject`.
    @Test func directInstantiationNeedsMacOS10_15() throws {
        let delegate = #"<customObject id="d" customClass="AppDelegate"/>"#
        func delegateClass(_ deployment: String?) throws -> String? {
            let (g, _) = try Self.compile(delegate, document: #"customObjectInstantitationMethod="direct""#, deployment: deployment)
            // The class of the object whose class name is the delegate's.
            for i in g.objects.indices {
                for kv in g.values(ofObject: i) where g.keyName(kv.key) == "NSClassName" {
                    if try g.string(of: kv.value) == "AppDelegate" { return g.className(ofObject: i) }
                }
            }
            return nil
        }
        #expect(try delegateClass(nil) == "NSClassSwapper")
        #expect(try delegateClass("101500") == "NSClassSwapper")
        #expect(try delegateClass("1060") == "NSCustomObject")
        #expect(try delegateClass("101003") == "NSCustomObject")
    }

    /// A check box with `imagePosition="leading"` (Xcode 12 and later write it) stores the image on the
    /// left, as caffeine's check boxes show; it kept no position bits before.
    @Test func leadingAndTrailingImagePositionsAreLeftAndRight() throws {
        func flags(_ position: String) throws -> Int64? {
            let (g, _) = try Self.compile("""
                <button id="b">
                    <rect key="frame" x="0" y="0" width="100" height="18"/>
                    <buttonCell key="cell" type="check" title="Check" bezelStyle="regularSquare" imagePosition="\(position)" alignment="left" inset="2" id="c">
                        <font key="font" metaFont="system"/>
                    </buttonCell>
                </button>
                """)
            guard case .int(let f, _)? = Self.objects(g, "NSButtonCell").first?["NSButtonFlags"] else { return nil }
            return f & 0xFF_0000
        }
        #expect(try flags("leading") == flags("left"))
        #expect(try flags("leading") == 0x38_0000)
        #expect(try flags("trailing") == flags("right"))
    }

    /// A colour-typed runtime attribute (MonitorControl's and Clipy's views set `backgroundColor` and
    /// `borderColor` this way) is archived as the `NSColor` a colour property would be.
    @Test func colourRuntimeAttributesAreArchivedAsColours() throws {
        let (g, diagnostics) = try Self.compile("""
            <customView id="v">
                <rect key="frame" x="0" y="0" width="100" height="100"/>
                <userDefinedRuntimeAttributes>
                    <userDefinedRuntimeAttribute type="color" keyPath="layer.backgroundColor">
                        <color key="value" red="1" green="0.5" blue="0.25" alpha="1" colorSpace="calibratedRGB"/>
                    </userDefinedRuntimeAttribute>
                    <userDefinedRuntimeAttribute type="number" keyPath="layer.cornerRadius">
                        <integer key="value" value="4"/>
                    </userDefinedRuntimeAttribute>
                </userDefinedRuntimeAttributes>
            </customView>
            """)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let connector = try #require(Self.objects(g, "NSIBUserDefinedRuntimeAttributesConnector").first)
        guard case .ref(let values)? = connector["NSValues"], case .ref(let keyPaths)? = connector["NSKeyPaths"] else {
            Issue.record("no values or key paths")
            return
        }
        let members = try g.elements(ofObject: values)
        #expect(try g.elements(ofObject: keyPaths).map { try g.string(of: $0) } == ["layer.backgroundColor", "layer.cornerRadius"])
        guard case .ref(let colour)? = members.first else {
            Issue.record("the colour is not an object")
            return
        }
        #expect(g.className(ofObject: colour) == "NSColor")
    }

    /// ibtool's constraint multiplier went through a float (Sparkle's update alert: 0.8 is
    /// 0.800000011920929 in its 1.x and 2.x nibs).
    @Test func constraintMultipliersAreFloats() throws {
        let (g, _) = try Self.compile("""
            <customView id="v">
                <rect key="frame" x="0" y="0" width="100" height="100"/>
                <subviews>
                    <customView id="w">
                        <rect key="frame" x="0" y="0" width="80" height="100"/>
                    </customView>
                </subviews>
                <constraints>
                    <constraint firstItem="w" firstAttribute="width" secondItem="v" secondAttribute="width" multiplier="0.8" id="c"/>
                </constraints>
            </customView>
            """)
        let c = try #require(Self.objects(g, "NSLayoutConstraint").first)
        #expect(c["NSMultiplier"] == .double(0.800000011920929))
        #expect(c["NSMultiplier"] == .double(Double(Float(0.8))))
    }

    /// Documents of Xcode 10 and earlier give a box's content view no id (MacDown's preferences, 23 boxes
    /// in the swept projects): it is compiled all the same, with its subviews. They were left out, and
    /// the box came out empty.
    @Test func aBoxsContentViewWithoutAnIdKeepsItsSubviews() throws {
        let (g, diagnostics) = try Self.compile("""
            <customView id="root">
                <rect key="frame" x="0" y="0" width="400" height="300"/>
                <subviews>
                    <box autoresizesSubviews="YES" title="Block formatting" borderType="line" id="box">
                        <rect key="frame" x="17" y="78" width="181" height="74"/>
                        <view key="contentView">
                            <rect key="frame" x="1" y="1" width="179" height="58"/>
                            <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                            <subviews>
                                <button id="check">
                                    <rect key="frame" x="16" y="32" width="147" height="18"/>
                                    <buttonCell key="cell" type="check" title="Table" bezelStyle="regularSquare" imagePosition="left" state="on" inset="2" id="checkCell">
                                        <font key="font" metaFont="system"/>
                                    </buttonCell>
                                </button>
                            </subviews>
                        </view>
                    </box>
                </subviews>
            </customView>
            """)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let box = try #require(Self.objects(g, "NSBox").first)
        guard case .ref(let content)? = box["NSContentView"] else {
            Issue.record("the box has no content view")
            return
        }
        let subviews = try g.values(ofObject: content).first { g.keyName($0.key) == "NSSubviews" }.map { kv -> [ArchiveValue] in
            guard case .ref(let list) = kv.value else { return [] }
            return g.values(ofObject: list).filter { g.keyName($0.key) == "UINibEncoderEmptyKey" }.map(\.value)
        }
        #expect(subviews?.count == 1)
        if case .ref(let button)? = subviews?.first { #expect(g.className(ofObject: button) == "NSButton") }
    }
}
