import KeyedArchive

/// `<progressIndicator>` → `NSProgressIndicator`: always layer-backed; `NSpiFlags` (0x4004, plus
/// indeterminate 0x2, spinning style 0x1000, bezeled 0x1, small 0x100), and the value range.
enum ProgressIndicatorEncoder: ObjectEncoder {
    static let elements = ["progressIndicator"]

    static func encode(_ o: Int, into g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        ctx.setClass(of: o, g, "NSProgressIndicator")
        try AppKitView.encodeBase(o, g, &ctx)
        ctx.graph.set(g, "NSViewIsLayerTreeHost", .bool(true))
        var flags: Int64 = 0x4004
        if ctx.flag(o, "indeterminate") { flags |= 0x2 }
        if ctx.attr(o, "style") == "spinning" { flags |= 0x1000 }
        if ctx.attr(o, "bezeled") == "YES" { flags |= 0x1 }
        if ctx.attr(o, "controlSize") == "small" { flags |= 0x100 }
        ctx.graph.set(g, "NSpiFlags", .int(flags))
        if let min = ctx.attr(o, "minValue").flatMap(Double.init), min != 0 { ctx.graph.set(g, "NSMinValue", .double(min)) }
        ctx.graph.set(g, "NSMaxValue", .double(ctx.attr(o, "maxValue").flatMap(Double.init) ?? 100))
        if let value = ctx.attr(o, "doubleValue").flatMap(Double.init), value != 0 {
            ctx.graph.set(g, "NSProgressIndicatorDoubleValue", .double(value))
        }
    }
}
