import Foundation
import Testing
import CorpusSupport
import KeyedArchive
import Nib
@testable import NibCompiler

/// UIKit class encoders that no golden pair measures (the corpus has no ibtool twin for them): the
/// keys UIKit's decoders read, checked on small sources and on every UIKit storyboard of the corpus.
@Suite struct UIKitEncoderTests {
    static func compile(_ body: String) throws -> (ArchiveGraph, [NibCompileDiagnostic]) {
        let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" targetRuntime="iOS.CocoaTouch">
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
        \(body)
            </objects>
            <resources>
                <image name="star" width="24" height="22"/>
            </resources>
        </document>
        """
        return try NibCompiler().compileGraph(try XIBDocument(xml: Array(xml.utf8)))
    }

    /// The values of the first object of class `cls`, by key.
    static func values(_ g: ArchiveGraph, _ cls: String) throws -> [String: ArchiveValue] {
        let i = try #require(g.objects.indices.first { g.className(ofObject: $0) == cls }, "no \(cls)")
        var out: [String: ArchiveValue] = [:]
        for kv in g.values(ofObject: i) { out[g.keyName(kv.key)] = kv.value }
        return out
    }

    @Test func controlsArchiveTheirState() throws {
        let (g, diagnostics) = try Self.compile("""
            <view contentMode="scaleToFill" id="root">
                <rect key="frame" x="0" y="0" width="320" height="480"/>
                <subviews>
                    <imageView userInteractionEnabled="NO" contentMode="scaleAspectFit" image="star" highlightedImage="star" id="img">
                        <rect key="frame" x="10" y="10" width="24" height="22"/>
                    </imageView>
                    <switch opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" on="YES" enabled="NO" id="sw">
                        <rect key="frame" x="10" y="40" width="51" height="31"/>
                    </switch>
                    <slider opaque="NO" contentMode="scaleToFill" value="3" minValue="1" maxValue="5" continuous="NO" id="sl">
                        <rect key="frame" x="10" y="80" width="200" height="30"/>
                    </slider>
                    <activityIndicatorView opaque="NO" contentMode="scaleToFill" hidesWhenStopped="NO" animating="YES" style="large" id="ai">
                        <rect key="frame" x="10" y="120" width="37" height="37"/>
                    </activityIndicatorView>
                    <progressView opaque="NO" contentMode="scaleToFill" progress="0.25" id="pv">
                        <rect key="frame" x="10" y="170" width="150" height="4"/>
                    </progressView>
                    <scrollView clipsSubviews="YES" contentMode="scaleToFill" pagingEnabled="YES" bounces="NO" showsVerticalScrollIndicator="NO" tag="7" alpha="0.5" id="scv">
                        <rect key="frame" x="0" y="200" width="320" height="200"/>
                    </scrollView>
                </subviews>
            </view>
        """)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let image = try Self.values(g, "UIImageView")
        #expect(image["UIUserInteractionDisabled"] == .bool(true))
        #expect(image["UIImage"] != nil && image["UIHighlightedImage"] == image["UIImage"])
        let placeholder = try Self.values(g, "UIImageNibPlaceholder")
        #expect(placeholder["UIImageWidth"] == .double(24) && placeholder["UIImageHeight"] == .double(22))
        let sw = try Self.values(g, "UISwitch")
        #expect(sw["UISwitchOn"] == .bool(true) && sw["UIDisabled"] == .bool(true))
        // UISwitch reads its own enabled key, NO when absent.
        #expect(sw["UISwitchEnabled"] == .bool(false))
        let slider = try Self.values(g, "UISlider")
        #expect(slider["UIValue"] == .float(3) && slider["UIMinValue"] == .float(1) && slider["UIMaxValue"] == .float(5))
        #expect(slider["UIContinuous"] == .bool(false))
        let spinner = try Self.values(g, "UIActivityIndicatorView")
        #expect(spinner["UIActivityIndicatorViewStyle"] == .int(101, width: 0) || spinner["UIActivityIndicatorViewStyle"].map { if case .int(101, _) = $0 { true } else { false } } == true)
        #expect(spinner["UIAnimating"] == .bool(true) && spinner["UIHidesWhenStopped"] == .bool(false))
        #expect(try Self.values(g, "UIProgressView")["UIProgress"] == .float(0.25))
        let scroll = try Self.values(g, "UIScrollView")
        #expect(scroll["UIPagingEnabled"] == .bool(true) && scroll["UIBounceEnabled"] == .bool(false))
        #expect(scroll["UIShowsVerticalScrollIndicator"] == .bool(false) && scroll["UIShowsHorizontalScrollIndicator"] == nil)
        #expect(scroll["UIAlpha"] == .double(0.5))
        if case .int(let tag, _)? = scroll["UITag"] { #expect(tag == 7) } else { Issue.record("no UITag") }
    }

    @Test func longPressRecognizersKeepTheirTiming() throws {
        let (g, diagnostics) = try Self.compile("""
            <pongPressGestureRecognizer allowableMovement="20" minimumPressDuration="1.5" id="lp"/>
            <containerView opaque="NO" contentMode="scaleToFill" id="box">
                <rect key="frame" x="0" y="0" width="100" height="100"/>
            </containerView>
        """)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let lp = try Self.values(g, "UILongPressGestureRecognizer")
        #expect(lp["UILongPressGestureRecognizer.minimumPressDuration"] == .float(1.5))
        #expect(lp["UILongPressGestureRecognizer.allowableMovement"] == .float(20))
        #expect(lp["UILongPressGestureRecognizer.numberOfTouchesRequired"] == nil)
        guard case .ref(let imp)? = lp["UILongPressGestureRecognizer._imp"] else { Issue.record("no _imp"); return }
        #expect(g.className(ofObject: imp) == "UITapRecognizer")
        #expect(g.objects.indices.contains { g.className(ofObject: $0) == "UIView" })
    }

    @Test func safeAreaConstraintsNameTheViewsGuide() throws {
        let (g, diagnostics) = try Self.compile("""
            <view contentMode="scaleToFill" id="root">
                <rect key="frame" x="0" y="0" width="320" height="480"/>
                <subviews>
                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="child">
                        <rect key="frame" x="0" y="44" width="320" height="100"/>
                    </view>
                </subviews>
                <viewLayoutGuide key="safeArea" id="sa"/>
                <constraints>
                    <constraint firstItem="child" firstAttribute="top" secondItem="sa" secondAttribute="top" id="c"/>
                </constraints>
            </view>
        """)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let guide = try Self.values(g, "UILayoutGuide")
        #expect(guide["UILayoutGuideIdentifier"].flatMap { try? g.string(of: $0) } == "UIViewSafeAreaLayoutGuide")
        #expect(guide["UILayoutGuideOwningViewIsLocked"] == .bool(true))
        guard case .ref(let owner)? = guide["UILayoutGuideOwningView"] else { Issue.record("no owning view"); return }
        // The owning view is the root view, whose constraint names the guide.
        guard case .ref(let list)? = g.value(ofObject: owner, forKey: "UIViewAutolayoutConstraints") else { Issue.record("no constraints"); return }
        let constraint = try #require(g.values(ofObject: list).compactMap { kv -> Int? in if case .ref(let i) = kv.value { i } else { nil } }.first)
        guard case .ref(let second)? = g.value(ofObject: constraint, forKey: "NSSecondItem") else { Issue.record("no second item"); return }
        #expect(g.className(ofObject: second) == "UILayoutGuide")
    }

    @Test func aCellXibArchivesItsCell() throws {
        let (g, _) = try Self.compile("""
            <tableViewCell contentMode="scaleToFill" selectionStyle="none" accessoryType="checkmark" indentationWidth="10" reuseIdentifier="Row" textLabel="lbl" id="cell">
                <rect key="frame" x="0" y="0" width="320" height="44"/>
                <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" tableViewCell="cell" id="cv">
                    <rect key="frame" x="0" y="0" width="280" height="44"/>
                    <subviews>
                        <label opaque="NO" multipleTouchEnabled="YES" contentMode="left" text="Title" id="lbl">
                            <rect key="frame" x="16" y="0" width="256" height="44"/>
                        </label>
                    </subviews>
                </tableViewCellContentView>
            </tableViewCell>
        """)
        let cell = try Self.values(g, "UITableViewCell")
        #expect(cell["UIReuseIdentifier"].flatMap { try? g.string(of: $0) } == "Row")
        if case .int(let s, _)? = cell["UISelectionStyle"] { #expect(s == 0) } else { Issue.record("no UISelectionStyle") }
        if case .int(let a, _)? = cell["UIAccessoryType"] { #expect(a == 3) } else { Issue.record("no UIAccessoryType") }
        // The content view is also the cell's first subview.
        if case .ref(let subviews)? = cell["UISubviews"] {
            #expect(g.values(ofObject: subviews).filter { g.keyName($0.key) == "UINibEncoderEmptyKey" }.map(\.value) == [cell["UIContentView"]])
        } else {
            Issue.record("no UISubviews")
        }
        guard case .ref(let content)? = cell["UIContentView"], case .ref(let label)? = cell["UITextLabel"] else {
            Issue.record("no content view or text label"); return
        }
        #expect(g.className(ofObject: content) == "UITableViewCellContentView")
        #expect(g.className(ofObject: label) == "UILabel")
        // The cell XIB loads, the cell its only top-level object.
        let doc = try NibDocument(graph: try ArchiveGraph(nibArchive: g.nibArchiveData()))
        #expect(doc.topLevelObjects.map(\.effectiveClassName) == ["UITableViewCell"])
        _ = try Nib(document: doc).instantiate(owner: nil)
    }

    @Test func collectionViewsCarryTheirLayoutAndCellNibs() throws {
        guard Corpus.require() else { return }
        // ddg-ios: collection views with flow layouts and prototype cells of custom classes.
        var views = 0, nibs = 0
        for entry in UIKitStoryboardTests.sources {
            let bytes = try Corpus.bytes(entry.source)
            guard XIBCorpus.isModern(bytes), String(decoding: bytes, as: UTF8.self).contains("<collectionView ") else { continue }
            for (_, compiled) in try NibCompiler().compile(try XIBDocument(xml: bytes)).nibs {
                let g = try ArchiveGraph(nibArchive: compiled.nibArchiveData())
                for i in g.objects.indices where g.className(ofObject: i) == "UICollectionView" {
                    views += 1
                    guard case .ref(let layout)? = g.value(ofObject: i, forKey: "UICollectionLayout") else { Issue.record("no layout"); continue }
                    #expect(g.className(ofObject: layout) == "UICollectionViewFlowLayout")
                    #expect(g.value(ofObject: layout, forKey: "UIItemSize") != nil)
                }
                let doc = try NibDocument(graph: g)
                for e in doc.embeddedNibs {
                    let inner = try doc.embeddedDocument(e)
                    let cell = try #require(inner.topLevelObjects.first)
                    let id = inner.graph.value(ofObject: cell.index, forKey: "UIReuseIdentifier").flatMap { try? inner.graph.string(of: $0) }
                    #expect(id == e.key)
                    nibs += 1
                }
            }
        }
        #expect(views >= 3 && nibs >= 3, "\(views) collection views, \(nibs) cell nibs")
    }

    @Test func prototypeCellsAreNibsTheirTableDequeues() throws {
        guard Corpus.require() else { return }
        var prototypes = 0, withSegues = 0
        for entry in UIKitStoryboardTests.sources {
            let bytes = try Corpus.bytes(entry.source)
            guard XIBCorpus.isModern(bytes) else { continue }
            let doc = try XIBDocument(xml: bytes)
            guard doc.runtime == .cocoaTouch else { continue }
            for (name, compiled) in try NibCompiler().compile(doc).nibs {
                // Read back from the bytes written, as the loader meets them.
                let graph = try ArchiveGraph(nibArchive: compiled.nibArchiveData())
                let outer = try NibDocument(graph: graph)
                let upstream = Set(outer.placeholders.map(\.identifier))
                for e in outer.embeddedNibs {
                    let key = try #require(e.key, "\(entry.name) \(name): a prototype nib outside the dictionary")
                    let inner = try outer.embeddedDocument(e)
                    let cells = inner.topLevelObjects
                    #expect(cells.count == 1 && cells.first.map { inner.graph.className(ofObject: $0.index) } != nil, "\(entry.name) \(name) \(key)")
                    let cell = try #require(cells.first)
                    let id = inner.graph.value(ofObject: cell.index, forKey: "UIReuseIdentifier").flatMap { try? inner.graph.string(of: $0) }
                    #expect(id == key, "\(entry.name) \(name): the nib filed under \(key) holds a cell reused as \(id ?? "nil")")
                    // A segue the cell triggers reaches its template through a placeholder the view nib has too.
                    let segues = inner.connections.filter { $0.label == "selectionSegueTemplate" || $0.label == "accessoryActionSegueTemplate" }
                    for p in inner.placeholders where p.identifier.hasPrefix("UpstreamPlaceholder-") && !segues.isEmpty {
                        #expect(upstream.contains(p.identifier) || graph.objects.indices.contains { i in
                            graph.className(ofObject: i) == "NSDictionary" && graph.values(ofObject: i).contains { (try? graph.string(of: $0.value)) == p.identifier }
                        }, "\(entry.name) \(name): \(p.identifier)")
                    }
                    if !segues.isEmpty { withSegues += 1 }
                    var externals: [String: AnyObject] = [:]
                    for p in inner.placeholders where p.kind != .filesOwner && p.kind != .firstResponder {
                        externals[p.identifier] = NibObject(className: "External")
                    }
                    let objects = try Nib(document: inner).instantiate(owner: NibObject(className: "UITableView"), externalObjects: externals)
                    #expect(objects.count == 1)
                    prototypes += 1
                }
            }
        }
        print("UIKit prototype cells: \(prototypes) archived as nibs, \(withSegues) triggering segues")
        #expect(prototypes >= 30)
    }
}

/// A prototype cell that triggers a segue: its nib's selection outlet, the table's external objects
/// and the view nib's placeholder all name the same upstream placeholder, which the scene's view
/// loading table maps to the segue's template.
@Suite struct UIKitPrototypeSegueTests {
    static let storyboard = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" targetRuntime="iOS.CocoaTouch" initialViewController="tvc">
        <scenes>
            <scene sceneID="s1">
                <objects>
                    <tableViewController id="tvc" sceneMemberID="viewController">
                        <tableView key="view" clipsSubviews="YES" contentMode="scaleToFill" alwaysBounceVertical="YES" dataMode="prototypes" style="plain" separatorStyle="default" rowHeight="44" sectionHeaderHeight="28" sectionFooterHeight="28" id="tv">
                            <rect key="frame" x="0" y="0" width="375" height="667"/>
                            <prototypes>
                                <tableViewCell contentMode="scaleToFill" selectionStyle="default" indentationWidth="10" reuseIdentifier="Item" id="cell">
                                    <rect key="frame" x="0" y="28" width="375" height="44"/>
                                    <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" tableViewCell="cell" id="cv">
                                        <rect key="frame" x="0" y="0" width="375" height="44"/>
                                        <subviews>
                                            <button opaque="NO" contentMode="scaleToFill" buttonType="system" id="btn">
                                                <rect key="frame" x="300" y="7" width="60" height="30"/>
                                                <state key="normal" title="Go"/>
                                                <connections>
                                                    <action selector="go:" destination="tvc" eventType="touchUpInside" id="a1"/>
                                                </connections>
                                            </button>
                                        </subviews>
                                    </tableViewCellContentView>
                                    <connections>
                                        <segue destination="detail" kind="show" identifier="ShowItem" id="seg1"/>
                                    </connections>
                                </tableViewCell>
                            </prototypes>
                            <connections>
                                <outlet property="dataSource" destination="tvc" id="o1"/>
                                <outlet property="delegate" destination="tvc" id="o2"/>
                            </connections>
                        </tableView>
                    </tableViewController>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="fr1" sceneMemberID="firstResponder"/>
                </objects>
            </scene>
            <scene sceneID="s2">
                <objects>
                    <viewController id="detail" sceneMemberID="viewController">
                        <view key="view" contentMode="scaleToFill" id="dv">
                            <rect key="frame" x="0" y="0" width="375" height="667"/>
                        </view>
                    </viewController>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="fr2" sceneMemberID="firstResponder"/>
                </objects>
            </scene>
        </scenes>
    </document>
    """

    @Test func theSegueIsReachedThroughOnePlaceholder() throws {
        let compiled = try NibCompiler().compile(try XIBDocument(xml: Array(Self.storyboard.utf8)))
        let viewNib = try #require(compiled.nibs.first { $0.name == "tvc-view-tv" }, "\(compiled.nibs.map(\.name))")
        let graph = try ArchiveGraph(nibArchive: viewNib.graph.nibArchiveData())
        let outer = try NibDocument(graph: graph)
        #expect(outer.placeholders.map(\.identifier).contains("UpstreamPlaceholder-seg1"), "\(outer.placeholders)")
        let e = try #require(outer.embeddedNibs.first)
        #expect(e.key == "Item")
        let inner = try outer.embeddedDocument(e)
        let names = Set(inner.placeholders.map(\.identifier))
        // The segue's template and the controller the button's action targets are both upstream.
        #expect(names == ["IBFilesOwner", "IBFirstResponder", "UpstreamPlaceholder-seg1", "UpstreamPlaceholder-tvc"], "\(names)")
        #expect(inner.connections.map(\.label).sorted() == ["go:", "selectionSegueTemplate"])
        // The table's external objects for "Item" name both placeholders.
        let table = try #require(graph.objects.indices.first { graph.className(ofObject: $0) == "UITableView" })
        guard case .ref(let externals)? = graph.value(ofObject: table, forKey: "UITableViewCellPrototypeNibExternalObjects") else {
            Issue.record("no external objects"); return
        }
        var strings: [String] = []
        for kv in graph.values(ofObject: externals) {
            if case .ref(let d) = kv.value, graph.className(ofObject: d) == "NSDictionary" {
                for inner in graph.values(ofObject: d) { if let s = try? graph.string(of: inner.value) { strings.append(s) } }
            }
        }
        #expect(strings.contains("UpstreamPlaceholder-seg1") && strings.contains("UpstreamPlaceholder-tvc"), "\(strings)")
        // The scene maps the segue's placeholder to its template for view loading.
        let scene = try #require(compiled.nibs.first { $0.name.hasPrefix("UITableViewController-") }?.graph)
        let sceneGraph = try ArchiveGraph(nibArchive: scene.nibArchiveData())
        let texts = sceneGraph.objects.indices.compactMap { try? sceneGraph.string(of: .ref($0)) }
        #expect(texts.contains("UpstreamPlaceholder-seg1"), "\(texts)")
    }
}

/// Stack views, segmented controls and bars in a XIB; navigation items and their bar buttons in a
/// storyboard's scene nib.
@Suite struct UIKitBarAndStackTests {
    @Test func stacksSegmentsAndBars() throws {
        let (g, diagnostics) = try UIKitEncoderTests.compile("""
            <view contentMode="scaleToFill" id="root">
                <rect key="frame" x="0" y="0" width="320" height="480"/>
                <subviews>
                    <stackView opaque="NO" contentMode="scaleToFill" axis="vertical" distribution="fillEqually" alignment="center" spacing="8" id="stack">
                        <rect key="frame" x="0" y="0" width="320" height="100"/>
                        <subviews>
                            <segmentedControl opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="left" contentVerticalAlignment="top" segmentControlStyle="plain" selectedSegmentIndex="1" id="seg">
                                <rect key="frame" x="0" y="0" width="200" height="32"/>
                                <segments>
                                    <segment title="First"/>
                                    <segment title="Second"/>
                                </segments>
                            </segmentedControl>
                        </subviews>
                    </stackView>
                    <toolbar opaque="NO" clearsContextBeforeDrawing="NO" contentMode="scaleToFill" barStyle="black" id="tb">
                        <rect key="frame" x="0" y="436" width="320" height="44"/>
                        <items>
                            <barButtonItem systemItem="flexibleSpace" id="flex"/>
                            <barButtonItem title="Share" style="done" enabled="NO" id="share"/>
                        </items>
                    </toolbar>
                </subviews>
            </view>
        """)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let stack = try UIKitEncoderTests.values(g, "UIStackView")
        for (key, expected) in [("UIStackViewAxis", 1), ("UIStackViewDistribution", 1), ("UIStackViewAlignment", 3)] {
            if case .int(let v, _)? = stack[key] { #expect(v == Int64(expected), "\(key)") } else { Issue.record("no \(key)") }
        }
        #expect(stack["UIStackViewSpacing"] == .double(8) && stack["UIStackViewBaselineRelative"] == .bool(false))
        #expect(stack["UIStackViewArrangedSubviews"] != nil)
        let seg = try UIKitEncoderTests.values(g, "UISegmentedControl")
        if case .int(let i, _)? = seg["UISelectedSegmentIndex"] { #expect(i == 1) } else { Issue.record("no UISelectedSegmentIndex") }
        let titles = g.objects.indices.filter { g.className(ofObject: $0) == "UISegment" }.compactMap { i in
            g.value(ofObject: i, forKey: "UISegmentInfo").flatMap { try? g.string(of: $0) }
        }
        #expect(titles == ["First", "Second"])
        let bar = try UIKitEncoderTests.values(g, "UIToolbar")
        guard case .ref(let items)? = bar["UIItems"] else { Issue.record("no UIItems"); return }
        #expect(g.values(ofObject: items).filter { g.keyName($0.key) == "UINibEncoderEmptyKey" }.count == 2)
        let buttons = g.objects.indices.filter { g.className(ofObject: $0) == "UIBarButtonItem" }
        let enabled = buttons.map { g.value(ofObject: $0, forKey: "UIEnabled") }
        #expect(enabled == [.bool(true), .bool(false)], "UIEnabled is read as NO when absent, so both are written")
        #expect(g.value(ofObject: buttons[0], forKey: "UIIsSystemItem") == .bool(true))
    }

    @Test func navigationItemsLiveInTheSceneNib() throws {
        let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" targetRuntime="iOS.CocoaTouch" initialViewController="nav">
            <scenes>
                <scene sceneID="s0">
                    <objects>
                        <navigationController id="nav" sceneMemberID="viewController">
                            <navigationBar key="navigationBar" contentMode="scaleToFill" id="bar">
                                <rect key="frame" x="0" y="0" width="375" height="44"/>
                            </navigationBar>
                            <connections>
                                <segue destination="list" kind="relationship" relationship="rootViewController" id="root"/>
                            </connections>
                        </navigationController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="fr0" sceneMemberID="firstResponder"/>
                    </objects>
                </scene>
                <scene sceneID="s1">
                    <objects>
                        <viewController id="list" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="lv">
                                <rect key="frame" x="0" y="0" width="375" height="667"/>
                            </view>
                            <toolbarItems>
                                <barButtonItem title="Archive" id="archive">
                                    <connections>
                                        <action selector="archive:" destination="list" id="a2"/>
                                    </connections>
                                </barButtonItem>
                            </toolbarItems>
                            <navigationItem key="navigationItem" title="Items" largeTitleDisplayMode="never" id="ni">
                                <barButtonItem key="leftBarButtonItem" systemItem="edit" id="edit">
                                    <connections>
                                        <action selector="toggleEditing:" destination="list" id="a1"/>
                                    </connections>
                                </barButtonItem>
                                <barButtonItem key="rightBarButtonItem" systemItem="add" id="add">
                                    <connections>
                                        <segue destination="detail" kind="show" id="addSegue"/>
                                    </connections>
                                </barButtonItem>
                            </navigationItem>
                        </viewController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="fr1" sceneMemberID="firstResponder"/>
                    </objects>
                </scene>
                <scene sceneID="s2">
                    <objects>
                        <viewController storyboardIdentifier="Detail" id="detail" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="dv">
                                <rect key="frame" x="0" y="0" width="375" height="667"/>
                            </view>
                        </viewController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="fr2" sceneMemberID="firstResponder"/>
                    </objects>
                </scene>
            </scenes>
        </document>
        """
        let compiled = try NibCompiler().compile(try XIBDocument(xml: Array(xml.utf8)))
        #expect(compiled.diagnostics.isEmpty, "\(compiled.diagnostics)")
        let scene = try #require(compiled.nibs.first { $0.name.hasPrefix("UINavigationController-") }?.graph)
        let g = try ArchiveGraph(nibArchive: scene.nibArchiveData())
        // The root controller embedded in the navigation controller's nib carries its navigation item.
        let swappers = g.objects.indices.filter { g.className(ofObject: $0) == "UIClassSwapper" }
        let list = try #require(swappers.first { i in
            g.value(ofObject: i, forKey: "UIOriginalClassName").flatMap { try? g.string(of: $0) } == "UIViewController"
        })
        guard case .ref(let item)? = g.value(ofObject: list, forKey: "UINavigationItem") else { Issue.record("no UINavigationItem"); return }
        #expect(g.value(ofObject: item, forKey: "UITitle").flatMap { try? g.string(of: $0) } == "Items")
        #expect(g.value(ofObject: item, forKey: "UILeftBarButtonItem") != nil && g.value(ofObject: item, forKey: "UIRightBarButtonItem") != nil)
        let nav = try #require(swappers.first { i in
            g.value(ofObject: i, forKey: "UIOriginalClassName").flatMap { try? g.string(of: $0) } == "UINavigationController"
        })
        #expect(g.value(ofObject: nav, forKey: "UINavigationBar") != nil)
        // The edit button's action and the add button's segue are connections of the scene nib.
        let doc = try NibDocument(graph: g)
        let labels = doc.connections.map(\.label)
        #expect(labels.contains("toggleEditing:") && labels.contains("perform:") && labels.contains("archive:"), "\(labels)")
        guard case .ref(let toolbar)? = g.value(ofObject: list, forKey: "UIToolbarItems") else { Issue.record("no UIToolbarItems"); return }
        #expect(g.values(ofObject: toolbar).filter { g.keyName($0.key) == "UINibEncoderEmptyKey" }.count == 1)
    }
}

/// A connection Interface Builder allows across scenes, which no nib can hold.
@Suite struct UIKitCrossSceneTests {
    @Test func connectionsToAnotherScenesControllerAreReported() throws {
        let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" targetRuntime="iOS.CocoaTouch" initialViewController="a">
            <scenes>
                <scene sceneID="sa">
                    <objects>
                        <viewController id="a" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="av">
                                <rect key="frame" x="0" y="0" width="375" height="667"/>
                                <subviews>
                                    <button opaque="NO" contentMode="scaleToFill" buttonType="system" id="btn">
                                        <rect key="frame" x="0" y="0" width="60" height="30"/>
                                        <connections>
                                            <action selector="back:" destination="b" eventType="touchUpInside" id="x1"/>
                                            <action selector="tap:" destination="a" eventType="touchUpInside" id="x2"/>
                                        </connections>
                                    </button>
                                </subviews>
                            </view>
                        </viewController>
                    </objects>
                </scene>
                <scene sceneID="sb">
                    <objects>
                        <viewController storyboardIdentifier="B" id="b" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="bv"><rect key="frame" x="0" y="0" width="375" height="667"/></view>
                        </viewController>
                    </objects>
                </scene>
            </scenes>
        </document>
        """
        let compiled = try NibCompiler().compile(try XIBDocument(xml: Array(xml.utf8)))
        #expect(compiled.diagnostics.map(\.message) == ["a connection to an object of another scene is not compiled"])
        #expect(compiled.diagnostics.first?.line == 13)
        let view = try #require(compiled.nibs.first { $0.name == "a-view-av" }?.graph)
        let g = try ArchiveGraph(nibArchive: view.nibArchiveData())
        #expect(!g.objects.indices.contains { g.className(ofObject: $0) == "UIViewController" })
        #expect(try NibDocument(graph: g).connections.map(\.label).sorted() == ["tap:", "view"])
    }
}

/// iOS nib directories for deployment targets before iOS 13, as files and inside a `.storyboardc`.
@Suite struct UIKitNibDirectoryTests {
    @Test func oldDeploymentTargetsGetNibDirectories() throws {
        let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" targetRuntime="iOS.CocoaTouch">
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1"/>
                <placeholder placeholderIdentifier="IBFirstResponder" id="-2"/>
                <view contentMode="scaleToFill" id="v"><rect key="frame" x="0" y="0" width="10" height="10"/></view>
            </objects>
        </document>
        """
        let doc = try XIBDocument(xml: Array(xml.utf8))
        let old = try NibCompiler(options: .init(minimumDeploymentTarget: "12.0")).compile(doc)
        guard case .directory(let files) = old.layout else { Issue.record("expected a directory for iOS 12"); return }
        #expect(files.map(\.name) == ["objects-13.0+.nib", "runtime.nib"])
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("v-\(UUID().uuidString).nib")
        defer { try? FileManager.default.removeItem(at: dir) }
        try old.write(to: dir)
        // Our loader opens the directory and picks a variant for the target it is asked about.
        #expect(try Nib(contentsOf: dir).document.topLevelObjects.map(\.className) == ["UIView"])
        if case .directory = try NibCompiler(options: .init(minimumDeploymentTarget: "13.0")).compile(doc).layout {
            Issue.record("iOS 13 gets a flat NIBArchive")
        }
        if case .directory = try NibCompiler().compile(doc).layout { Issue.record("no target: a flat NIBArchive") }
    }

    @Test func storyboardNibsBecomeDirectoriesToo() throws {
        let compiled = try NibCompiler(options: .init(minimumDeploymentTarget: "11.0"))
            .compile(try XIBDocument(xml: Array(UIKitPrototypeSegueTests.storyboard.utf8)))
        guard case .directory(let files) = compiled.layout else { Issue.record("a storyboard is a directory"); return }
        let names = Set(files.map(\.name))
        #expect(names.contains("tvc-view-tv.nib/objects-13.0+.nib") && names.contains("tvc-view-tv.nib/runtime.nib"), "\(names.sorted())")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sb-\(UUID().uuidString).storyboardc")
        defer { try? FileManager.default.removeItem(at: dir) }
        try compiled.write(to: dir)
        let storyboard = try Storyboard(contentsOf: dir)
        let entry = try #require(storyboard.entryPoint)
        let (controller, _) = try storyboard.instantiateScene(identifier: entry)
        #expect(try storyboard.loadView(for: controller) != nil)
    }
}

/// A controller's top and bottom layout guides in its view nib.
@Suite struct UIKitLayoutGuideTests {
    @Test func guidesAreSubviewsOfTheRootViewWithSupportConstraints() throws {
        let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" targetRuntime="iOS.CocoaTouch" initialViewController="vc">
            <scenes>
                <scene sceneID="s">
                    <objects>
                        <viewController id="vc" sceneMemberID="viewController">
                            <layoutGuides>
                                <viewControllerLayoutGuide type="top" id="tg"/>
                                <viewControllerLayoutGuide type="bottom" id="bg"/>
                            </layoutGuides>
                            <view key="view" contentMode="scaleToFill" id="v">
                                <rect key="frame" x="0" y="0" width="375" height="667"/>
                                <subviews>
                                    <label opaque="NO" contentMode="left" text="Hi" translatesAutoresizingMaskIntoConstraints="NO" id="l">
                                        <rect key="frame" x="16" y="20" width="100" height="21"/>
                                    </label>
                                </subviews>
                                <constraints>
                                    <constraint firstItem="l" firstAttribute="top" secondItem="tg" secondAttribute="bottom" id="c1"/>
                                </constraints>
                            </view>
                        </viewController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="fr" sceneMemberID="firstResponder"/>
                    </objects>
                </scene>
            </scenes>
        </document>
        """
        let compiled = try NibCompiler().compile(try XIBDocument(xml: Array(xml.utf8)))
        #expect(!compiled.diagnostics.contains { $0.message.contains("viewControllerLayoutGuide") }, "\(compiled.diagnostics)")
        let nib = try #require(compiled.nibs.first { $0.name == "vc-view-v" }?.graph)
        let g = try ArchiveGraph(nibArchive: nib.nibArchiveData())
        let guides = g.objects.indices.filter { g.className(ofObject: $0) == "_UILayoutGuide" }
        let names = guides.compactMap { g.value(ofObject: $0, forKey: "_UILayoutGuideIdentifier").flatMap { try? g.string(of: $0) } }
        #expect(names.sorted() == ["_UIViewControllerBottom", "_UIViewControllerTop"])
        #expect(g.objects.indices.filter { g.className(ofObject: $0) == "_UILayoutSupportConstraint" }.count == 4)
        let view = try #require(g.objects.indices.first { i in
            g.className(ofObject: i) == "UIView" && g.value(ofObject: i, forKey: "UISubviews") != nil
        })
        guard case .ref(let subviews)? = g.value(ofObject: view, forKey: "UISubviews") else { Issue.record("no subviews"); return }
        let members = g.values(ofObject: subviews).compactMap { kv -> Int? in if case .ref(let i) = kv.value { i } else { nil } }
        #expect(Set(guides).isSubset(of: Set(members)))
        _ = try Nib(document: try NibDocument(graph: g)).instantiate(owner: NibObject(className: "UIViewController"))
    }

