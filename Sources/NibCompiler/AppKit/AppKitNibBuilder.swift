import KeyedArchive

/// Lays out an AppKit nib (`nib-object-model.md` §2): object 0 holds `IB.objectdata`, an
/// `NSIBObjectData` whose `NSRoot` is File's Owner, with the visible windows, the connectors in
/// document order, every other object mapped to its parent, object ids (root first, then the objects,
/// then the connectors) and the (empty) accessibility tables.
enum AppKitNibBuilder {
    static func build(_ ctx: inout EncodingContext) throws(ArchiveError) {
        let doc = ctx.doc
        let root = ctx.graph.add("NSObject")
        let data = ctx.graph.add("NSIBObjectData")
        guard let ownerIndex = doc.topLevel.first(where: { doc.objects[$0].id == "-2" }) else {
            throw doc.tree.error(.corrupt, "an AppKit XIB needs File's Owner (a customObject with id -2)", at: doc.tree.root)
        }
        let owner = try ctx.ref(ownerIndex)

        // Objects: everything but the owner and First Responder (a nil target, never archived).
        let archived = objectOrder(doc).filter { o in
            let id = doc.objects[o].id
            return id != "-2" && id != "-1" && !isUnarchived(doc.objects[o].name)
        }
        let windows = doc.topLevel.filter { ["window", "panel"].contains(doc.objects[$0].name) && ctx.attr($0, "visibleAtLaunch") != "NO" }
        var visible: [NibGraph.Value] = []
        for w in windows { visible.append(try ctx.ref(w)) }

        var connectors: [NibGraph.Value] = []
        for o in doc.objects.indices {
            for c in doc.objects[o].connections {
                if let connector = try AppKitConnectors.encode(c, &ctx) { connectors.append(connector) }
            }
        }
        connectors += try AppKitConnectors.helpConnectors(of: Array(doc.objects.indices), &ctx)
        connectors += try AppKitConnectors.runtimeAttributeConnectors(of: Array(doc.objects.indices), &ctx)
        var keys: [NibGraph.Value] = [], parents: [NibGraph.Value] = []
        for o in archived {
            keys.append(try ctx.ref(o))
            parents.append(try doc.objects[o].parent.map { p throws(ArchiveError) in try ctx.ref(p) } ?? owner)
        }
        let accessibility = try AppKitConnectors.accessibilityConnectors(of: Array(doc.objects.indices), &ctx)
        AppKitObjectData.write(root: root, data: data, owner: owner, visibleWindows: visible, connectors: connectors,
                               objects: keys, parents: parents, accessibility: accessibility, &ctx)
    }

    /// ibtool's object-table order: depth first in document order, except that an object's own
    /// constraints follow all of its other descendants. An explicit stack; no recursion.
    /// With `root`, the order of that object's subtree alone (the same run as in the whole order).
    static func objectOrder(_ doc: XIBDocument, from root: Int? = nil) -> [Int] {
        enum Step { case visit(Int), emit(Int) }
        var out: [Int] = []
        let roots = root.map { [$0] } ?? doc.objects.indices.filter { doc.objects[$0].parent == nil }
        var stack: [Step] = roots.reversed().map { .visit($0) }
        while let step = stack.popLast() {
            switch step {
            case .emit(let o):
                out.append(o)
            case .visit(let o):
                out.append(o)
                let children = doc.objects[o].children
                let constraints = children.filter { doc.objects[$0].name == "constraint" }
                let others = children.filter { doc.objects[$0].name != "constraint" }
                stack.append(contentsOf: constraints.reversed().map { .emit($0) })
                stack.append(contentsOf: others.reversed().map { .visit($0) })
            }
        }
        return out
    }

    /// Elements with ids that ibtool does not list in the object table.
    static func isUnarchived(_ name: String) -> Bool {
        name == "viewLayoutGuide"
    }
}
