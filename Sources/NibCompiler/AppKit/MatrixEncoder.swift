import KeyedArchive

/// `<matrix>` → `NSMatrix`: the control keys over a plain `NSActionCell`, the cells row by row (the
/// source lists them column by column), cell size and spacing, the prototype, the mode and selection
/// flags of `NSMatrixFlags`, and the background colours (test_matrix_flags).
enum MatrixEncoder: ObjectEncoder {
    static let elements = ["matrix"]
    /// `NSMatrixFlags` bits (most significant first, as AppKit lays the flags out).
    static let modes: [String: Int64] = ["highlight": 0x8000_0000, "radio": 0x4000_0000, "list": 0x2000_0000, "track": 0]

    static func encode(_ o: Int, into g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        ctx.setClass(of: o, g, "NSMatrix")
        try AppKitControl.encodeBase(o, g, &ctx, sendActionMask: 0)
        // The matrix's own cell is a bare action cell; the control keys are NSControl's defaults.
        let own = ctx.graph.add("NSActionCell")
        ctx.graph.set(own, "NSCellFlags", .int(0x20))
        ctx.graph.set(own, "NSCellFlags2", .int(0x2000))
        ctx.graph.set(g, "NSCell", .ref(own))
        ctx.graph.set(g, "NSCellIsDiscardable", .bool(true))
        ctx.graph.set(g, "NSControlTextAlignment", .int(0))
        ctx.graph.set(g, "NSControlWritingDirection", .int(0))
        let columns = ctx.tree.child(of: ctx.doc.objects[o].element, named: "cells").map { ctx.tree.children(of: $0, named: "column") } ?? []
        let byColumn: [[Int]] = columns.map { c in
            ctx.tree.elements[c].children.compactMap { e in ctx.doc.objects[o].children.first { ctx.doc.objects[$0].element == e } }
        }
        let rows = byColumn.map(\.count).max() ?? 0
        if byColumn.contains(where: { $0.count != rows }) {
            ctx.warn("the columns of this matrix hold different numbers of cells; the short ones are left out", at: o)
        }
        var cells: [NibGraph.Value] = []
        for r in 0 ..< rows {
            for column in byColumn where r < column.count { cells.append(try ctx.ref(column[r])) }
        }
        ctx.graph.set(g, "NSNumRows", .int(Int64(rows)))
        ctx.graph.set(g, "NSNumCols", .int(Int64(byColumn.count)))
        ctx.graph.set(g, "NSCells", ctx.graph.collection("NSMutableArray", cells))
        for (key, name, fallback) in [("cellSize", "NSCellSize", [100.0, 18]), ("intercellSpacing", "NSIntercellSpacing", [4.0, 2])] {
            let size = ctx.property(o, key).map { e in [ctx.number(e, "width") ?? fallback[0], ctx.number(e, "height") ?? fallback[1]] } ?? fallback
            ctx.graph.set(g, name, ctx.graph.string(NibGeometryString.format(size, as: .pair)))
        }
        ctx.graph.set(g, "NSMatrixFlags", AppKitControl.int32(flags(o, ctx)))
        ctx.graph.set(g, "NSCellClass", ctx.graph.string(ctx.attr(o, "cellClass") ?? "NSActionCell"))
        if let prototype = ctx.object(o, key: "prototype") { ctx.graph.set(g, "NSProtoCell", try ctx.ref(prototype)) }
        ctx.graph.set(g, "NSSelectedRow", .int(-1))
        ctx.graph.set(g, "NSSelectedCol", .int(-1))
        let background = AppKitColor.color(of: o, key: "backgroundColor", &ctx)
        if let background { ctx.graph.set(g, "NSBackgroundColor", background) }
        if let cellBackground = AppKitColor.color(of: o, key: "cellBackgroundColor", &ctx) ?? background {
            ctx.graph.set(g, "NSCellBackgroundColor", cellBackground)
        }
    }

    /// `NSMatrixFlags`: the mode (radio when the source names none), empty selection, selection by
    /// rectangle and cell autosizing (on unless the source turns them off), autoscrolling and the
    /// drawn backgrounds (off unless turned on).
    static func flags(_ o: Int, _ ctx: EncodingContext) -> Int64 {
        var f = modes[ctx.attr(o, "mode") ?? "radio"] ?? 0x4000_0000
        if ctx.attr(o, "allowsEmptySelection") != "NO" { f |= 0x1000_0000 }
        if ctx.flag(o, "autoscroll") { f |= 0x0800_0000 }
        if ctx.attr(o, "selectionByRect") != "NO" { f |= 0x0400_0000 }
        if ctx.flag(o, "drawsCellBackground") { f |= 0x0200_0000 }
        if ctx.flag(o, "drawsBackground") { f |= 0x0100_0000 }
        if ctx.attr(o, "autosizesCells") != "NO" { f |= 0x0080_0000 }
        return f
    }
}
