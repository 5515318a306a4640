import KeyedArchive

/// Bars and the navigation item: `<navigationBar>` → `UINavigationBar`, `<toolbar>` → `UIToolbar`,
/// `<tabBar>` → `UITabBar` (the view keys, `UIItems` from `<items>`, `UIBarStyle`);
/// `<navigationItem>` → `UINavigationItem` {`UITitle`, `UIPrompt`, `UIBackButtonTitle`, left and right
/// items (one, or `<leftBarButtonItems>`/`<rightBarButtonItems>`), `UIBackBarButtonItem`, `UITitleView`,
/// `UILargeTitleDisplayMode`, and `UINavigationBar` when a bar lists it}.
enum UIBarEncoder: ObjectEncoder {
    static let elements = ["navigationBar", "toolbar", "tabBar", "navigationItem"]
    static let classes = ["navigationBar": "UINavigationBar", "toolbar": "UIToolbar", "tabBar": "UITabBar"]
    static let largeTitleModes: [String: Int64] = ["automatic": 0, "always": 1, "never": 2]

    static func encode(_ o: Int, into g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        let name = ctx.doc.objects[o].name
        guard name != "navigationItem" else { return try navigationItem(o, g, &ctx) }
        ctx.setClass(of: o, g, classes[name] ?? "UIView")
        try UIKitView.encodeBase(o, g, &ctx)
        var items: [NibGraph.Value] = []
        for i in ctx.objects(o, in: "items") { items.append(try ctx.ref(i)) }
        if !items.isEmpty { ctx.graph.set(g, "UIItems", ctx.graph.collection("NSArray", items)) }
        if ctx.attr(o, "barStyle") == "black" { ctx.graph.set(g, "UIBarStyle", .int(1)) }
        if let c = UIKitColor.color(of: o, key: "barTintColor", &ctx) { ctx.graph.set(g, "UIBarTintColor", c) }
    }

    static func navigationItem(_ o: Int, _ g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        ctx.setClass(of: o, g, "UINavigationItem")
        for (attr, key) in [("title", "UITitle"), ("prompt", "UIPrompt"), ("backButtonTitle", "UIBackButtonTitle")] {
            if let v = ctx.attr(o, attr) { ctx.graph.set(g, key, ctx.graph.string(v)) }
        }
        for side in ["left", "right"] {
            let key = side == "left" ? "UILeftBarButtonItem" : "UIRightBarButtonItem"
            if let item = ctx.object(o, key: "\(side)BarButtonItem") { ctx.graph.set(g, key, try ctx.ref(item)) }
            let many = ctx.objects(o, in: "\(side)BarButtonItems")
            if !many.isEmpty {
                var list: [NibGraph.Value] = []
                for i in many { list.append(try ctx.ref(i)) }
                ctx.graph.set(g, key + "s", ctx.graph.collection("NSArray", list))
            }
        }
        if let back = ctx.object(o, key: "backBarButtonItem") { ctx.graph.set(g, "UIBackBarButtonItem", try ctx.ref(back)) }
        if let view = ctx.object(o, key: "titleView") { ctx.graph.set(g, "UITitleView", try ctx.ref(view)) }
        if let mode = ctx.attr(o, "largeTitleDisplayMode") {
            if let m = largeTitleModes[mode] { ctx.graph.set(g, "UILargeTitleDisplayMode", .int(m)) } else { ctx.warn("<navigationItem> largeTitleDisplayMode \"\(mode)\" is unknown", at: o) }
        }
        // An item a navigation bar lists points back at its bar.
        if let bar = ctx.doc.objects[o].parent, ctx.doc.objects[bar].name == "navigationBar", ctx.objects(bar, in: "items").contains(o) {
            ctx.graph.set(g, "UINavigationBar", try ctx.ref(bar))
        }
    }
}
