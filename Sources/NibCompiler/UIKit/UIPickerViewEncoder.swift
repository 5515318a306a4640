import KeyedArchive

/// `<pickerView>` → `UIPickerView`: the view keys, its hugging priorities written even at their
/// defaults, and cell selection allowed (brooklyn's ExportLogsViewController pair).
enum UIPickerViewEncoder: ObjectEncoder {
    static let elements = ["pickerView"]

    static func encode(_ o: Int, into g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        ctx.setClass(of: o, g, "UIPickerView")
        try UIKitView.encodeBase(o, g, &ctx)
        let hugging = (ctx.attr(o, "horizontalHuggingPriority") ?? "250", ctx.attr(o, "verticalHuggingPriority") ?? "250")
        if hugging == ("250", "250") { ctx.graph.set(g, "UIViewContentHuggingPriority", ctx.graph.string("{250, 250}")) }
        ctx.graph.set(g, "UIAllowSelectingCells", .bool(true))
    }
}
