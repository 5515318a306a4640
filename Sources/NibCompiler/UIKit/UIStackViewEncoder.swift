import KeyedArchive

/// `<stackView>` → `UIStackView`: the view keys, then what `UIStackView` itself archives, all of it
/// always: its arranged subviews (the source's subviews, when there are any), axis, distribution,
/// alignment, spacing, and the baseline- and margin-relative switches.
enum UIStackViewEncoder: ObjectEncoder {
    static let elements = ["stackView"]
    static let distributions: [String: Int64] = ["fill": 0, "fillEqually": 1, "fillProportionally": 2, "equalSpacing": 3, "equalCentering": 4]
    /// `UIStackView.Alignment`: leading and top share a value, as do trailing and bottom.
    static let alignments: [String: Int64] = [
        "fill": 0, "leading": 1, "top": 1, "firstBaseline": 2, "center": 3, "trailing": 4, "bottom": 4, "lastBaseline": 5,
    ]

    static func encode(_ o: Int, into g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        ctx.setClass(of: o, g, "UIStackView")
        try UIKitView.encodeBase(o, g, &ctx)
        var arranged: [NibGraph.Value] = []
        for s in ctx.objects(o, in: "subviews") { arranged.append(try ctx.ref(s)) }
        if !arranged.isEmpty { ctx.graph.set(g, "UIStackViewArrangedSubviews", ctx.graph.collection("NSArray", arranged)) }
        ctx.graph.set(g, "UIStackViewAxis", .int(ctx.attr(o, "axis") == "vertical" ? 1 : 0))
        for (attr, key, table) in [("distribution", "UIStackViewDistribution", distributions), ("alignment", "UIStackViewAlignment", alignments)] {
            let name = ctx.attr(o, attr) ?? "fill"
            if table[name] == nil { ctx.warn("<stackView> \(attr) \"\(name)\" is not one UIStackView has: fill is archived", at: o) }
            ctx.graph.set(g, key, .int(table[name] ?? 0))
        }
        ctx.graph.set(g, "UIStackViewSpacing", .double(ctx.attr(o, "spacing").flatMap(Double.init) ?? 0))
        ctx.graph.set(g, "UIStackViewBaselineRelative", .bool(ctx.flag(o, "baselineRelativeArrangement")))
        ctx.graph.set(g, "UIStackViewLayoutMarginsRelative", .bool(ctx.flag(o, "layoutMarginsRelativeArrangement")))
    }
}
