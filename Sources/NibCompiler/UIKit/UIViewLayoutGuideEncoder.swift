import KeyedArchive

/// `<viewLayoutGuide key="safeArea|layoutMargins">` (UIKit) → the `UILayoutGuide` constraints name:
/// the view's own safe-area (`UIViewSafeAreaLayoutGuide`) or margins guide (`UIViewLayoutMarginsGuide`),
/// locked to its owning view, archived, allowed negative dimensions, with no system constraints of its
/// own. UIKit's decoder hands a guide to its `UILayoutGuideOwningView` as it decodes, so the view needs
/// no list of them. The keys are those `UILayoutGuide` archives; the values follow the AppKit guides
/// of the golden pairs (``LayoutGuideEncoder``): no UIKit pair has a safe-area constraint.
enum UIViewLayoutGuideEncoder: ObjectEncoder {
    static let elements = ["viewLayoutGuide"]
    static let identifiers = ["safeArea": "UIViewSafeAreaLayoutGuide", "layoutMargins": "UIViewLayoutMarginsGuide"]

    static func encode(_ o: Int, into g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        ctx.setClass(of: o, g, "UILayoutGuide")
        if let view = ctx.doc.objects[o].parent { ctx.graph.set(g, "UILayoutGuideOwningView", try ctx.ref(view)) }
        let key = ctx.doc.objects[o].key ?? ""
        if let identifier = identifiers[key] {
            ctx.graph.set(g, "UILayoutGuideIdentifier", ctx.graph.string(identifier))
        } else {
            ctx.warn("the \"\(key)\" layout guide is not compiled yet: it loads as a plain guide", at: o)
        }
        ctx.graph.set(g, "UILayoutGuideOwningViewIsLocked", .bool(true))
        ctx.graph.set(g, "UILayoutGuideShouldBeArchived", .bool(true))
        ctx.graph.set(g, "UILayoutGuideAllowsNegativeDimensions", .bool(true))
        ctx.graph.set(g, "UILayoutGuideSystemConstraints", ctx.graph.collection("NSMutableArray", []))
    }
}
