import KeyedArchive

/// `<scrollView>` → `NSScrollView`, `<clipView>` → `NSClipView`, `<scroller>` → `NSScroller`: the
/// scroll flags (border, scrollers, autohiding, elasticity), scroll amounts, the pan recognizer every
/// modern scroll view archives, the clip view's document view and flags, and each scroller's target.
enum ScrollViewEncoder: ObjectEncoder {
    static let elements = ["scrollView", "clipView", "scroller"]
    static let borders: [String: Int64] = ["none": 0, "line": 1, "bezel": 2, "groove": 3]

    static func encode(_ o: Int, into g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        switch ctx.doc.objects[o].name {
        case "scrollView": try scrollView(o, g, &ctx)
        case "clipView": try clipView(o, g, &ctx)
        default: try scroller(o, g, &ctx)
        }
    }

    /// The scroll view's keyed views in document order (clip view, scrollers, header).
    static func keyedViews(_ o: Int, _ ctx: EncodingContext) -> [Int] {
        ctx.doc.objects[o].children.filter { ["clipView", "scroller", "tableHeaderView"].contains(ctx.doc.objects[$0].name) && ctx.doc.objects[$0].key != nil }
    }

    static func scrollView(_ o: Int, _ g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        ctx.setClass(of: o, g, "NSScrollView")
        try AppKitView.encodeBase(o, g, &ctx)
        var subviews: [NibGraph.Value] = []
        for v in keyedViews(o, ctx) where ctx.doc.objects[v].name != "tableHeaderView" { subviews.append(try ctx.ref(v)) }
        ctx.graph.set(g, "NSSubviews", ctx.graph.collection("NSMutableArray", subviews))
        if let clip = ctx.object(o, key: "contentView") { ctx.graph.set(g, "NSNextKeyView", try ctx.ref(clip)) }
        let pan = ctx.graph.add("NSPanGestureRecognizer")
        ctx.graph.set(pan, "NSGestureRecognizer.allowedTouchTypes", .int(1))
        ctx.graph.set(pan, "NSGestureRecognizer.action", ctx.graph.string("_panWithGestureRecognizer:"))
        ctx.graph.set(pan, "NSGestureRecognizer.target", .ref(g))
        ctx.graph.set(pan, "NSGestureRecognizer.delegate", .ref(g))
        ctx.graph.set(pan, "NSPanGestureRecognizer.buttonMask", .int(0))
        ctx.graph.set(pan, "NSPanGestureRecognizer.numberOfTouchesRequired", .int(1))
        ctx.graph.set(g, "NSGestureRecognizers", ctx.graph.collection("NSArray", [.ref(pan)]))
        var flags: Int64 = 0x20800 | (borders[ctx.attr(o, "borderType") ?? "bezel"] ?? 2)
        if ctx.attr(o, "hasVerticalScroller") != "NO" { flags |= 0x10 }
        if ctx.attr(o, "hasHorizontalScroller") != "NO" { flags |= 0x20 }
        if ctx.flag(o, "autohidesScrollers") { flags |= 0x200 }
        if ctx.attr(o, "usesPredominantAxisScrolling") != "NO" { flags |= 0x10000 }
        switch ctx.attr(o, "horizontalScrollElasticity") {
        case "none": flags |= 0x1000
        case "allowed": flags |= 0x2000
        default: break
        }
        switch ctx.attr(o, "verticalScrollElasticity") {
        case "none": flags |= 0x4000
        case "allowed": flags |= 0x8000
        default: break
        }
        ctx.graph.set(g, "NSsFlags", .int(flags))
        if let v = ctx.object(o, key: "verticalScroller") { ctx.graph.set(g, "NSVScroller", try ctx.ref(v)) }
        if let h = ctx.object(o, key: "horizontalScroller") { ctx.graph.set(g, "NSHScroller", try ctx.ref(h)) }
        if let clip = ctx.object(o, key: "contentView") { ctx.graph.set(g, "NSContentView", try ctx.ref(clip)) }
        let amounts = ["horizontalPageScroll", "verticalPageScroll", "horizontalLineScroll", "verticalLineScroll"].map {
            Float(ctx.attr(o, $0).flatMap(Double.init) ?? 10)
        }
        if amounts.contains(where: { $0 != 10 }) {
            ctx.graph.set(g, "NSScrollAmts", .bytes(amounts.flatMap { f in (0 ..< 4).map { UInt8(truncatingIfNeeded: f.bitPattern >> UInt32(24 - 8 * $0)) } }))
        }
        ctx.graph.set(g, "NSMinMagnification", .double(ctx.attr(o, "minMagnification").flatMap(Double.init) ?? 0.25))
        ctx.graph.set(g, "NSMaxMagnification", .double(ctx.attr(o, "maxMagnification").flatMap(Double.init) ?? 4))
        ctx.graph.set(g, "NSMagnification", .double(ctx.attr(o, "magnification").flatMap(Double.init) ?? 1))
    }

