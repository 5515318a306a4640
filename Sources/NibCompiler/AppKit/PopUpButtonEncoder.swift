import KeyedArchive

/// `<popUpButton>` → `NSPopUpButton` and `<popUpButtonCell>` → `NSPopUpButtonCell`: the button cell
/// keys plus the menu, the selected item and index, pull-down mode, arrow position and edge.
enum PopUpButtonEncoder: ObjectEncoder {
    static let elements = ["popUpButton", "popUpButtonCell"]
    static let edges: [String: Int64] = ["minX": 0, "minY": 1, "maxX": 2, "maxY": 3]
    static let arrows: [String: Int64] = ["noArrow": 0, "arrowAtCenter": 1, "arrowAtBottom": 2]

    static func encode(_ o: Int, into g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        if ctx.doc.objects[o].name == "popUpButton" {
            ctx.setClass(of: o, g, "NSPopUpButton")
            try AppKitControl.encodeBase(o, g, &ctx)
            ctx.graph.set(g, "IBNSShadowedSymbolConfiguration", .null)
            return
        }
        try ButtonEncoder.encode(o, into: g, &ctx)
        ctx.setClass(of: o, g, "NSPopUpButtonCell")
        // The cell's tag is its menu's business: a pop-up cell archives none.
        ctx.graph.remove(g, "NSTag")
        // A pop-up draws its title in the menu font: ibtool writes the system font as the menu meta font.
        if let f = ctx.property(o, "font"), ctx.tree.elements[f]["metaFont"] == "system", ctx.tree.elements[f]["size"] == nil {
            ctx.graph.set(g, "NSSupport", AppKitFont.metaFont("menu", &ctx))
        }
        let menu = ctx.object(o, key: "menu")
        if let menu { ctx.graph.set(g, "NSMenu", try ctx.ref(menu)) }
        let items = menu.map { ctx.objects($0, in: "items") } ?? []
        if let selected = ctx.attr(o, "selectedItem"), let item = ctx.doc.objectIndex[selected] {
            ctx.graph.set(g, "NSMenuItem", try ctx.ref(item))
            if let index = items.firstIndex(of: item), index != 0 { ctx.graph.set(g, "NSSelectedIndex", .int(Int64(index))) }
        } else {
            ctx.graph.set(g, "NSMenuItem", .null)
            ctx.graph.set(g, "NSSelectedIndex", .int(-1))
        }
        ctx.graph.set(g, "NSMenuItemRespectAlignment", .bool(true))
        ctx.graph.set(g, "NSUsesItemFromMenu", .bool(true))
        ctx.graph.set(g, "NSAltersState", .bool(true))
        if ctx.flag(o, "pullsDown") { ctx.graph.set(g, "NSPullDown", .bool(true)) }
        ctx.graph.set(g, "NSPreferredEdge", .int(edges[ctx.attr(o, "preferredEdge") ?? "minY"] ?? 1))
        // No arrow (0) is not written; the default is the arrow at the bottom.
        let arrow = arrows[ctx.attr(o, "arrowPosition") ?? "arrowAtBottom"] ?? 2
        if arrow != 0 { ctx.graph.set(g, "NSArrowPosition", .int(arrow)) }
    }
}
