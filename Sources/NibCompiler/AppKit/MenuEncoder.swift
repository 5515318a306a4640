import KeyedArchive

/// `<menu>` → `NSMenu` {`NSTitle`, `NSMenuItems`, `NSName` for the system menus, `NSNoAutoenable`}.
enum MenuEncoder: ObjectEncoder {
    static let elements = ["menu"]

    /// `systemMenu` → the name AppKit finds the menu by.
    static let systemNames = [
        "main": "_NSMainMenu", "apple": "_NSAppleMenu", "services": "_NSServicesMenu", "window": "_NSWindowsMenu",
        "recentDocuments": "_NSRecentDocumentsMenu", "font": "_NSFontMenu", "help": "_NSHelpMenu",
    ]

    static func encode(_ o: Int, into index: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        ctx.graph.setClass(index, "NSMenu")
        ctx.graph.set(index, "NSTitle", ctx.text(ctx.attr(o, "title") ?? "", of: o, property: "title"))
        var items: [NibGraph.Value] = []
        for item in ctx.objects(o, in: "items") { items.append(try ctx.ref(item)) }
        ctx.graph.set(index, "NSMenuItems", ctx.graph.collection("NSMutableArray", items))
        if ctx.attr(o, "autoenablesItems") == "NO" { ctx.graph.set(index, "NSNoAutoenable", .bool(true)) }
        if let system = ctx.attr(o, "systemMenu"), let name = systemNames[system] {
            ctx.graph.set(index, "NSName", ctx.graph.string(name))
        }
    }
}
