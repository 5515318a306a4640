import KeyedArchive

/// `<tableView>`/`<outlineView>` → `NSTableView`/`NSOutlineView`, `<tableColumn>` → `NSTableColumn`
/// (with its `<tableHeaderCell>` property as an `NSTableHeaderCell`), `<tableHeaderView>` →
/// `NSTableHeaderView`. View-based tables archive their prototype cell views as nibs
/// (``TablePrototypes``).
enum TableViewEncoder: ObjectEncoder {
    static let elements = ["tableView", "outlineView", "tableColumn", "tableHeaderView"]
    static let autoresizing: [String: Int64] = [
        "none": 0, "uniform": 1, "sequential": 2, "reverseSequential": 3, "lastColumnOnly": 4, "firstColumnOnly": 5,
    ]

    static func encode(_ o: Int, into g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        switch ctx.doc.objects[o].name {
        case "tableColumn": try column(o, g, &ctx)
        case "tableHeaderView":
            ctx.setClass(of: o, g, "NSTableHeaderView")
            try AppKitView.encodeBase(o, g, &ctx)
            if let table = ctx.doc.objects.indices.first(where: { ctx.attr($0, "headerView") == ctx.doc.objects[o].id }) {
                ctx.graph.set(g, "NSTableView", try ctx.ref(table))
            }
        default: try table(o, g, &ctx)
        }
    }

    /// `NSTvFlags`: column reordering, resizing, selection rules, autosaving, alternating rows, grid.
    static func tvFlags(_ o: Int, _ ctx: EncodingContext) -> Int64 {
        var f: Int64 = 0x0200_0000
        if ctx.attr(o, "columnReordering") != "NO" { f |= 0x8000_0000 }
        if ctx.attr(o, "columnResizing") != "NO" { f |= 0x4000_0000 }
        if ctx.attr(o, "emptySelection") != "NO" { f |= 0x1000_0000 }
        if ctx.attr(o, "multipleSelection") != "NO" { f |= 0x0800_0000 }
        if ctx.flag(o, "columnSelection") { f |= 0x2400_0000 }
        if ctx.attr(o, "autosaveColumns") != "NO" { f |= 0x0100_0000 }
        if ctx.flag(o, "alternatingRowBackgroundColors") { f |= 0x0080_0000 }
        // Uniform column autoresizing (the default) shows in bit 15.
        if (ctx.attr(o, "columnAutoresizingStyle") ?? "uniform") == "uniform" { f |= 0x8000 }
        return Int64(Int32(truncatingIfNeeded: f))
    }

    /// `NSGridStyleMask` (solid vertical 1, solid horizontal 2), written when not 0; the grid is not in
    /// `NSTvFlags`, whose bits 21–22 are the column fit (`test_table_vignettes`, the one pair with a grid).
    static func gridStyleMask(_ o: Int, _ ctx: EncodingContext) -> Int64 {
        guard let grid = ctx.property(o, "gridStyleMask") else { return 0 }
        let e = ctx.tree.elements[grid]
        var mask: Int64 = 0
        if e["vertical"] == "YES" { mask |= 1 }
        if e["horizontal"] == "YES" { mask |= 2 }
        return mask
    }

