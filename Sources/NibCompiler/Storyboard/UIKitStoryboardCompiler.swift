import KeyedArchive
import Nib

/// Compiles a UIKit storyboard into the files of a `.storyboardc` (`nib-object-model.md` §1.6, §3):
///
/// * `Info.plist` {`UIViewControllerIdentifiersToNibNames`, `UIStoryboardDesignatedEntryPointIdentifier`,
///   `UIStoryboardVersion` 1};
/// * one scene nib per controller that no relationship segue embeds, named by its storyboard
///   identifier or `<UIKit class>-<id>`: File's Owner, First Responder and the storyboard placeholder
///   as `UIProxyObject`s, the controller as a `UIClassSwapper` (with the controllers its relationship
///   segues embed, linked by `UIChildViewControllers`/`UIViewControllers`/`UIParentViewController`),
///   its segue templates, the `storyboard` and `sceneViewController` outlets;
/// * one view nib per controller with a view, `<controller id>-view-<view id>`, owned by the controller:
///   the view's objects, the `view` outlet, the controller's and the view's connections. A control that
///   triggers a segue performs it through an `UpstreamPlaceholder-<segue id>` proxy that the
///   controller's `UIExternalObjectsTableForViewLoading` maps to the template.
///
/// Segue kinds: show, showDetail, presentation (and the deprecated modal, push, replace), embed,
/// custom; unwind segues are reported and left out.
enum UIKitStoryboardCompiler {
    /// Each segue kind's template class and the action it names.
    static let templates: [String: (cls: String, action: String?)] = [
        "show": ("UIStoryboardShowSegueTemplate", "showViewController:sender:"),
        "showDetail": ("UIStoryboardShowSegueTemplate", "showDetailViewController:sender:"),
        "presentation": ("UIStoryboardPresentationSegueTemplate", nil), "modal": ("UIStoryboardModalSegueTemplate", nil),
        "push": ("UIStoryboardPushSegueTemplate", nil), "replace": ("UIStoryboardReplaceSegueTemplate", nil),
        "embed": ("UIStoryboardEmbedSegueTemplate", nil), "custom": ("UIStoryboardSegueTemplate", nil),
    ]
    /// Relationship → how the parent lists the child.
    static let tabLike: Set<String> = ["viewControllers"]

    static func compile(_ doc: XIBDocument, options: NibCompilerOptions) throws(ArchiveError) -> StoryboardCompiler.Output {
        let plan = UIKitStoryboardPlan(doc: doc)
        var out = StoryboardCompiler.Output()
        out.iOSNibDirectories = options.writesIOSNibDirectories
        var nibNames: [PlistDictEntry] = []
        // A controller another embeds is archived in its parent's nib, and in its own too when it can be
        // instantiated on its own: by its storyboard identifier, or as a segue's destination.
        for controller in plan.controllers where plan.parent[controller] == nil || plan.standsAlone(controller) {
            let name = plan.identifier(controller)
            let graph = try nib(doc, options, &out) { ctx throws(ArchiveError) in try sceneNib(controller, plan, &ctx) }
            try out.add(name, graph)
            nibNames.append(PlistDictEntry(key: .string(name), value: .string(name)))
        }
        for controller in plan.controllers {
            guard let view = doc.objects[controller].children.first(where: { doc.objects[$0].key == "view" }) else { continue }
            let graph = try nib(doc, options, &out) { ctx throws(ArchiveError) in try viewNib(controller, view, plan, &ctx) }
            try out.add(plan.viewNibName(controller), graph)
        }
        var info: [PlistDictEntry] = [PlistDictEntry(key: .string("UIViewControllerIdentifiersToNibNames"), value: .dict(nibNames))]
        if let initial = doc.initialViewController, let o = doc.objectIndex[initial], plan.controllers.contains(o) {
            info.append(PlistDictEntry(key: .string("UIStoryboardDesignatedEntryPointIdentifier"), value: .string(plan.identifier(o))))
        }
        info.append(PlistDictEntry(key: .string("UIStoryboardVersion"), value: .integer(1)))
        out.files.insert(("Info.plist", PropertyList(.dict(info)).binaryData()), at: 0)
        return out
    }

