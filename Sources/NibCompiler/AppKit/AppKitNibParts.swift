import KeyedArchive

/// Parts of the AppKit nibs that hold one piece of a document (storyboard scenes, table cell
/// prototypes): the owner and application stand-ins, a subtree in object-table order, its connectors.
enum AppKitNibParts {
    /// The owner of a storyboard scene nib or a table cell prototype nib: an `NSCustomObject` of class `NSObject`.
    static func owner(_ ctx: inout EncodingContext) -> NibGraph.Value {
        let i = ctx.graph.add("NSCustomObject")
        ctx.graph.set(i, "NSClassName", ctx.graph.string("NSObject"))
        return .ref(i)
    }

    /// The application stand-in (`NSClassName` NSApplication) those nibs carry.
    static func application(_ ctx: inout EncodingContext) -> NibGraph.Value {
        let i = ctx.graph.add("NSCustomObject")
        ctx.graph.set(i, "NSClassName", ctx.graph.string("NSApplication"))
        return .ref(i)
    }

    /// Objects of the subtree of `o` (itself included) in ibtool's object-table order, with parents.
    static func subtree(_ o: Int, _ ctx: EncodingContext) -> [Int] {
        // A subtree's order is a run of the document's (depth first, parents before children), so it is
        // walked from `o` alone: a storyboard asks once per scene.
        AppKitNibBuilder.objectOrder(ctx.doc, from: o).filter { !AppKitNibBuilder.isUnarchived(ctx.doc.objects[$0].name) }
    }

    /// Connectors for the `<connections>` of `objects` (segues are the storyboard's, not connectors).
    /// With `within`, a connection to an object outside that set (First Responder aside) cannot be
    /// archived in this nib: it is reported and left out.
    static func connectors(of objects: [Int], within inside: Set<Int>? = nil, _ ctx: inout EncodingContext) throws(ArchiveError) -> [NibGraph.Value] {
        var out: [NibGraph.Value] = []
        for o in objects {
            for c in ctx.doc.objects[o].connections where c.kind != .segue {
                if let inside, let target = c.destination.flatMap({ ctx.doc.objectIndex[$0] }), !inside.contains(target),
                   !AppKitConnectors.isFirstResponder(c.destination ?? "", ctx) {
                    ctx.warn("a connection to an object outside this nib's objects cannot be archived in it", element: c.element)
                    continue
                }
                if let v = try AppKitConnectors.encode(c, &ctx) { out.append(v) }
            }
        }
        return out + (try AppKitConnectors.helpConnectors(of: objects, &ctx))
            + (try AppKitConnectors.runtimeAttributeConnectors(of: objects, &ctx))
    }
}