    /// A colour-typed runtime attribute (DuckDuckGo's and RxSwift's example views set `borderColor` this
    /// way) is the `UIColor` a colour property would be, in its `UINibKeyValuePair`.
    @Test func colourRuntimeAttributesAreArchivedAsColours() throws {
        let (g, diagnostics) = try UIKitEncoderTests.compile("""
            <view contentMode="scaleToFill" id="root">
                <rect key="frame" x="0" y="0" width="320" height="480"/>
                <userDefinedRuntimeAttributes>
                    <userDefinedRuntimeAttribute type="color" keyPath="borderColor">
                        <color key="value" white="0.0" alpha="0.0" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/>
                    </userDefinedRuntimeAttribute>
                    <userDefinedRuntimeAttribute type="number" keyPath="borderWidth">
                        <real key="value" value="0.5"/>
                    </userDefinedRuntimeAttribute>
                </userDefinedRuntimeAttributes>
            </view>
        """)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        var byKeyPath: [String: ArchiveValue] = [:]
        for i in g.objects.indices where g.className(ofObject: i) == "UINibKeyValuePair" {
            var v: [String: ArchiveValue] = [:]
            for kv in g.values(ofObject: i) { v[g.keyName(kv.key)] = kv.value }
            if let path = v["UIKeyPath"], let value = v["UIValue"], let name = try g.string(of: path) { byKeyPath[name] = value }
        }
        #expect(Set(byKeyPath.keys) == ["borderColor", "borderWidth"])
        guard case .ref(let colour)? = byKeyPath["borderColor"] else {
            Issue.record("the colour is not an object")
            return
        }
        #expect(g.className(ofObject: colour) == "UIColor")
        var values: [String: ArchiveValue] = [:]
        for kv in g.values(ofObject: colour) { values[g.keyName(kv.key)] = kv.value }
        #expect(try values["UISystemColorName"].flatMap { try g.string(of: $0) } == "clearColor")
    }