    static func table(_ o: Int, _ g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        let outline = ctx.doc.objects[o].name == "outlineView"
        ctx.setClass(of: o, g, outline ? "NSOutlineView" : "NSTableView")
        try AppKitView.encodeBase(o, g, &ctx)
        ctx.graph.set(g, "NSEnabled", .bool(ctx.attr(o, "enabled") != "NO"))
        ctx.graph.set(g, "NSAllowsLogicalLayoutDirection", .bool(false))
        if ctx.flag(o, "allowsExpansionToolTips") { ctx.graph.set(g, "NSControlAllowsExpansionToolTips", .bool(true)) }
        ctx.graph.set(g, "NSControlSize", .int(0))
        ctx.graph.set(g, "NSControlContinuous", .bool(false))
        ctx.graph.set(g, "NSControlRefusesFirstResponder", .bool(false))
        ctx.graph.set(g, "NSControlUsesSingleLineMode", .bool(false))
        ctx.graph.set(g, "NSControlTextAlignment", .int(0))
        ctx.graph.set(g, "NSControlLineBreakMode", .int(0))
        ctx.graph.set(g, "NSControlWritingDirection", .int(0))
        ctx.graph.set(g, "NSControlSendActionMask", .int(0))
        if let header = ctx.attr(o, "headerView") { ctx.graph.set(g, "NSHeaderView", try ctx.ref(id: header, from: ctx.doc.objects[o].element)) }
        // The corner view: where the scroll view's tile put it (ScrollViewTile), else AppKit's default.
        let placement = ctx.cornerTiles[o] ?? ([0, 0, 17, 28], ctx.attr(o, "headerView") == nil, nil)
        let corner = ctx.graph.add("_NSCornerView")
        ctx.cornerViews[o] = corner
        ctx.graph.set(corner, "NSNextResponder", placement.adoptedBy.map { .ref($0) } ?? .null)
        ctx.graph.set(corner, "NSNibTouchBar", .null)
        ctx.graph.set(corner, "NSvFlags", .int(placement.hidden ? Int64(Int32(bitPattern: 0x8000_0100)) : 256))
        let f = placement.frame
        if f[0] == 0, f[1] == 0 {
            ctx.graph.set(corner, "NSFrameSize", ctx.graph.string(NibGeometryString.format([f[2], f[3]], as: .pair)))
        } else {
            ctx.graph.set(corner, "NSFrame", ctx.graph.string(NibGeometryString.format(f, as: .rect)))
        }
        if let sv = placement.adoptedBy { ctx.graph.set(corner, "NSSuperview", .ref(sv)) }
        ctx.graph.set(corner, "NSViewWantsBestResolutionOpenGLSurface", .bool(true))
        ctx.graph.set(corner, "IBNSSafeAreaLayoutGuide", .null)
        ctx.graph.set(corner, "IBNSLayoutMarginsGuide", .null)
        ctx.graph.set(corner, "IBNSClipsToBounds", .int(0))
        ctx.graph.set(g, "NSCornerView", .ref(corner))
        var columns: [NibGraph.Value] = []
        for c in ctx.objects(o, in: "tableColumns") { columns.append(try ctx.ref(c)) }
        ctx.graph.set(g, "NSTableColumns", ctx.graph.collection("NSMutableArray", columns))
        let spacing = ctx.property(o, "intercellSpacing")
        ctx.graph.set(g, "NSIntercellSpacingWidth", .double(spacing.flatMap { ctx.number($0, "width") } ?? 3))
        ctx.graph.set(g, "NSIntercellSpacingHeight", .double(spacing.flatMap { ctx.number($0, "height") } ?? 2))
        if let bg = AppKitColor.color(of: o, key: "backgroundColor", &ctx) { ctx.graph.set(g, "NSBackgroundColor", bg) }
        if let grid = AppKitColor.color(of: o, key: "gridColor", &ctx) { ctx.graph.set(g, "NSGridColor", grid) }
        ctx.graph.set(g, "NSRowHeight", .double(ctx.attr(o, "rowHeight").flatMap(Double.init) ?? 17))
        ctx.graph.set(g, "NSTvFlags", .int(Int64(Int32(truncatingIfNeeded: tvFlags(o, ctx) | (ctx.tableFitFlags[o] ?? 0)))))
        ctx.graph.set(g, "NSDelegate", .null)
        ctx.graph.set(g, "NSDataSource", .null)
        let grid = gridStyleMask(o, ctx)
        if grid != 0 { ctx.graph.set(g, "NSGridStyleMask", .int(grid)) }
        ctx.graph.set(g, "NSColumnAutoresizingStyle", .int(autoresizing[ctx.attr(o, "columnAutoresizingStyle") ?? "uniform"] ?? 1))
        ctx.graph.set(g, "NSDraggingSourceMaskForLocal", .int(-1))
        ctx.graph.set(g, "NSDraggingSourceMaskForNonLocal", .int(0))
        ctx.graph.set(g, "NSAllowsTypeSelect", .bool(ctx.attr(o, "typeSelect") != "NO"))
        if let name = ctx.attr(o, "autosaveName") { ctx.graph.set(g, "NSAutosaveName", ctx.graph.string(name)) }
        let sourceList = ctx.attr(o, "selectionHighlightStyle") == "sourceList"
        if sourceList { ctx.graph.set(g, "NSTableViewSelectionHighlightStyle", .int(1)) }
        ctx.graph.set(g, "NSTableViewDraggingDestinationStyle", .int(sourceList ? 1 : 0))
        ctx.graph.set(g, "NSTableViewGroupRowStyle", .int(1))
        if ctx.flag(o, "usesAutomaticRowHeights") { ctx.graph.set(g, "NSTableViewUseARH", .bool(true)) }
        if outline {
            ctx.graph.set(g, "NSOutlineViewIndentationPerLevelKey", .float(Float(ctx.attr(o, "indentationPerLevel").flatMap(Double.init) ?? 0)))
            if !ctx.flag(o, "autoresizesOutlineColumn") { ctx.graph.set(g, "NSOutlineViewAutoresizesOutlineColumnKey", .bool(false)) }
            if ctx.flag(o, "autosaveExpandedItems") { ctx.graph.set(g, "NSOutlineViewAutosaveExpandedItemsKey", .bool(true)) }
            if ctx.attr(o, "indentationMarkerFollowsCell") == "NO" { ctx.graph.set(g, "NSOutlineViewIndentationMarkerFollowsCellKey", .bool(false)) }
            ctx.graph.set(g, "NSOutineViewStronglyReferencesItems", .bool(true))
        }
        if ctx.flag(o, "viewBased") {
            // A view-based table holds its row views as subviews: none at archive time.
            if ctx.objects(o, in: "subviews").isEmpty { ctx.graph.set(g, "NSSubviews", ctx.graph.collection("NSMutableArray", [])) }
            if let reusable = try TablePrototypes.reusableViews(of: o, &ctx) { ctx.graph.set(g, "NSTableViewArchivedReusableViewsKey", reusable) }
        }
    }

