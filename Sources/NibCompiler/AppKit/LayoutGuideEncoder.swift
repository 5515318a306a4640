import KeyedArchive

/// `<viewLayoutGuide>` (AppKit) → the `NSLayoutGuide` a constraint names; the view lists those its
/// constraints use in `NSViewLayoutGuides`, and keeps Interface Builder's stand-ins
/// (`IBNSViewAutolayoutGuide`) for every guide it declares (the `layout_guide` and
/// `transmission_MainMenu` pairs).
enum LayoutGuideEncoder: ObjectEncoder {
    static let elements = ["viewLayoutGuide"]
    /// Guide key → the stand-in's key on the view, its system type, and the runtime guide's identifier.
    static let guides: [(key: String, viewKey: String, systemType: Int64, identifier: String?)] = [
        ("safeArea", "IBNSSafeAreaLayoutGuide", 2, "NSViewSafeAreaLayoutGuide"),
        // No pair shows a constraint on the margins guide, so its identifier is not known.
        ("layoutMargins", "IBNSLayoutMarginsGuide", 1, nil),
    ]

    static func encode(_ o: Int, into g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        ctx.setClass(of: o, g, "NSLayoutGuide")
        let key = ctx.doc.objects[o].key ?? ""
        if let identifier = guides.first(where: { $0.key == key })?.identifier {
            ctx.graph.set(g, "NSLayoutGuideIdentifier", ctx.graph.string(identifier))
        } else {
            ctx.warn("constraints on the \"\(key)\" layout guide are not compiled yet: it loads as a plain guide", at: o)
        }
        ctx.graph.set(g, "NSShouldBeArchived", .bool(true))
        ctx.graph.set(g, "NSLayoutGuideNegativeSize", .bool(true))
        ctx.graph.set(g, "NSLayoutGuideLockedToOwningView", .bool(true))
        ctx.graph.set(g, "NSLayoutGuideSystemConstraints", ctx.graph.collection("NSMutableArray", []))
    }

    /// Writes view `o`'s guide stand-ins and the guides its or any constraint names.
    static func encodeGuides(of o: Int, _ g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        var used: [NibGraph.Value] = []
        for guide in guides {
            guard let e = ctx.object(o, key: guide.key), ctx.doc.objects[e].name == "viewLayoutGuide" else {
                ctx.graph.set(g, guide.viewKey, .null)
                continue
            }
            let standIn = ctx.graph.add("IBNSViewAutolayoutGuide")
            ctx.graph.set(standIn, "IBNSLayoutGuideSystemType", .int(guide.systemType))
            ctx.graph.set(g, guide.viewKey, .ref(standIn))
            if ctx.constraintItems.contains(ctx.doc.objects[e].id) { used.append(try ctx.ref(e)) }
        }
        if !used.isEmpty { ctx.graph.set(g, "NSViewLayoutGuides", ctx.graph.collection("NSArray", used)) }
    }
}
