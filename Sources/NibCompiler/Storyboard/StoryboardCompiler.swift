import KeyedArchive
import Nib

/// Compiles a storyboard into the files of a `.storyboardc` (`nib-object-model.md` §3): `Info.plist`,
/// one nib per scene controller (`MainMenu`, `NSWindowController-<id>` or the storyboard identifier)
/// and one per view controller's view (`<vc>-view-<view>`); the controller identifiers' UUIDs are
/// derived from the document (ibtool's are random). UIKit storyboards: ``UIKitStoryboardCompiler``.
enum StoryboardCompiler {
    struct Output {
        var files: [(name: String, bytes: [UInt8])] = []
        var graphs: [(name: String, graph: ArchiveGraph)] = []
        var diagnostics: [NibCompileDiagnostic] = []
        /// Whether each nib is written as an iOS nib directory (``NibCompilerOptions/writesIOSNibDirectories``).
        var iOSNibDirectories = false
        /// The document's element index, made for the first scene and shared by the rest.
        var elementIndex: XIBElementIndex?

        /// ``elementIndex``, made on first use.
        mutating func elementIndex(of doc: XIBDocument) -> XIBElementIndex {
            if let elementIndex { return elementIndex }
            let index = XIBElementIndex(doc)
            elementIndex = index
            return index
        }
    }

    static func compile(_ doc: XIBDocument, options: NibCompilerOptions) throws(ArchiveError) -> Output {
        guard doc.runtime == .cocoa else { return try UIKitStoryboardCompiler.compile(doc, options: options) }
        var plan = StoryboardPlan(doc: doc)
        var out = Output()
        var nibNames: [(String, String)] = []
        var uuids: [(String, String)] = []
        for scene in doc.scenes {
            guard let controller = scene.objects.first(where: { doc.attribute("sceneMemberID", of: $0) == "viewController" }) else { continue }
            switch doc.objects[controller].name {
            case "application":
                guard let menu = doc.objects[controller].children.first(where: { doc.objects[$0].key == "mainMenu" }) else { continue }
                let graph = try sceneNib(doc, options, &plan, &out) { ctx throws(ArchiveError) in try mainMenu(controller, menu, &ctx) }
                try out.add("MainMenu", graph)
                nibNames.append(("MainMenu", "MainMenu"))
            case "windowController", "viewController":
                if doc.objects[controller].name == "viewController", plan.isEmbedded(controller) { break }
                let identifier = plan.identifier(controller)
                let graph = try sceneNib(doc, options, &plan, &out) { ctx throws(ArchiveError) in try controllerScene(controller, &ctx) }
                try out.add(identifier, graph)
                nibNames.append((identifier, identifier))
                uuids.append((identifier, plan.uuid(controller)))
            default:
                out.diagnostics.append(NibCompileDiagnostic(severity: .warning, message: "scene controller <\(doc.objects[controller].name)> is not compiled yet",
                                                            line: doc.tree.elements[doc.objects[controller].element].line,
                                                            column: doc.tree.elements[doc.objects[controller].element].column))
            }
        }
        // View nibs: each view controller's view, owned by the controller.
        for o in doc.objects.indices where doc.objects[o].name == "viewController" {
            guard let view = doc.objects[o].children.first(where: { doc.objects[$0].key == "view" }) else { continue }
            let graph = try sceneNib(doc, options, &plan, &out) { ctx throws(ArchiveError) in try viewNib(o, view, &ctx) }
            try out.add(plan.viewNibName(o), graph)
        }
        var info: [PlistDictEntry] = [PlistDictEntry(key: .string("NSStoryboardMainMenu"), value: .string("MainMenu"))]
        info.append(PlistDictEntry(key: .string("NSViewControllerIdentifiersToNibNames"),
                                   value: .dict(nibNames.map { PlistDictEntry(key: .string($0.0), value: .string($0.1)) })))
        if let initial = doc.initialViewController, let o = doc.objectIndex[initial] {
            info.append(PlistDictEntry(key: .string("NSStoryboardDesignatedEntryPointIdentifier"), value: .string(plan.identifier(o))))
        }
        info.append(PlistDictEntry(key: .string("NSViewControllerIdentifiersToUUIDs"),
                                   value: .dict(uuids.map { PlistDictEntry(key: .string($0.0), value: .string($0.1)) })))
        info.append(PlistDictEntry(key: .string("NSStoryboardVersion"), value: .integer(1)))
        out.files.insert(("Info.plist", PropertyList(.dict(info)).binaryData()), at: 0)
        return out
    }

