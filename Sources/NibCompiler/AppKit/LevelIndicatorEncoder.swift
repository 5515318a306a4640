import KeyedArchive

/// `<levelIndicator>` → `NSLevelIndicator` and `<levelIndicatorCell>` → `NSLevelIndicatorCell`:
/// the value range, warning and critical values, and the style (discrete capacity by default).
enum LevelIndicatorEncoder: ObjectEncoder {
    static let elements = ["levelIndicator", "levelIndicatorCell"]
    static let styles: [String: Int64] = ["relevancy": 0, "continuousCapacity": 1, "discreteCapacity": 2, "rating": 3]

    static func encode(_ o: Int, into g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        guard ctx.doc.objects[o].name == "levelIndicatorCell" else {
            ctx.setClass(of: o, g, "NSLevelIndicator")
            try AppKitControl.encodeBase(o, g, &ctx)
            return
        }
        ctx.setClass(of: o, g, "NSLevelIndicatorCell")
        ctx.graph.set(g, "NSCellFlags", .int(0))
        ctx.graph.set(g, "NSCellFlags2", .int(0))
        if let control = AppKitControl.controlView(ofCell: o, ctx) { ctx.graph.set(g, "NSControlView", try ctx.ref(control)) }
        for (attribute, key) in [("doubleValue", "NSValue"), ("minValue", "NSMinValue"), ("maxValue", "NSMaxValue"),
                                 ("warningValue", "NSWarningValue"), ("criticalValue", "NSCriticalValue")] {
            if let v = ctx.attr(o, attribute).flatMap(Double.init), v != 0 { ctx.graph.set(g, key, .double(v)) }
        }
        ctx.graph.set(g, "NSIndicatorStyle", .int(styles[ctx.attr(o, "levelIndicatorStyle") ?? "discreteCapacity"] ?? 2))
    }
}
