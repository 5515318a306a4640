import KeyedArchive

/// `<view>` → `NSView` (an `NSClassSwapper` with a custom class); `<customView>` → `NSCustomView`
/// {`NSClassName`, `IBClassReference` for a custom class}.
enum ViewEncoder: ObjectEncoder {
    static let elements = ["view", "customView"]

    static func encode(_ o: Int, into g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        let object = ctx.doc.objects[o]
        if object.name == "customView" {
            ctx.graph.setClass(g, "NSCustomView")
            try AppKitView.encodeBase(o, g, &ctx)
            if ctx.flag(o, "clipsToBounds") { ctx.graph.set(g, "NSViewClipsToBoundsKeyName", .bool(true)) }
            if let custom = object.customClass {
                let reference = ctx.graph.add("IBClassReference")
                ctx.graph.set(reference, "IBClassName", ctx.graph.string(custom))
                ctx.graph.set(reference, "IBModuleName", object.customModule.map { ctx.graph.string($0) } ?? .null)
                ctx.graph.set(reference, "IBModuleProvider", object.customModuleProvider.map { ctx.graph.string($0) } ?? .null)
                ctx.graph.set(g, "IBClassReference", .ref(reference))
            }
            let name = object.customClass.map {
                SwiftClassName.runtimeName($0, customModule: object.customModule, provider: object.customModuleProvider, module: ctx.options.module)
            } ?? "NSView"
            ctx.graph.set(g, "NSClassName", ctx.graph.string(name))
            return
        }
        AppKitView.setClass(o, g, "NSView", &ctx)
        try AppKitView.encodeBase(o, g, &ctx)
    }
}
