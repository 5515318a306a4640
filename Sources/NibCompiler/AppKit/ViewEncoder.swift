import KeyedArchive

/// `<view>` → `NSView` (an `NSClassSwapper` with a custom class); `<customView>` → `NSCustomView`
/// {`NSClassName`, `IBClassReference` for a custom class}, or, when the document instantiates custom
/// classes directly, a class swapper of `NSView` (to `NSView` itself when it names no class).
enum ViewEncoder: ObjectEncoder {
    static let elements = ["view", "customView"]

    static func encode(_ o: Int, into g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        let object = ctx.doc.objects[o]
        if object.name == "customView", ctx.instantiatesCustomObjectsDirectly, object.customClass == nil {
            ctx.graph.setClass(g, "NSClassSwapper")
            let view = ctx.graph.string("NSView")
            ctx.graph.set(g, "NSClassName", view)
            ctx.graph.set(g, "NSOriginalClassName", view)
            try AppKitView.encodeBase(o, g, &ctx)
            return
        }
        if object.name == "customView", !ctx.instantiatesCustomObjectsDirectly {
            ctx.graph.setClass(g, "NSCustomView")
            try AppKitView.encodeBase(o, g, &ctx)
            if let custom = object.customClass { ctx.graph.set(g, "IBClassReference", ctx.classReference(custom, of: o)) }
            let name = object.customClass.map { ctx.runtimeClassName($0, of: o) } ?? "NSView"
            ctx.graph.set(g, "NSClassName", ctx.graph.string(name))
            return
        }
        ctx.setClass(of: o, g, "NSView")
        try AppKitView.encodeBase(o, g, &ctx)
    }
}
