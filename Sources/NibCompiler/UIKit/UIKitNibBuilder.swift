import KeyedArchive

/// Lays out a UIKit nib (`nib-object-model.md` §1.1): object 0's lists of top-level objects, objects
/// to awake, connections (applied in this order), visible windows and runtime attributes. ibtool
/// shares one empty `NSArray` among the empty lists.
enum UIKitNibBuilder {
    static func build(_ ctx: inout EncodingContext) throws(ArchiveError) {
        let doc = ctx.doc
        let root = ctx.graph.add("NSObject")
        var topLevel: [NibGraph.Value] = []
        for o in doc.topLevel { topLevel.append(try ctx.ref(o)) }

        // Objects to awake, in ibtool's order: each top-level object, then breadth first below it: a
        // view's constraints, then its children (a visual effect view's content view counts with its
        // subviews, as if they were the effect view's own).
        var awake: [NibGraph.Value] = []
        for top in doc.topLevel where isAwoken(doc.objects[top].name) {
            awake.append(try ctx.ref(top))
            _ = try awakeBelow(top, into: &awake, &ctx)
        }

        // Connections: outlets (and collections) before events; within each, by label (property or
        // selector), and for equal labels every object's in document order, the placeholders' last.
        let owners = doc.objects.indices.filter { doc.objects[$0].name != "placeholder" } + doc.objects.indices.filter { doc.objects[$0].name == "placeholder" }
        let connections = try orderedConnections(of: owners, &ctx)
        var pairs: [NibGraph.Value] = []
        for o in doc.objects.indices {
            for a in doc.objects[o].runtimeAttributes {
                if let v = try UIKitRuntimeAttributes.encode(a, of: o, &ctx) { pairs.append(v) }
            }
        }
        writeRoot(root, topLevel: topLevel, awake: awake, connections: connections, pairs: pairs, &ctx)
    }

    /// The connections `owners` hold, outlets (and collections) before events, each group by label
    /// and for equal labels in `owners` order; segues too unless `skippingSegues` (a caller that
    /// compiles them itself), else they are reported.
    static func orderedConnections(of owners: [Int], skippingSegues: Bool = false, _ ctx: inout EncodingContext) throws(ArchiveError) -> [NibGraph.Value] {
        var out: [NibGraph.Value] = []
        for events in [false, true] {
            let group = owners.flatMap { o in
                ctx.doc.objects[o].connections.filter { !(skippingSegues && $0.kind == .segue) && ($0.kind == .action) == events }
            }
            for c in group.enumerated().sorted(by: { ($0.element.label ?? "", $0.offset) < ($1.element.label ?? "", $1.offset) }) {
                if let v = try UIKitConnections.encode(c.element, &ctx) { out.append(v) }
            }
        }
        return out
    }

    /// Object 0's lists: top-level objects, objects to awake, connections, key/value pairs; ibtool
    /// shares one empty `NSArray` among the empty lists.
    static func writeRoot(_ root: Int, topLevel: [NibGraph.Value], awake: [NibGraph.Value], connections: [NibGraph.Value],
                          pairs: [NibGraph.Value], _ ctx: inout EncodingContext) {
        let empty = ctx.graph.collection("NSArray", [])
        func list(_ values: [NibGraph.Value]) -> NibGraph.Value { values.isEmpty ? empty : ctx.graph.collection("NSArray", values) }
        ctx.graph.set(root, "UINibTopLevelObjectsKey", list(topLevel))
        ctx.graph.set(root, "UINibObjectsKey", list(awake))
        ctx.graph.set(root, "UINibConnectionsKey", list(connections))
        ctx.graph.set(root, "UINibVisibleWindowsKey", empty)
        ctx.graph.set(root, "UINibAccessibilityConfigurationsKey", empty)
        ctx.graph.set(root, "UINibTraitStorageListsKey", empty)
        ctx.graph.set(root, "UINibKeyValuePairsKey", list(pairs))
    }

