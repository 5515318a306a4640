import KeyedArchive

/// The `NSControl` keys (after the `NSView` ones) and the codes cells and controls share.
enum AppKitControl {
    /// Cell alignment codes (`NSCellFlags2` << 26: the pre-10.11 order, right before centre).
    static let alignments: [String: Int64] = ["left": 0, "right": 1, "center": 2, "justified": 3, "natural": 4]
    /// `NSTextAlignment` as controls archive it (centre before right).
    static let textAlignments: [String: Int64] = ["left": 0, "center": 1, "right": 2, "justified": 3, "natural": 4]
    static let lineBreaks: [String: Int64] = [
        "wordWrapping": 0, "charWrapping": 1, "clipping": 2, "truncatingHead": 3, "truncatingTail": 4, "truncatingMiddle": 5,
    ]
    static let sizes: [String: Int64] = ["regular": 0, "small": 1, "mini": 2, "large": 3]
    static let focusRingTypes: [String: Int64] = ["default": 0, "none": 1, "exterior": 2]

    /// The control's cell (`<… key="cell">`), if any.
    static func cell(of o: Int, _ ctx: EncodingContext) -> Int? { ctx.object(o, key: "cell") }

    /// The view a cell draws in: its control (`key="cell"`), or the table of a column's `dataCell`.
    static func controlView(ofCell c: Int, _ ctx: EncodingContext) -> Int? {
        guard let parent = ctx.doc.objects[c].parent else { return nil }
        switch ctx.doc.objects[c].key {
        case "cell": return parent
        case "dataCell" where ctx.doc.objects[parent].name == "tableColumn": return ctx.doc.objects[parent].parent
        default: return nil
        }
    }

    /// An attribute of the cell, or of the control when it has no cell.
    static func cellAttr(_ o: Int, _ name: String, _ ctx: EncodingContext) -> String? {
        if let c = cell(of: o, ctx), let v = ctx.attr(c, name) { return v }
        return ctx.attr(o, name)
    }

    /// Writes the `NSView` keys, then `NSEnabled`, `NSCell` and the `NSControl*` keys.
    static func encodeBase(_ o: Int, _ g: Int, _ ctx: inout EncodingContext, sendActionMask: Int64 = 4) throws(ArchiveError) {
        try AppKitView.encodeBase(o, g, &ctx)
        if let tag = ctx.attr(o, "tag").flatMap({ Int64($0) }), tag != 0 { ctx.graph.set(g, "NSTag", .int(tag)) }
        ctx.graph.set(g, "NSEnabled", .bool(ctx.attr(o, "enabled") != "NO"))
        if let c = cell(of: o, ctx) { ctx.graph.set(g, "NSCell", try ctx.ref(c)) }
        ctx.graph.set(g, "NSAllowsLogicalLayoutDirection", .bool(false))
        ctx.graph.set(g, "NSControlSize", .int(sizes[cellAttr(o, "controlSize", ctx) ?? "regular"] ?? 0))
        ctx.graph.set(g, "NSControlContinuous", .bool(cellAttr(o, "continuous", ctx) == "YES"))
        ctx.graph.set(g, "NSControlRefusesFirstResponder", .bool(cellAttr(o, "refusesFirstResponder", ctx) == "YES"))
        ctx.graph.set(g, "NSControlUsesSingleLineMode", .bool(cellAttr(o, "usesSingleLineMode", ctx) == "YES"))
        ctx.graph.set(g, "NSControlTextAlignment", .int(textAlignments[cellAttr(o, "alignment", ctx) ?? "natural"] ?? 4))
        ctx.graph.set(g, "NSControlLineBreakMode", .int(lineBreaks[cellAttr(o, "lineBreakMode", ctx) ?? "wordWrapping"] ?? 0))
        ctx.graph.set(g, "NSControlWritingDirection", .int(-1))
        ctx.graph.set(g, "NSControlSendActionMask", .int(sendActionMask))
        if ctx.flag(o, "allowsExpansionToolTips") { ctx.graph.set(g, "NSControlAllowsExpansionToolTips", .bool(true)) }
    }

    /// `NSCellFlags2` bits every cell shares: alignment (<< 26), line break mode (<< 9), control size
    /// (<< 17), focus ring type (<< 15: none 1, exterior 2), truncates-last-line 0x100, single-line
    /// 0x40, no undo 0x1000, sends on end editing 0x400000, allows mixed state 0x1000000, rich text 0x40000000.
    static func cellFlags2(_ c: Int, _ ctx: EncodingContext, defaultAlignment: String = "natural") -> Int64 {
        var f: Int64 = (alignments[ctx.attr(c, "alignment") ?? defaultAlignment] ?? 4) << 26
        f |= (lineBreaks[ctx.attr(c, "lineBreakMode") ?? "wordWrapping"] ?? 0) << 9
        f |= (sizes[ctx.attr(c, "controlSize") ?? "regular"] ?? 0) << 17
        f |= (focusRingTypes[ctx.attr(c, "focusRingType") ?? "default"] ?? 0) << 15
        if ctx.flag(c, "truncatesLastVisibleLine") { f |= 0x100 }
        if ctx.flag(c, "usesSingleLineMode") { f |= 0x40 }
        if ctx.attr(c, "allowsUndo") == "NO" { f |= 0x1000 }
        if ctx.flag(c, "sendsActionOnEndEditing") { f |= 0x40_0000 }
        if ctx.flag(c, "allowsMixedState") { f |= 0x100_0000 }
        if ctx.flag(c, "allowsEditingTextAttributes") { f |= 0x4000_0000 }
        return f
    }

    /// A signed 32-bit flags word, as archives store it.
    static func int32(_ v: Int64) -> NibGraph.Value { .int(Int64(Int32(truncatingIfNeeded: v))) }
}
