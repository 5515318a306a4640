import KeyedArchive

/// `<popover>` → `NSPopover`: behaviour, animation, full-size content and content size, in the keys
/// Xcode 16's ibtool writes (caffeine's MainMenu nib). Its content view controller and delegate are
/// outlets, compiled as connections.
enum PopoverEncoder: ObjectEncoder {
    static let elements = ["popover"]

    /// `behavior` → `NSPopover.Behavior`; a XIB leaves out the default, application-defined (0). `t` is
    /// measured; `s` follows the same abbreviation (no compiled twin has one).
    static let behaviors: [String: Int64] = ["t": 1, "s": 2]

    static func encode(_ o: Int, into g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        ctx.setClass(of: o, g, "NSPopover")
        var behavior: Int64 = 0
        if let name = ctx.attr(o, "behavior") {
            if let b = behaviors[name] {
                behavior = b
            } else {
                ctx.warn("<popover> behavior \"\(name)\" is not known: compiled as application-defined", at: o)
            }
        }
        var size = [0.0, 0.0]
        if let e = ctx.property(o, "contentSize") { size = [ctx.number(e, "width") ?? 0, ctx.number(e, "height") ?? 0] }
        ctx.graph.set(g, "NSBehavior", .int(behavior))
        ctx.graph.set(g, "NSNextResponder", .null)
        ctx.graph.set(g, "NSHasFullSizeContent", .bool(ctx.flag(o, "hasFullSizeContent")))
        ctx.graph.set(g, "NSAnimates", .bool(ctx.flag(o, "animates", default: true)))
        ctx.graph.set(g, "NSNibTouchBar", .null)
        ctx.graph.set(g, "NSContentWidth", .double(size[0]))
        ctx.graph.set(g, "NSContentHeight", .double(size[1]))
    }
}
