import KeyedArchive

/// `<tableCellView>` → `NSTableCellView`: a view-based table's prototype, archived twice by ibtool,
/// in the document's nib (an object with its connections) and as the nib its table makes cells from
/// (``TablePrototypes``), where its reuse identifier is its column's when it has none of its own. Both have the frame the
/// table's row layout gives it; its subviews follow by their autoresizing masks.
enum TableCellViewEncoder: ObjectEncoder {
    static let elements = ["tableCellView"]

    static func encode(_ o: Int, into g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        ctx.setClass(of: o, g, "NSTableCellView")
        if let frame = TablePrototypes.frame(of: o, ctx) { ctx.frameOverride[o] = frame }
        try AppKitView.encodeBase(o, g, &ctx)
    }
}