    /// A collection view cell of Xcode 10 and earlier has a content view without an id (ChatSecure's
    /// group buddy cell, DuckDuckGo's favourite cell): its subviews were left out with a warning.
    @Test func aCellsContentViewWithoutAnIdKeepsItsSubviews() throws {
        let (g, diagnostics) = try UIKitEncoderTests.compile("""
            <collectionViewCell opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" reuseIdentifier="Buddy" id="cell">
                <rect key="frame" x="0.0" y="0.0" width="145" height="25"/>
                <view key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center">
                    <rect key="frame" x="0.0" y="0.0" width="145" height="25"/>
                    <subviews>
                        <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Label" lineBreakMode="tailTruncation" id="name">
                            <rect key="frame" x="29" y="4.5" width="90" height="16"/>
                            <fontDescription key="fontDescription" type="system" pointSize="13"/>
                        </label>
                    </subviews>
                </view>
            </collectionViewCell>
        """)
        #expect(!diagnostics.contains { $0.message.contains("content view") }, "\(diagnostics)")
        let cell = try UIKitEncoderTests.values(g, "UICollectionViewCell")
        guard case .ref(let content)? = cell["UIContentView"] else {
            Issue.record("the cell has no content view")
            return
        }
        let labels = g.objects.indices.filter { g.className(ofObject: $0) == "UILabel" }
        #expect(labels.count == 1)
        // The label is the content view's subview.
        let subviews = g.values(ofObject: content).first { g.keyName($0.key) == "UISubviews" }.map { kv -> [ArchiveValue] in
            guard case .ref(let list) = kv.value else { return [] }
            return g.values(ofObject: list).filter { g.keyName($0.key) == "UINibEncoderEmptyKey" }.map(\.value)
        }
        #expect(subviews == labels.map { .ref($0) })
    }