    static func column(_ o: Int, _ g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        ctx.setClass(of: o, g, "NSTableColumn")
        let table = ctx.doc.objects[o].parent
        let index = ctx.position(of: o, in: "tableColumns") ?? 0
        ctx.graph.set(g, "NSIdentifier", ctx.graph.string(ctx.attr(o, "identifier") ?? "AutomaticTableColumnIdentifier.\(index)"))
        ctx.graph.set(g, "NSWidth", .double(ctx.columnWidths[o] ?? ctx.attr(o, "width").flatMap(Double.init) ?? 100))
        ctx.graph.set(g, "NSMinWidth", .double(ctx.attr(o, "minWidth").flatMap(Double.init) ?? 10))
        ctx.graph.set(g, "NSMaxWidth", .double(ctx.attr(o, "maxWidth").flatMap(Double.init) ?? 3.4028234663852886e+38))
        if let h = ctx.property(o, "headerCell") { ctx.graph.set(g, "NSHeaderCell", headerCell(h, &ctx)) }
        if let data = ctx.object(o, key: "dataCell") { ctx.graph.set(g, "NSDataCell", try ctx.ref(data)) }
        // The resizing keys are written only for a column whose source gives a resizing mask.
        if let m = ctx.property(o, "resizingMask") {
            var mask: Int64 = 0
            if ctx.tree.elements[m]["resizeWithTable"] == "YES" { mask |= 1 }
            if ctx.tree.elements[m]["userResizable"] == "YES" { mask |= 2 }
            ctx.graph.set(g, "NSResizingMask", .int(mask))
            ctx.graph.set(g, "NSIsResizeable", .bool(true))
        }
        if ctx.attr(o, "editable") != "NO" { ctx.graph.set(g, "NSIsEditable", .bool(true)) }
        if let sort = ctx.property(o, "sortDescriptorPrototype") {
            let el = ctx.tree.elements[sort]
            let d = ctx.graph.add("NSSortDescriptor")
            ctx.graph.set(d, "NSKey", ctx.graph.string(el["sortKey"] ?? ""))
            ctx.graph.set(d, "NSAscending", .bool(el["ascending"] != "NO"))
            ctx.graph.set(d, "NSSelector", ctx.graph.string(el["selector"] ?? "compare:"))
            ctx.graph.set(d, "NSReverseNullOrder", .bool(false))
            ctx.graph.set(g, "NSSortDescriptorPrototype", .ref(d))
        }
        if ctx.flag(o, "hidden") { ctx.graph.set(g, "NSHidden", .bool(true)) }
        if let table { ctx.graph.set(g, "NSTableView", try ctx.ref(table)) }
    }

    /// `<tableHeaderCell>` (a property element, no id) → `NSTableHeaderCell`.
    static func headerCell(_ e: Int, _ ctx: inout EncodingContext) -> NibGraph.Value {
        let el = ctx.tree.elements[e]
        let i = ctx.graph.add("NSTableHeaderCell")
        var flags: Int64 = 0x400_0040
        if el["borderStyle"] == "border" { flags |= 0x80_0000 }
        ctx.graph.set(i, "NSCellFlags", .int(flags))
        var flags2: Int64 = (AppKitControl.alignments[el["alignment"] ?? "natural"] ?? 4) << 26
        flags2 |= (AppKitControl.lineBreaks[el["lineBreakMode"] ?? "wordWrapping"] ?? 0) << 9
        ctx.graph.set(i, "NSCellFlags2", .int(flags2))
        ctx.graph.set(i, "NSContents", ctx.graph.string(el["title"] ?? ""))
        ctx.graph.set(i, "NSSupport", AppKitFont.headerFont(&ctx))
        if let c = ctx.tree.child(of: e, key: "backgroundColor") { ctx.graph.set(i, "NSBackgroundColor", AppKitColor.color(c, &ctx)) }
        if let c = ctx.tree.child(of: e, key: "textColor") { ctx.graph.set(i, "NSTextColor", AppKitColor.color(c, &ctx)) }
        return .ref(i)
    }
}