    static func nib(_ doc: XIBDocument, _ options: NibCompilerOptions, _ out: inout StoryboardCompiler.Output,
                    _ build: (inout EncodingContext) throws(ArchiveError) -> Void) throws(ArchiveError) -> ArchiveGraph {
        var ctx = EncodingContext(doc: doc, options: options, encoders: NibCompiler.uiKitEncoders, elementIndex: out.elementIndex(of: doc))
        try build(&ctx)
        out.diagnostics.append(contentsOf: ctx.diagnostics)
        return ctx.graph.archiveGraph(coderVersion: 10)
    }

    static func proxy(_ identifier: String, _ ctx: inout EncodingContext) -> Int {
        let i = ctx.graph.add("UIProxyObject")
        ctx.graph.set(i, "UIProxiedObjectIdentifier", ctx.graph.string(identifier))
        return i
    }

    static func outlet(_ label: String, _ source: NibGraph.Value, _ destination: NibGraph.Value, _ ctx: inout EncodingContext) -> NibGraph.Value {
        let i = ctx.graph.add("UIRuntimeOutletConnection")
        ctx.graph.set(i, "UILabel", ctx.graph.string(label))
        ctx.graph.set(i, "UISource", source)
        ctx.graph.set(i, "UIDestination", destination)
        return .ref(i)
    }

    /// A controller's scene nib: its proxies, the controller with the controllers it embeds, their
    /// segue templates and outlets.
    static func sceneNib(_ root: Int, _ plan: UIKitStoryboardPlan, _ ctx: inout EncodingContext) throws(ArchiveError) {
        let doc = ctx.doc
        let graphRoot = ctx.graph.add("NSObject")
        let owner = proxy("IBFilesOwner", &ctx), firstResponder = proxy("IBFirstResponder", &ctx)
        let storyboard = proxy("UIStoryboardPlaceholder", &ctx)
        var objects: [NibGraph.Value] = [.ref(owner), .ref(firstResponder), .ref(storyboard)]
        var connections: [NibGraph.Value] = []
        // The root and what it embeds, parents before children.
        var family = [root]
        var next = 0
        while next < family.count {
            family.append(contentsOf: plan.children[family[next], default: []])
            next += 1
        }
        var controllers: [Int: Int] = [:]
        for c in family { controllers[c] = try controller(c, plan, &ctx) }
        for c in family {
            guard let g = controllers[c] else { continue }
            let kids = plan.children[c, default: []].compactMap { controllers[$0] }.map { NibGraph.Value.ref($0) }
            if !kids.isEmpty {
                ctx.graph.set(g, "UIChildViewControllers", ctx.graph.collection("NSArray", kids))
                if plan.relationship(ofChildrenOf: c).contains(where: tabLike.contains) {
                    ctx.graph.set(g, "UIViewControllers", ctx.graph.collection("NSArray", kids))
                }
            }
            if let p = plan.parent[c], let pg = controllers[p] { ctx.graph.set(g, "UIParentViewController", .ref(pg)) }
            connections.append(outlet("storyboard", .ref(g), .ref(storyboard), &ctx))
        }
        connections += try barConnections(family, plan, &ctx)
        if let g = controllers[root] {
            objects.append(.ref(g))
            connections.append(outlet("sceneViewController", .ref(owner), .ref(g), &ctx))
        }
        // Templates of the family's segues, each linked back to its controller.
        for c in family {
            guard let g = controllers[c] else { continue }
            var list: [NibGraph.Value] = []
            for (segue, template) in try templates(of: c, plan, &ctx) {
                list.append(template)
                connections.append(outlet("viewController", template, .ref(g), &ctx))
                if plan.triggers[segue] == nil { objects.append(template) }
            }
            if !list.isEmpty { ctx.graph.set(g, "UIStoryboardSegueTemplates", ctx.graph.collection("NSArray", list)) }
        }
        // Other objects of the scene (not its controller, First Responder or Exit).
        let scenes = plan.sceneOfController[root].map { [doc.scenes[$0]] } ?? doc.scenes.filter { $0.objects.contains(root) }
        for scene in scenes {
            for o in scene.objects where o != root && !["firstResponder", "exit"].contains(doc.attribute("sceneMemberID", of: o) ?? "")
                && doc.objects[o].name != "placeholder" {
                objects.append(try ctx.ref(o))
            }
        }
        UIKitNibBuilder.writeRoot(graphRoot, topLevel: objects, awake: objects, connections: connections, pairs: [], &ctx)
    }

