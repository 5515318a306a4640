import KeyedArchive

/// `<switch>` → `UISwitch`: the control keys and `UISwitchOn` when the source turns it on, with the
/// on-tint and thumb-tint colours it names.
enum UISwitchEncoder: ObjectEncoder {
    static let elements = ["switch"]

    static func encode(_ o: Int, into g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        ctx.setClass(of: o, g, "UISwitch")
        try UIKitView.encodeBase(o, g, &ctx)
        UIKitControl.encodeAlignments(o, g, &ctx)
        UIKitControl.encodeState(o, g, &ctx)
        if ctx.flag(o, "on") { ctx.graph.set(g, "UISwitchOn", .bool(true)) }
        if let c = UIKitColor.color(of: o, key: "onTintColor", &ctx) { ctx.graph.set(g, "UIOnTintColor", c) }
        if let c = UIKitColor.color(of: o, key: "thumbTintColor", &ctx) { ctx.graph.set(g, "UIThumbTintColor", c) }
    }
}
