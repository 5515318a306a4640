import KeyedArchive

/// How ibtool's AppKit lays out a scroll view before archiving it (`-[NSScrollView tile]`), as the
/// golden pairs show it; the XIB's own frames of the clip view, scrollers and header are those of the
/// Mac that last saved it.
///
/// * The content area is the frame inset by the border (1 point unless `borderType="none"`).
/// * Scrollers that autohide are overlay scrollers: the clip view fills the content area, and a
///   scroller shows (15 points thick, on the edge) only when the document overflows.
/// * Other scrollers are legacy ones, 17 points thick (13 small): each one shown takes its strip
///   from the clip view.
/// * A table's header sits in a header clip view over the top of the clip view, whose bounds start
///   the header's height above zero; the table keeps the rest of the height.
/// * The document view follows the clip view's change of size where it is sizable; a table is as wide
///   as the clip view unless its columns make it wider. Scrollers of a table are re-tiled; other
///   documents keep their scrollers' frames.
/// * The corner view (the table's) sits over the vertical scroller's top: a scroll view with a
///   bordered header adopts it.
struct ScrollViewTile {
    /// What the tile decides for one view.
    struct Placement {
        var frame: [Double]?
        var hidden: Bool?
        /// The graph object of the superview (and next responder), when the tile supplies it.
        var superview: Int?
        var layer = false
        /// A scroller the document's size enables.
        var enabled = false
        /// The knob's proportion (`NSPercent`): the visible part of a document wider than its clip view.
        var percent: Double?
    }

    static let overlayThickness: Double = 15

    /// Legacy scroller thickness by control size (a table's scrollers keep theirs; others are regular).
    static func thickness(_ scroller: Int?, table: Bool, _ ctx: EncodingContext) -> Double {
        guard table else { return 17 }
        switch scroller.flatMap({ ctx.attr($0, "controlSize") }) {
        case "small": return 13
        case "mini": return 11
        default: return 17
        }
    }

    var border: Double
    var inner: [Double]
    var clip: [Double]
    var headerHeight: Double?
    var overlay: Bool
    var verticalShown: Bool
    var horizontalShown: Bool
    var verticalThickness: Double
    var isTable: Bool
    /// The scroll view has no horizontal scroller and the table's columns neither resize nor move.
    var fixedColumns = false

