import KeyedArchive

/// The `UIScrollView` keys scroll views, table views and collection views write after the view
/// keys: scrolling and paging switches, bouncing, indicators, touch delays, zoom scales and the
/// keyboard dismiss mode, each only where the source leaves UIKit's default.
enum UIKitScrollView {
    static let indicatorStyles: [String: Int64] = ["default": 0, "black": 1, "white": 2]

    static func encodeBase(_ o: Int, _ g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        try UIKitView.encodeBase(o, g, &ctx)
        if ctx.attr(o, "scrollEnabled") == "NO" { ctx.graph.set(g, "UIScrollDisabled", .bool(true)) }
        if ctx.flag(o, "pagingEnabled") { ctx.graph.set(g, "UIPagingEnabled", .bool(true)) }
        if ctx.flag(o, "directionalLockEnabled") { ctx.graph.set(g, "UIDirectionalLockEnabled", .bool(true)) }
        if ctx.attr(o, "bounces") == "NO" { ctx.graph.set(g, "UIBounceEnabled", .bool(false)) }
        if ctx.flag(o, "alwaysBounceVertical") { ctx.graph.set(g, "UIAlwaysBounceVertical", .bool(true)) }
        if ctx.flag(o, "alwaysBounceHorizontal") { ctx.graph.set(g, "UIAlwaysBounceHorizontal", .bool(true)) }
        if ctx.attr(o, "showsHorizontalScrollIndicator") == "NO" { ctx.graph.set(g, "UIShowsHorizontalScrollIndicator", .bool(false)) }
        if ctx.attr(o, "showsVerticalScrollIndicator") == "NO" { ctx.graph.set(g, "UIShowsVerticalScrollIndicator", .bool(false)) }
        if ctx.attr(o, "delaysContentTouches") == "NO" { ctx.graph.set(g, "UIDelaysContentTouches", .bool(false)) }
        if ctx.attr(o, "canCancelContentTouches") == "NO" { ctx.graph.set(g, "UICanCancelContentTouches", .bool(false)) }
        if let style = indicatorStyles[ctx.attr(o, "indicatorStyle") ?? "default"], style != 0 { ctx.graph.set(g, "UIIndicatorStyle", .int(style)) }
        if let v = ctx.attr(o, "minimumZoomScale").flatMap(Double.init), v != 1 { ctx.graph.set(g, "UIMinimumZoomScale", .float(Float(v))) }
        if let v = ctx.attr(o, "maximumZoomScale").flatMap(Double.init), v != 1 { ctx.graph.set(g, "UIMaximumZoomScale", .float(Float(v))) }
        ctx.graph.set(g, "UIBouncesZoom", .bool(ctx.attr(o, "bouncesZoom") != "NO"))
        if let mode = UITextViewEncoder.keyboardDismissModes[ctx.attr(o, "keyboardDismissMode") ?? "none"], mode != 0 {
            ctx.graph.set(g, "UIKeyboardDismissMode", .int(mode))
        }
    }
}
