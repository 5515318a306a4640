import KeyedArchive

/// Bar items: `<barButtonItem>` → `UIBarButtonItem` {`UIEnabled` (read as NO when absent, so always
/// written), a system item (`UIIsSystemItem`, `UISystemItem`) or title and image, `UIStyle`, `UIWidth`,
/// `UICustomView`, `UITag`}; `<tabBarItem>` → `UITabBarItem` {`UITitle`, `UIImage`, `UISelectedImage`,
/// `UIEnabled`, `UITag`, `UISystemItem`}.
enum UIBarItemEncoder: ObjectEncoder {
    static let elements = ["barButtonItem", "tabBarItem"]
    static let systemItems: [String: Int64] = [
        "done": 0, "cancel": 1, "edit": 2, "save": 3, "add": 4, "flexibleSpace": 5, "fixedSpace": 6, "compose": 7, "reply": 8,
        "action": 9, "organize": 10, "bookmarks": 11, "search": 12, "refresh": 13, "stop": 14, "camera": 15, "trash": 16,
        "play": 17, "pause": 18, "rewind": 19, "fastForward": 20, "undo": 21, "redo": 22, "pageCurl": 23, "close": 24,
    ]
    static let styles: [String: Int64] = ["plain": 0, "bordered": 1, "done": 2]
    static let tabSystemItems: [String: Int64] = [
        "more": 0, "favorites": 1, "featured": 2, "topRated": 3, "recents": 4, "contacts": 5, "history": 6, "bookmarks": 7,
        "search": 8, "downloads": 9, "mostRecent": 10, "mostViewed": 11,
    ]

    static func encode(_ o: Int, into g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        if ctx.doc.objects[o].name == "tabBarItem" {
            ctx.setClass(of: o, g, "UITabBarItem")
            try common(o, g, &ctx)
            if let name = ctx.attr(o, "selectedImage") { ctx.graph.set(g, "UISelectedImage", UIKitImage.placeholder(name, &ctx)) }
            if let item = ctx.attr(o, "systemItem") {
                if let s = tabSystemItems[item] { ctx.graph.set(g, "UISystemItem", .int(s)) } else { ctx.warn("<tabBarItem> systemItem \"\(item)\" is unknown", at: o) }
            }
            return
        }
        ctx.setClass(of: o, g, "UIBarButtonItem")
        try common(o, g, &ctx)
        if let item = ctx.attr(o, "systemItem") {
            if let s = systemItems[item] {
                ctx.graph.set(g, "UIIsSystemItem", .bool(true))
                ctx.graph.set(g, "UISystemItem", .int(s))
            } else {
                ctx.warn("<barButtonItem> systemItem \"\(item)\" is not a UIBarButtonItem.SystemItem", at: o)
            }
        }
        if let style = styles[ctx.attr(o, "style") ?? "plain"], style != 0 { ctx.graph.set(g, "UIStyle", .int(style)) }
        if let width = ctx.attr(o, "width").flatMap(Double.init) { ctx.graph.set(g, "UIWidth", .float(Float(width))) }
        if let view = ctx.object(o, key: "customView") { ctx.graph.set(g, "UICustomView", try ctx.ref(view)) }
    }

    /// What both kinds of bar item archive: enabled, title, image, tag.
    static func common(_ o: Int, _ g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        ctx.graph.set(g, "UIEnabled", .bool(ctx.attr(o, "enabled") != "NO"))
        if let title = ctx.attr(o, "title") { ctx.graph.set(g, "UITitle", ctx.graph.string(title)) }
        if let name = ctx.attr(o, "image") { ctx.graph.set(g, "UIImage", UIKitImage.placeholder(name, catalog: ctx.attr(o, "catalog"), &ctx)) }
        if let tag = ctx.attr(o, "tag").flatMap({ Int64($0) }), tag != 0 { ctx.graph.set(g, "UITag", .int(tag)) }
    }
}
