import KeyedArchive

/// `<toolbar>` → `NSToolbar` (a window keeps it as `NSViewClass`, as AppKit archives window templates)
/// and `<toolbarItem>` → `NSToolbarItem`, or the class of a standard item (flexible space, space, …)
/// with the sizes, labels and separator menu representation AppKit gives it.
enum ToolbarEncoder: ObjectEncoder {
    static let elements = ["toolbar", "toolbarItem"]

    static let displayModes: [String: Int64] = ["default": 0, "iconAndLabel": 1, "iconOnly": 2, "labelOnly": 3]
    static let sizeModes: [String: Int64] = ["default": 0, "regular": 1, "small": 2]

    /// Standard items: palette label, minimum and maximum size, and whether a separator menu item
    /// stands for them in the overflow menu.
    static let standardItems: [String: (palette: String, min: String, max: String, separator: Bool)] = [
        "NSToolbarFlexibleSpaceItem": ("Flexible Space", "{8, 24}", "{20000, 24}", true),
        "NSToolbarSpaceItem": ("Space", "{8, 24}", "{8, 24}", true),
    ]

    /// Standard items that open a panel: label, tool tip, image and action, in a bordered 44×42 item
    /// (plain `NSToolbarItem`s in recent ibtools' output).
    static let panelItems: [String: (label: String, toolTip: String, image: String, action: String)] = [
        "NSToolbarShowColorsItem": ("Colors", "Show Color Panel", "NSToolbarShowColors", "orderFrontColorPanel:"),
        "NSToolbarShowFontsItem": ("Fonts", "Show Font Panel", "NSToolbarShowFonts", "orderFrontFontPanel:"),
    ]

    static func encode(_ o: Int, into g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        if ctx.doc.objects[o].name == "toolbar" { try toolbar(o, g, &ctx) } else { try item(o, g, &ctx) }
    }

    static func toolbar(_ o: Int, _ g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        ctx.setClass(of: o, g, "NSToolbar")
        ctx.graph.set(g, "NSToolbarIdentifier", ctx.graph.string(ctx.attr(o, "identifier") ?? ctx.attr(o, "implicitIdentifier") ?? ""))
        ctx.graph.set(g, "NSToolbarDelegate", .null)
        ctx.graph.set(g, "NSToolbarPrefersToBeShown", .bool(ctx.attr(o, "visible") != "NO"))
        ctx.graph.set(g, "NSToolbarAllowsUserCustomization", .bool(ctx.attr(o, "allowsUserCustomization") != "NO"))
        ctx.graph.set(g, "NSToolbarAutosavesConfiguration", .bool(ctx.attr(o, "autosavesConfiguration") != "NO"))
        ctx.graph.set(g, "NSToolbarDisplayMode", .int(displayModes[ctx.attr(o, "displayMode") ?? "default"] ?? 0))
        ctx.graph.set(g, "NSToolbarSizeMode", .int(sizeModes[ctx.attr(o, "sizeMode") ?? "default"] ?? 0))
        ctx.graph.set(g, "NSToolbarCenteredItemIdentifier", ctx.attr(o, "centeredItem").map { ctx.graph.string($0) } ?? .null)
        let allowed = items(o, "allowedToolbarItems", ctx)
        // The identified items are archived in identifier order (a sorted dictionary).
        let identified = allowed.map { (identifier(of: $0, ctx), $0) }.sorted { $0.0 < $1.0 }
        var entries: [(NibGraph.Value, NibGraph.Value)] = []
        for (id, item) in identified { entries.append((ctx.graph.string(id), try ctx.ref(item))) }
        ctx.graph.set(g, "NSToolbarIBIdentifiedItems", ctx.graph.dictionary("NSMutableDictionary", entries))
        for (key, container, cls) in [("NSToolbarIBAllowedItems", "allowedToolbarItems", "NSArray"),
                                      ("NSToolbarIBDefaultItems", "defaultToolbarItems", "NSArray"),
                                      ("NSToolbarIBSelectableItems", "selectableToolbarItems", "NSMutableArray")] {
            // Default items are archived only when the source lists them.
            if container == "defaultToolbarItems", ctx.tree.child(of: ctx.doc.objects[o].element, named: container) == nil { continue }
            var list: [NibGraph.Value] = []
            for item in items(o, container, ctx) { list.append(try ctx.ref(item)) }
            ctx.graph.set(g, key, ctx.graph.collection(cls, list))
        }
    }

    /// The items listed in `<container>` of toolbar `o`: item objects, or `<toolbarItem reference=…>`
    /// resolved to the item they name.
    static func items(_ o: Int, _ container: String, _ ctx: EncodingContext) -> [Int] {
        guard let c = ctx.tree.child(of: ctx.doc.objects[o].element, named: container) else { return [] }
        return ctx.tree.elements[c].children.compactMap { e in
            if let id = ctx.tree.elements[e]["reference"] { return ctx.doc.objectIndex[id] }
            return ctx.doc.objects[o].children.first { ctx.doc.objects[$0].element == e }
        }
    }

    static func identifier(of item: Int, _ ctx: EncodingContext) -> String {
        ctx.attr(item, "explicitItemIdentifier") ?? ctx.attr(item, "implicitItemIdentifier") ?? ""
    }