    /// One nib of the storyboard: `build` fills object 0 and its object data.
    static func sceneNib(_ doc: XIBDocument, _ options: NibCompilerOptions, _ plan: inout StoryboardPlan, _ out: inout Output,
                         _ build: (inout EncodingContext) throws(ArchiveError) -> Void) throws(ArchiveError) -> ArchiveGraph {
        var ctx = EncodingContext(doc: doc, options: options, encoders: NibCompiler.appKitEncoders, elementIndex: out.elementIndex(of: doc))
        ctx.storyboard = plan
        try build(&ctx)
        out.diagnostics.append(contentsOf: NibCompileDiagnostic.unique(ctx.diagnostics))
        return ctx.graph.archiveGraph(coderVersion: 10)
    }



    /// `NSNibExternalObjectPlaceholder` for the storyboard.
    static func storyboardPlaceholder(_ ctx: inout EncodingContext) -> NibGraph.Value {
        let i = ctx.graph.add("NSNibExternalObjectPlaceholder")
        ctx.graph.set(i, "NSExternalObjectPlaceholderIdentifier", ctx.graph.string("NSStoryboardPlaceholder"))
        return .ref(i)
    }

    static func outlet(_ label: String, _ source: NibGraph.Value, _ destination: NibGraph.Value, _ ctx: inout EncodingContext) -> NibGraph.Value {
        let i = ctx.graph.add("NSNibOutletConnector")
        ctx.graph.set(i, "NSSource", source)
        ctx.graph.set(i, "NSDestination", destination)
        ctx.graph.set(i, "NSLabel", ctx.graph.string(label))
        ctx.graph.set(i, "NSChildControllerCreationSelectorName", .null)
        return .ref(i)
    }



    static func mainMenu(_ app: Int, _ menu: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        let root = ctx.graph.add("NSObject")
        let data = ctx.graph.add("NSIBObjectData")
        let owner = AppKitNibParts.owner(&ctx)
        let appObject = ctx.graph.add("NSCustomObject")
        ctx.encoded[app] = appObject
        ctx.graph.set(appObject, "IBMainMenu", try ctx.ref(menu))
        ctx.graph.set(appObject, "NSClassName", ctx.graph.string("NSApplication"))
        let shared = AppKitNibParts.application(&ctx)
        let tree = AppKitNibParts.subtree(menu, ctx)
        var objects: [NibGraph.Value] = [.ref(appObject), shared], parents: [NibGraph.Value] = [owner, owner]
        for o in tree {
            objects.append(try ctx.ref(o))
            // The main menu hangs from the scene owner; its items from their menus.
            parents.append(o == menu ? owner : try ctx.ref(ctx.doc.objects[o].parent ?? app))
        }
        let connectors = try AppKitNibParts.connectors(of: [app] + tree, &ctx)
        AppKitObjectData.write(root: root, data: data, owner: owner, visibleWindows: [], connectors: connectors,
                               objects: objects, parents: parents, &ctx)
    }

    /// A window controller's (or a free view controller's) scene nib.
    static func controllerScene(_ c: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        let root = ctx.graph.add("NSObject")
        let data = ctx.graph.add("NSIBObjectData")
        let owner = AppKitNibParts.owner(&ctx)
        let doc = ctx.doc
        var objects: [NibGraph.Value] = [], parents: [NibGraph.Value] = [], connectors: [NibGraph.Value] = []
        let controller = try ctx.ref(c)
        connectors.append(outlet("sceneController", owner, controller, &ctx))
        if doc.objects[c].name == "windowController" {
            let content = ctx.storyboard?.contentController(of: c)
            let contentPlaceholder = storyboardPlaceholder(&ctx)
            if content != nil { objects.append(contentPlaceholder); parents.append(owner) }
            objects.append(controller)
            parents.append(owner)
            if let window = doc.objects[c].children.first(where: { doc.objects[$0].key == "window" }) {
                let w = try ctx.ref(window)
                objects.append(w)
                parents.append(controller)
                if let view = ctx.synthesizedContentView[window] {
                    objects.append(.ref(view))
                    parents.append(w)
                }
                // The content controller comes before the window's other objects (its toolbar, say).
                let vc = try content.map { v throws(ArchiveError) in try ctx.ref(v) }
                if let vc {
                    objects.append(vc)
                    parents.append(w)
                }
                for o in AppKitNibParts.subtree(window, ctx) where o != window {
                    objects.append(try ctx.ref(o))
                    parents.append(try ctx.ref(doc.objects[o].parent ?? window))
                }
                if let vc {
                    connectors.append(outlet("storyboard", vc, contentPlaceholder, &ctx))
                    let placeholder = storyboardPlaceholder(&ctx)
                    connectors.append(outlet("storyboard", controller, placeholder, &ctx))
                    connectors.append(outlet("window", controller, w, &ctx))
                    if let d = implicitDelegate(window, controller, w, &ctx) { connectors.append(d) }
                    let attributes = ctx.graph.add("NSIBUserDefinedRuntimeAttributesConnector")
                    ctx.graph.set(attributes, "NSObject", w)
                    ctx.graph.set(attributes, "NSValues", ctx.graph.collection("NSArray", [vc]))
                    ctx.graph.set(attributes, "NSKeyPaths", ctx.graph.collection("NSArray", [ctx.graph.string("contentViewController")]))
                    connectors.append(.ref(attributes))
                    objects.append(AppKitNibParts.application(&ctx))
                    parents.append(owner)
                    objects.append(placeholder)
                    parents.append(owner)
                } else {
                    connectors.append(outlet("window", controller, w, &ctx))
                    if let d = implicitDelegate(window, controller, w, &ctx) { connectors.append(d) }
                    objects.append(AppKitNibParts.application(&ctx))
                    parents.append(owner)
                }
            }
        } else {
            let placeholder = storyboardPlaceholder(&ctx)
            objects.append(contentsOf: [placeholder, controller, AppKitNibParts.application(&ctx)])
            parents.append(contentsOf: [owner, owner, owner])
            connectors.append(outlet("storyboard", controller, placeholder, &ctx))
        }
        // The scene's own connections (a window's delegate outlet, say), not those of an embedded controller's view.
        let window = doc.objects[c].children.first { doc.objects[$0].key == "window" }
        connectors.append(contentsOf: try AppKitNibParts.connectors(of: [c] + (window.map { AppKitNibParts.subtree($0, ctx) } ?? []), &ctx))
        AppKitObjectData.write(root: root, data: data, owner: owner, visibleWindows: [], connectors: connectors,
                               objects: objects, parents: parents, &ctx)
    }

