import KeyedArchive

/// `<datePicker>` → `NSDatePicker` and `<datePickerCell>` → `NSDatePickerCell`: the date as an
/// `NSDate`, the elements shown (`NSDatePickerElements` flags), the picker style and mode, the date
/// range, colours and font.
enum DatePickerEncoder: ObjectEncoder {
    static let elements = ["datePicker", "datePickerCell"]

    /// `<datePickerElements>` attributes → `NSDatePickerElementFlags` bits.
    static let elementFlags: [(String, Int64)] = [
        ("second", 0x02), ("minute", 0x04), ("hour", 0x08), ("timeZone", 0x10), ("day", 0x20), ("month", 0x40),
        ("year", 0x80), ("era", 0x100),
    ]
    static let styles: [String: Int64] = ["textFieldAndStepper": 0, "clockAndCalendar": 1, "textField": 2]

    static func encode(_ o: Int, into g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        guard ctx.doc.objects[o].name == "datePickerCell" else {
            ctx.setClass(of: o, g, "NSDatePicker")
            try AppKitControl.encodeBase(o, g, &ctx)
            ctx.graph.set(g, "presentsCalendarOverlay", .bool(ctx.flag(o, "presentsCalendarOverlay")))
            return
        }
        ctx.setClass(of: o, g, "NSDatePickerCell")
        var flags: Int64 = 0x400_0000
        switch ctx.attr(o, "borderStyle") {
        case "bezel": flags |= 0x40_0000
        case "border": flags |= 0x80_0000
        default: break
        }
        ctx.graph.set(g, "NSCellFlags", AppKitControl.int32(flags))
        ctx.graph.set(g, "NSCellFlags2", AppKitControl.int32(AppKitControl.cellFlags2(o, ctx)))
        if let date = date(o, "date", &ctx) { ctx.graph.set(g, "NSContents", date) }
        if let font = AppKitFont.font(of: o, &ctx) { ctx.graph.set(g, "NSSupport", font) }
        if let control = AppKitControl.controlView(ofCell: o, ctx) { ctx.graph.set(g, "NSControlView", try ctx.ref(control)) }
        ctx.graph.set(g, "NSTimeInterval", .double(ctx.attr(o, "timeInterval").flatMap(Double.init) ?? 0))
        var elements: Int64 = 0
        if let e = ctx.property(o, "datePickerElements") {
            for (name, bit) in elementFlags where ctx.tree.elements[e][name] == "YES" { elements |= bit }
        }
        ctx.graph.set(g, "NSDatePickerElements", .int(elements))
        if let style = ctx.attr(o, "datePickerStyle").flatMap({ styles[$0] }), style != 0 { ctx.graph.set(g, "NSDatePickerType", .int(style)) }
        if ctx.attr(o, "datePickerMode") == "range" { ctx.graph.set(g, "NSDatePickerMode", .int(1)) }
        if let min = date(o, "minDate", &ctx) { ctx.graph.set(g, "NSMinDate", min) }
        if let max = date(o, "maxDate", &ctx) { ctx.graph.set(g, "NSMaxDate", max) }
        if let bg = AppKitColor.color(of: o, key: "backgroundColor", &ctx) { ctx.graph.set(g, "NSBackgroundColor", bg) }
        if let tc = AppKitColor.color(of: o, key: "textColor", &ctx) { ctx.graph.set(g, "NSTextColor", tc) }
        ctx.graph.set(g, "NSDatePickerUseCurrentDateDuringDecoding", .bool(false))
    }

    /// `<date key=… timeIntervalSinceReferenceDate=…>` as an `NSDate`.
    static func date(_ o: Int, _ key: String, _ ctx: inout EncodingContext) -> NibGraph.Value? {
        guard let e = ctx.property(o, key), let t = ctx.number(e, "timeIntervalSinceReferenceDate") else { return nil }
        let d = ctx.graph.add("NSDate")
        ctx.graph.set(d, "NS.time", .double(t))
        return .ref(d)
    }
}
