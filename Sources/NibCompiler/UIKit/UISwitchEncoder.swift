import KeyedArchive

/// `<switch>` → `UISwitch`: the control keys, `UISwitchEnabled` (read with NO as its default),
/// `UISwitchOn` when the source turns it on, and the on-tint and thumb-tint colours it names.
enum UISwitchEncoder: ObjectEncoder {
    static let elements = ["switch"]

    static func encode(_ o: Int, into g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        ctx.setClass(of: o, g, "UISwitch")
        try UIKitView.encodeBase(o, g, &ctx)
        UIKitControl.encodeAlignments(o, g, &ctx)
        UIKitControl.encodeState(o, g, &ctx)
        // UISwitch decodes its enabled state from its own key, NO when absent: always written.
        ctx.graph.set(g, "UISwitchEnabled", .bool(ctx.attr(o, "enabled") != "NO"))
        if ctx.flag(o, "on") { ctx.graph.set(g, "UISwitchOn", .bool(true)) }
        if let c = UIKitColor.color(of: o, key: "onTintColor", &ctx) { ctx.graph.set(g, "UISwitchOnTintColor", c) }
        if let c = UIKitColor.color(of: o, key: "thumbTintColor", &ctx) { ctx.graph.set(g, "UISwitchThumbTintColor", c) }
    }
}
