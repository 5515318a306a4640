import KeyedArchive

/// `<activityIndicatorView>` → `UIActivityIndicatorView` {`UIActivityIndicatorViewStyle`,
/// `UIAnimating`, `UIHidesWhenStopped`, `UIColor`}; `<progressView>` → `UIProgressView` {`UIProgress`,
/// `UIProgressViewStyle`, track and progress colours and images}.
enum UIActivityIndicatorEncoder: ObjectEncoder {
    static let elements = ["activityIndicatorView", "progressView"]
    /// `UIActivityIndicatorView.Style` by XIB name.
    static let styles: [String: Int64] = ["whiteLarge": 0, "white": 1, "gray": 2, "medium": 100, "large": 101]

    static func encode(_ o: Int, into g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        if ctx.doc.objects[o].name == "progressView" {
            ctx.setClass(of: o, g, "UIProgressView")
            try UIKitView.encodeBase(o, g, &ctx)
            // UIProgressView writes its style and progress only when they are not zero.
            if ctx.attr(o, "progressViewStyle") == "bar" { ctx.graph.set(g, "UIProgressViewStyle", .int(1)) }
            if let p = ctx.attr(o, "progress").flatMap(Double.init), p != 0 { ctx.graph.set(g, "UIProgress", .float(Float(p))) }
            if let c = UIKitColor.color(of: o, key: "trackTintColor", &ctx) { ctx.graph.set(g, "UIProgressTrackTintColor", c) }
            if let c = UIKitColor.color(of: o, key: "progressTintColor", &ctx) { ctx.graph.set(g, "UIProgressProgressTintColor", c) }
            if let name = ctx.attr(o, "trackImage") { ctx.graph.set(g, "UIProgressTrackImage", UIKitImage.placeholder(name, &ctx)) }
            if let name = ctx.attr(o, "progressImage") { ctx.graph.set(g, "UIProgressProgressImage", UIKitImage.placeholder(name, &ctx)) }
            return
        }
        ctx.setClass(of: o, g, "UIActivityIndicatorView")
        try UIKitView.encodeBase(o, g, &ctx)
        let name = ctx.attr(o, "style") ?? "medium"
        if let style = styles[name] {
            ctx.graph.set(g, "UIActivityIndicatorViewStyle", .int(style))
        } else {
            ctx.warn("<activityIndicatorView> style \"\(name)\" is not a UIActivityIndicatorView.Style", at: o)
        }
        if ctx.flag(o, "animating") { ctx.graph.set(g, "UIAnimating", .bool(true)) }
        if ctx.attr(o, "hidesWhenStopped") == "NO" { ctx.graph.set(g, "UIHidesWhenStopped", .bool(false)) }
        if let c = UIKitColor.color(of: o, key: "color", &ctx) { ctx.graph.set(g, "UIColor", c) }
    }
}