    /// A named (asset catalog) colour took no value from the document and compiled as opaque black,
    /// silently (DuckDuckGo's omni bar); it is now the `<namedColor>` resource's value, with a warning.
    @Test func namedColoursTakeTheDocumentsValue() throws {
        let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" targetRuntime="iOS.CocoaTouch">
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                <view contentMode="scaleToFill" id="root">
                    <rect key="frame" x="0" y="0" width="320" height="480"/>
                    <color key="backgroundColor" name="background"/>
                </view>
            </objects>
            <resources>
                <namedColor name="background">
                    <color red="0.96078431372549022" green="0.96078431372549022" blue="0.96078431372549022" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                </namedColor>
            </resources>
        </document>
        """
        let (g, diagnostics) = try NibCompiler().compileGraph(try XIBDocument(xml: Array(xml.utf8)))
        #expect(diagnostics.contains { $0.message.contains("named colour \"background\"") })
        let view = try UIKitEncoderTests.values(g, "UIView")
        guard case .ref(let colour)? = view["UIBackgroundColor"] else {
            Issue.record("no background colour")
            return
        }
        var values: [String: ArchiveValue] = [:]
        for kv in g.values(ofObject: colour) { values[g.keyName(kv.key)] = kv.value }
        #expect(values["UIRed"] == .float(Float(0.96078431372549022)))
        #expect(values["UIAlpha"] == .float(1))
    }
}
