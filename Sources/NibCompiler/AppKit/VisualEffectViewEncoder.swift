import KeyedArchive

/// `<visualEffectView>` → `NSVisualEffectView`: the view keys, blending mode, state, material (also
/// as `IBVisualEffectViewExternalMaterial`), no mask image and the default appearance type
/// (HSChooserWindow).
enum VisualEffectViewEncoder: ObjectEncoder {
    static let elements = ["visualEffectView"]
    static let blendingModes: [String: Int64] = ["behindWindow": 0, "withinWindow": 1]
    static let states: [String: Int64] = ["followsWindowActiveState": 0, "active": 1, "inactive": 2]
    /// `NSVisualEffectView.Material` by XIB name.
    static let materials: [String: Int64] = [
        "appearanceBased": 0, "light": 1, "dark": 2, "titlebar": 3, "selection": 4, "menu": 5, "popover": 6, "sidebar": 7,
        "mediumLight": 8, "ultraDark": 9, "headerView": 10, "sheet": 11, "windowBackground": 12, "HUDWindow": 13,
        "hudWindow": 13, "fullScreenUI": 15, "toolTip": 17, "contentBackground": 18, "underWindowBackground": 21,
        "underPageBackground": 22,
    ]

    static func encode(_ o: Int, into g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        ctx.setClass(of: o, g, "NSVisualEffectView")
        try AppKitView.encodeBase(o, g, &ctx)
        ctx.graph.set(g, "NSVisualEffectViewBlendingMode", .int(blendingModes[ctx.attr(o, "blendingMode") ?? "behindWindow"] ?? 0))
        ctx.graph.set(g, "NSVisualEffectViewState", .int(states[ctx.attr(o, "state") ?? "followsWindowActiveState"] ?? 0))
        ctx.graph.set(g, "NSVisualEffectViewMaskImage", .null)
        let name = ctx.attr(o, "material") ?? "appearanceBased"
        if materials[name] == nil { ctx.warn("<visualEffectView> material \"\(name)\" is unknown: appearanceBased is archived", at: o) }
        let material = materials[name] ?? 0
        ctx.graph.set(g, "NSVisualEffectViewMaterial", .int(material))
        ctx.graph.set(g, "IBVisualEffectViewExternalMaterial", .int(material))
        ctx.graph.set(g, "IBVisualEffectViewAppearanceType", .int(0))
    }
}
