import KeyedArchive

/// `<tabView>` → `NSTabView` (its items, the selected one whose view is its only subview, font, type
/// in `NSTvFlags`) and `<tabViewItem>` → `NSTabViewItem` {identifier, view, label, colour, tab view}.
enum TabViewEncoder: ObjectEncoder {
    static let elements = ["tabView", "tabViewItem"]

    static let types: [String: Int64] = [
        "topTabsBezelBorder": 0, "leftTabsBezelBorder": 1, "bottomTabsBezelBorder": 2, "rightTabsBezelBorder": 3,
        "noTabsBezelBorder": 4, "noTabsLineBorder": 5, "noTabsNoBorder": 6,
    ]

    static func encode(_ o: Int, into g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        if ctx.doc.objects[o].name == "tabViewItem" { try item(o, g, &ctx) } else { try tabView(o, g, &ctx) }
    }

    /// The item a tab view shows first: `initialItem`, else its first item.
    static func selectedItem(of tabView: Int, _ ctx: EncodingContext) -> Int? {
        let items = ctx.objects(tabView, in: "tabViewItems")
        if let id = ctx.attr(tabView, "initialItem"), let i = ctx.doc.objectIndex[id], items.contains(i) { return i }
        return items.first
    }

    static func tabView(_ o: Int, _ g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        ctx.setClass(of: o, g, "NSTabView")
        let items = ctx.objects(o, in: "tabViewItems")
        let selected = selectedItem(of: o, ctx)
        // The selected item's view is the tab view's only subview.
        if let selected, let view = ctx.object(selected, key: "view") {
            ctx.tiles[view, default: ScrollViewTile.Placement()].superview = g
        }
        try AppKitView.encodeBase(o, g, &ctx)
        var subviews: [NibGraph.Value] = []
        if let selected, let view = ctx.object(selected, key: "view") { subviews.append(try ctx.ref(view)) }
        ctx.graph.set(g, "NSSubviews", ctx.graph.collection("NSMutableArray", subviews))
        var list: [NibGraph.Value] = []
        for i in items { list.append(try ctx.ref(i)) }
        ctx.graph.set(g, "NSTabViewItems", ctx.graph.collection("NSMutableArray", list))
        if let selected { ctx.graph.set(g, "NSSelectedTabViewItem", try ctx.ref(selected)) }
        ctx.graph.set(g, "NSFont", AppKitFont.font(of: o, &ctx) ?? AppKitFont.systemFont(11, &ctx))
        var flags = types[ctx.attr(o, "type") ?? "topTabsBezelBorder"] ?? 0
        flags |= (AppKitControl.sizes[ctx.attr(o, "controlSize") ?? "regular"] ?? 0) << 27
        ctx.graph.set(g, "NSTvFlags", .int(flags))
        ctx.graph.set(g, "NSAllowTruncatedLabels", .bool(ctx.attr(o, "allowsTruncatedLabels") != "NO"))
        if ctx.attr(o, "drawsBackground") != "NO" { ctx.graph.set(g, "NSDrawsBackground", .bool(true)) }
        if let selected, let view = ctx.object(selected, key: "view"), !ctx.objects(view, in: "subviews").isEmpty {
            try KeyViewLoop.archive(tabView: o, shownView: view, &ctx)
        }
    }

    static func item(_ o: Int, _ g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        ctx.setClass(of: o, g, "NSTabViewItem")
        if let id = ctx.attr(o, "identifier") { ctx.graph.set(g, "NSIdentifier", ctx.graph.string(id)) }
        if let view = ctx.object(o, key: "view") { ctx.graph.set(g, "NSView", try ctx.ref(view)) }
        ctx.graph.set(g, "NSLabel", ctx.text(ctx.attr(o, "label") ?? "", of: o, property: "label"))
        ctx.graph.set(g, "NSColor", AppKitColor.color(of: o, key: "color", &ctx) ?? AppKitColor.catalog("controlColor", &ctx))
        if let tabView = ctx.doc.objects[o].parent { ctx.graph.set(g, "NSTabView", try ctx.ref(tabView)) }
    }
}
