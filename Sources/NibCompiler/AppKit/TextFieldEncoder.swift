import KeyedArchive

/// `<textField>` → `NSTextField` (with its writing-tools and alignment keys) and `<textFieldCell>` →
/// `NSTextFieldCell` (flags, contents, font, colours, placeholder).
enum TextFieldEncoder: ObjectEncoder {
    static let elements = ["textField", "textFieldCell", "secureTextField", "secureTextFieldCell"]

    static func encode(_ o: Int, into g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        let name = ctx.doc.objects[o].name
        if name.hasSuffix("Cell") {
            ctx.setClass(of: o, g, name == "secureTextFieldCell" ? "NSSecureTextFieldCell" : "NSTextFieldCell")
            try encodeCell(o, g, &ctx)
            return
        }
        ctx.setClass(of: o, g, name == "secureTextField" ? "NSSecureTextField" : "NSTextField")
        try AppKitControl.encodeBase(o, g, &ctx)
        ctx.graph.set(g, "NSTextFieldAlignmentRectInsetsVersion", .int(2))
        // Secure fields never offer writing tools.
        ctx.graph.set(g, "NSAllowsWritingTools", .bool(name != "secureTextField"))
        ctx.graph.set(g, "NSTextFieldAllowsWritingToolsAffordance", .bool(false))
        ctx.graph.set(g, "NS.resolvesNaturalAlignmentWithBaseWritingDirection", .bool(false))
        if let w = ctx.attr(o, "preferredMaxLayoutWidth").flatMap(Double.init), w != 0 { ctx.graph.set(g, "NSPreferredMaxLayoutWidth", .double(w)) }
    }

    /// `NSCellFlags`: state 0x80000000, editable 0x10000000, text type 0x4000000, bezeled 0x400000,
    /// selectable 0x200001, scrollable 0x100000, and 0x40 for a cell that does not wrap (its line
    /// break mode clips or truncates).
    static func cellFlags(_ c: Int, _ ctx: EncodingContext) -> Int64 {
        var f: Int64 = 0x400_0000
        if !["wordWrapping", "charWrapping"].contains(ctx.attr(c, "lineBreakMode") ?? "wordWrapping") { f |= 0x40 }
        if ctx.attr(c, "state") == "on" { f |= 0x8000_0000 }
        if ctx.flag(c, "editable") { f |= 0x1000_0000 }
        if ctx.attr(c, "borderStyle") == "bezel" { f |= 0x40_0000 }
        if ctx.flag(c, "selectable") || ctx.flag(c, "editable") { f |= 0x20_0001 }
        if ctx.flag(c, "scrollable") { f |= 0x10_0000 }
        return f
    }

    static func encodeCell(_ c: Int, _ g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        ctx.graph.set(g, "NSCellFlags", AppKitControl.int32(cellFlags(c, ctx)))
        let formatter = ctx.object(c, key: "formatter")
        let formatterKind = formatter.map { ctx.doc.objects[$0].name }
        // A formatter turns the title into its object value: a number formatter's number (an empty
        // title archives no contents), a date formatter's date; a title a date formatter cannot read
        // stays text and sets the top bit of NSCellFlags2.
        let title = ctx.attr(c, "title") ?? ""
        var date: Double?
        if formatterKind == "dateFormatter", let f = formatter {
            let pattern = ctx.attr(f, "dateFormat") ?? DateFormatterEncoder.format(
                date: DateFormatterEncoder.styles[ctx.attr(f, "dateStyle") ?? "none"] ?? 0,
                time: DateFormatterEncoder.styles[ctx.attr(f, "timeStyle") ?? "none"] ?? 0)
            date = DatePatternParser.parse(title, pattern: pattern)
        }
        let unreadable = formatterKind == "dateFormatter" && date == nil
        let flags2 = AppKitControl.cellFlags2(c, ctx) | (unreadable ? 0x8000_0000 : 0)
        ctx.graph.set(g, "NSCellFlags2", AppKitControl.int32(flags2))
        if formatterKind == "numberFormatter" {
            if let number = NumberFormatterEncoder.parse(title, &ctx) { ctx.graph.set(g, "NSContents", number) }
        } else if let date {
            let d = ctx.graph.add("NSDate")
            ctx.graph.set(d, "NS.time", .double(date))
            ctx.graph.set(g, "NSContents", .ref(d))
        } else {
            ctx.graph.set(g, "NSContents", ctx.text(title, of: c, property: "title"))
        }
        if let font = AppKitFont.font(of: c, &ctx) { ctx.graph.set(g, "NSSupport", font) }
        if let formatter { ctx.graph.set(g, "NSFormatter", try ctx.ref(formatter)) }
        if let p = ctx.attr(c, "placeholderString") { ctx.graph.set(g, "NSPlaceholderString", ctx.text(p, of: c, property: "placeholderString")) }
        if let control = AppKitControl.controlView(ofCell: c, ctx) {
            ctx.graph.set(g, "NSControlView", try ctx.ref(control))
        }
        if ctx.flag(c, "drawsBackground") { ctx.graph.set(g, "NSDrawsBackground", .bool(true)) }
        if let locales = ctx.tree.child(of: ctx.doc.objects[c].element, named: "allowedInputSourceLocales") {
            let list = ctx.tree.children(of: locales, named: "string").map { ctx.graph.string(ctx.tree.elements[$0].text) }
            ctx.graph.set(g, "NSAllowedInputLocales", ctx.graph.collection("NSArray", list))
        }
        if let bg = AppKitColor.color(of: c, key: "backgroundColor", &ctx) { ctx.graph.set(g, "NSBackgroundColor", bg) }
        if let e = ctx.property(c, "textColor"), ctx.tree.elements[e].name == "color" {
            // ibtool upgrades documents saved before Xcode 9 (tools < 12000): an editable field's
            // textColor becomes controlTextColor.
            let el = ctx.tree.elements[e]
            if ctx.doc.toolsBuild < 12000, ctx.flag(c, "editable"), el["colorSpace"] == "catalog", el["name"] == "textColor" {
                ctx.graph.set(g, "NSTextColor", AppKitColor.catalog("controlTextColor", &ctx))
            } else {
                ctx.graph.set(g, "NSTextColor", AppKitColor.color(e, &ctx))
            }
        }
        // The touch bar's character picker is the text field's attribute but the cell's key. Xcode 8
        // (tools 11xxx–12xxx) wrote no attribute and meant the picker on.
        if let control = AppKitControl.controlView(ofCell: c, ctx), ctx.doc.objects[c].key == "cell",
           ctx.flag(control, "allowsCharacterPickerTouchBarItem", default: (11000 ..< 13000).contains(ctx.doc.toolsBuild)) {
            ctx.graph.set(g, "NSCharacterPickerEnabled", .bool(true))
        }
    }
}
