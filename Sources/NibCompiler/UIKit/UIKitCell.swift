import KeyedArchive

/// What table and collection view cells archive alike: the view keys, the reuse identifier, and the
/// content view, which is also the cell's first subview.
enum UIKitCell {
    static func encodeBase(_ o: Int, _ g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        try UIKitView.encodeBase(o, g, &ctx)
        if let id = ctx.attr(o, "reuseIdentifier") { ctx.graph.set(g, "UIReuseIdentifier", ctx.graph.string(id)) }
        if let content = ctx.object(o, key: "contentView") {
            let value = try ctx.ref(content)
            var subviews = [value]
            for s in ctx.objects(o, in: "subviews") { subviews.append(try ctx.ref(s)) }
            ctx.graph.set(g, "UISubviews", ctx.graph.collection("NSMutableArray", subviews))
            ctx.graph.set(g, "UIContentView", value)
        } else if ctx.tree.child(of: ctx.doc.objects[o].element, key: "contentView") != nil {
            ctx.warn("a cell's content view without an id is not compiled: its subviews are left out", at: o)
        }
    }
}
