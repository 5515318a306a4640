import KeyedArchive
import Testing
@testable import Nib

/// Pitfall D.50: a storyboard compiled by hand (binary `Info.plist`, scene and view nibs written with the
/// NIBArchive writer) loads its controller before its view.
@Suite(.serialized)
struct StoryboardOrderTests {
    final class LoggingViewController: StoryboardViewController {
        var navItem: AnyObject?
        required init() {
            super.init()
            CurrentLog.log.add("init vc storyboard=\(storyboard != nil)")
        }
        override class var nibKeys: NibKeys {
            var k = super.nibKeys
            k.outlet("navItem") { (vc: LoggingViewController, v: NibValue) in vc.navItem = v.object }
            return k
        }
        override func decodeNib(from coder: NibCoder) throws(ArchiveError) {
            try super.decodeNib(from: coder)
            CurrentLog.log.add("decode vc storyboard=\(storyboard != nil) viewNib=\(viewNibName ?? "-")")
        }
        override func awakeFromNib() {
            CurrentLog.log.add("awake vc storyboard=\(storyboard != nil) viewLoaded=\(isViewLoaded)")
        }
        override func viewDidLoad() {
            CurrentLog.log.add("viewDidLoad navItem=\((navItem as? NibObject)?.className ?? "nil")")
        }
    }

    final class LoggingView: NibInstantiable {
        required init() { CurrentLog.log.add("init view") }
        func awakeFromNib() { CurrentLog.log.add("awake view") }
    }

    /// Scene nib: owner → sceneViewController, vc → storyboard, a navigation item passed to the view nib
    /// through `UIExternalObjectsTableForViewLoading`, and a show segue template.
    static func sceneNib() throws -> [UInt8] {
        var f = NibFixture()
        let owner = f.proxy("IBFilesOwner")
        let storyboard = f.proxy("UIStoryboardPlaceholder")
        let nav = f.add("UINavigationItem")
        let externals = f.dictionary([("UpstreamPlaceholder-nav", nav)])
        let vc = f.swapper(custom: "LoggingViewController", original: "UIViewController", [
            ("UINibName", .ref(f.string("vc1-view-v1"))), ("UIExternalObjectsTableForViewLoading", .ref(externals)),
        ])
        let segue = f.add("UIStoryboardShowSegueTemplate", [
            ("UIIdentifier", .ref(f.string("showDetail"))), ("UIDestinationViewControllerIdentifier", .ref(f.string("Other"))),
            ("UIActionName", .ref(f.string("showViewController:sender:"))),
        ])
        let c1 = f.outlet("sceneViewController", owner, vc)
        let c2 = f.outlet("storyboard", vc, storyboard)
        let c3 = f.outlet("viewController", segue, vc)
        let graph = f.uikitGraph(topLevel: [owner, storyboard, vc], objects: [owner, storyboard, vc, nav, segue], connections: [c1, c2, c3])
        return try graph.nibArchiveData()
    }

    /// View nib: owner.view → the view, owner.navItem → the upstream placeholder.
    static func viewNib() throws -> [UInt8] {
        var f = NibFixture()
        let owner = f.proxy("IBFilesOwner")
        let upstream = f.proxy("UpstreamPlaceholder-nav")
        let view = f.add("LoggingView")
        let c1 = f.outlet("view", owner, view)
        let c2 = f.outlet("navItem", owner, upstream)
        return try f.uikitGraph(topLevel: [owner, upstream, view], objects: [owner, upstream, view], connections: [c1, c2]).nibArchiveData()
    }

    static func storyboardDirectory() throws -> InMemoryNibDirectory {
        let info = PlistValue.dict([
            PlistDictEntry(key: .string("UIStoryboardDesignatedEntryPointIdentifier"), value: .string("Main")),
            PlistDictEntry(key: .string("UIStoryboardVersion"), value: .integer(1)),
            PlistDictEntry(key: .string("UIViewControllerIdentifiersToNibNames"), value: .dict([
                PlistDictEntry(key: .string("Main"), value: .string("UIViewController-vc1")),
            ])),
        ])
        return InMemoryNibDirectory(name: "Main.storyboardc", files: [
            "Info.plist": PropertyList(info).binaryData(),
            "UIViewController-vc1.nib": try sceneNib(),
            // A view nib stored as an iOS nib directory, to exercise that container inside a storyboard.
            "vc1-view-v1.nib/objects-13.0+.nib": try viewNib(),
            "vc1-view-v1.nib/runtime.nib": try viewNib(),
        ])
    }

    @Test func controllerIsAwakeBeforeItsViewExists() throws {
        CurrentLog.log = EventLog()
        let registry = NibClassRegistry()
        registry.register(LoggingViewController.self, as: "LoggingViewController")
        registry.register(LoggingView.self, as: "LoggingView")
        let storyboard = try Storyboard(directory: Self.storyboardDirectory(), registry: registry)
        #expect(storyboard.document.platform == .iOS)
        #expect(storyboard.entryPoint == "Main")

        let vc = try #require(try storyboard.instantiateInitialController() as? LoggingViewController)
        #expect(CurrentLog.log.events == [
            "init vc storyboard=false",
            "decode vc storyboard=false viewNib=vc1-view-v1",
            "awake vc storyboard=true viewLoaded=false",
        ])
        #expect(!vc.isViewLoaded)

        let view = vc.view
        #expect(view is LoggingView)
        #expect(CurrentLog.log.events.suffix(3) == ["init view", "awake view", "viewDidLoad navItem=UINavigationItem"])
        // A second access does not load again.
        _ = vc.view
        #expect(CurrentLog.log.events.count == 6)
    }

    @Test func sceneModelListsControllerViewNibAndSegues() throws {
        let doc = try StoryboardDocument(directory: Self.storyboardDirectory())
        let scene = try #require(doc.scenes().first)
        #expect(scene.controller?.effectiveClassName == "LoggingViewController")
        #expect(scene.viewNibName == "vc1-view-v1")
        #expect(scene.segueTemplates.map(\.kind) == ["show"])
        #expect(scene.segueTemplates.first?.identifier == "showDetail")
        #expect(scene.segueTemplates.first?.destinationIdentifier == "Other")
        let summary = doc.summary()
        #expect(summary.entryPoint == "Main")
        #expect(summary.scenes.count == 1)
    }

    @Test func genericControllersLoadTheirViewThroughTheStoryboard() throws {
        let storyboard = try Storyboard(directory: Self.storyboardDirectory(), registry: NibClassRegistry())
        let vc = try #require(try storyboard.instantiateController(identifier: "Main") as? NibObject)
        #expect(vc.className == "UIViewController")
        #expect(vc.outlet("view") == nil)
        #expect(vc.outlet("storyboard")?.object is Storyboard)
        let view = try #require(try storyboard.loadView(for: vc) as? NibObject)
        #expect(view.className == "LoggingView")
        #expect((vc.outlet("navItem")?.object as? NibObject)?.className == "UINavigationItem")
    }
}