    /// Storyboards of tools before 12000 (Xcode 8 and older) leave the window's delegate implicit:
    /// ibtool connects it to the window controller unless the window names a delegate itself.
    static func implicitDelegate(_ window: Int, _ controller: NibGraph.Value, _ w: NibGraph.Value, _ ctx: inout EncodingContext) -> NibGraph.Value? {
        guard ctx.doc.toolsBuild < 12000,
              !ctx.doc.objects[window].connections.contains(where: { $0.kind == .outlet && $0.label == "delegate" }) else { return nil }
        return outlet("delegate", w, controller, &ctx)
    }

    /// A view controller's view nib: owned by the controller (a scene owner stand-in), with the
    /// `view` outlet and the view's objects and connections.
    static func viewNib(_ vc: Int, _ view: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        let root = ctx.graph.add("NSObject")
        let data = ctx.graph.add("NSIBObjectData")
        let owner = AppKitNibParts.owner(&ctx)
        var objects: [NibGraph.Value] = [], parents: [NibGraph.Value] = []
        // The controller's own outlets come from an upstream placeholder its loading table fills in;
        // it is listed last in the object table.
        var upstreamPlaceholder: NibGraph.Value?
        if StoryboardPlan.hasOutlets(vc, ctx.doc) {
            let upstream = ctx.graph.add("NSNibExternalObjectPlaceholder")
            ctx.graph.set(upstream, "NSExternalObjectPlaceholderIdentifier", ctx.graph.string(StoryboardPlan.upstreamIdentifier))
            ctx.encoded[vc] = upstream
            upstreamPlaceholder = .ref(upstream)
        } else if case .ref(let i) = owner {
            ctx.encoded[vc] = i
        }
        let tree = AppKitNibParts.subtree(view, ctx)
        for o in tree {
            objects.append(try ctx.ref(o))
            parents.append(o == view ? owner : try ctx.ref(ctx.doc.objects[o].parent ?? vc))
        }
        objects.append(AppKitNibParts.application(&ctx))
        parents.append(owner)
        if let upstreamPlaceholder {
            objects.append(upstreamPlaceholder)
            parents.append(owner)
        }
        var connectors = [outlet("view", owner, try ctx.ref(view), &ctx)]
        connectors.append(contentsOf: try AppKitNibParts.connectors(of: [vc] + tree, &ctx))
        let accessibility = try AppKitConnectors.accessibilityConnectors(of: tree, &ctx)
        AppKitObjectData.write(root: root, data: data, owner: owner, visibleWindows: [], connectors: connectors,
                               objects: objects, parents: parents, accessibility: accessibility, &ctx)
    }
}

extension StoryboardCompiler.Output {
    mutating func add(_ name: String, _ graph: ArchiveGraph) throws(ArchiveError) {
        graphs.append((name, graph))
        let bytes = try graph.nibArchiveData()
        if iOSNibDirectories {
            for file in NibCompilerOptions.iOSNibDirectoryFiles { files.append((name + ".nib/" + file, bytes)) }
        } else {
            files.append((name + ".nib", bytes))
        }
    }
}