    static func clipView(_ o: Int, _ g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        ctx.setClass(of: o, g, "NSClipView")
        try AppKitView.encodeBase(o, g, &ctx)
        let doc = ctx.objects(o, in: "subviews").first
        if let doc { ctx.graph.set(g, "NSNextKeyView", try ctx.ref(doc)) }
        if let doc { ctx.graph.set(g, "NSDocView", try ctx.ref(doc)) }
        // A clip view without its own background draws its table's, else the control background.
        let table = doc.flatMap { ["tableView", "outlineView"].contains(ctx.doc.objects[$0].name) ? $0 : nil }
        let bg = AppKitColor.color(of: o, key: "backgroundColor", &ctx)
            ?? table.flatMap { AppKitColor.color(of: $0, key: "backgroundColor", &ctx) }
            ?? AppKitColor.catalog("controlBackgroundColor", &ctx)
        ctx.graph.set(g, "NSBGColor", bg)
        // Over a text view the clip view shows the I-beam.
        if let doc, ctx.doc.objects[doc].name == "textView" {
            let cursor = ctx.graph.add("NSCursor")
            ctx.graph.set(cursor, "NSHotSpot", ctx.graph.string("{1, -1}"))
            ctx.graph.set(cursor, "NSCursorType", .int(0))
            ctx.graph.set(g, "NSCursor", .ref(cursor))
        }
        // The scroll view sizes its content view: ibtool writes no autoresizing mask for it.
        if ctx.doc.objects[o].key == "contentView" { ctx.graph.set(g, "NSvFlags", .int(0x100)) }
        var flags: Int64 = 0
        if ctx.attr(o, "drawsBackground") != "NO" { flags |= 4 }
        if ctx.attr(o, "copiesOnScroll") == "NO" { flags |= 2 }
        ctx.graph.set(g, "NScvFlags", .int(flags))
        ctx.graph.set(g, "NSAutomaticallyAdjustsContentInsets", .bool(ctx.attr(o, "automaticallyAdjustsContentInsets") != "NO"))
    }

    static func scroller(_ o: Int, _ g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        ctx.setClass(of: o, g, "NSScroller")
        try AppKitView.encodeBase(o, g, &ctx)
        let target = try ctx.doc.objects[o].parent.map { p throws(ArchiveError) in try ctx.ref(p) } ?? .null
        let action = ctx.graph.string("_doScroller:")
        ctx.graph.set(g, "NSAllowsLogicalLayoutDirection", .bool(false))
        ctx.graph.set(g, "NSControlAction", action)
        ctx.graph.set(g, "NSControlTarget", target)
        ctx.graph.set(g, "NSControlSize", .int(AppKitControl.sizes[ctx.attr(o, "controlSize") ?? "regular"] ?? 0))
        ctx.graph.set(g, "NSControlContinuous", .bool(false))
        ctx.graph.set(g, "NSControlRefusesFirstResponder", .bool(false))
        ctx.graph.set(g, "NSControlUsesSingleLineMode", .bool(false))
        ctx.graph.set(g, "NSControlTextAlignment", .int(0))
        ctx.graph.set(g, "NSControlLineBreakMode", .int(0))
        ctx.graph.set(g, "NSControlWritingDirection", .int(0))
        ctx.graph.set(g, "NSControlSendActionMask", .int(4))
        var flags: Int64 = ctx.flag(o, "horizontal") ? 1 : 0
        if ctx.attr(o, "controlSize") == "small" { flags |= 0x100 }
        if flags != 0 { ctx.graph.set(g, "NSsFlags", .int(flags)) }
        ctx.graph.set(g, "NSTarget", target)
        ctx.graph.set(g, "NSAction", action)
        if let v = ctx.attr(o, "doubleValue").flatMap(Double.init) { ctx.graph.set(g, "NSCurValue", .double(v)) }
        if let p = ctx.attr(o, "knobProportion").flatMap(Double.init) { ctx.graph.set(g, "NSPercent", .double(p)) }
    }
}
