import KeyedArchive

/// `<searchField>` → `NSSearchField` (a text field without writing tools) and `<searchFieldCell>` →
/// `NSSearchFieldCell`: the text field cell's keys, the bezel, text completion, the search and
/// cancel button cells AppKit makes, recents and the search flags.
enum SearchFieldEncoder: ObjectEncoder {
    static let elements = ["searchField", "searchFieldCell"]

    static func encode(_ o: Int, into g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        guard ctx.doc.objects[o].name == "searchFieldCell" else {
            ctx.setClass(of: o, g, "NSSearchField")
            try AppKitControl.encodeBase(o, g, &ctx)
            ctx.graph.set(g, "NSTextFieldAlignmentRectInsetsVersion", .int(2))
            ctx.graph.set(g, "NSAllowsWritingTools", .bool(false))
            ctx.graph.set(g, "NSTextFieldAllowsWritingToolsAffordance", .bool(false))
            ctx.graph.set(g, "NS.resolvesNaturalAlignmentWithBaseWritingDirection", .bool(false))
            return
        }
        ctx.setClass(of: o, g, "NSSearchFieldCell")
        try TextFieldEncoder.encodeCell(o, g, &ctx)
        ctx.graph.set(g, "NSTextBezelStyle", .int(ctx.attr(o, "bezelStyle") == "round" ? 1 : 0))
        if ctx.attr(o, "textCompletion") == "NO" || ctx.attr(ctx.doc.objects[o].parent ?? o, "textCompletion") == "NO" {
            ctx.graph.set(g, "NSAutomaticTextCompletionDisabled", .bool(true))
        }
        let control = AppKitControl.controlView(ofCell: o, ctx)
        ctx.graph.set(g, "NSSearchButtonCell", try button(title: "search", action: "_searchFieldSearch:", cancel: false, cell: g, control: control, &ctx))
        ctx.graph.set(g, "NSCancelButtonCell", try button(title: nil, action: "_searchFieldCancel:", cancel: true, cell: g, control: control, &ctx))
        ctx.graph.set(g, "NSMaximumRecents", .int(ctx.attr(o, "maximumRecents").flatMap { Int64($0) } ?? 255))
        var flags: UInt32 = 6
        if ctx.flag(o, "sendsSearchStringImmediately") { flags |= 1 }
        if ctx.flag(o, "sendsWholeSearchString") { flags |= 8 }
        ctx.graph.set(g, "NSSearchFieldFlags", .bytes((0 ..< 4).map { UInt8(truncatingIfNeeded: flags >> (8 * UInt32($0))) }))
        ctx.graph.set(g, "NSAutomaticTextCompletionStored", .bool(true))
    }

    /// The search (magnifier) or cancel button cell: momentary change buttons aimed at the cell.
    static func button(title: String?, action: String, cancel: Bool, cell: Int, control: Int?, _ ctx: inout EncodingContext) throws(ArchiveError) -> NibGraph.Value {
        let b = ctx.graph.add("NSButtonCell")
        ctx.graph.set(b, "NSCellFlags", .int(cancel ? Int64(Int32(bitPattern: 0x8000_0000)) : 0))
        ctx.graph.set(b, "NSCellFlags2", .int(0))
        if let title { ctx.graph.set(b, "NSContents", ctx.graph.string(title)) }
        if cancel {
            let description = ctx.graph.dictionary("NSMutableDictionary", [
                (ctx.graph.string("AXDescription"), ctx.graph.string("cancel")),
                (ctx.graph.string("NSAccessibilityEncodedAttributesValueType"), ctx.graph.number(Int64(1))),
            ])
            ctx.graph.set(b, "NSAccessibilityOverriddenAttributes", ctx.graph.collection("NSMutableArray", [description]))
        }
        if let control { ctx.graph.set(b, "NSControlView", try ctx.ref(control)) }
        ctx.graph.set(b, "NSAction", ctx.graph.string(action))
        ctx.graph.set(b, "NSTarget", .ref(cell))
        ctx.graph.set(b, "NSButtonFlags", .int(0x0840_4000))
        ctx.graph.set(b, "NSButtonFlags2", .int(0))
        ctx.graph.set(b, "NSBezelStyle", .int(0))
        ctx.graph.set(b, "NSKeyEquivalent", ctx.graph.string(""))
        ctx.graph.set(b, "NSPeriodicDelay", .int(400))
        ctx.graph.set(b, "NSPeriodicInterval", .int(75))
        ctx.graph.set(b, "NSAuxButtonType", .int(5))
        return .ref(b)
    }
}