    /// The controller as a class swapper: its view nib name and external objects, segue style keys.
    static func controller(_ c: Int, _ plan: UIKitStoryboardPlan, _ ctx: inout EncodingContext) throws(ArchiveError) -> Int {
        let g = ctx.graph.add("UIClassSwapper")
        ctx.encoded[c] = g
        let cls = plan.className(c)
        let custom = ctx.doc.objects[c].customClass.map { ctx.runtimeClassName($0, of: c) } ?? cls
        ctx.graph.set(g, "UIClassName", ctx.graph.string(custom))
        ctx.graph.set(g, "UIOriginalClassName", ctx.graph.string(cls))
        if ctx.doc.objects[c].children.contains(where: { ctx.doc.objects[$0].key == "view" }) {
            // Placeholders of the view nib: the templates its controls trigger.
            var external: [(NibGraph.Value, NibGraph.Value)] = []
            for segue in plan.seguesOfController[c, default: []] where plan.triggers[segue] != nil {
                external.append((ctx.graph.string(plan.upstream(segue)), .ref(plan.templateIndex(segue, &ctx))))
            }
            ctx.graph.set(g, "UIExternalObjectsTableForViewLoading", ctx.graph.dictionary("NSDictionary", external))
            ctx.graph.set(g, "UINibName", ctx.graph.string(plan.viewNibName(c)))
        }
        if let title = ctx.attr(c, "title") { ctx.graph.set(g, "UITitle", ctx.graph.string(title)) }
        // The controller's bar items, and a navigation controller's bar, live in its scene nib.
        for (key, archived) in barKeys {
            if let item = ctx.doc.objects[c].children.first(where: { ctx.doc.objects[$0].key == key }) { ctx.graph.set(g, archived, try ctx.ref(item)) }
        }
        let toolbarItems = ctx.objects(c, in: "toolbarItems")
        if !toolbarItems.isEmpty {
            var list: [NibGraph.Value] = []
            for item in toolbarItems { list.append(try ctx.ref(item)) }
            ctx.graph.set(g, "UIToolbarItems", ctx.graph.collection("NSArray", list))
        }
        return g
    }

    /// Controller children archived in the scene nib, by XIB key → the controller's key.
    static let barKeys = [("navigationItem", "UINavigationItem"), ("tabBarItem", "UITabBarItem"), ("navigationBar", "UINavigationBar")]

