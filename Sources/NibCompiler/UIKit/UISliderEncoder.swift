import KeyedArchive

/// `<slider>` → `UISlider`: the control keys, its value and range as floats (`UIValue`, `UIMinValue`,
/// `UIMaxValue`: 0.5 in 0…1 when the source says nothing), continuous updates unless turned off, and
/// the end images it names (track colours are reported, not compiled).
enum UISliderEncoder: ObjectEncoder {
    static let elements = ["slider"]

    static func encode(_ o: Int, into g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        ctx.setClass(of: o, g, "UISlider")
        try UIKitView.encodeBase(o, g, &ctx)
        UIKitControl.encodeAlignments(o, g, &ctx)
        UIKitControl.encodeState(o, g, &ctx)
        for (attr, key, fallback) in [("value", "UIValue", 0.5), ("minValue", "UIMinValue", 0.0), ("maxValue", "UIMaxValue", 1.0)] {
            ctx.graph.set(g, key, .float(Float(ctx.attr(o, attr).flatMap(Double.init) ?? fallback)))
        }
        if ctx.attr(o, "continuous") == "NO" { ctx.graph.set(g, "UIContinuous", .bool(false)) }
        for key in ["minimumTrackTintColor", "maximumTrackTintColor", "thumbTintColor"] where ctx.property(o, key) != nil {
            ctx.warn("<slider> \(key) is not compiled yet", at: o)
        }
        if let name = ctx.attr(o, "minimumValueImage") { ctx.graph.set(g, "UIMinimumValueImage", UIKitImage.placeholder(name, &ctx)) }
        if let name = ctx.attr(o, "maximumValueImage") { ctx.graph.set(g, "UIMaximumValueImage", UIKitImage.placeholder(name, &ctx)) }
    }
}