    /// Computes the layout of scroll view `o` and records the placements of its clip view, document
    /// view, scrollers and header in `ctx.tiles`. Returns nil when the source lacks the frames it needs.
    static func apply(_ o: Int, _ ctx: inout EncodingContext) -> ScrollViewTile? {
        guard let frame = AppKitView.frame(o, ctx), let clipObject = ctx.object(o, key: "contentView"),
              let xibClip = AppKitView.frame(clipObject, ctx) else { return nil }
        let border: Double = ["none": 0, "groove": 2][ctx.attr(o, "borderType") ?? "bezel"] ?? 1
        let inner = [border, border, frame[2] - 2 * border, frame[3] - 2 * border]
        let doc = ctx.objects(clipObject, in: "subviews").first
        let isTable = doc.map { ["tableView", "outlineView"].contains(ctx.doc.objects[$0].name) } ?? false
        let header = doc.flatMap { d in ctx.attr(d, "headerView").flatMap { ctx.doc.objectIndex[$0] } }
        let headerHeight = header.flatMap { AppKitView.frame($0, ctx)?[3] }
        let overlay = ctx.flag(o, "autohidesScrollers")
        let hasV = ctx.attr(o, "hasVerticalScroller") != "NO", hasH = ctx.attr(o, "hasHorizontalScroller") != "NO"
        let vScroller = ctx.object(o, key: "verticalScroller"), hScroller = ctx.object(o, key: "horizontalScroller")
        let vThickness = thickness(vScroller, table: isTable, ctx), hThickness = thickness(hScroller, table: isTable, ctx)
        let docFrame = doc.flatMap { AppKitView.frame($0, ctx) }
        let verticalShown: Bool, horizontalShown: Bool
        var clip = inner
        if overlay {
            // Shown when the fitted table overflows the content area (decided below, once it is fitted).
            (horizontalShown, verticalShown) = (false, false)
        } else {
            verticalShown = hasV
            horizontalShown = hasH
            if verticalShown { clip[2] -= vThickness }
            if horizontalShown { clip[3] -= hThickness }
        }
        var tile = ScrollViewTile(border: border, inner: inner, clip: clip, headerHeight: headerHeight, overlay: overlay,
                                  verticalShown: verticalShown, horizontalShown: horizontalShown, verticalThickness: vThickness,
                                  isTable: isTable)
        if let doc, isTable {
            tile.fixedColumns = !hasH && ctx.attr(doc, "columnResizing") == "NO" && ctx.attr(doc, "columnReordering") == "NO"
        }
        ctx.tiles[clipObject, default: Placement()].frame = clip
        // The document view follows the clip view where it is sizable.
        if let doc, let d = docFrame {
            var f = d
            let sizable = ctx.property(doc, "autoresizingMask").map { ctx.tree.elements[$0] }
            if sizable?["widthSizable"] == "YES", d[2] <= xibClip[2] { f[2] = d[2] + clip[2] - xibClip[2] }
            if sizable?["heightSizable"] == "YES" { f[3] = d[3] + clip[3] - xibClip[3] }
            // A table fills the clip view: its width (unless its columns make it wider, below) and its
            // height below the header.
            if isTable { (f[2], f[3]) = (clip[2], clip[3] - (headerHeight ?? 0)) }
            if isTable { fitColumns(doc, tableFrame: &f, sourceWidth: d[2], clipWidth: clip[2], border: border, overlay: overlay, &ctx) }
            ctx.tiles[doc, default: Placement()].frame = f  // decided here, even unchanged
            if overlay, isTable {
                tile.horizontalShown = hasH && f[2] > inner[2]
                tile.verticalShown = hasV && f[3] > inner[3] - (headerHeight ?? 0)
            }
            if isTable, let header, let h = headerHeight, var hf = AppKitView.frame(header, ctx) {
                hf[2] = f[2]
                hf[3] = h
                ctx.tiles[header, default: Placement()].frame = hf
            }
        }
        // Scrollers: a table's are re-tiled; any are layer-backed in a borderless scroll view.
        for (scroller, vertical) in [(vScroller, true), (hScroller, false)] {
            guard let scroller else { continue }
            var p = ctx.tiles[scroller] ?? Placement()
            p.layer = border == 0 && doc.map { ctx.doc.objects[$0].name != "textView" } ?? true
            // A table wider than its clip view enables the horizontal scroller, shown or not.
            if !vertical, let doc, ctx.tableFitFlags[doc] == 0x60_0000 {
                p.enabled = true
                // The scroll view sets the knob only of a scroller it has.
                if hasH, let width = ctx.tiles[doc]?.frame?[2], width > 0 { p.percent = tile.clip[2] / width }
            }
            if isTable {
                let shown = vertical ? tile.verticalShown : tile.horizontalShown
                p.hidden = !shown
                if shown { p.frame = tile.scrollerFrame(vertical: vertical, hThickness: hThickness) }
            }
            ctx.tiles[scroller] = p
        }
        return tile
    }

