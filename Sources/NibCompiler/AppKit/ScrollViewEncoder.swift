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
        let tile = ScrollViewTile.apply(o, &ctx)
        let clipObject = ctx.object(o, key: "contentView")
        let table = clipObject.flatMap { ctx.objects($0, in: "subviews").first }.flatMap {
            ["tableView", "outlineView"].contains(ctx.doc.objects[$0].name) ? $0 : nil
        }
        let header = table.flatMap { t in ctx.attr(t, "headerView").flatMap { ctx.doc.objectIndex[$0] } }
        // The header's clip view exists before the header is encoded: it is the header's superview.
        var headerClip: Int?
        if let tile, let header, tile.headerHeight != nil {
            let hc = ctx.graph.add("NSClipView")
            ctx.tiles[header, default: ScrollViewTile.Placement()].superview = hc
            headerClip = hc
        }
        if let tile, let table {
            let corner = tile.corner
            ctx.cornerTiles[table] = (corner.frame, corner.hidden, corner.adopted ? g : nil)
        }
        try AppKitView.encodeBase(o, g, &ctx)
        var subviews: [NibGraph.Value] = []
        for v in keyedViews(o, ctx) where ctx.doc.objects[v].name != "tableHeaderView" {
            if ctx.doc.objects[v].key == "verticalScroller", let table, let corner = ctx.cornerViews[table], ctx.cornerTiles[table]?.adoptedBy != nil {
                subviews.append(.ref(corner))
            }
            subviews.append(try ctx.ref(v))
            if ctx.doc.objects[v].key == "contentView", let headerClip { subviews.append(.ref(headerClip)) }
        }
        ctx.graph.set(g, "NSSubviews", ctx.graph.collection("NSMutableArray", subviews))
        if let tile, let headerClip, let header, let h = tile.headerHeight {
            try fillHeaderClip(headerClip, header: header, scrollView: g, frame: [tile.clip[0], tile.clip[1], tile.clip[2], h], &ctx)
            if let clipObject, case .ref(let c) = try ctx.ref(clipObject) {
                let bounds = NibGeometryString.format([0, -h, tile.clip[2], tile.clip[3]], as: .rect)
                ctx.graph.set(c, "NSBounds", ctx.graph.string(bounds))
            }
        }
        if let clip = clipObject { ctx.graph.set(g, "NSNextKeyView", try ctx.ref(clip)) }
        let pan = ctx.graph.add("NSPanGestureRecognizer")
        ctx.graph.set(pan, "NSGestureRecognizer.allowedTouchTypes", .int(1))
        ctx.graph.set(pan, "NSGestureRecognizer.action", ctx.graph.string("_panWithGestureRecognizer:"))
        ctx.graph.set(pan, "NSGestureRecognizer.target", .ref(g))
        ctx.graph.set(pan, "NSGestureRecognizer.delegate", .ref(g))
        ctx.graph.set(pan, "NSPanGestureRecognizer.buttonMask", .int(0))
        ctx.graph.set(pan, "NSPanGestureRecognizer.numberOfTouchesRequired", .int(1))
        ctx.graph.set(g, "NSGestureRecognizers", ctx.graph.collection("NSArray", [.ref(pan)]))
        var flags: Int64 = 0x20800 | (borders[ctx.attr(o, "borderType") ?? "bezel"] ?? 2)
        // 0x80: the document is wider than the clip view.
        if let tile, let doc = clipObject.flatMap({ ctx.objects($0, in: "subviews").first }),
           let w = ctx.tiles[doc]?.frame?[2] ?? AppKitView.frame(doc, ctx)?[2], w > tile.clip[2] { flags |= 0x80 }
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
        if let headerClip { ctx.graph.set(g, "NSHeaderClipView", .ref(headerClip)) }
        if let table, let corner = ctx.cornerViews[table], ctx.cornerTiles[table]?.adoptedBy != nil {
            ctx.graph.set(g, "NSCornerView", .ref(corner))
        }
        var amounts = ["horizontalPageScroll", "verticalPageScroll", "horizontalLineScroll", "verticalLineScroll"].map {
            Float(ctx.attr(o, $0).flatMap(Double.init) ?? 10)
        }
        // A table scrolls a line by its row height plus the spacing between rows, in both directions.
        if let table {
            let spacing = ctx.property(table, "intercellSpacing").flatMap { ctx.number($0, "height") } ?? 2
            let line = Float((ctx.attr(table, "rowHeight").flatMap(Double.init) ?? 17) + spacing)
            amounts[2] = line
            amounts[3] = line
        }
        if amounts.contains(where: { $0 != 10 }) {
            ctx.graph.set(g, "NSScrollAmts", .bytes(amounts.flatMap { f in (0 ..< 4).map { UInt8(truncatingIfNeeded: f.bitPattern >> UInt32(24 - 8 * $0)) } }))
        }
        ctx.graph.set(g, "NSMinMagnification", .double(ctx.attr(o, "minMagnification").flatMap(Double.init) ?? 0.25))
        ctx.graph.set(g, "NSMaxMagnification", .double(ctx.attr(o, "maxMagnification").flatMap(Double.init) ?? 4))
        ctx.graph.set(g, "NSMagnification", .double(ctx.attr(o, "magnification").flatMap(Double.init) ?? 1))
    }

    /// The clip view ibtool adds for a table's header: the header as its document, no background.
    static func fillHeaderClip(_ hc: Int, header: Int, scrollView g: Int, frame: [Double], _ ctx: inout EncodingContext) throws(ArchiveError) {
        let headerView = try ctx.ref(header)
        ctx.graph.setClass(hc, "NSClipView")
        ctx.graph.set(hc, "NSNextResponder", .ref(g))
        ctx.graph.set(hc, "NSNibTouchBar", .null)
        ctx.graph.set(hc, "NSvFlags", .int(0x100))
        ctx.graph.set(hc, "NSSubviews", ctx.graph.collection("NSMutableArray", [headerView]))
        if frame[0] == 0, frame[1] == 0 {
            ctx.graph.set(hc, "NSFrameSize", ctx.graph.string(NibGeometryString.format([frame[2], frame[3]], as: .pair)))
        } else {
            ctx.graph.set(hc, "NSFrame", ctx.graph.string(NibGeometryString.format(frame, as: .rect)))
        }
        ctx.graph.set(hc, "NSSuperview", .ref(g))
        ctx.graph.set(hc, "NSNextKeyView", headerView)
        ctx.graph.set(hc, "NSViewWantsBestResolutionOpenGLSurface", .bool(true))
        ctx.graph.set(hc, "IBNSSafeAreaLayoutGuide", .null)
        ctx.graph.set(hc, "IBNSLayoutMarginsGuide", .null)
        ctx.graph.set(hc, "IBNSClipsToBounds", .int(0))
        ctx.graph.set(hc, "NSDocView", headerView)
        ctx.graph.set(hc, "NSAutomaticallyAdjustsContentInsets", .bool(true))
    }

    static func clipView(_ o: Int, _ g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        ctx.setClass(of: o, g, "NSClipView")
        try AppKitView.encodeBase(o, g, &ctx)
        let doc = ctx.objects(o, in: "subviews").first
        if let doc { ctx.graph.set(g, "NSNextKeyView", try ctx.ref(doc)) }
        if let doc { ctx.graph.set(g, "NSDocView", try ctx.ref(doc)) }
        // A clip view without its own background draws its table's, else the control background; one
        // outside a scroll view (a window's content view) keeps its colour as written.
        let inScrollView = ctx.doc.objects[o].parent.map { ctx.doc.objects[$0].name == "scrollView" } ?? false
        let table = doc.flatMap { ["tableView", "outlineView"].contains(ctx.doc.objects[$0].name) ? $0 : nil }
        // Over a table, a clip view that draws no background archives none (HSChooserWindow in the corpus,
        // iTerm2's compiled combo view); over a text view or a predicate editor it keeps one.
        if !(table != nil && ctx.attr(o, "drawsBackground") == "NO") {
            let own = inScrollView ? AppKitColor.upgradedBackground(of: o, catalog: "controlBackgroundColor", &ctx)
                : AppKitColor.color(of: o, key: "backgroundColor", &ctx)
            let bg = own ?? table.flatMap { AppKitColor.color(of: $0, key: "backgroundColor", &ctx) }
                ?? AppKitColor.catalog("controlBackgroundColor", &ctx)
            ctx.graph.set(g, "NSBGColor", bg)
        }
        // Over a text view the clip view shows the I-beam.
        if let doc, ctx.doc.objects[doc].name == "textView" {
            let cursor = ctx.graph.add("NSCursor")
            ctx.graph.set(cursor, "NSHotSpot", ctx.graph.string("{1, -1}"))
            ctx.graph.set(cursor, "NSCursorType", .int(0))
            ctx.graph.set(g, "NSCursor", .ref(cursor))
        }
        // The scroll view sizes its content view: ibtool writes no autoresizing mask for it.
        if inScrollView, ctx.doc.objects[o].key == "contentView" { ctx.graph.set(g, "NSvFlags", .int(0x100)) }
        // Draws its background 4, does not copy on scroll 2; a clip view under a text view that is not
        // layer-backed leaves the drawing to the text view. No flags, no key.
        let plainText = inScrollView && (doc.map { ctx.doc.objects[$0].name == "textView" && !ctx.flag($0, "wantsLayer") } ?? false)
        var flags: Int64 = 0
        if ctx.attr(o, "drawsBackground") != "NO", !plainText { flags |= 4 }
        if ctx.attr(o, "copiesOnScroll") == "NO" { flags |= 2 }
        if flags != 0 { ctx.graph.set(g, "NScvFlags", .int(flags)) }
        ctx.graph.set(g, "NSAutomaticallyAdjustsContentInsets", .bool(ctx.attr(o, "automaticallyAdjustsContentInsets") != "NO"))
    }

    static func scroller(_ o: Int, _ g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        ctx.setClass(of: o, g, "NSScroller")
        try AppKitView.encodeBase(o, g, &ctx)
        let target = try ctx.doc.objects[o].parent.map { p throws(ArchiveError) in try ctx.ref(p) } ?? .null
        let action = ctx.graph.string("_doScroller:")
        if ctx.tiles[o]?.enabled == true { ctx.graph.set(g, "NSEnabled", .bool(true)) }
        ctx.graph.set(g, "NSAllowsLogicalLayoutDirection", .bool(false))
        ctx.graph.set(g, "NSControlAction", action)
        ctx.graph.set(g, "NSControlTarget", target)
        // A scroll view's scrollers archive as regular-sized whatever the source says (every golden
        // pair, small ones included); the small size survives in NSsFlags.
        let inScrollView = ctx.doc.objects[o].parent.map { ctx.doc.objects[$0].name == "scrollView" } ?? false
        let size = inScrollView ? "regular" : ctx.attr(o, "controlSize") ?? "regular"
        ctx.graph.set(g, "NSControlSize", .int(AppKitControl.sizes[size] ?? 0))
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
        if let p = ctx.tiles[o]?.percent ?? ctx.attr(o, "knobProportion").flatMap(Double.init) { ctx.graph.set(g, "NSPercent", .double(p)) }
    }
}
