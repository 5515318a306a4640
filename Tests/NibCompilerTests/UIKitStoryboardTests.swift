import Foundation
import Testing
import CorpusSupport
import KeyedArchive
import Nib
@testable import NibCompiler

/// UIKit storyboards compiled into `.storyboardc` directories that the `Nib` storyboard loader opens:
/// every scene instantiates, every view nib loads with its controller as owner, every segue template
/// names a scene the storyboard has, and every upstream placeholder of a view nib is supplied.
@Suite struct UIKitStoryboardTests {
    static var sources: [XIBCorpus.Entry] {
        XIBCorpus.entries.filter { $0.isStoryboard && !$0.name.hasPrefix("viraptor-ibtool") }
    }

    @Test func everyUIKitStoryboardOfTheCorpusCompilesAndLoads() throws {
        guard Corpus.require() else { return }
        var storyboards = 0, scenes = 0, views = 0, templates = 0
        for entry in Self.sources {
            let bytes = try Corpus.bytes(entry.source)
            guard XIBCorpus.isModern(bytes) else { continue }
            let doc = try XIBDocument(xml: bytes)
            guard doc.runtime == .cocoaTouch else { continue }
            let compiled = try NibCompiler().compile(doc)
            let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sb-\(UUID().uuidString).storyboardc")
            defer { try? FileManager.default.removeItem(at: dir) }
            try compiled.write(to: dir)
            let storyboard = try Storyboard(contentsOf: dir)
            let identifiers = Set(storyboard.document.nibNames.map(\.identifier))
            if let entryPoint = storyboard.entryPoint { #expect(identifiers.contains(entryPoint), "\(entry.name)") }
            for (name, graph) in compiled.nibs {
                for i in graph.objects.indices where (graph.className(ofObject: i) ?? "").hasSuffix("SegueTemplate") {
                    templates += 1
                    if let d = graph.value(ofObject: i, forKey: "UIDestinationViewControllerIdentifier").flatMap({ try? graph.string(of: $0) }) {
                        #expect(identifiers.contains(d), "\(entry.name) \(name): template to \(d)")
                    }
                }
            }
            for identifier in identifiers.sorted() {
                let (controller, _) = try storyboard.instantiateScene(identifier: identifier)
                scenes += 1
                if try storyboard.loadView(for: controller) != nil { views += 1 }
            }
            storyboards += 1
        }
        print("UIKit storyboards: \(storyboards) compiled, \(scenes) scenes instantiated, \(views) views loaded, \(templates) segue templates")
        #expect(storyboards >= 30)
        #expect(views >= scenes / 2)
    }

    @Test func sceneNibsHaveUIKitsShape() throws {
        guard Corpus.require() else { return }
        // The layout of a compiled UIKit storyboard (nib-object-model.md §3): a launch screen's one
        // controller, named by its class and id, with its view in a separate nib.
        let url = Corpus.root.appendingPathComponent("xib/ddg-ios/DuckDuckGo/Base.lproj/LaunchScreen.storyboard")
        let compiled = try NibCompiler().compile(try XIBDocument(contentsOf: url))
        guard case .directory(let files) = compiled.layout else {
            Issue.record("a storyboard compiles to a directory")
            return
        }
        #expect(files.map(\.name).sorted() == ["9SF-AN-ir1-view-5uF-ws-lnA.nib", "Info.plist", "UIViewController-9SF-AN-ir1.nib"])
        let info = try PropertyList(binary: try #require(files.first { $0.name == "Info.plist" }).bytes).value()
        guard case .dict(let entries) = info else {
            Issue.record("Info.plist is a dictionary")
            return
        }
        #expect(entries.map { "\($0.key)" }.sorted() == [
            "UIStoryboardDesignatedEntryPointIdentifier", "UIStoryboardVersion", "UIViewControllerIdentifiersToNibNames",
        ].map { "\(PlistValue.string($0))" }.sorted())
        let built = try #require(compiled.nibs.first { $0.name == "UIViewController-9SF-AN-ir1" }?.graph)
        let scene = try ArchiveGraph(nibArchive: built.nibArchiveData())
        let document = try NibDocument(graph: scene)
        #expect(document.placeholders.map(\.identifier).sorted() == ["IBFilesOwner", "IBFirstResponder", "UIStoryboardPlaceholder"])
        #expect(NibConnectionSummary.describe(scene).sorted() == [
            "outlet sceneViewController: IBFilesOwner → UIViewController",
            "outlet storyboard: UIViewController → UIStoryboardPlaceholder",
        ].sorted())
    }
    /// The templates listed by each controller (`UIStoryboardSegueTemplates`) across a storyboard's nibs.
    static func listedTemplates(_ compiled: CompiledNib) throws -> [(identifier: String?, destination: String?)] {
        var out: [(String?, String?)] = []
        for (_, graph) in compiled.nibs {
            for i in graph.objects.indices {
                guard let list = graph.value(ofObject: i, forKey: "UIStoryboardSegueTemplates").flatMap(graph.referencedObject) else { continue }
                for case .ref(let t) in try graph.elements(ofObject: list) {
                    let identifier = graph.value(ofObject: t, forKey: "UIIdentifier").flatMap { try? graph.string(of: $0) }
                    let destination = graph.value(ofObject: t, forKey: "UIDestinationViewControllerIdentifier").flatMap { try? graph.string(of: $0) }
                    out.append((identifier, destination))
                }
            }
        }
        return out
    }

    @Test func aControllersOwnSegueIsListedWithItsIdentifier() throws {
        // A segue drawn from the controller itself (performed with `performSegue(withIdentifier:)`).
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" useAutolayout="YES" initialViewController="vcA">
            <scenes>
            <scene sceneID="sA"><objects><viewController id="vcA" sceneMemberID="viewController"><view key="view" id="vA"><rect key="frame" x="0" y="0" width="10" height="10"/></view><connections><segue destination="vcB" kind="show" identifier="toB" id="sgA"/></connections></viewController><placeholder placeholderIdentifier="IBFirstResponder" id="frA" sceneMemberID="firstResponder"/></objects></scene>
            <scene sceneID="sB"><objects><viewController id="vcB" sceneMemberID="viewController"><view key="view" id="vB"><rect key="frame" x="0" y="0" width="10" height="10"/></view></viewController><placeholder placeholderIdentifier="IBFirstResponder" id="frB" sceneMemberID="firstResponder"/></objects></scene>
            </scenes>
            </document>
            """
        let compiled = try NibCompiler().compile(try XIBDocument(xml: Array(xml.utf8)))
        let listed = try Self.listedTemplates(compiled)
        #expect(listed.count == 1)
        #expect(listed.first?.identifier == "toB")
        #expect(listed.first?.destination == "UIViewController-vcB")
    }

    @Test func everySegueOfTheCorpusIsListedByItsController() throws {
        guard Corpus.require() else { return }
        var segues = 0
        for entry in Self.sources {
            let bytes = try Corpus.bytes(entry.source)
            guard XIBCorpus.isModern(bytes) else { continue }
            let doc = try XIBDocument(xml: bytes)
            guard doc.runtime == .cocoaTouch else { continue }
            let plan = UIKitStoryboardPlan(doc: doc)
            let listed = try Self.listedTemplates(try NibCompiler().compile(doc))
            // Each segue (not a relationship or unwind) is a template listed by its controller, in every nib
            // that archives the controller.
            let expected = Set(plan.segues.map { e in
                let el = doc.tree.elements[e]
                return "\(el["identifier"] ?? "") → \(el["destination"].flatMap { doc.objectIndex[$0] }.map(plan.identifier) ?? "")"
            })
            #expect(Set(listed.map { "\($0.identifier ?? "") → \($0.destination ?? "")" }) == expected, "\(entry.name)")
            segues += plan.segues.count
        }
        print("UIKit storyboards: \(segues) segues, each listed by its controller")
        #expect(segues > 0)
    }
    @Test func anEmbeddedControllerWithAStoryboardIdentifierHasItsOwnNib() throws {
        // `instantiateViewController(withIdentifier: "Root")` must find the navigation controller's root.
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" useAutolayout="YES" initialViewController="nav">
            <scenes>
            <scene sceneID="sN"><objects><navigationController id="nav" sceneMemberID="viewController"><navigationBar key="navigationBar" contentMode="scaleToFill" id="bar"><rect key="frame" x="0" y="0" width="10" height="44"/></navigationBar><connections><segue destination="vcR" kind="relationship" relationship="rootViewController" id="rel"/></connections></navigationController><placeholder placeholderIdentifier="IBFirstResponder" id="frN" sceneMemberID="firstResponder"/></objects></scene>
            <scene sceneID="sR"><objects><viewController storyboardIdentifier="Root" id="vcR" sceneMemberID="viewController"><view key="view" id="vR"><rect key="frame" x="0" y="0" width="10" height="10"/></view></viewController><placeholder placeholderIdentifier="IBFirstResponder" id="frR" sceneMemberID="firstResponder"/></objects></scene>
            <scene sceneID="sU"><objects><viewController id="vcU" sceneMemberID="viewController"><view key="view" id="vU"><rect key="frame" x="0" y="0" width="10" height="10"/></view></viewController><placeholder placeholderIdentifier="IBFirstResponder" id="frU" sceneMemberID="firstResponder"/></objects></scene>
            </scenes>
            </document>
            """
        let compiled = try NibCompiler().compile(try XIBDocument(xml: Array(xml.utf8)))
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sb-\(UUID().uuidString).storyboardc")
        defer { try? FileManager.default.removeItem(at: dir) }
        try compiled.write(to: dir)
        let storyboard = try Storyboard(contentsOf: dir)
        #expect(Set(storyboard.document.nibNames.map(\.identifier)) == ["UINavigationController-nav", "Root", "UIViewController-vcU"])
        let (controller, _) = try storyboard.instantiateScene(identifier: "Root")
        #expect(try storyboard.loadView(for: controller) != nil)
    }
}
