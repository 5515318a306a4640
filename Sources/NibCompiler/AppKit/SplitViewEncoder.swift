import KeyedArchive

/// `<splitView>` → `NSSplitView` {vertical, divider style unless thick, autosave name}; its panes
/// clip to their bounds, and panes that do not tile the split view along its axis are laid out again
/// as `-adjustSubviews` does (sizes in proportion, dividers between, rounded to whole points).
enum SplitViewEncoder: ObjectEncoder {
    static let elements = ["splitView"]
    static let dividerStyles: [String: Int64] = ["thick": 1, "thin": 2, "paneSplitter": 3]
    static let dividerThickness: [String: Double] = ["thick": 9, "thin": 1, "paneSplitter": 10]

    static func encode(_ o: Int, into g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        ctx.setClass(of: o, g, "NSSplitView")
        let panes = ctx.objects(o, in: "subviews")
        for pane in panes { ctx.clippedPanes.insert(pane) }
        adjustSubviews(o, panes, &ctx)
        try AppKitView.encodeBase(o, g, &ctx)
        if ctx.flag(o, "vertical") { ctx.graph.set(g, "NSIsVertical", .bool(true)) }
        let style = dividerStyles[ctx.attr(o, "dividerStyle") ?? "thick"] ?? 1
        if style != 1 { ctx.graph.set(g, "NSDividerStyle", .int(style)) }
        if let name = ctx.attr(o, "autosaveName") { ctx.graph.set(g, "NSAutosaveName", ctx.graph.string(name)) }
    }

    /// Lays the panes out along the split axis when the source's frames do not already tile it (a
    /// split view is flipped: the first pane is at the top or the left).
    static func adjustSubviews(_ o: Int, _ panes: [Int], _ ctx: inout EncodingContext) {
        guard let frame = AppKitView.frame(o, ctx), !panes.isEmpty else { return }
        let frames = panes.compactMap { AppKitView.frame($0, ctx) }
        guard frames.count == panes.count else { return }
        let vertical = ctx.flag(o, "vertical")
        let axis = vertical ? 2 : 3, cross = vertical ? 3 : 2
        let divider = dividerThickness[ctx.attr(o, "dividerStyle") ?? "thick"] ?? 9
        let dividers = divider * Double(panes.count - 1)
        let tiles = frames.allSatisfy { $0[cross] == frame[cross] }
            && frames.reduce(0) { $0 + $1[axis] } + dividers == frame[axis]
        guard !tiles else { return }
        let available = frame[axis] - dividers
        let total = frames.reduce(0) { $0 + $1[axis] }
        var position = 0.0, consumed = 0.0
        for (i, pane) in panes.enumerated() {
            consumed += frames[i][axis]
            let end = i == panes.count - 1 ? frame[axis] : (total > 0 ? (available * consumed / total + divider * Double(i)).rounded() : position)
            var f = [0.0, 0.0, 0.0, 0.0]
            f[vertical ? 0 : 1] = position
            f[axis] = end - position
            f[cross] = frame[cross]
            ctx.tiles[pane, default: ScrollViewTile.Placement()].frame = f
            position = end + divider
        }
    }
}
