import KeyedArchive

/// Cocoa bindings controllers: `<objectController>`, `<arrayController>`, `<dictionaryController>` and
/// `<treeController>` → `NSObjectController` and its subclasses.
///
/// Each flag is archived only when it is on, as `NSArrayController`s in ibtool's nibs show (smcFanControl's
/// MainMenu: its three controllers, with and without `automaticallyPreparesContent`; Screen-Grabber's and
/// Sparkle 1.x's nibs in the corpus). Every controller has an `_NSManagedProxy` with no keys, and its
/// declared keys as an `NSMutableArray`. The tree controller's key paths (`NSTreeContent…Key`) are the keys
/// AppKit's coder reads; no compiled twin has one. Core Data (`mode="entity"`) is left out, with a warning.
enum ObjectControllerEncoder: ObjectEncoder {
    static let elements = ["objectController", "arrayController", "dictionaryController", "treeController"]

    /// Child elements compiled here or elsewhere (connections; the object class is also an attribute).
    static let knownChildren: Set<String> = ["declaredKeys", "connections", "classReference"]

    /// Filter flags of an array controller, on by default.
    static let filterFlags: [(attribute: String, key: String)] = [
        ("clearsFilterPredicateOnInsertion", "NSClearsFilterPredicateOnInsertion"),
        ("filterRestrictsInsertion", "NSFilterRestrictsInsertion"),
    ]

    static func encode(_ o: Int, into g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        let name = ctx.doc.objects[o].name
        ctx.setClass(of: o, g, ElementClasses.className(name, runtime: ctx.doc.runtime))
        let isArray = name == "arrayController" || name == "dictionaryController"
        let hasSelection = isArray || name == "treeController"
        func on(_ attribute: String, default defaultValue: Bool, _ key: String) {
            if ctx.flag(o, attribute, default: defaultValue) { ctx.graph.set(g, key, .bool(true)) }
        }
        if hasSelection { on("selectsInsertedObjects", default: true, "NSSelectsInsertedObjects") }
        if isArray {
            for (attribute, key) in filterFlags { on(attribute, default: true, key) }
            on("automaticallyRearrangesObjects", default: false, "NSAutomaticallyRearrangesObjects")
        }
        on("automaticallyPreparesContent", default: false, "NSAutomaticallyPreparesContent")
        if let className = ctx.attr(o, "objectClassName") { ctx.graph.set(g, "NSObjectClassName", ctx.graph.string(className)) }
        ctx.graph.set(g, "_NSManagedProxy", .ref(ctx.graph.add("_NSManagedProxy")))
        encodeDeclaredKeys(o, g, &ctx)
        if name == "treeController" {
            for (attribute, key) in [("childrenKeyPath", "NSTreeContentChildrenKey"), ("countKeyPath", "NSTreeContentCountKey"),
                                     ("leafKeyPath", "NSTreeContentLeafKey")] {
                if let path = ctx.attr(o, attribute) { ctx.graph.set(g, key, ctx.graph.string(path)) }
            }
        }
        if hasSelection {
            on("avoidsEmptySelection", default: true, "NSAvoidsEmptySelection")
            on("preservesSelection", default: true, "NSPreservesSelection")
            on("alwaysUsesMultipleValuesMarker", default: false, "NSAlwaysUsesMultipleValuesMarker")
        }
        on("editable", default: true, "NSEditable")
        if ctx.attr(o, "mode") == "entity" || ctx.attr(o, "entityName") != nil {
            ctx.warn("<\(name)> in Core Data entity mode: the entity, fetch predicate and managed object context settings are not compiled yet", at: o)
        }
        if name == "dictionaryController", ["initialKey", "initialValue"].contains(where: { ctx.attr(o, $0) != nil }) {
            ctx.warn("<dictionaryController> initial key and value are not compiled yet", at: o)
        }
        for e in ctx.tree.elements[ctx.doc.objects[o].element].children {
            let child = ctx.tree.elements[e].name
            if !knownChildren.contains(child) { ctx.warn("<\(name)> <\(child)> is not compiled yet", element: e) }
        }
    }

    /// `<declaredKeys>` → `NSDeclaredKeys`, an `NSMutableArray` of the key strings (any controller).
    static func encodeDeclaredKeys(_ o: Int, _ g: Int, _ ctx: inout EncodingContext) {
        guard let keys = ctx.tree.child(of: ctx.doc.objects[o].element, named: "declaredKeys") else { return }
        let list = ctx.tree.children(of: keys, named: "string").map { ctx.graph.string(ctx.tree.elements[$0].text) }
        ctx.graph.set(g, "NSDeclaredKeys", ctx.graph.collection("NSMutableArray", list))
    }
}
