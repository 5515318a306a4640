import KeyedArchive

/// `<segmentedControl>` → `NSSegmentedControl` and `<segmentedCell>` → `NSSegmentedCell` with its
/// `NSSegmentItem`s (label, image, width, tag, selection), style, tracking mode and distribution.
enum SegmentedControlEncoder: ObjectEncoder {
    static let elements = ["segmentedControl", "segmentedCell"]

    /// `style` → `NSSegmentStyle` as ibtool writes it (`separated` also sets `NSSegmentStyleSeparated`).
    static let styles: [String: Int64] = [
        "automatic": 0, "rounded": 1, "texturedRounded": 2, "roundRect": 3, "texturedSquare": 4, "capsule": 5,
        "smallSquare": 6, "separated": 9,
    ]
    /// `trackingMode` → `NSSegmentSwitchTracking` (`selectOne`, 0, is not written).
    static let trackingModes: [String: Int64] = ["selectOne": 0, "selectAny": 1, "momentary": 2, "momentaryAccelerator": 3]
    /// `segmentDistribution` → `NSSegmentDistribution`.
    static let distributions: [String: Int64] = ["fit": 0, "fill": 1, "fillEqually": 2, "fillProportionally": 3]
    /// `imageScaling` → `NSImageScaling`.
    static let imageScalings: [String: Int64] = ["proportionallyDown": 0, "axesIndependently": 1, "none": 2, "proportionallyUpOrDown": 3]

    static func encode(_ o: Int, into g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        if ctx.doc.objects[o].name == "segmentedControl" {
            ctx.setClass(of: o, g, "NSSegmentedControl")
            try AppKitControl.encodeBase(o, g, &ctx)
            if ctx.tree.child(of: ctx.doc.objects[o].element, named: "subviews") == nil {
                ctx.graph.set(g, "NSSubviews", ctx.graph.collection("NSMutableArray", []))
            }
            return
        }
        ctx.setClass(of: o, g, "NSSegmentedCell")
        let bordered = ctx.attr(o, "borderStyle") == "border"
        ctx.graph.set(g, "NSCellFlags", AppKitControl.int32(0x0400_0000 | (bordered ? 0x0080_0000 : 0)))
        ctx.graph.set(g, "NSCellFlags2", AppKitControl.int32(AppKitControl.cellFlags2(o, ctx, defaultAlignment: "left")))
        if let font = AppKitFont.font(of: o, &ctx) { ctx.graph.set(g, "NSSupport", font) }
        if let control = ctx.doc.objects[o].parent { ctx.graph.set(g, "NSControlView", try ctx.ref(control)) }
        let (items, selected) = try segments(o, &ctx)
        ctx.graph.set(g, "NSSegmentImages", ctx.graph.collection("NSMutableArray", items))
        ctx.graph.set(g, "NSSelectedSegment", .int(selected))
        let tracking = try code(o, "trackingMode", "selectOne", trackingModes, ctx)
        if tracking != 0 { ctx.graph.set(g, "NSTrackingMode", .int(tracking)) }
        let style = ctx.attr(o, "style") ?? "automatic"
        if style == "separated" { ctx.graph.set(g, "NSSegmentStyleSeparated", .int(1)) }
        ctx.graph.set(g, "NSSegmentStyle", .int(try code(o, "style", "automatic", styles, ctx)))
        ctx.graph.set(g, "NSSegmentDistribution", .int(try code(o, "segmentDistribution", "fit", distributions, ctx)))
    }

    /// The `NSSegmentItem`s of `<segments>`, and the index of the last selected one (-1 for none).
    static func segments(_ o: Int, _ ctx: inout EncodingContext) throws(ArchiveError) -> ([NibGraph.Value], Int64) {
        guard let list = ctx.tree.child(of: ctx.doc.objects[o].element, named: "segments") else { return ([], -1) }
        var items: [NibGraph.Value] = []
        var selected: Int64 = -1
        for (n, s) in ctx.tree.children(of: list, named: "segment").enumerated() {
            let e = ctx.tree.elements[s]
            let item = ctx.graph.add("NSSegmentItem")
            if let width = ctx.number(s, "width") { ctx.graph.set(item, "NSSegmentItemWidth", .double(width)) }
            if let image = e["image"] {
                ctx.graph.set(item, "NSSegmentItemImage", AppKitResources.image(image, catalog: e["catalog"], &ctx))
            }
            // `<nil key="label"/>` leaves the label out; a missing attribute is the empty label.
            let nilLabel = ctx.tree.children(of: s, named: "nil").contains { ctx.tree.elements[$0]["key"] == "label" }
            if !nilLabel { ctx.graph.set(item, "NSSegmentItemLabel", ctx.graph.string(e["label"] ?? "")) }
            if let tag = e["tag"].flatMap({ Int64($0) }), tag != 0 { ctx.graph.set(item, "NSSegmentItemTag", .int(tag)) }
            if e["selected"] == "YES" {
                ctx.graph.set(item, "NSSegmentItemSelected", .bool(true))
                selected = Int64(n)
            }
            let scaling = e["imageScaling"] ?? "proportionallyDown"
            guard let scale = imageScalings[scaling] else {
                throw ctx.tree.error(.corrupt, "<segment> imageScaling \"\(scaling)\" is not an image scaling", at: s)
            }
            ctx.graph.set(item, "NSSegmentItemImageScaling", .int(scale))
            items.append(.ref(item))
        }
        return (items, selected)
    }

    /// Attribute `name` of `o` through `table`, or a located error for a value the table does not know.
    static func code(_ o: Int, _ name: String, _ defaultValue: String, _ table: [String: Int64], _ ctx: EncodingContext) throws(ArchiveError) -> Int64 {
        let value = ctx.attr(o, name) ?? defaultValue
        guard let code = table[value] else {
            throw ctx.tree.error(.corrupt, "<\(ctx.doc.objects[o].name)> \(name) \"\(value)\" is not known", at: ctx.doc.objects[o].element)
        }
        return code
    }
}
