import KeyedArchive

/// `<colorWell>` → `NSColorWell` {`NSIsBordered`, `NSColor`, the colour pasteboard type}.
enum ColorWellEncoder: ObjectEncoder {
    static let elements = ["colorWell"]

    static func encode(_ o: Int, into g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        ctx.setClass(of: o, g, "NSColorWell")
        try AppKitControl.encodeBase(o, g, &ctx)
        if ctx.tree.child(of: ctx.doc.objects[o].element, named: "subviews") == nil {
            ctx.graph.set(g, "NSSubviews", ctx.graph.collection("NSMutableArray", []))
        }
        ctx.graph.set(g, "NSControlTextAlignment", .int(0))
        ctx.graph.set(g, "NSControlWritingDirection", .int(0))
        ctx.graph.set(g, "NSDragTypes", ctx.graph.collection("NSMutableSet", [ctx.graph.string("NSColor pasteboard type")]))
        ctx.graph.set(g, "NSIsBordered", .bool(ctx.attr(o, "bordered") != "NO"))
        if let color = AppKitColor.color(of: o, key: "color", &ctx) { ctx.graph.set(g, "NSColor", color) }
    }
}
