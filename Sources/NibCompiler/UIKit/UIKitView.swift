import KeyedArchive
import Nib

/// The `UIView` keys every UIKit view writes (`nib-object-model.md` §5): bounds and centre as `0x07`
/// blobs from the frame, subviews, colours, the autoresizing mask (36 when absent, 18 for a root view
/// sized both ways), the non-default flags, priorities as `"{h, v}"` strings, constraints.
enum UIKitView {
    static let contentModes: [String: Int64] = [
        "scaleToFill": 0, "scaleAspectFit": 1, "scaleAspectFill": 2, "redraw": 3, "center": 4, "top": 5, "bottom": 6,
        "left": 7, "right": 8, "topLeft": 9, "topRight": 10, "bottomLeft": 11, "bottomRight": 12,
    ]

    /// `writesDefaultHugging`: the hugging priorities are written even at {250, 250} (pickers).
    static func encodeBase(_ o: Int, _ g: Int, writesDefaultHugging: Bool = false, _ ctx: inout EncodingContext) throws(ArchiveError) {
        var frame = ctx.property(o, "frame").map { r in ["x", "y", "width", "height"].map { ctx.number(r, $0) ?? 0 } } ?? [0, 0, 0, 0]
        // A top-level view drawn under a simulated opaque navigation bar is that bar's 44 points taller
        // in the nib: the bar is Interface Builder's only (brooklyn's SendMessageController: 436 → 480).
        if ctx.doc.objects[o].parent == nil, let bar = ctx.property(o, "simulatedTopBarMetrics"),
           ctx.tree.elements[bar].name == "simulatedNavigationBarMetrics",
           ctx.tree.elements[bar]["translucent"] == "NO", ctx.tree.elements[bar]["prompted"] != "YES" {
            frame[3] += 44
        }
        ctx.graph.set(g, "UIBounds", .bytes(ArchiveGraph.geometryBlobBytes([0, 0, frame[2], frame[3]])))
        ctx.graph.set(g, "UICenter", .bytes(ArchiveGraph.geometryBlobBytes([frame[0] + frame[2] / 2, frame[1] + frame[3] / 2])))
        // A controller's root view also holds the controller's layout guides.
        let subviews = ctx.objects(o, in: "subviews") + UILayoutGuideEncoder.guides(ofRootView: o, ctx)
        if !subviews.isEmpty {
            var list: [NibGraph.Value] = []
            for s in subviews { list.append(try ctx.ref(s)) }
            ctx.graph.set(g, "UISubviews", ctx.graph.collection("NSMutableArray", list))
        }
        if let bg = UIKitColor.color(of: o, key: "backgroundColor", &ctx) { ctx.graph.set(g, "UIBackgroundColor", bg) }
        if let tag = ctx.attr(o, "tag").flatMap({ Int64($0) }), tag != 0 { ctx.graph.set(g, "UITag", .int(tag)) }
        if let alpha = ctx.attr(o, "alpha").flatMap(Double.init), alpha != 1 { ctx.graph.set(g, "UIAlpha", .double(alpha)) }
        ctx.graph.set(g, "UIDeepDrawRect", .bool(true))
        if ctx.attr(o, "opaque") != "NO" { ctx.graph.set(g, "UIOpaque", .bool(true)) }
        if ctx.flag(o, "multipleTouchEnabled") { ctx.graph.set(g, "UIMultipleTouchEnabled", .bool(true)) }
        if ctx.attr(o, "userInteractionEnabled") == "NO" { ctx.graph.set(g, "UIUserInteractionDisabled", .bool(true)) }
        if ctx.flag(o, "hidden") { ctx.graph.set(g, "UIHidden", .bool(true)) }
        ctx.graph.set(g, "UIAutoresizeSubviews", .bool(ctx.attr(o, "autoresizesSubviews") != "NO"))
        var mask: Int64 = 36
        if let m = ctx.property(o, "autoresizingMask") {
            mask = 0
            for (name, bit) in AppKitView.masks where ctx.tree.elements[m][name] == "YES" { mask |= bit }
        }
        ctx.graph.set(g, "UIAutoresizingMask", .int(mask))
        if let mode = contentModes[ctx.attr(o, "contentMode") ?? "scaleToFill"], mode != 0 { ctx.graph.set(g, "UIContentMode", .int(mode)) }
        if ctx.flag(o, "clipsSubviews") { ctx.graph.set(g, "UIClipsToBounds", .bool(true)) }
        if ctx.attr(o, "clearsContextBeforeDrawing") == "NO" { ctx.graph.set(g, "UIClearsContextBeforeDrawing", .bool(false)) }
        if let tint = UIKitColor.color(of: o, key: "tintColor", &ctx) { ctx.graph.set(g, "UITintColor", tint) }
        if ctx.attr(o, "translatesAutoresizingMaskIntoConstraints") == "NO" {
            ctx.graph.set(g, "UIViewDoesNotTranslateAutoresizingMaskIntoConstraints", .bool(true))
        }
        let hugging = (ctx.attr(o, "horizontalHuggingPriority") ?? "250", ctx.attr(o, "verticalHuggingPriority") ?? "250")
        if hugging != ("250", "250") || writesDefaultHugging { ctx.graph.set(g, "UIViewContentHuggingPriority", ctx.graph.string("{\(hugging.0), \(hugging.1)}")) }
        let resistance = (ctx.attr(o, "horizontalCompressionResistancePriority") ?? "750", ctx.attr(o, "verticalCompressionResistancePriority") ?? "750")
        if resistance != ("750", "750") {
            ctx.graph.set(g, "UIViewContentCompressionResistancePriority", ctx.graph.string("{\(resistance.0), \(resistance.1)}"))
        }
        let constraints = ctx.objects(o, in: "constraints").filter { ctx.attr($0, "placeholder") != "YES" }
        var constraintList: [NibGraph.Value] = []
        for c in constraints { constraintList.append(try ctx.ref(c)) }
        constraintList += try UILayoutGuideEncoder.supportConstraints(forRootView: o, g, &ctx)
        if !constraintList.isEmpty { ctx.graph.set(g, "UIViewAutolayoutConstraints", ctx.graph.collection("NSMutableArray", constraintList)) }
        if ctx.attr(o, "insetsLayoutMarginsFromSafeArea") == "NO" { ctx.graph.set(g, "UIViewInsetsLayoutMarginsFromSafeArea", .int(0)) }
        ctx.graph.set(g, "UIViewSemanticContentAttribute", .int(0))
        ctx.graph.set(g, "UIViewLargeContentStoredProperties", .null)
    }
}
