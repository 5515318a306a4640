import KeyedArchive

/// `<button>` → `NSButton` and `<buttonCell>` → `NSButtonCell`: the behaviour, image position and
/// inset bits of `NSButtonFlags`, the bezel and image scaling of `NSButtonFlags2`, the button type,
/// title, font and the check box and radio images.
enum ButtonEncoder: ObjectEncoder {
    static let elements = ["button", "buttonCell"]

    static let bezels: [String: Int64] = [
        "rounded": 1, "regularSquare": 2, "thickSquare": 3, "thickerSquare": 4, "disclosure": 5, "shadowlessSquare": 6,
        "circular": 7, "texturedSquare": 8, "helpButton": 9, "smallSquare": 10, "texturedRounded": 11, "roundedRect": 12,
        "recessed": 13, "roundedDisclosure": 14, "inline": 15, "push": 1, "flexiblePush": 2, "toolbar": 16, "accessoryBarAction": 17,
        "accessoryBar": 18, "badge": 19, "glass": 20,
    ]
    static let behaviors: [(String, Int64)] = [
        ("pushIn", 0x8000_0000), ("changeContents", 0x4000_0000), ("changeBackground", 0x3000_0000), ("changeGray", 0x3000_0000),
        ("lightByContents", 0x0800_0000), ("lightByBackground", 0x0600_0000), ("lightByGray", 0x0600_0000),
        ("doesNotDimImage", 0x1100),
    ]
    /// `imagePosition` → `NSButtonFlags` bits. `leading` is stored as `left` (caffeine's check boxes, Xcode
    /// 16); `trailing` as `right` by the same rule.
    static let imagePositions: [String: Int64] = [
        "only": 0x40_0000, "left": 0x38_0000, "right": 0x28_0000, "above": 0x0C_0000, "below": 0x1C_0000, "overlaps": 0x48_0000,
        "leading": 0x38_0000, "trailing": 0x28_0000,
    ]
    static let scalings: [String: Int64] = ["proportionallyDown": 0x80, "proportionallyUpOrDown": 0x40, "axesIndependently": 0xC0]