    /// How AppKit fits a table's columns, as the golden pairs show it (`NSTvFlags` 0x200000 "columns
    /// leave room", 0x400000 "columns fill"):
    /// * columns wider than the clip view: the table widens to them plus 29 points; both bits; but in a
    ///   bordered legacy scroll view the columns first follow the clip view's change of width from the
    ///   source's table width (the autoresizing style's columns), and fill it if they then fit;
    /// * a borderless scroll view: the columns fill when they leave exactly 29 points, else leave room;
    /// * a bordered one: 29 points or more to spare leave room; less, and the column autoresizing
    ///   style resizes the columns (the last, the first, or the resizable ones) to leave 9 points;
    ///   under overlay scrollers, columns that do not fill exactly shrink by 29 instead and leave room.
    ///   When the columns must change and none can (the style names no column that resizes with the
    ///   table, or each is at its limit), the table widens as for columns wider than the clip view.
    ///   These are the golden pairs' outcomes, not AppKit's algorithm.
    static func fitColumns(_ table: Int, tableFrame f: inout [Double], sourceWidth: Double, clipWidth: Double, border: Double,
                           overlay: Bool, _ ctx: inout EncodingContext) {
        let columns = ctx.objects(table, in: "tableColumns")
        guard !columns.isEmpty else { return }
        let spacing = ctx.property(table, "intercellSpacing").flatMap { ctx.number($0, "width") } ?? 3
        let widths = columns.map { ctx.attr($0, "width").flatMap(Double.init) ?? 100 }
        let total = widths.reduce(0, +) + spacing * Double(columns.count)
        let resizable = columns.indices.filter { i in
            ctx.property(columns[i], "resizingMask").map { ctx.tree.elements[$0]["resizeWithTable"] == "YES" } ?? false
        }
        let order: [Int]
        switch ctx.attr(table, "columnAutoresizingStyle") ?? "uniform" {
        case "lastColumnOnly": order = resizable.suffix(1).reversed()
        case "firstColumnOnly": order = Array(resizable.prefix(1))
        case "none": order = []
        default: order = resizable
        }
        // The columns of `order` resized by `excess` in all: the difference spread over them, the
        // remainder to the first, each within its limits (column index → new width, changed ones only).
        func resized(by excess: Double) -> [Int: Double] {
            guard excess != 0, !order.isEmpty else { return [:] }
            let share = (excess / Double(order.count)).rounded(.towardZero)
            let remainder = excess - share * Double(order.count)
            var changed: [Int: Double] = [:]
            for (n, i) in order.enumerated() {
                let minWidth = ctx.attr(columns[i], "minWidth").flatMap(Double.init) ?? 10
                let maxWidth = ctx.attr(columns[i], "maxWidth").flatMap(Double.init) ?? .greatestFiniteMagnitude
                let w = min(max(widths[i] + share + (n == 0 ? remainder : 0), minWidth), maxWidth)
                if w != widths[i] { changed[i] = w }
            }
            return changed
        }
        func apply(_ changed: [Int: Double]) {
            for (i, w) in changed { ctx.columnWidths[columns[i]] = w }
        }
        // Columns wider than the clip view, or ones that must change but of which none can.
        func widen() {
            f[2] = total + 29
            ctx.tableFitFlags[table] = 0x60_0000
        }
        // Compared in whole points: columns 0.09 wider than the clip view fill it (test_table_vignettes).
        let gap = (f[2] - total).rounded(.towardZero)
        if (total - clipWidth).rounded(.towardZero) > 0 {
            // Wider columns widen the table; but where a legacy scroller's strip narrowed a bordered
            // scroll view's clip view, the table's columns follow its change of width first, and if
            // they then fit, they fill it (test_outline_small_sv; test17's, still too wide, widen).
            guard !overlay, border != 0 else { return widen() }
            let changed = resized(by: clipWidth - sourceWidth)
            let after = total + changed.reduce(0) { $0 + $1.value - widths[$1.key] }
            guard !changed.isEmpty, (after - clipWidth).rounded(.towardZero) <= 0 else { return widen() }
            apply(changed)
            ctx.tableFitFlags[table] = 0x40_0000
            return
        }
        if border == 0 {
            ctx.tableFitFlags[table] = gap == 29 ? 0x40_0000 : 0x20_0000
            return
        }
        if gap >= 29 {
            ctx.tableFitFlags[table] = 0x20_0000
            return
        }
        // Overlay scrollers (an autohiding scroll view): columns that nearly fill shrink by 29 and
        // leave room; columns that fill exactly are fitted like the legacy case.
        let shrinks = overlay && gap > 0
        ctx.tableFitFlags[table] = shrinks ? 0x20_0000 : 0x40_0000
        let excess = shrinks ? -29 : gap - 9
        guard excess != 0 else { return }
        let changed = resized(by: excess)
        if changed.isEmpty { return widen() }
        apply(changed)
    }

    /// A shown scroller's frame: along the right or bottom edge of the content area, below the header.
    func scrollerFrame(vertical: Bool, hThickness: Double) -> [Double] {
        let top = headerHeight ?? 0
        if overlay {
            return vertical
                ? [inner[0] + inner[2] - Self.overlayThickness, inner[1] + top, Self.overlayThickness, inner[3] - top]
                : [inner[0], inner[1] + inner[3] - Self.overlayThickness, inner[2], Self.overlayThickness]
        }
        return vertical
            ? [inner[0] + clip[2], inner[1] + top, verticalThickness, inner[3] - top - (horizontalShown ? hThickness : 0)]
            : [inner[0], inner[1] + clip[3], clip[2], hThickness]
    }

    /// Where the table's corner view goes: (frame, hidden, whether the scroll view adopts it).
    var corner: (frame: [Double], hidden: Bool, adopted: Bool) {
        let defaultFrame: [Double] = [0, 0, 17, 28]
        guard let headerHeight else {
            // Without a header the corner stays the table's; hidden under overlay scrollers when the
            // table can neither scroll sideways nor have its columns resized or moved.
            if !overlay && verticalShown { return ([inner[0] + inner[2] - 17, 1, 18, 28], false, false) }
            return (defaultFrame, overlay && fixedColumns, false)
        }
        if border == 0 { return (defaultFrame, false, false) }
        if !overlay && verticalShown { return ([inner[0] + clip[2], inner[1], verticalThickness + 1, headerHeight], false, true) }
        // Under an overlay scroller that shows (a table wider than the view) the corner stays the
        // table's, shown (one pair, `test_6col`); otherwise the scroll view adopts it, hidden.
        if overlay && horizontalShown { return (defaultFrame, false, false) }
        return (defaultFrame, true, true)
    }
}
