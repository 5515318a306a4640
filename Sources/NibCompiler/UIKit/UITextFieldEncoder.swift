import KeyedArchive
import Nib

/// `<textField>` → `UITextField`: the view and control keys, text alignment (left when the XIB
/// names none), font, placeholder and text, colours (`labelColor` by default), border style, font
/// size adjustment, editable text attributes, the clear button's offset, and the text input traits.
enum UITextFieldEncoder: ObjectEncoder {
    static let elements = ["textField"]
    static let borderStyles: [String: Int64] = ["none": 0, "line": 1, "bezel": 2, "roundedRect": 3]

    static func encode(_ o: Int, into g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        ctx.setClass(of: o, g, "UITextField")
        try UIKitView.encodeBase(o, g, &ctx)
        UIKitControl.encodeAlignments(o, g, &ctx)
        ctx.graph.set(g, "UIFont", UIKitFont.font(of: o, &ctx) ?? UIKitFont.system(size: 14, &ctx))
        if let text = ctx.attr(o, "text") { ctx.graph.set(g, "UIText", ctx.graph.string(text)) }
        if let placeholder = ctx.attr(o, "placeholder") { ctx.graph.set(g, "UIPlaceholder", ctx.graph.string(placeholder)) }
        ctx.graph.set(g, "UITextAlignment", .int(UIViewEncoder.alignments[ctx.attr(o, "textAlignment") ?? "left"] ?? 0))
        ctx.graph.set(g, "UITextColor", UIKitColor.color(of: o, key: "textColor", &ctx) ?? UIKitColor.systemGray("labelColor", white: 0, &ctx))
        ctx.graph.set(g, "UIBorderStyle", .int(borderStyles[ctx.attr(o, "borderStyle") ?? "none"] ?? 0))
        if ctx.flag(o, "clearsOnBeginEditing") { ctx.graph.set(g, "UIClearsOnBeginEditing", .bool(true)) }
        if ctx.flag(o, "allowsEditingTextAttributes") { ctx.graph.set(g, "UIAllowsEditingTextAttributes", .bool(true)) }
        if ctx.attr(o, "adjustsFontSizeToFit") != "NO" { ctx.graph.set(g, "UIAdjustsFontSizeToFit", .bool(true)) }
        ctx.graph.set(g, "UIMinimumFontSize", .float(Float(ctx.attr(o, "minimumFontSize").flatMap(Double.init) ?? 17)))
        ctx.graph.set(g, "UIClearButtonOffset", .bytes(ArchiveGraph.geometryBlobBytes([3, 1])))
        UITextInputTraits.encode(o, g, &ctx)
        ctx.graph.set(g, "UIDisableTextColorUpdateOnTraitCollectionChange", .bool(true))
    }
}