    static func encode(_ o: Int, into g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        if ctx.doc.objects[o].name == "button" {
            ctx.setClass(of: o, g, "NSButton")
            try AppKitControl.encodeBase(o, g, &ctx)
            ctx.graph.set(g, "IBNSShadowedSymbolConfiguration", .null)
            return
        }
        ctx.setClass(of: o, g, "NSButtonCell")
        let type = ctx.attr(o, "type") ?? "push"
        // Text type; on 0x80000000, bezeled 0x400000, and 0x40 when the title does not wrap.
        var cellFlags: Int64 = 0x400_0000
        if ctx.attr(o, "state") == "on" { cellFlags |= 0x8000_0000 }
        if ctx.attr(o, "borderStyle") == "borderAndBezel" { cellFlags |= 0x40_0000 }
        if !["wordWrapping", "charWrapping"].contains(ctx.attr(o, "lineBreakMode") ?? "wordWrapping") { cellFlags |= 0x40 }
        ctx.graph.set(g, "NSCellFlags", AppKitControl.int32(cellFlags))
        // Check boxes and radio buttons align naturally when the source names no alignment (test16_buttons).
        let defaultAlignment = type == "check" || type == "radio" ? "natural" : "center"
        ctx.graph.set(g, "NSCellFlags2", AppKitControl.int32(AppKitControl.cellFlags2(o, ctx, defaultAlignment: defaultAlignment) & ~0x40_0000))
        ctx.graph.set(g, "NSContents", ctx.text(ctx.attr(o, "title") ?? "", of: o, property: "title"))
        if ctx.attr(o, "bezelStyle") == "inline", let f = ctx.property(o, "font"), ctx.tree.elements[f]["metaFont"] == "smallSystemBold" {
            // An inline button's default font becomes the emphasized subheadline text style (test16_buttons).
            ctx.graph.set(g, "NSSupport", AppKitFont.textStyleFont(name: ".AppleSystemUIFontDemi", size: 11, flags: 0x10,
                                                                   style: "UICTFontTextStyleEmphasizedSubhead", &ctx))
        } else if let font = AppKitFont.font(of: o, &ctx) {
            ctx.graph.set(g, "NSSupport", font)
        }
        if let control = AppKitControl.controlView(ofCell: o, ctx) {
            ctx.graph.set(g, "NSControlView", try ctx.ref(control))
        }
        var flags: Int64 = 0
        if let b = ctx.property(o, "behavior") {
            for (name, bits) in behaviors where ctx.tree.elements[b][name] == "YES" { flags |= bits }
        }
        if ["border", "borderAndBezel"].contains(ctx.attr(o, "borderStyle") ?? "") { flags |= 0x80_0000 }
        flags |= imagePositions[ctx.attr(o, "imagePosition") ?? ""] ?? 0
        flags |= ((ctx.attr(o, "inset").flatMap { Int64($0) } ?? 0) & 3) << 13
        // The control's imageHugsTitle is the cell's 0x20.
        if let control = AppKitControl.controlView(ofCell: o, ctx), ctx.flag(control, "imageHugsTitle") { flags |= 0x20 }
        ctx.graph.set(g, "NSButtonFlags", AppKitControl.int32(flags))
        let bezel = bezels[ctx.attr(o, "bezelStyle") ?? ""] ?? 0
        var flags2 = (bezel & 7) | (bezel >> 3) << 5
        // Recessed buttons always show their border only while the mouse is inside.
        if ctx.flag(o, "showsBorderOnlyWhileMouseInside") || ctx.attr(o, "bezelStyle") == "recessed" { flags2 |= 8 }
        flags2 |= scalings[ctx.attr(o, "imageScaling") ?? ""] ?? 0
        ctx.graph.set(g, "NSButtonFlags2", .int(flags2))
        ctx.graph.set(g, "NSBezelStyle", .int(bezel))
        if let image = ctx.attr(o, "image") {
            ctx.graph.set(g, "NSNormalImage", AppKitResources.image(image, catalog: ctx.attr(o, "catalog"), &ctx))
        }
        if type == "check" || type == "radio" {
            let source = ctx.graph.add("NSButtonImageSource")
            ctx.graph.set(source, "NSImageName", ctx.graph.string(type == "check" ? "NSSwitch" : "NSRadioButton"))
            ctx.graph.set(g, "NSAlternateImage", .ref(source))
        }
        ctx.graph.set(g, "NSAlternateContents", ctx.graph.string(ctx.attr(o, "alternateTitle") ?? ""))
        ctx.graph.set(g, "NSKeyEquivalent", ctx.graph.string(ctx.attr(o, "keyEquivalent") ?? ""))
        ctx.graph.set(g, "NSPeriodicDelay", .int(400))
        ctx.graph.set(g, "NSPeriodicInterval", .int(75))
        ctx.graph.set(g, "NSAuxButtonType", .int(auxType(type, flags)))
        if let tag = ctx.attr(o, "tag").flatMap({ Int64($0) }), tag != 0 { ctx.graph.set(g, "NSTag", .int(tag)) }
    }

    /// `NSButtonType` from the XIB type and behaviour: how the button shows its state (`change*`)
    /// and how it highlights (`pushIn`, `lightBy*`), as AppKit's `setButtonType:` sets them.
    static func auxType(_ type: String, _ flags: Int64) -> Int64 {
        switch type {
        case "check": return 3
        case "radio": return 4
        case "disclosureTriangle": return 2
        case "disclosure": return 6
        default: break
        }
        let pushIn = flags & 0x8000_0000 != 0
        let showsByContents = flags & 0x4000_0000 != 0
        let showsByLight = flags & 0x3000_0000 != 0
        let lightsByContents = flags & 0x0800_0000 != 0
        let lights = flags & 0x0600_0000 != 0
        if showsByContents { return 2 }  // toggle
        if showsByLight { return pushIn ? 1 : 6 }  // push on/push off, on/off
        if !pushIn, lightsByContents { return 5 }  // momentary change
        if !pushIn, lights { return 0 }  // momentary light
        return 7  // momentary push in
    }
}
