import KeyedArchive

/// `<pickerView>` → `UIPickerView`: the view keys, its hugging priorities written even at their
/// defaults, and cell selection allowed (brooklyn's ExportLogsViewController pair).
enum UIPickerViewEncoder: ObjectEncoder {
    static let elements = ["pickerView"]

    static func encode(_ o: Int, into g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        ctx.setClass(of: o, g, "UIPickerView")
        try UIKitView.encodeBase(o, g, writesDefaultHugging: true, &ctx)
        ctx.graph.set(g, "UIAllowSelectingCells", .bool(true))
    }
}
