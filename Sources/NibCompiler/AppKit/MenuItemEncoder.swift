import KeyedArchive

/// `<menuItem>` → `NSMenuItem`: title, key equivalent and modifiers, state, tag, images (the shared
/// checkmark and mixed-state images included), and the submenu with its `submenuAction:`.
enum MenuItemEncoder: ObjectEncoder {
    static let elements = ["menuItem"]

    /// `<modifierMask>` attributes → `NSEventModifierFlags` bits.
    static let modifiers: [String: Int64] = ["shift": 1 << 17, "control": 1 << 18, "option": 1 << 19, "command": 1 << 20, "function": 1 << 23]

    static func encode(_ o: Int, into index: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        let g = index
        ctx.graph.setClass(g, "NSMenuItem")
        let separator = ctx.flag(o, "isSeparatorItem")
        if let menu = ctx.doc.objects[o].parent, ctx.doc.objects[menu].name == "menu" {
            ctx.graph.set(g, "NSMenu", try ctx.ref(menu))
        }
        if separator || ctx.attr(o, "enabled") == "NO" { ctx.graph.set(g, "NSIsDisabled", .bool(true)) }
        if separator { ctx.graph.set(g, "NSIsSeparator", .bool(true)) }
        if ctx.flag(o, "hidden") || isPullDownTitle(o, ctx) { ctx.graph.set(g, "NSIsHidden", .bool(true)) }
        if ctx.flag(o, "alternate") { ctx.graph.set(g, "NSIsAlternate", .bool(true)) }
        ctx.graph.set(g, "NSAllowsKeyEquivalentLocalization", .bool(true))
        ctx.graph.set(g, "NSAllowsKeyEquivalentMirroring", .bool(true))
        let actionImage = ctx.attr(o, "secondaryImage")
        if actionImage != nil { ctx.graph.set(g, "NSHasActionImage", .bool(true)) }
        ctx.graph.set(g, "NSTitle", ctx.text(ctx.attr(o, "title") ?? "", of: o, property: "title"))
        ctx.graph.set(g, "NSKeyEquiv", ctx.graph.string(ctx.attr(o, "keyEquivalent") ?? ""))
        // A separator archives a modifier mask only when its source gives one (transmission_MainMenu).
        let maskElement = ctx.property(o, "keyEquivalentModifierMask")
        if !separator || maskElement != nil {
            var mask: Int64 = 1 << 20
            if let m = maskElement {
                mask = 0
                for (name, bit) in modifiers where ctx.tree.elements[m][name] == "YES" { mask |= bit }
            }
            if mask != 0 { ctx.graph.set(g, "NSKeyEquivModMask", .int(mask)) }
        }
        ctx.graph.set(g, "NSMnemonicLoc", .int(2_147_483_647))
        switch ctx.attr(o, "state") {
        case "on": ctx.graph.set(g, "NSState", .int(1))
        case "mixed": ctx.graph.set(g, "NSState", .int(-1))
        default: break
        }
        if let tag = ctx.attr(o, "tag").flatMap({ Int64($0) }), tag != 0 { ctx.graph.set(g, "NSTag", .int(tag)) }
        if let tip = ctx.attr(o, "toolTip") { ctx.graph.set(g, "NSToolTip", ctx.graph.string(tip)) }
        let catalog = ctx.attr(o, "catalog")
        if let image = ctx.attr(o, "image") {
            ctx.graph.set(g, "NSImage", AppKitResources.image(image, catalog: catalog, &ctx))
        }
        if let actionImage {
            ctx.graph.set(g, "NSActionImage", AppKitResources.image(actionImage, catalog: catalog, &ctx))
        }
        ctx.graph.set(g, "NSOnImage", AppKitResources.image("NSMenuCheckmark", catalog: nil, defaultSize: (18, 16), namedBySource: false, &ctx))
        ctx.graph.set(g, "NSMixedImage", AppKitResources.image("NSMenuMixedState", catalog: nil, defaultSize: (18, 4), namedBySource: false, &ctx))
        if let submenu = ctx.object(o, key: "submenu") {
            let sub = try ctx.ref(submenu)
            ctx.graph.set(g, "NSAction", ctx.graph.string("submenuAction:"))
            ctx.graph.set(g, "NSTarget", sub)
            ctx.graph.set(g, "NSSubmenu", sub)
        } else if let cell = popUpCell(of: o, ctx) {
            ctx.graph.set(g, "NSAction", ctx.graph.string("_popUpItemAction:"))
            ctx.graph.set(g, "NSTarget", try ctx.ref(cell))
        } else if let menu = ctx.doc.objects[o].parent, let cell = ctx.popUpCellOfMenu[menu] {
            ctx.graph.set(g, "NSAction", ctx.graph.string("_popUpItemAction:"))
            ctx.graph.set(g, "NSTarget", cell)
        }
        if let represented = representedObject(of: o, &ctx) { ctx.graph.set(g, "NSRepObject", represented) }
        ctx.graph.set(g, "NSHiddenInRepresentation", .bool(false))
    }

    /// An item's `<integer|real|string key="representedObject">`, as an `NSNumber` or `NSString`.
    static func representedObject(of o: Int, _ ctx: inout EncodingContext) -> NibGraph.Value? {
        guard let e = ctx.property(o, "representedObject") else { return nil }
        let el = ctx.tree.elements[e]
        switch el.name {
        case "integer": return el["value"].flatMap { Int64($0) }.map { ctx.graph.number($0) }
        case "real": return el["value"].flatMap(Double.init).map { ctx.graph.number($0) }
        case "string": return ctx.graph.string(el.text)
        default:
            ctx.warn("a represented object of kind <\(el.name)> is not compiled yet", element: e)
            return nil
        }
    }

    /// The pop-up button cell whose menu holds this item, if any.
    static func popUpCell(of o: Int, _ ctx: EncodingContext) -> Int? {
        guard let menu = ctx.doc.objects[o].parent, let owner = ctx.doc.objects[menu].parent else { return nil }
        return ctx.doc.objects[owner].name == "popUpButtonCell" ? owner : nil
    }

    /// Whether `o` is the first item of a pull-down menu: the pop-up's title, which AppKit hides.
    static func isPullDownTitle(_ o: Int, _ ctx: EncodingContext) -> Bool {
        guard let menu = ctx.doc.objects[o].parent, let cell = ctx.doc.objects[menu].parent,
              ctx.doc.objects[cell].name == "popUpButtonCell", ctx.flag(cell, "pullsDown") else { return false }
        return ctx.objects(menu, in: "items").first == o
    }
}
