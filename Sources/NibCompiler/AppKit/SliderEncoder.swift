import KeyedArchive

/// `<slider>` → `NSSlider` and `<sliderCell>` → `NSSliderCell`: range, value, tick marks and
/// orientation; a continuous slider also sends while dragging.
enum SliderEncoder: ObjectEncoder {
    static let elements = ["slider", "sliderCell"]

    /// `tickMarkPosition` → `NSTickMarkPosition`: below/trailing/right 0, above/leading/left 1 (a vertical
    /// slider's `left` and `right` are AppKit's aliases of above and below; IINA's quick settings use `left`).
    static let tickPositions: [String: Int64] = ["below": 0, "above": 1, "trailing": 0, "leading": 1, "right": 0, "left": 1]

    static func encode(_ o: Int, into g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        if ctx.doc.objects[o].name == "slider" {
            ctx.setClass(of: o, g, "NSSlider")
            let continuous = AppKitControl.cellAttr(o, "continuous", ctx) == "YES"
            try AppKitControl.encodeBase(o, g, &ctx, sendActionMask: continuous ? 0x46 : 4)
            if ctx.tree.child(of: ctx.doc.objects[o].element, named: "subviews") == nil {
                ctx.graph.set(g, "NSSubviews", ctx.graph.collection("NSMutableArray", []))
            }
            return
        }
        ctx.setClass(of: o, g, "NSSliderCell")
        var flags: Int64 = 0
        if ctx.flag(o, "continuous") { flags |= 0x4_0100 }
        let font = AppKitFont.font(of: o, &ctx)
        if font != nil { flags |= 0x400_0000 }
        if ctx.attr(o, "state") == "on" { flags |= 0x8000_0000 }
        ctx.graph.set(g, "NSCellFlags", AppKitControl.int32(flags))
        ctx.graph.set(g, "NSCellFlags2", AppKitControl.int32(AppKitControl.cellFlags2(o, ctx, defaultAlignment: "left")))
        if let identifier = ctx.attr(o, "identifier") { ctx.graph.set(g, "NSCellIdentifier", ctx.graph.string(identifier)) }
        if let font { ctx.graph.set(g, "NSSupport", font) }
        if let control = AppKitControl.controlView(ofCell: o, ctx) { ctx.graph.set(g, "NSControlView", try ctx.ref(control)) }
        func number(_ name: String, _ defaultValue: Double) -> Double { ctx.attr(o, name).flatMap(Double.init) ?? defaultValue }
        ctx.graph.set(g, "NSMaxValue", .double(number("maxValue", 1)))
        ctx.graph.set(g, "NSMinValue", .double(number("minValue", 0)))
        ctx.graph.set(g, "NSValue", .double(number("doubleValue", 0)))
        ctx.graph.set(g, "NSAltIncValue", .double(number("altIncrementValue", 0)))
        ctx.graph.set(g, "NSNumberOfTickMarks", .int(Int64(ctx.attr(o, "numberOfTickMarks") ?? "0") ?? 0))
        let position = ctx.attr(o, "tickMarkPosition") ?? "below"
        guard let tick = tickPositions[position] else {
            throw ctx.tree.error(.corrupt, "<sliderCell> tickMarkPosition \"\(position)\" is not a tick mark position", at: ctx.doc.objects[o].element)
        }
        ctx.graph.set(g, "NSTickMarkPosition", .int(tick))
        ctx.graph.set(g, "NSAllowsTickMarkValuesOnly", .bool(ctx.flag(o, "allowsTickMarkValuesOnly")))
        let vertical = ctx.doc.objects[o].parent.map { ctx.flag($0, "vertical") } ?? false
        ctx.graph.set(g, "NSVertical", .bool(vertical || ctx.flag(o, "vertical")))
    }
}
