import KeyedArchive

/// One class encoder: turns the XIB elements it names into a nib object with the keys Apple's coder
/// writes for them. Each lives in its own small file under `AppKit/` or `UIKit/`.
protocol ObjectEncoder: SendableMetatype {
    /// The XIB element names this encoder handles (`button`, `menuItem`, …).
    static var elements: [String] { get }
    /// Fills in graph object `index` (already added, class unset) for XIB object `o`.
    static func encode(_ o: Int, into index: Int, _ ctx: inout EncodingContext) throws(ArchiveError)
}

/// What encoders work with: the document, the graph under construction, the XIB-object → graph-object
/// map, and the diagnostics.
struct EncodingContext {
    let doc: XIBDocument
    let options: NibCompilerOptions
    let encoders: [String: any ObjectEncoder.Type]
    var graph = NibGraph()
    /// XIB object index → graph object index, for objects encoded (or being encoded).
    var encoded: [Int: Int] = [:]
    var diagnostics: [NibCompileDiagnostic] = []
    /// Connectors an encoder asks to come first in `NSConnections` (a stack view's early decoding).
    var earlyConnectors: [NibGraph.Value] = []
    /// Objects ibtool writes once and shares (the menu checkmark image, a colour), by a description.
    var shared: [String: NibGraph.Value] = [:]
    /// The storyboard being compiled, when this nib is one of its scenes.
    var storyboard: StoryboardPlan?
    /// Compiling the nib of a table cell prototype (``TablePrototypes``), which ibtool builds from live
    /// objects, as it builds a storyboard's scenes.
    var isPrototypeNib = false
    /// Window → the content view compiled for it when the source has none (storyboard windows).
    var synthesizedContentView: [Int: Int] = [:]
    /// Views whose frame another object decides (a window's content view: its content rectangle).
    var frameOverride: [Int: [Double]] = [:]
    /// The ids every constraint of the document names as an item, gathered once.
    lazy var constraintItems: Set<String> = {
        var ids = Set<String>()
        for o in doc.objects.indices where doc.objects[o].name == "constraint" {
            for name in ["firstItem", "secondItem"] { if let id = doc.attribute(name, of: o) { ids.insert(id) } }
        }
        return ids
    }()
    /// Views laid out by their scroll view (``ScrollViewTile``): frame, hidden, superview.
    var tiles: [Int: ScrollViewTile.Placement] = [:]
    /// Table or outline view (XIB object) → the `NSTvFlags` column-fit bits its tile decided, and
    /// column (XIB object) → the width the fit gave it.
    var tableFitFlags: [Int: Int64] = [:]
    var columnWidths: [Int: Double] = [:]
    /// The UIKit storyboard being compiled, when this nib is one of its view nibs.
    var uikitPlan: UIKitStoryboardPlan?
    /// UIKit view nib: segue (index in the plan) → the upstream placeholder proxy that reaches its
    /// template, made by the view nib for a control or by a table for a prototype cell.
    var upstreamProxies: [Int: Int] = [:]
    /// UIKit storyboard segue (index in the plan) → its template's graph object in this nib.
    var segueTemplates: [Int: Int] = [:]
    /// Split view panes: they clip to their bounds whatever the source says.
    var clippedPanes: Set<Int> = []
    /// Table or outline view (XIB object) → where its scroll view puts its corner view.
    var cornerTiles: [Int: (frame: [Double], hidden: Bool, adoptedBy: Int?)] = [:]
    /// Table or outline view (XIB object) → the graph object of its corner view, once encoded.
    var cornerViews: [Int: Int] = [:]
    /// Menu (XIB object) → the pop-up cell AppKit makes for it where the source has none (a
    /// predicate row template's pop-ups): its items target that cell.
    var popUpCellOfMenu: [Int: NibGraph.Value] = [:]
    /// Binding connection id → its `NSNibBindingConnector` graph object, for a later `previousBinding`.
    var bindingConnectors: [String: Int] = [:]
    /// Prototype cell view (XIB object) → its reuse identifier, in the nib compiled for that prototype.
    var reuseIdentifiers: [Int: String] = [:]
    /// Elements already warned about, so each unsupported name is reported once per element.
    private var warned: Set<Int> = []
    /// Nesting of `ref` calls in progress; bounded by the XML depth limit, checked anyway.
    private var depth = 0
    /// The document's element → object map, shared by every context compiled from the document.
    let elementIndex: XIBElementIndex

    init(doc: XIBDocument, options: NibCompilerOptions, encoders: [String: any ObjectEncoder.Type],
         elementIndex: XIBElementIndex? = nil) {
        self.doc = doc
        self.options = options
        self.encoders = encoders
        self.elementIndex = elementIndex ?? XIBElementIndex(doc)
    }

