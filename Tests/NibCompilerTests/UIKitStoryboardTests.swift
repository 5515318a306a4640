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
}
