import KeyedArchive

/// `<imageView>` → `NSImageView` (with the pasteboard types it accepts) and `<imageCell>` →
/// `NSImageCell` (image, alignment, scaling, frame style, animation).
enum ImageViewEncoder: ObjectEncoder {
    static let elements = ["imageView", "imageCell"]
    static let alignments: [String: Int64] = [
        "center": 0, "top": 1, "topLeft": 2, "topRight": 3, "left": 4, "bottom": 5, "bottomLeft": 6, "bottomRight": 7, "right": 8,
    ]
    static let scalings: [String: Int64] = ["proportionallyDown": 0, "axesIndependently": 1, "none": 2, "proportionallyUpOrDown": 3]
    static let styles: [String: Int64] = ["none": 0, "photo": 1, "grayBezel": 2, "groove": 3, "button": 4]
    /// The types an image view accepts by drag and drop.
    static let dragTypes = [
        "Apple PDF pasteboard type", "Apple PICT pasteboard type", "Apple PNG pasteboard type", "NSFilenamesPboardType",
        "NeXT TIFF v4.0 pasteboard type", "com.apple.NSFilePromiseItemMetaData", "com.apple.pasteboard.promised-file-content-type",
        "dyn.ah62d4rv4gu8yc6durvwwa3xmrvw1gkdusm1044pxqyuha2pxsvw0e55bsmwca7d3sbwu",
    ]

    static func encode(_ o: Int, into g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        if ctx.doc.objects[o].name == "imageCell" {
            ctx.setClass(of: o, g, "NSImageCell")
            var flags2: Int64 = 0
            if ctx.flag(o, "refusesFirstResponder") { flags2 |= 0x200_0000 }
            flags2 |= (AppKitControl.sizes[ctx.attr(o, "controlSize") ?? "regular"] ?? 0) << 17
            // A cell given a font draws text too: the text cell type.
            let font = AppKitFont.font(of: o, &ctx)
            ctx.graph.set(g, "NSCellFlags", .int(font == nil ? 0 : 0x400_0000))
            ctx.graph.set(g, "NSCellFlags2", .int(flags2))
            if let image = ctx.attr(o, "image") {
                ctx.graph.set(g, "NSContents", AppKitResources.image(image, catalog: ctx.attr(o, "catalog"), &ctx))
            }
            if let font { ctx.graph.set(g, "NSSupport", font) }
            if let control = AppKitControl.controlView(ofCell: o, ctx) {
                ctx.graph.set(g, "NSControlView", try ctx.ref(control))
            }
            ctx.graph.set(g, "NSAlign", .int(alignments[ctx.attr(o, "imageAlignment") ?? "center"] ?? 0))
            // A cell that names no scaling does not scale (NSImageScaleNone).
            ctx.graph.set(g, "NSScale", .int(scalings[ctx.attr(o, "imageScaling") ?? "none"] ?? 0))
            ctx.graph.set(g, "NSStyle", .int(styles[ctx.attr(o, "imageFrameStyle") ?? "none"] ?? 0))
            // Storyboard scenes and table cell prototypes keep the runtime's default (animating); XIBs
            // write what the source says.
            ctx.graph.set(g, "NSAnimates", .bool(ctx.flag(o, "animates", default: ctx.storyboard != nil || ctx.isPrototypeNib)))
            ctx.graph.set(g, "NSImageAnimation", .int(-1))
            return
        }
        ctx.setClass(of: o, g, "NSImageView")
        try AppKitControl.encodeBase(o, g, &ctx)
        if ctx.tree.child(of: ctx.doc.objects[o].element, named: "subviews") == nil {
            ctx.graph.set(g, "NSSubviews", ctx.graph.collection("NSMutableArray", []))
        }
        ctx.graph.set(g, "NSControlRefusesFirstResponder", .bool(AppKitControl.cellAttr(o, "refusesFirstResponder", ctx) == "YES"))
        var types: [NibGraph.Value] = []
        for t in dragTypes { types.append(ctx.graph.string(t)) }
        ctx.graph.set(g, "NSDragTypes", ctx.graph.collection("NSMutableSet", types))
        ctx.graph.set(g, "NSEditable", .bool(ctx.attr(o, "editable") != "NO"))
        ctx.graph.set(g, "NSImageViewPlaceholderPrecedence", .int(0))
        ctx.graph.set(g, "IBNSShadowedSymbolConfiguration", .null)
    }
}
