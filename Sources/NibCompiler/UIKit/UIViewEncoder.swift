import KeyedArchive
import Nib

/// `<view>` and `<containerView>` (the view an embed segue fills) → `UIView`
/// (`_UIVisualEffectContentView` as a visual effect view's content view),
/// `<visualEffectView>` → `UIVisualEffectView` with its blur effect, `<label>` → `UILabel`.
enum UIViewEncoder: ObjectEncoder {
    static let elements = ["view", "visualEffectView", "label", "containerView"]
    static let alignments: [String: Int64] = ["left": 0, "center": 1, "right": 2, "justified": 3, "natural": 4]
    static let lineBreaks: [String: Int64] = [
        "wordWrap": 0, "characterWrap": 1, "clip": 2, "headTruncation": 3, "tailTruncation": 4, "middleTruncation": 5,
    ]

    /// `UIBlurEffect.Style` by its XIB name.
    static let blurStyles: [String: Int64] = [
        "extraLight": 0, "light": 1, "dark": 2, "regular": 4, "prominent": 5,
        "systemUltraThinMaterial": 6, "systemThinMaterial": 7, "systemMaterial": 8, "systemThickMaterial": 9, "systemChromeMaterial": 10,
        "systemUltraThinMaterialLight": 11, "systemThinMaterialLight": 12, "systemMaterialLight": 13, "systemThickMaterialLight": 14,
        "systemChromeMaterialLight": 15, "systemUltraThinMaterialDark": 16, "systemThinMaterialDark": 17, "systemMaterialDark": 18,
        "systemThickMaterialDark": 19, "systemChromeMaterialDark": 20,
    ]

    static func encode(_ o: Int, into g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        let object = ctx.doc.objects[o]
        switch object.name {
        case "label":
            ctx.setClass(of: o, g, "UILabel")
            try UIKitView.encodeBase(o, g, &ctx)
            ctx.graph.set(g, "UIText", ctx.graph.string(ctx.attr(o, "text") ?? ""))
            if let font = UIKitFont.font(of: o, &ctx) { ctx.graph.set(g, "UIFont", font) }
            let textColor = UIKitColor.color(of: o, key: "textColor", &ctx)
            ctx.graph.set(g, "UITextColor", textColor ?? UIKitColor.systemGray("labelColor", white: 0, &ctx))
            ctx.graph.set(g, "UIShadowOffset", .bytes(ArchiveGraph.geometryBlobBytes([0, -1])))
            let alignment = alignments[ctx.attr(o, "textAlignment") ?? "natural"] ?? 4
            if alignment != 4 { ctx.graph.set(g, "UITextAlignment", .int(alignment)) }
            if let lines = ctx.attr(o, "numberOfLines").flatMap({ Int64($0) }), lines != 1 { ctx.graph.set(g, "UINumberOfLines", .int(lines)) }
            if let size = ctx.attr(o, "minimumFontSize").flatMap(Float.init) { ctx.graph.set(g, "UIMinimumFontSize", .float(size)) }
            // Baselines are aligned by default (0); centres 1, none 2.
            if let b = ["alignCenters": Int64(1), "none": 2][ctx.attr(o, "baselineAdjustment") ?? ""] { ctx.graph.set(g, "UIBaselineAdjustment", .int(b)) }
            if ctx.flag(o, "adjustsFontSizeToFit") { ctx.graph.set(g, "UIAdjustsFontSizeToFit", .bool(true)) }
            if let mode = lineBreaks[ctx.attr(o, "lineBreakMode") ?? "tailTruncation"], mode != 4 { ctx.graph.set(g, "UILineBreakMode", .int(mode)) }
            // Only a chosen text colour stays put when traits change; the default label colour follows them.
            ctx.graph.set(g, "UIDisableUpdateTextColorOnTraitCollectionChange", .bool(textColor != nil))
        case "visualEffectView":
            ctx.setClass(of: o, g, "UIVisualEffectView")
            try UIKitView.encodeBase(o, g, &ctx)
            if let blur = ctx.tree.children(of: object.element, named: "blurEffect").first {
                let effect = ctx.graph.add("UIBlurEffect")
                let name = ctx.tree.elements[blur]["style"] ?? "extraLight"
                if let style = blurStyles[name] {
                    ctx.graph.set(effect, "UIBlurEffectStyle", .int(style))
                } else {
                    ctx.warn("<blurEffect> style \"\(name)\" is not a UIBlurEffect.Style", element: blur)
                }
                ctx.graph.set(g, "UIVisualEffectViewEffect", .ref(effect))
            } else if let other = ctx.tree.children(of: object.element, named: "vibrancyEffect").first {
                ctx.warn("<vibrancyEffect> is not compiled yet", element: other)
            }
            ctx.graph.set(g, "UIVisualEffectViewGroupName", .null)
            if let content = ctx.object(o, key: "contentView") { ctx.graph.set(g, "UIVisualEffectViewContentView", try ctx.ref(content)) }
        default:
            let isEffectContent = object.key == "contentView" && object.parent.map { ctx.doc.objects[$0].name == "visualEffectView" } == true
            ctx.setClass(of: o, g, isEffectContent ? "_UIVisualEffectContentView" : "UIView")
            try UIKitView.encodeBase(o, g, &ctx)
        }
    }
}