    var tree: XMLTree { doc.tree }

    /// The graph object for XIB object `o`, encoding it on first use (cycles see the reserved index).
    mutating func ref(_ o: Int) throws(ArchiveError) -> NibGraph.Value {
        if let i = encoded[o] { return .ref(i) }
        guard depth < 512 else { throw tree.error(.limitExceeded, "objects refer to each other more than 512 deep", at: doc.objects[o].element) }
        let index = graph.add("")
        encoded[o] = index
        depth += 1
        defer { depth -= 1 }
        let name = doc.objects[o].name
        if let encoder = encoders[name] {
            try encoder.encode(o, into: index, &self)
        } else {
            try GenericEncoder.encode(o, into: index, &self)
        }
        return .ref(index)
    }

    /// The graph object for the object with XIB id `id`.
    mutating func ref(id: String, from element: Int) throws(ArchiveError) -> NibGraph.Value {
        guard let o = doc.objectIndex[id] else { throw tree.error(.corrupt, "no object has id \"\(id)\"", at: element) }
        return try ref(o)
    }

    /// The macOS or iOS version compiled for: the `--minimum-deployment-target` option, else the
    /// document's own deployment version; nil when neither says (the current system).
    var deploymentVersion: (major: Int, minor: Int)? { options.deploymentVersion ?? doc.deploymentVersion }

    /// Whether custom objects and views are created as their own classes (`customObjectInstantitationMethod="direct"`).
    /// ibtool does so only for macOS 10.15 and later, where `init()` instantiation came: for airyx's TextEdit
    /// (deployment 10.6) Xcode 13 wrote its direct-instantiated delegate as an `NSCustomObject`.
    var instantiatesCustomObjectsDirectly: Bool {
        guard doc.instantiatesCustomObjectsDirectly else { return false }
        guard doc.runtime == .cocoa, let v = deploymentVersion else { return true }
        return v.major > 10 || (v.major == 10 && v.minor >= 15)
    }

    // MARK: Reading the source

    /// Attribute `name` of XIB object `o`, or its `<string key="name">` child.
    func attr(_ o: Int, _ name: String) -> String? { doc.attribute(name, of: o) }

    /// `YES`/`NO` attribute of `o`, or `defaultValue`.
    func flag(_ o: Int, _ name: String, default defaultValue: Bool = false) -> Bool {
        guard let v = attr(o, name) else { return defaultValue }
        return v == "YES"
    }

    /// The child element of `o` with `key="…"`.
    func property(_ o: Int, _ key: String) -> Int? { tree.child(of: doc.objects[o].element, key: key) }

    /// Child objects of `o` that sit inside `<container>` (`subviews`, `items`, …), in order.
    func objects(_ o: Int, in container: String) -> [Int] {
        guard let c = tree.child(of: doc.objects[o].element, named: container) else { return [] }
        return tree.elements[c].children.compactMap { e in
            guard e >= 0, e < elementIndex.objectOfElement.count else { return nil }
            let x = elementIndex.objectOfElement[e]
            return x >= 0 && doc.objects[x].parent == o ? x : nil
        }
    }

    /// Where object `o` stands in `objects(parent, in: container)` of its parent, without listing them
    /// (nil when it is not in that list).
    func position(of o: Int, in container: String) -> Int? {
        guard let parent = doc.objects[o].parent else { return nil }
        let e = doc.objects[o].element
        guard e >= 0, e < elementIndex.objectRank.count, let c = tree.child(of: doc.objects[parent].element, named: container),
              tree.elements[e].parent == c else { return nil }
        return elementIndex.objectRank[e]
    }

    /// The child object of `o` with `key="…"`.
    func object(_ o: Int, key: String) -> Int? {
        doc.objects[o].children.first { doc.objects[$0].key == key }
    }

    /// A numeric attribute of element `e`.
    func number(_ e: Int, _ name: String) -> Double? { tree.elements[e][name].flatMap(Double.init) }

    // MARK: Diagnostics

    /// A warning at object `o`'s element.
    mutating func warn(_ message: String, at o: Int) {
        let e = doc.objects[o].element
        diagnostics.append(NibCompileDiagnostic(severity: .warning, message: message, line: tree.elements[e].line, column: tree.elements[e].column))
    }

    /// A warning at element `e`, once per element.
    mutating func warn(_ message: String, element e: Int) {
        guard warned.insert(e).inserted else { return }
        diagnostics.append(NibCompileDiagnostic(severity: .warning, message: message, line: tree.elements[e].line, column: tree.elements[e].column))
    }
}
