import KeyedArchive

/// `<button>` → `UIButton`: the view keys, the per-state content (`UIButtonStatefulContent`:
/// state → `UIButtonContent` with title, colours and images), the button type and its font (the
/// 15-point system font by default).
enum UIButtonEncoder: ObjectEncoder {
    static let elements = ["button"]
    static let types: [String: Int64] = [
        "custom": 0, "system": 1, "roundedRect": 1, "detailDisclosure": 2, "infoLight": 3, "infoDark": 4, "contactAdd": 5, "close": 7,
    ]
    static let states: [String: Int64] = ["normal": 0, "highlighted": 1, "disabled": 2, "selected": 4, "focused": 8]

    static func encode(_ o: Int, into g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        ctx.setClass(of: o, g, "UIButton")
        try UIKitView.encodeBase(o, g, &ctx)
        UIKitControl.encodeAlignments(o, g, &ctx)
        UIKitControl.encodeState(o, g, &ctx)
        var content: [(NibGraph.Value, NibGraph.Value)] = []
        for e in ctx.tree.children(of: ctx.doc.objects[o].element, named: "state") {
            guard let state = ctx.tree.elements[e]["key"].flatMap({ states[$0] }) else { continue }
            let c = ctx.graph.add("UIButtonContent")
            if let title = ctx.tree.elements[e]["title"] { ctx.graph.set(c, "UITitle", ctx.graph.string(title)) }
            if let name = ctx.tree.elements[e]["image"] { ctx.graph.set(c, "UIImage", image(name, &ctx)) }
            if let name = ctx.tree.elements[e]["backgroundImage"] { ctx.graph.set(c, "UIBackgroundImage", image(name, &ctx)) }
            if let color = ctx.tree.child(of: e, key: "titleColor") { ctx.graph.set(c, "UITitleColor", UIKitColor.color(color, &ctx)) }
            if let color = ctx.tree.child(of: e, key: "titleShadowColor") { ctx.graph.set(c, "UIShadowColor", UIKitColor.color(color, &ctx)) }
            content.append((ctx.graph.number(state), .ref(c)))
        }
        ctx.graph.set(g, "UIButtonStatefulContent", ctx.graph.dictionary("NSMutableDictionary", content))
        ctx.graph.set(g, "UIAdjustsImageWhenHighlighted", .bool(ctx.attr(o, "adjustsImageWhenHighlighted") != "NO"))
        ctx.graph.set(g, "UIAdjustsImageWhenDisabled", .bool(ctx.attr(o, "adjustsImageWhenDisabled") != "NO"))
        ctx.graph.set(g, "UIButtonType", .int(types[ctx.attr(o, "buttonType") ?? "custom"] ?? 0))
        ctx.graph.set(g, "UIFont", UIKitFont.font(of: o, &ctx) ?? UIKitFont.system(size: 15, &ctx))
    }

    /// A named image: a `UIImageNibPlaceholder` the loader resolves by name.
    static func image(_ name: String, _ ctx: inout EncodingContext) -> NibGraph.Value {
        let i = ctx.graph.add("UIImageNibPlaceholder")
        ctx.graph.set(i, "UIResourceName", ctx.graph.string(name))
        return .ref(i)
    }
}