    /// Connections of the bar items a family of controllers holds (navigation and tab bar items,
    /// toolbar items): actions aimed at the controllers, outlets, and the segues those items trigger,
    /// performed on their templates in this nib.
    static func barConnections(_ family: [Int], _ plan: UIKitStoryboardPlan, _ ctx: inout EncodingContext) throws(ArchiveError) -> [NibGraph.Value] {
        let doc = ctx.doc
        var out: [NibGraph.Value] = []
        for c in family {
            let items = doc.objects[c].children.filter { o in barKeys.contains { $0.0 == doc.objects[o].key } } + ctx.objects(c, in: "toolbarItems")
            for child in items {
                for o in UIKitNibBuilder.descendants(of: child, doc) {
                    for conn in doc.objects[o].connections {
                        if conn.kind == .segue {
                            guard let s = plan.segueIndex[conn.element] else { continue }
                            let e = ctx.graph.add("UIRuntimeEventConnection")
                            ctx.graph.set(e, "UILabel", ctx.graph.string("perform:"))
                            ctx.graph.set(e, "UISource", try ctx.ref(o))
                            ctx.graph.set(e, "UIDestination", .ref(plan.templateIndex(s, &ctx)))
                            out.append(.ref(e))
                            continue
                        }
                        // Only what this nib holds: the family's controllers and their bar items.
                        guard let d = conn.destination.flatMap({ doc.objectIndex[$0] }), ctx.encoded[d] != nil else {
                            ctx.warn("a bar item's connection to an object outside its scene nib is not compiled", element: conn.element)
                            continue
                        }
                        if let v = try UIKitConnections.encode(conn, &ctx) { out.append(v) }
                    }
                }
            }
        }
        return out
    }

    /// The templates of controller `c`'s segues (its own and those its view's objects trigger).
    static func templates(of c: Int, _ plan: UIKitStoryboardPlan, _ ctx: inout EncodingContext) throws(ArchiveError) -> [(Int, NibGraph.Value)] {
        var out: [(Int, NibGraph.Value)] = []
        for segue in plan.seguesOfController[c, default: []] {
            out.append((segue, .ref(plan.templateIndex(segue, &ctx))))
        }
        return out
    }

    /// A controller's view nib, owned by the controller.
    static func viewNib(_ vc: Int, _ view: Int, _ plan: UIKitStoryboardPlan, _ ctx: inout EncodingContext) throws(ArchiveError) {
        let doc = ctx.doc
        let graphRoot = ctx.graph.add("NSObject")
        let owner = proxy("IBFilesOwner", &ctx), firstResponder = proxy("IBFirstResponder", &ctx)
        ctx.encoded[vc] = owner
        ctx.uikitPlan = plan
        let viewValue = try ctx.ref(view)
        var topLevel: [NibGraph.Value] = [.ref(owner), .ref(firstResponder), viewValue]
        // The view's objects in UIKit's awake order.
        var awake = topLevel
        let queue = try UIKitNibBuilder.awakeBelow(view, into: &awake, &ctx)
        let subtree = Set(queue)
        var connections = [outlet("view", .ref(owner), viewValue, &ctx)]
        let controllerSet = plan.controllerSet
        var listed = Set(ctx.upstreamProxies.keys)
        for s in ctx.upstreamProxies.keys.sorted() { topLevel.append(.ref(ctx.upstreamProxies[s] ?? 0)) }
        for o in [vc] + queue {
            for c in doc.objects[o].connections {
                if c.kind == .segue {
                    // A control performs its segue through the controller's template, reached upstream.
                    guard o != vc, subtree.contains(o), let s = plan.segueIndex[c.element] else { continue }
                    let p = ctx.upstreamProxies[s] ?? proxy(plan.upstream(s), &ctx)
                    ctx.upstreamProxies[s] = p
                    if listed.insert(s).inserted {
                        topLevel.append(.ref(p))
                        awake.append(.ref(p))
                    }
                    let e = ctx.graph.add("UIRuntimeEventConnection")
                    ctx.graph.set(e, "UILabel", ctx.graph.string("perform:"))
                    ctx.graph.set(e, "UISource", try ctx.ref(o))
                    ctx.graph.set(e, "UIDestination", .ref(p))
                    ctx.graph.set(e, "UIEventMask", .int(UIKitConnections.events["touchUpInside"] ?? 64))
                    connections.append(.ref(e))
                    continue
                }
                // The controller's own connections reach into its view; others stay within it.
                let destination = c.destination.flatMap { doc.objectIndex[$0] }
                if o == vc, destination.map({ subtree.contains($0) || $0 == vc }) != true { continue }
                guard destination.map({ plan.controller(enclosing: $0, among: controllerSet).map { $0 == vc } ?? true }) ?? true else {
                    // Interface Builder lets a control aim at another scene's controller; no nib can hold that.
                    ctx.warn("a connection to an object of another scene is not compiled", element: c.element)
                    continue
                }
                if let v = try UIKitConnections.encode(c, &ctx) { connections.append(v) }
            }
        }
        var pairs: [NibGraph.Value] = []
        for o in queue {
            for a in doc.objects[o].runtimeAttributes {
                if let v = try UIKitRuntimeAttributes.encode(a, of: o, &ctx) { pairs.append(v) }
            }
        }
        // Placeholders a table's prototype cells asked for while the view was encoded.
        for s in ctx.upstreamProxies.keys.sorted() where listed.insert(s).inserted {
            topLevel.append(.ref(ctx.upstreamProxies[s] ?? 0))
            awake.append(.ref(ctx.upstreamProxies[s] ?? 0))
        }
        UIKitNibBuilder.writeRoot(graphRoot, topLevel: topLevel, awake: awake, connections: connections, pairs: pairs, &ctx)
    }
}