    static func item(_ o: Int, _ g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        let id = identifier(of: o, ctx)
        let implicit = ctx.attr(o, "implicitItemIdentifier") ?? ""
        let standard = standardItems[implicit]
        let panel = panelItems[implicit]
        let standardClass = ElementClasses.standardToolbarItems[implicit]
        ctx.setClass(of: o, g, standardClass ?? "NSToolbarItem")
        let view = ctx.object(o, key: "view")
        let label = ctx.attr(o, "label") ?? panel?.label ?? ""
        ctx.graph.set(g, "NSToolbarItemIdentifier", ctx.graph.string(id))
        ctx.graph.set(g, "NSToolbarItemLabel", ctx.graph.string(label))
        ctx.graph.set(g, "NSToolbarItemPaletteLabel", ctx.graph.string(ctx.attr(o, "paletteLabel") ?? standard?.palette ?? panel?.label ?? label))
        ctx.graph.set(g, "NSToolbarItemToolTip", standardClass != nil ? .null : ctx.graph.string(ctx.attr(o, "toolTip") ?? panel?.toolTip ?? ""))
        ctx.graph.set(g, "NSToolbarItemView", try view.map { v throws(ArchiveError) in try ctx.ref(v) } ?? .null)
        // Buttons and the panel items are bordered; other views, images and spaces are not.
        let borderedByDefault = panel != nil || view.map { ctx.doc.objects[$0].name == "button" } == true
        ctx.graph.set(g, "NSToolbarItemBordered", .bool(ctx.flag(o, "bordered", default: borderedByDefault)))
        if let image = ctx.attr(o, "image") {
            ctx.graph.set(g, "NSToolbarItemImage", AppKitResources.image(image, catalog: ctx.attr(o, "catalog"), &ctx))
        } else if let panel {
            ctx.graph.set(g, "NSToolbarItemImage", AppKitResources.image(panel.image, catalog: nil, defaultSize: (32, 32), namedBySource: false, &ctx))
        } else {
            ctx.graph.set(g, "NSToolbarItemImage", .null)
        }
        let title = view.flatMap { v in AppKitControl.cellAttr(v, "title", ctx) } ?? ""
        ctx.graph.set(g, "NSToolbarItemTitle", ctx.graph.string(title))
        ctx.graph.set(g, "NSToolbarItemTarget", .null)
        ctx.graph.set(g, "NSToolbarItemAction", panel.map { ctx.graph.string($0.action) } ?? .null)
        let minSize = size(o, "minSize", ctx) ?? standard?.min ?? (panel != nil ? "{44, 42}" : nil)
        let maxSize = size(o, "maxSize", ctx) ?? standard?.max ?? (panel != nil ? "{44, 42}" : nil)
        ctx.graph.set(g, "NSToolbarItemMinSize", ctx.graph.string(minSize ?? "{0, 0}"))
        ctx.graph.set(g, "NSToolbarItemMaxSize", ctx.graph.string(maxSize ?? "{0, 0}"))
        ctx.graph.set(g, "NSToolbarItemIgnoreMinMaxSizes", .bool(false))
        ctx.graph.set(g, "NSToolbarItemEnabled", .bool(ctx.attr(o, "enabled") != "NO"))
        ctx.graph.set(g, "NSToolbarItemAutovalidates", .bool(ctx.attr(o, "autovalidates") != "NO"))
        let standardTag: Int64 = standardClass != nil || panel != nil ? -1 : 0
        ctx.graph.set(g, "NSToolbarItemTag", .int(ctx.attr(o, "tag").flatMap { Int64($0) } ?? standardTag))
        ctx.graph.set(g, "NSToolbarItemVisibilityPriority", .int(ctx.attr(o, "visibilityPriority").flatMap { Int64($0) } ?? 0))
        ctx.graph.set(g, "NSToolbarItemNavigational", .bool(ctx.flag(o, "navigational")))
        if standard?.separator == true { ctx.graph.set(g, "NSToolbarItemMenuFormRepresentation", separatorItem(&ctx)) }
        ctx.graph.set(g, "NSToolbarIsUserRemovable", .bool(true))
        ctx.graph.set(g, "NSToolbarItemStyle", .int(0))
    }

    /// `<size key="…" width height>` as a `{w, h}` string.
    static func size(_ o: Int, _ key: String, _ ctx: EncodingContext) -> String? {
        guard let e = ctx.property(o, key), let w = ctx.number(e, "width"), let h = ctx.number(e, "height") else { return nil }
        return NibGeometryString.format([w, h], as: .pair)
    }

    /// The disabled separator menu item AppKit gives space items for the overflow menu.
    static func separatorItem(_ ctx: inout EncodingContext) -> NibGraph.Value {
        let i = ctx.graph.add("NSMenuItem")
        ctx.graph.set(i, "NSIsDisabled", .bool(true))
        ctx.graph.set(i, "NSIsSeparator", .bool(true))
        ctx.graph.set(i, "NSAllowsKeyEquivalentLocalization", .bool(true))
        ctx.graph.set(i, "NSAllowsKeyEquivalentMirroring", .bool(true))
        ctx.graph.set(i, "NSTitle", ctx.graph.string(""))
        ctx.graph.set(i, "NSKeyEquiv", ctx.graph.string(""))
        ctx.graph.set(i, "NSKeyEquivModMask", .int(1 << 20))
        ctx.graph.set(i, "NSMnemonicLoc", .int(2_147_483_647))
        ctx.graph.set(i, "NSOnImage", AppKitResources.image("NSMenuCheckmark", catalog: nil, defaultSize: (18, 16), namedBySource: false, &ctx))
        ctx.graph.set(i, "NSMixedImage", AppKitResources.image("NSMenuMixedState", catalog: nil, defaultSize: (18, 4), namedBySource: false, &ctx))
        ctx.graph.set(i, "NSHiddenInRepresentation", .bool(false))
        return .ref(i)
    }
}
