import KeyedArchive

/// `<imageView>` → `UIImageView`: the view keys (an image view's source says it ignores touches),
/// its image and highlighted image as `UIImageNibPlaceholder`s (with the `<resources>` size when the
/// source gives one), and the highlighted state.
enum UIImageViewEncoder: ObjectEncoder {
    static let elements = ["imageView"]

    static func encode(_ o: Int, into g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        ctx.setClass(of: o, g, "UIImageView")
        try UIKitView.encodeBase(o, g, &ctx)
        if let name = ctx.attr(o, "image") { ctx.graph.set(g, "UIImage", UIKitImage.placeholder(name, &ctx)) }
        if let name = ctx.attr(o, "highlightedImage") { ctx.graph.set(g, "UIHighlightedImage", UIKitImage.placeholder(name, &ctx)) }
        if ctx.flag(o, "highlighted") { ctx.graph.set(g, "UIHighlighted", .bool(true)) }
    }
}
