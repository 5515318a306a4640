import KeyedArchive

/// `<textView>` → `UITextView`: the view keys, the scroll view keys ibtool writes for it, font and
/// colours, alignment (left when the XIB names none), editable and selectable (always written), and
/// the text input traits (brooklyn's LogViewController pair). Plain `text` becomes `UIText`, which
/// no golden pair shows yet.
enum UITextViewEncoder: ObjectEncoder {
    static let elements = ["textView"]
    static let keyboardDismissModes: [String: Int64] = ["none": 0, "onDrag": 1, "interactive": 2]

    static func encode(_ o: Int, into g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        ctx.setClass(of: o, g, "UITextView")
        try UIKitView.encodeBase(o, g, &ctx)
        ctx.graph.set(g, "UIScrollViewIndicatorInsetAdjustmentBehavior", .int(1))
        ctx.graph.set(g, "UIBouncesZoom", .bool(true))
        if let mode = keyboardDismissModes[ctx.attr(o, "keyboardDismissMode") ?? "none"], mode != 0 {
            ctx.graph.set(g, "UIKeyboardDismissMode", .int(mode))
        }
        ctx.graph.set(g, "UIScrollViewContentInsetAdjustmentBehavior", .int(0))
        if ctx.flag(o, "adjustsFontForContentSizeCategory") { ctx.graph.set(g, "UIAdjustsFontForContentSizeCategory", .bool(true)) }
        if let text = ctx.attr(o, "text") { ctx.graph.set(g, "UIText", ctx.graph.string(text)) }
        ctx.graph.set(g, "UIFont", UIKitFont.font(of: o, &ctx) ?? UIKitFont.system(size: 14, &ctx))
        ctx.graph.set(g, "UITextColor", UIKitColor.color(of: o, key: "textColor", &ctx) ?? UIKitColor.systemGray("labelColor", white: 0, &ctx))
        ctx.graph.set(g, "UITextAlignment", .int(UIViewEncoder.alignments[ctx.attr(o, "textAlignment") ?? "left"] ?? 0))
        ctx.graph.set(g, "UIEditable", .bool(ctx.attr(o, "editable") != "NO"))
        ctx.graph.set(g, "UISelectable", .bool(ctx.attr(o, "selectable") != "NO"))
        UITextInputTraits.encode(o, g, autocapitalizationDefault: 2, &ctx)
    }
}
