import KeyedArchive

/// `<viewControllerLayoutGuide type="top|bottom">` (a controller's `topLayoutGuide` and
/// `bottomLayoutGuide`) → `_UILayoutGuide`, a zero-sized view that does not translate its
/// autoresizing mask, named `_UIViewControllerTop` or `_UIViewControllerBottom` by
/// `_UILayoutGuideIdentifier`. It sits among the subviews of the controller's view, held there by
/// two `_UILayoutSupportConstraint`s (its height, and its edge on the view's edge) that the
/// controller resets as its bars change (``supportConstraints(forRootView:_:)``). Facts from the
/// nibs WinObjC's xib2nib was built against; no golden pair has one.
enum UILayoutGuideEncoder: ObjectEncoder {
    static let elements = ["viewControllerLayoutGuide"]

    static func encode(_ o: Int, into g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        ctx.setClass(of: o, g, "_UILayoutGuide")
        try UIKitView.encodeBase(o, g, &ctx)
        ctx.graph.set(g, "UIViewDoesNotTranslateAutoresizingMaskIntoConstraints", .bool(true))
        switch ctx.attr(o, "type") {
        case "top": ctx.graph.set(g, "_UILayoutGuideIdentifier", ctx.graph.string("_UIViewControllerTop"))
        case "bottom": ctx.graph.set(g, "_UILayoutGuideIdentifier", ctx.graph.string("_UIViewControllerBottom"))
        default: ctx.warn("<viewControllerLayoutGuide> type \"\(ctx.attr(o, "type") ?? "")\" is neither top nor bottom", at: o)
        }
    }

    /// The layout guides of the controller whose root view is `view` (none for other views).
    static func guides(ofRootView view: Int, _ ctx: EncodingContext) -> [Int] {
        guard ctx.doc.objects[view].key == "view", let controller = ctx.doc.objects[view].parent else { return [] }
        return ctx.objects(controller, in: "layoutGuides").filter { ctx.doc.objects[$0].name == "viewControllerLayoutGuide" }
    }

    /// For each guide of the controller whose root view is `view` (graph object `g`): its height,
    /// and its top (or bottom) on the view's.
    static func supportConstraints(forRootView view: Int, _ g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) -> [NibGraph.Value] {
        var out: [NibGraph.Value] = []
        for guide in guides(ofRootView: view, ctx) {
            let item = try ctx.ref(guide)
            let edge: Int64 = ctx.attr(guide, "type") == "bottom" ? 4 : 3
            for (attribute, second) in [(Int64(8), false), (edge, true)] {
                let c = ctx.graph.add("_UILayoutSupportConstraint")
                ctx.graph.set(c, "NSFirstItem", item)
                ctx.graph.set(c, "NSFirstAttributeV2", .int(attribute))
                ctx.graph.set(c, "NSFirstAttribute", .int(attribute))
                if second {
                    ctx.graph.set(c, "NSSecondItem", .ref(g))
                    ctx.graph.set(c, "NSSecondAttributeV2", .int(attribute))
                    ctx.graph.set(c, "NSSecondAttribute", .int(attribute))
                }
                ctx.graph.set(c, "NSShouldBeArchived", .bool(true))
                out.append(.ref(c))
            }
        }
        return out
    }
}
