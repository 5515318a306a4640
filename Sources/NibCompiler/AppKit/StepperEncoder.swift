import KeyedArchive

/// `<stepper>` → `NSStepper` and `<stepperCell>` → `NSStepperCell`: value, range, increment, wrapping
/// and autorepeat (which also makes the control continuous and send on mouse-down and periodically).
enum StepperEncoder: ObjectEncoder {
    static let elements = ["stepper", "stepperCell"]

    static func encode(_ o: Int, into g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        if ctx.doc.objects[o].name == "stepper" {
            ctx.setClass(of: o, g, "NSStepper")
            let repeats = AppKitControl.cellAttr(o, "autorepeat", ctx) != "NO"
            try AppKitControl.encodeBase(o, g, &ctx, sendActionMask: repeats ? 0x1_0002 : 4)
            if repeats { ctx.graph.set(g, "NSControlContinuous", .bool(true)) }
            // The control's own copies of the cell's values; ibtool always writes them as zero.
            ctx.graph.set(g, "NSStepperMinValue", .double(0))
            ctx.graph.set(g, "NSStepperMaxValue", .double(0))
            ctx.graph.set(g, "NSStepperIncrement", .double(0))
            ctx.graph.set(g, "NSStepperWraps", .bool(false))
            ctx.graph.set(g, "NSStepperAutorepeat", .bool(false))
            return
        }
        ctx.setClass(of: o, g, "NSStepperCell")
        let repeats = ctx.attr(o, "autorepeat") != "NO"
        ctx.graph.set(g, "NSCellFlags", .int(repeats ? 0xC_0020 : 0))
        ctx.graph.set(g, "NSCellFlags2", AppKitControl.int32(AppKitControl.cellFlags2(o, ctx, defaultAlignment: "left")))
        if let value = ctx.attr(o, "doubleValue").flatMap(Double.init), value != 0 { ctx.graph.set(g, "NSValue", .double(value)) }
        if let min = ctx.attr(o, "minValue").flatMap(Double.init), min != 0 { ctx.graph.set(g, "NSMinValue", .double(min)) }
        ctx.graph.set(g, "NSMaxValue", .double(ctx.attr(o, "maxValue").flatMap(Double.init) ?? 100))
        ctx.graph.set(g, "NSIncrement", .double(ctx.attr(o, "increment").flatMap(Double.init) ?? 1))
        if ctx.flag(o, "valueWraps") { ctx.graph.set(g, "NSValueWraps", .bool(true)) }
        if repeats { ctx.graph.set(g, "NSAutorepeat", .bool(true)) }
        if let control = AppKitControl.controlView(ofCell: o, ctx) { ctx.graph.set(g, "NSControlView", try ctx.ref(control)) }
    }
}