    /// Appends the objects below `top` in ibtool's awake order (breadth first: a view's constraints,
    /// then its children; a visual effect view's content view counts with its subviews, as if they
    /// were the effect view's own) and returns every view visited, `top` first.
    static func awakeBelow(_ top: Int, into awake: inout [NibGraph.Value], _ ctx: inout EncodingContext) throws(ArchiveError) -> [Int] {
        let doc = ctx.doc
        func children(_ o: Int) -> [Int] {
            if doc.objects[o].key == "contentView", doc.objects[o].name == "view", doc.objects[o].parent != nil { return [] }
            var out = ctx.objects(o, in: "subviews")
            for c in doc.objects[o].children where doc.objects[c].key == "contentView" && doc.objects[c].name == "view" {
                out.append(c)
                out.append(contentsOf: ctx.objects(c, in: "subviews"))
            }
            return out
        }
        var queue = [top]
        var next = 0
        while next < queue.count {
            let o = queue[next]
            next += 1
            for c in ctx.objects(o, in: "constraints") where ctx.attr(c, "placeholder") != "YES" { awake.append(try ctx.ref(c)) }
            let kids = children(o)
            for k in kids { awake.append(try ctx.ref(k)) }
            queue.append(contentsOf: kids)
        }
        return queue
    }

    /// Every object inside `o` (itself included), in document order.
    static func descendants(of o: Int, _ doc: XIBDocument) -> [Int] {
        var inside = Set([o])
        var out: [Int] = []
        for x in doc.objects.indices where x == o || doc.objects[x].parent.map({ inside.contains($0) }) == true {
            inside.insert(x)
            out.append(x)
        }
        return out
    }

    /// Objects UIKit sends `awakeFromNib` (and lists in `UINibObjectsKey`).
    static func isAwoken(_ name: String) -> Bool { name != "viewControllerLayoutGuide" }
}

/// `UIRuntimeOutletConnection`, `UIRuntimeOutletCollectionConnection` and `UIRuntimeEventConnection`.
enum UIKitConnections {
    /// `UIControl.Event` bits by XIB `eventType`.
    static let events: [String: Int64] = [
        "touchDown": 1 << 0, "touchDownRepeat": 1 << 1, "touchDragInside": 1 << 2, "touchDragOutside": 1 << 3,
        "touchDragEnter": 1 << 4, "touchDragExit": 1 << 5, "touchUpInside": 1 << 6, "touchUpOutside": 1 << 7,
        "touchCancel": 1 << 8, "valueChanged": 1 << 12, "primaryActionTriggered": 1 << 13, "menuActionTriggered": 1 << 14,
        "editingDidBegin": 1 << 16, "editingChanged": 1 << 17, "editingDidEnd": 1 << 18, "editingDidEndOnExit": 1 << 19,
    ]

    static func encode(_ c: XIBConnection, _ ctx: inout EncodingContext) throws(ArchiveError) -> NibGraph.Value? {
        let i: Int
        switch c.kind {
        case .outlet:
            i = ctx.graph.add("UIRuntimeOutletConnection")
        case .outletCollection:
            i = ctx.graph.add("UIRuntimeOutletCollectionConnection")
        case .action:
            i = ctx.graph.add("UIRuntimeEventConnection")
        case .segue, .binding:
            ctx.warn("<\(ctx.tree.elements[c.element].name)> connections are not compiled yet", element: c.element)
            return nil
        }
        ctx.graph.set(i, "UILabel", ctx.graph.string(c.label ?? ""))
        ctx.graph.set(i, "UISource", try ctx.ref(c.owner))
        if c.kind == .outletCollection {
            ctx.graph.set(i, "UIDestination", ctx.graph.collection("NSMutableArray", [try ctx.ref(id: c.destination ?? "", from: c.element)]))
            ctx.graph.set(i, "runtimeCollectionClassName", ctx.graph.string(c.detail ?? "NSArray"))
            ctx.graph.set(i, "addsContentToExistingCollection", .bool(true))
        } else {
            ctx.graph.set(i, "UIDestination", try ctx.ref(id: c.destination ?? "", from: c.element))
        }
        if c.kind == .action, let event = c.eventType {
            guard let mask = events[event] else {
                throw ctx.tree.error(.corrupt, "unknown eventType \"\(event)\"", at: c.element)
            }
            ctx.graph.set(i, "UIEventMask", .int(mask))
        }
        return .ref(i)
    }
}

/// `UINibKeyValuePair` {`UIObject`, `UIKeyPath`, `UIValue`} for user-defined runtime attributes.
enum UIKitRuntimeAttributes {
    static func encode(_ a: XIBRuntimeAttribute, of o: Int, _ ctx: inout EncodingContext) throws(ArchiveError) -> NibGraph.Value? {
        guard let value = RuntimeAttributeValue.value(a, &ctx) else { return nil }
        let i = ctx.graph.add("UINibKeyValuePair")
        ctx.graph.set(i, "UIObject", try ctx.ref(o))
        ctx.graph.set(i, "UIKeyPath", ctx.graph.string(a.keyPath))
        ctx.graph.set(i, "UIValue", value)
        return .ref(i)
    }
}