/// What a UIKit storyboard compile decides first: its controllers, which ones relationship segues
/// embed in their parent's scene nib, the other segues and what triggers them, and the names.
struct UIKitStoryboardPlan {
    let doc: XIBDocument
    /// Scene controllers (`sceneMemberID="viewController"`), in document order.
    var controllers: [Int] = []
    /// Scene controller → the index of its scene in ``XIBDocument/scenes``.
    var sceneOfController: [Int: Int] = [:]
    /// Child controller → the controller whose relationship segue embeds it.
    var parent: [Int: Int] = [:]
    /// Controller → the controllers it embeds, in document order.
    var children: [Int: [Int]] = [:]
    /// Segue element → index into `segues` (non-relationship segues only).
    var segueIndex: [Int: Int] = [:]
    /// Non-relationship segues: their `<segue>` elements.
    var segues: [Int] = []
    /// Segue → the controller whose scene holds it.
    var segueController: [Int: Int] = [:]
    /// Segue → the object that triggers it (a control or cell), when it is not the controller's own.
    var triggers: [Int: Int] = [:]
    /// Controller → the segues it holds (``segueController``), in segue order.
    var seguesOfController: [Int: [Int]] = [:]
    /// ``controllers`` as a set.
    let controllerSet: Set<Int>
    /// Controllers that a segue (not a relationship) leads to.
    var segueDestinations: Set<Int> = []
    init(doc: XIBDocument) {
        self.doc = doc
        for (i, scene) in doc.scenes.enumerated() {
            if let c = scene.objects.first(where: { doc.attribute("sceneMemberID", of: $0) == "viewController" }) {
                controllers.append(c)
                if sceneOfController[c] == nil { sceneOfController[c] = i }
            }
        }
        let controllerSet = Set(controllers)
        self.controllerSet = controllerSet
        for (o, object) in doc.objects.enumerated() {
            for c in object.connections where c.kind == .segue {
                let destination = c.destination.flatMap { doc.objectIndex[$0] }
                if c.detail == "relationship" {
                    guard let d = destination, controllerSet.contains(o), controllerSet.contains(d), parent[d] == nil else { continue }
                    parent[d] = o
                    children[o, default: []].append(d)
                    continue
                }
                guard c.detail != "unwind", let owner = controllerOf(o, controllerSet) else { continue }
                segueIndex[c.element] = segues.count
                segueController[segues.count] = owner
                seguesOfController[owner, default: []].append(segues.count)
                if let d = destination, controllerSet.contains(d) { segueDestinations.insert(d) }
                if o != owner { triggers[segues.count] = o }
                segues.append(c.element)
            }
        }
    }

    /// The scene controller that holds object `o`.
    func controllerOf(_ o: Int, _ controllers: Set<Int>) -> Int? {
        var current: Int? = o
        var steps = 0
        while let c = current, steps < 10_000 {
            if controllers.contains(c) { return c }
            current = doc.objects[c].parent
            steps += 1
        }
        return nil
    }

