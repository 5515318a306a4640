import Foundation
import KeyedArchive
import Testing
@testable import Nib
import CorpusSupport

/// Every compiled storyboard of the corpus: the `xib/…/*.out` directories, and the same storyboards
/// reassembled from the flattened `nib/viraptor-ibtool/*.out__*` files.
@Suite struct CorpusStoryboardTests {
    static func storyboardDirectories() -> [URL] {
        var dirs = Set<URL>()
        for url in Corpus.files("xib") where url.lastPathComponent == "Info.plist" && url.deletingLastPathComponent().pathExtension == "out" {
            dirs.insert(url.deletingLastPathComponent())
        }
        return dirs.sorted { $0.path < $1.path }
    }

    /// `samples__correct__sb_x.out__File.nib` → storyboard "samples__correct__sb_x.out" with member "File.nib".
    static func flattenedStoryboards() throws -> [InMemoryNibDirectory] {
        var groups: [String: [String: [UInt8]]] = [:]
        for url in Corpus.files("nib/viraptor-ibtool") {
            let name = url.lastPathComponent
            guard let r = name.range(of: ".out__") else { continue }
            groups[String(name[..<r.lowerBound]) + ".out", default: [:]][String(name[r.upperBound...])] = try Corpus.bytes(url)
        }
        return groups.sorted { $0.key < $1.key }.map { InMemoryNibDirectory(name: $0.key, files: $0.value) }
    }

    /// Instantiates every scene, then loads the view nib of every controller in it that names one.
    static func exercise(_ storyboard: Storyboard, _ label: String) throws -> (scenes: Int, views: Int, missing: Int) {
        var scenes = 0, views = 0, missing = 0
        // Some ibtool sample outputs list a MainMenu nib they do not ship.
        if let menu = storyboard.document.mainMenu.flatMap(storyboard.document.nibName(forIdentifier:)),
           storyboard.document.directory.contains(menu + ".nib") {
            let menu = try storyboard.instantiateMainMenu(owner: NibObject(className: "NSApplication"))
            #expect(menu.contains { ($0 as? NibObject)?.className == "NSMenu" }, "\(label)")
        }
        for (identifier, nibName) in storyboard.document.nibNames where identifier != storyboard.document.mainMenu {
            #expect(storyboard.document.directory.contains(nibName + ".nib"), "\(label): \(nibName)")
            let (controller, result) = try storyboard.instantiateScene(identifier: identifier)
            #expect(controller is NibObject, "\(label) \(identifier)")
            scenes += 1
            for case let vc as NibObject in result.table where !vc.value(forKey: "NSNibName").isNull || !vc.value(forKey: "UINibName").isNull {
                #expect(vc.outlet("view") == nil, "\(label): view loaded before first access")
                let outcome = Result { () throws(ArchiveError) -> AnyObject? in try storyboard.loadView(for: vc) }
                switch outcome {
                case let .success(view):
                    #expect(view != nil, "\(label) \(identifier): no view outlet after loading")
                    views += 1
                case let .failure(error):
                    // sb_basic_wc.out ships without its view nib: a clear, typed error naming the file.
                    #expect(error.code == .fileNotFound, "\(label): \(error)")
                    #expect(error.keyPath.last == (vc.value(forKey: "NSNibName").string ?? "") + ".nib", "\(label)")
                    missing += 1
                }
            }
        }
        return (scenes, views, missing)
    }

    @Test func everyCompiledStoryboardDirectoryLoads() throws {
        guard Corpus.require() else { return }
        let dirs = Self.storyboardDirectories()
        #expect(dirs.count == 10)
        var scenes = 0, views = 0, missing = 0
        for dir in dirs {
            let storyboard = try Storyboard(contentsOf: dir)
            #expect(storyboard.document.platform == .macOS)
            #expect(storyboard.entryPoint != nil)
            let summary = storyboard.document.summary()
            #expect(summary.entryPoint == storyboard.entryPoint)
            #expect(summary.scenes.map(\.identifier) == storyboard.document.nibNames.map(\.identifier))
            for scene in summary.scenes where scene.identifier != storyboard.document.mainMenu {
                #expect(scene.problem == nil && scene.controller != nil, "\(dir.lastPathComponent) \(scene.identifier)")
            }
            if storyboard.entryPoint != nil {
                #expect(try storyboard.instantiateInitialController() is NibObject)
            }
            let r = try Self.exercise(storyboard, dir.lastPathComponent)
            scenes += r.scenes
            views += r.views
            missing += r.missing
        }
        print("corpus storyboards: \(dirs.count) directories, \(scenes) scenes, \(views) view nibs loaded lazily, \(missing) view nibs absent from the corpus")
        #expect(views >= 7)
        #expect(missing == 1)
    }

    @Test func flattenedStoryboardsReassembleInMemory() throws {
        guard Corpus.require() else { return }
        let boards = try Self.flattenedStoryboards()
        #expect(boards.count == 10)
        for dir in boards {
            let storyboard = try Storyboard(directory: dir)
            _ = try Self.exercise(storyboard, dir.name)
        }
    }

    @Test func swiftWindowControllerSceneModel() throws {
        guard Corpus.require() else { return }
        let url = Corpus.root.appendingPathComponent("xib/viraptor-ibtool/samples/correct/sb_swift_wc.out")
        let doc = try StoryboardDocument(directory: FileNibDirectory(path: url.path))
        #expect(doc.entryPoint == "MainWC")
        #expect(doc.mainMenu == "MainMenu")
        let scene = try #require(try doc.scenes().first)
        #expect(scene.identifier == "MainWC")
        #expect(scene.controller?.effectiveClassName == "_TtC7TestApp20MainWindowController")
        let sceneDoc = try doc.document(nibNamed: "MainWC")
        #expect(sceneDoc.placeholders.filter { $0.kind == .storyboard }.count == 2)
        // The window controller's content view controller names its view nib.
        let content = try #require(sceneDoc.classSwaps.first { $0.originalClassName == "NSViewController" })
        #expect(sceneDoc.graph.nibString(content.object.index, "NSNibName") == "vc1-00-002-view-vw1-00-002")
        #expect(content.customClassName == "_TtC7TestApp21ContentViewController")
    }

    @Test func sceneWithoutStoryboardExternalIsATypedError() throws {
        guard Corpus.require() else { return }
        let url = Corpus.root.appendingPathComponent("xib/viraptor-ibtool/samples/correct/sb_swift_wc.out/MainWC.nib")
        let nib = try Nib(contentsOf: url)
        let error = #expect(throws: ArchiveError.self) { try nib.instantiate(owner: NibObject(className: "NSObject")) }
        #expect(error?.code == .missingExternalObject)
        #expect(error?.keyPath == ["NSStoryboardPlaceholder"])
    }

    @Test func unknownIdentifierIsATypedError() throws {
        guard Corpus.require() else { return }
        let url = Corpus.root.appendingPathComponent("xib/viraptor-ibtool/samples/correct/sb_swift_wc.out")
        let storyboard = try Storyboard(contentsOf: url)
        let error = #expect(throws: ArchiveError.self) { try storyboard.instantiateController(identifier: "Nope") }
        #expect(error?.code == .unknownStoryboardIdentifier)
    }
}
