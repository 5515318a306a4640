import KeyedArchive

/// The key-view loop ibtool archives for a tab view (`NSNextKeyView`): the tab view, the shown item's
/// view, then every view below it depth first, siblings in reading order, and back to the tab view
/// (the `nkv_simple` and `nkv_overlap` pairs). Subtrees with scroll views, whose loops run through
/// their scrollers in an order no pair explains yet, are left alone.
enum KeyViewLoop {
    /// Views that end the rule: their own loops are not known.
    static let unknown: Set<String> = ["scrollView", "clipView", "tableView", "outlineView", "textView", "tabView", "splitView"]

    static func archive(tabView: Int, shownView: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        var loop = [tabView]
        var stack = [shownView]
        // Preorder with an explicit stack: each view, then its subviews' subtrees in reading order.
        while let v = stack.popLast() {
            loop.append(v)
            let children = readingOrder(ctx.objects(v, in: "subviews"), ctx)
            if children.contains(where: { unknown.contains(ctx.doc.objects[$0].name) }) { return }
            stack.append(contentsOf: children.reversed())
        }
        for (i, v) in loop.enumerated() {
            guard case .ref(let g) = try ctx.ref(v) else { continue }
            ctx.graph.set(g, "NSNextKeyView", try ctx.ref(loop[(i + 1) % loop.count]))
        }
    }

    /// Siblings top to bottom in rows (views whose vertical extents overlap the row's first view),
    /// each row left to right, then top first.
    static func readingOrder(_ views: [Int], _ ctx: EncodingContext) -> [Int] {
        let frames = views.map { AppKitView.frame($0, ctx) ?? [0, 0, 0, 0] }
        let byTop = views.indices.sorted { (frames[$0][1] + frames[$0][3], -$0) > (frames[$1][1] + frames[$1][3], -$1) }
        var rows: [[Int]] = []
        var rowFrame: [Double] = []
        for i in byTop {
            let f = frames[i]
            if let last = rows.indices.last, f[1] < rowFrame[1] + rowFrame[3], f[1] + f[3] > rowFrame[1] {
                rows[last].append(i)
            } else {
                rows.append([i])
                rowFrame = f
            }
        }
        return rows.flatMap { row in row.sorted { (frames[$0][0], -(frames[$0][1] + frames[$0][3]), $0) < (frames[$1][0], -(frames[$1][1] + frames[$1][3]), $1) } }.map { views[$0] }
    }
}