    /// Whether controller `c` has a nib of its own even when a parent embeds it.
    func standsAlone(_ c: Int) -> Bool {
        doc.attribute("storyboardIdentifier", of: c) != nil || segueDestinations.contains(c)
    }

    /// The relationships by which `c` embeds its children.
    func relationship(ofChildrenOf c: Int) -> [String] {
        doc.objects[c].connections.filter { $0.kind == .segue && $0.detail == "relationship" }
            .compactMap { doc.tree.elements[$0.element]["relationship"] }
    }

    /// The controller's UIKit class (`viewController` → `UIViewController`, …).
    func className(_ c: Int) -> String { ElementClasses.className(doc.objects[c].name, runtime: .cocoaTouch) }

    /// The storyboard identifier, or `<UIKit class>-<id>`.
    func identifier(_ c: Int) -> String {
        doc.attribute("storyboardIdentifier", of: c) ?? "\(className(c))-\(doc.objects[c].id)"
    }

    /// `<controller id>-view-<view id>`.
    func viewNibName(_ c: Int) -> String {
        let view = doc.objects[c].children.first { doc.objects[$0].key == "view" }.map { doc.objects[$0].id } ?? ""
        return "\(doc.objects[c].id)-view-\(view)"
    }

    /// The scene controller `o` is or lies inside, if any (scene-level objects such as gesture
    /// recognizers have none); `controllers` is ``controllers`` as a set.
    func controller(enclosing o: Int, among controllers: Set<Int>) -> Int? {
        var current: Int? = o
        var steps = 0
        while let c = current, steps <= doc.objects.count {
            if controllers.contains(c) { return c }
            current = doc.objects[c].parent
            steps += 1
        }
        return nil
    }

    /// The upstream placeholder identifier of segue `s`.
    func upstream(_ s: Int) -> String {
        "UpstreamPlaceholder-\(doc.tree.elements[segues[s]]["id"] ?? "\(s)")"
    }

    /// The graph object of segue `s`'s template in the nib `ctx` builds (made on first use).
    func templateIndex(_ s: Int, _ ctx: inout EncodingContext) -> Int {
        if let i = ctx.segueTemplates[s] { return i }
        let element = segues[s]
        let el = doc.tree.elements[element]
        let kind = el["kind"] ?? "show"
        let template = UIKitStoryboardCompiler.templates[kind] ?? ("UIStoryboardSegueTemplate", nil)
        let i = ctx.graph.add(template.cls)
        ctx.segueTemplates[s] = i
        if let identifier = el["identifier"] { ctx.graph.set(i, "UIIdentifier", ctx.graph.string(identifier)) }
        if let d = el["destination"].flatMap({ doc.objectIndex[$0] }) {
            ctx.graph.set(i, "UIDestinationViewControllerIdentifier", ctx.graph.string(identifier(d)))
        }
        if let action = template.action { ctx.graph.set(i, "UIActionName", ctx.graph.string(action)) }
        if kind == "presentation" || kind == "modal" {
            let styles: [String: Int64] = ["fullScreen": 0, "pageSheet": 1, "formSheet": 2, "currentContext": 3, "custom": 4,
                                           "overFullScreen": 5, "overCurrentContext": 6, "popover": 7, "none": -1, "automatic": -2]
            let transitions: [String: Int64] = ["coverVertical": 0, "flipHorizontal": 1, "crossDissolve": 2, "partialCurl": 3]
            ctx.graph.set(i, "UIModalPresentationStyle", .int(styles[el["modalPresentationStyle"] ?? "automatic"] ?? -2))
            ctx.graph.set(i, "UIModalTransitionStyle", .int(transitions[el["modalTransitionStyle"] ?? "coverVertical"] ?? 0))
            ctx.graph.set(i, "UIAnimates", .bool(el["animates"] != "NO"))
        }
        if kind == "custom", let cls = el["customClass"] { ctx.graph.set(i, "UISegueClassName", ctx.graph.string(cls)) }
        return i
    }
}
