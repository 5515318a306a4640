import KeyedArchive

/// `<box>` → `NSBox`: type, title position, transparency, the title cell, the content view (sized to
/// the box minus a title line) and its margins; a custom box's colours, border width and corner radius.
enum BoxEncoder: ObjectEncoder {
    static let elements = ["box"]

    /// `boxType` → `NSBoxType` (`oldStyle`, deprecated in AppKit, is still in real XIBs: Sparkle's update alert).
    static let types: [String: Int64] = ["primary": 0, "secondary": 1, "separator": 2, "oldStyle": 3, "custom": 4]
    /// `borderType` → `NSBorderType`; a XIB leaves out the default, `groove`.
    static let borderTypes: [String: Int64] = ["none": 0, "line": 1, "bezel": 2, "groove": 3]
    /// `titlePosition` → `NSTitlePosition`.
    static let titlePositions: [String: Int64] = [
        "noTitle": 0, "aboveTop": 1, "atTop": 2, "belowTop": 3, "aboveBottom": 4, "atBottom": 5, "belowBottom": 6,
    ]
    /// The height a title line takes from the content view (the small system font's line).
    static let titleHeight = 12.0

    static func encode(_ o: Int, into g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        ctx.setClass(of: o, g, "NSBox")
        let typeName = ctx.attr(o, "boxType") ?? "primary"
        guard let type = types[typeName] else {
            throw ctx.tree.error(.corrupt, "<box> boxType \"\(typeName)\" is not a box type", at: ctx.doc.objects[o].element)
        }
        let positionName = ctx.attr(o, "titlePosition") ?? "atTop"
        guard var position = titlePositions[positionName] else {
            throw ctx.tree.error(.corrupt, "<box> titlePosition \"\(positionName)\" is not a title position", at: ctx.doc.objects[o].element)
        }
        let borderName = ctx.attr(o, "borderType") ?? "groove"
        guard let border = borderTypes[borderName] else {
            throw ctx.tree.error(.corrupt, "<box> borderType \"\(borderName)\" is not a border type", at: ctx.doc.objects[o].element)
        }
        // A separator draws no title; ibtool writes the default position for it.
        if type == 2 { position = 2 }
        let content = ctx.object(o, key: "contentView")
        // The golden pairs show ibtool refitting a modern box's content view to the box less its title.
        // An old-style box insets it by its border, as AppKit laid it out when the XIB was saved: its
        // frame in the source is kept, as ibtool kept it in Sparkle's compiled update alert.
        if let content, type != 3, let frame = AppKitView.frame(o, ctx) {
            ctx.frameOverride[content] = [0, 0, frame[2], frame[3] - (position == 0 ? 0 : titleHeight)]
        }
        try AppKitView.encodeBase(o, g, &ctx)
        var subviews: [NibGraph.Value] = []
        if let content {
            let view = try ctx.ref(content)
            if case .ref(let v) = view { ctx.graph.set(v, "NSvFlags", .int(0x112)) }
            subviews.append(view)
        }
        ctx.graph.set(g, "NSSubviews", ctx.graph.collection("NSMutableArray", subviews))
        var margins: [Double] = content == nil ? [5, 5] : [0, 0]
        if let e = ctx.property(o, "contentViewMargins") { margins = [ctx.number(e, "width") ?? 0, ctx.number(e, "height") ?? 0] }
        ctx.graph.set(g, "NSOffsets", ctx.graph.string(NibGeometryString.format(margins, as: .pair)))
        ctx.graph.set(g, "NSTitleCell", titleCell(o, separator: type == 2, defaultTitle: type == 3 ? "" : "Title", &ctx))
        if let content { ctx.graph.set(g, "NSContentView", try ctx.ref(content)) }
        ctx.graph.set(g, "NSBorderType", .int(border))
        ctx.graph.set(g, "NSBoxType", .int(type))
        ctx.graph.set(g, "NSTitlePosition", .int(position))
        ctx.graph.set(g, "NSTransparent", .bool(ctx.flag(o, "transparent")))
        if content != nil { ctx.graph.set(g, "IBNSBoxIsUsingDocumentContentView", .bool(true)) }
        if type == 4 { encodeCustomLook(o, g, &ctx) }
    }

    /// A custom box's border and fill colours, border width and corner radius, as far as the source sets
    /// them (AppKit's defaults otherwise). The keys are the ones readers of Apple's nibs decode
    /// (Cappuccino's and Cocotron's `NSBox`); no golden pair has a custom box.
    static func encodeCustomLook(_ o: Int, _ g: Int, _ ctx: inout EncodingContext) {
        if let c = AppKitColor.color(of: o, key: "borderColor", &ctx) { ctx.graph.set(g, "NSBorderColor2", c) }
        if let c = AppKitColor.color(of: o, key: "fillColor", &ctx) { ctx.graph.set(g, "NSFillColor2", c) }
        if let w = ctx.attr(o, "borderWidth").flatMap(Double.init) { ctx.graph.set(g, "NSBorderWidth2", .double(w)) }
        if let r = ctx.attr(o, "cornerRadius").flatMap(Double.init) { ctx.graph.set(g, "NSCornerRadius2", .double(r)) }
    }

    /// The `NSTextFieldCell` that draws the title: centred, small system font unless `titleFont` says
    /// otherwise, label colour on the text background. A separator's is the default cell whatever
    /// the source says. An untitled box is titled "Title", an old-style one "" (Sparkle's update alert).
    static func titleCell(_ o: Int, separator: Bool, defaultTitle: String = "Title", _ ctx: inout EncodingContext) -> NibGraph.Value {
        let cell = ctx.graph.add("NSTextFieldCell")
        ctx.graph.set(cell, "NSCellFlags", .int(0x0400_0000))
        ctx.graph.set(cell, "NSCellFlags2", .int(AppKitControl.alignments["center", default: 2] << 26))
        ctx.graph.set(cell, "NSContents", ctx.graph.string(separator ? "Title" : ctx.attr(o, "title") ?? defaultTitle))
        let titleFont = separator ? nil : ctx.property(o, "titleFont")
        let font = titleFont.map { AppKitFont.font($0, &ctx) } ?? AppKitFont.systemFont(11, &ctx)
        ctx.graph.set(cell, "NSSupport", font)
        ctx.graph.set(cell, "NSControlView", .null)
        ctx.graph.set(cell, "NSBackgroundColor", AppKitColor.catalog("textBackgroundColor", &ctx))
        ctx.graph.set(cell, "NSTextColor", AppKitColor.catalog("labelColor", &ctx))
        return .ref(cell)
    }
}
