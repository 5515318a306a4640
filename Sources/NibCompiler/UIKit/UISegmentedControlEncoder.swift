import KeyedArchive

/// `<segmentedControl>` → `UISegmentedControl`: the control keys, its segments as `UISegment`s
/// (`UISegmentInfo`: the title, or the image as a placeholder), the selected index (-1 for none:
/// UIKit reads an absent index as 0), momentary and proportional-width modes.
enum UISegmentedControlEncoder: ObjectEncoder {
    static let elements = ["segmentedControl"]

    static func encode(_ o: Int, into g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        ctx.setClass(of: o, g, "UISegmentedControl")
        try UIKitView.encodeBase(o, g, &ctx)
        UIKitControl.encodeAlignments(o, g, &ctx)
        UIKitControl.encodeState(o, g, &ctx)
        var segments: [NibGraph.Value] = []
        let list = ctx.tree.child(of: ctx.doc.objects[o].element, named: "segments").map { ctx.tree.children(of: $0, named: "segment") } ?? []
        for e in list {
            let el = ctx.tree.elements[e]
            let s = ctx.graph.add("UISegment")
            if let title = el["title"] {
                ctx.graph.set(s, "UISegmentInfo", ctx.graph.string(title))
            } else if let image = el["image"] {
                ctx.graph.set(s, "UISegmentInfo", UIKitImage.placeholder(image, &ctx))
            }
            if el["enabled"] == "NO" { ctx.warn("a disabled segment is not compiled yet", element: e) }
            segments.append(.ref(s))
        }
        ctx.graph.set(g, "UISegments", ctx.graph.collection("NSArray", segments))
        ctx.graph.set(g, "UISelectedSegmentIndex", .int(ctx.attr(o, "selectedSegmentIndex").flatMap { Int64($0) } ?? -1))
        if ctx.flag(o, "momentary") { ctx.graph.set(g, "UIMomentary", .bool(true)) }
        if ctx.flag(o, "apportionsSegmentWidthsByContent") { ctx.graph.set(g, "UIUseProportionalWidthSegments", .bool(true)) }
    }
}
