import KeyedArchive

/// `<stackView>` → `NSStackView` with its orientation, alignments, distribution, spacing, edge insets,
/// hugging and clipping priorities; arranged subviews go in an `NSStackViewContainer`
/// (`NSStackViewBeginningContainer`) and the stack asks, through an `NSNibConnector` placed first in
/// `NSConnections`, to be decoded before other connections.
enum StackViewEncoder: ObjectEncoder {
    static let elements = ["stackView"]

    /// `alignment` → `NSLayoutAttribute`, and the secondary alignment AppKit stores beside it
    /// (1 leading/top, 2 first baseline, 3 centre, 4 trailing/bottom, 5 last baseline).
    static let alignments: [String: (attribute: Int64, secondary: Int64)] = [
        "leading": (5, 1), "top": (3, 1), "firstBaseline": (12, 2), "centerX": (9, 3), "centerY": (10, 3),
        "trailing": (6, 4), "bottom": (4, 4), "baseline": (11, 5), "lastBaseline": (11, 5),
    ]
    /// `distribution` → `NSStackViewDistribution`.
    static let distributions: [String: Int64] = [
        "gravityAreas": -1, "fill": 0, "fillEqually": 1, "fillProportionally": 2, "equalSpacing": 3, "equalCentering": 4,
    ]
    /// The label ibtool gives the early-decoding connector.
    static let earlyDecodingLabel =
        "Encoding NSStackView requires being decoded before other connections with an early decoding order priority of 999990."
    /// `customSpacing` entries meaning "use the default spacing" (`NSStackViewSpacingUseDefault`, FLT_MAX).
    static let defaultCustomSpacing = Double(Float.greatestFiniteMagnitude)

    static func encode(_ o: Int, into g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        ctx.setClass(of: o, g, "NSStackView")
        try AppKitView.encodeBase(o, g, &ctx)
        // A stack laid out by constraints (no fixed frame) does not translate its autoresizing mask;
        // nor does a stack of a custom class, whatever its frame.
        if ctx.attr(o, "translatesAutoresizingMaskIntoConstraints") == "NO",
           !ctx.flag(o, "fixedFrame") || ctx.doc.objects[o].customClass != nil {
            ctx.graph.set(g, "NSDoNotTranslateAutoresizingMask", .bool(true))
        }
        let vertical = ctx.attr(o, "orientation") == "vertical"
        ctx.graph.set(g, "NSStackViewOrientation", .int(vertical ? 1 : 0))
        let alignmentName = ctx.attr(o, "alignment") ?? (vertical ? "centerX" : "centerY")
        guard let alignment = alignments[alignmentName] else {
            throw ctx.tree.error(.corrupt, "<stackView> alignment \"\(alignmentName)\" is not a stack alignment", at: ctx.doc.objects[o].element)
        }
        ctx.graph.set(g, "NSStackViewSecondaryAlignment", .int(alignment.secondary))
        ctx.graph.set(g, "NSStackViewAlignment", .int(alignment.attribute))
        ctx.graph.set(g, "NSStackViewVerticalClippingResistance", .float(priority(o, "verticalClippingResistancePriority", 1000, ctx)))
        ctx.graph.set(g, "NSStackViewHorizontalClippingResistance", .float(priority(o, "horizontalClippingResistancePriority", 1000, ctx)))
        ctx.graph.set(g, "NSStackViewVerticalHugging", .float(priority(o, "verticalStackHuggingPriority", 250, ctx)))
        ctx.graph.set(g, "NSStackViewHorizontalHugging", .float(priority(o, "horizontalStackHuggingPriority", 250, ctx)))
        ctx.graph.set(g, "NSStackViewSpacing", .float(Float(ctx.attr(o, "spacing").flatMap(Double.init) ?? 8)))
        let distributionName = ctx.attr(o, "distribution") ?? "fill"
        guard let distribution = distributions[distributionName] else {
            throw ctx.tree.error(.corrupt, "<stackView> distribution \"\(distributionName)\" is not a stack distribution", at: ctx.doc.objects[o].element)
        }
        if distributionName == "equalSpacing" { ctx.graph.set(g, "NSStackViewHasEqualSpacing", .bool(true)) }
        ctx.graph.set(g, "NSStackViewdistribution", .int(distribution))
        let insets = ctx.property(o, "edgeInsets")
        for side in ["top", "left", "right", "bottom"] {
            ctx.graph.set(g, "NSStackViewEdgeInsets.\(side)", .float(Float(insets.flatMap { ctx.number($0, side) } ?? 0)))
        }
        let arranged = ctx.objects(o, in: "subviews")
        if !arranged.isEmpty {
            try encodeContainer(o, stack: g, arranged: arranged, &ctx)
            let connector = ctx.graph.add("NSNibConnector")
            ctx.graph.set(connector, "NSSource", .ref(g))
            ctx.graph.set(connector, "NSLabel", ctx.graph.string(earlyDecodingLabel))
            ctx.earlyConnectors.append(.ref(connector))
        }
        ctx.graph.set(g, "NSStackViewDetachesHiddenViews", .bool(ctx.flag(o, "detachesHiddenViews")))
        ctx.graph.set(g, "NSStackViewHasFlatViewHierarchy", .bool(true))
    }

    /// The gravity container of the arranged subviews; custom spacing and visibility priorities other
    /// than the defaults are reported, not encoded.
    static func encodeContainer(_ o: Int, stack g: Int, arranged: [Int], _ ctx: inout EncodingContext) throws(ArchiveError) {
        let container = ctx.graph.add("NSStackViewContainer")
        ctx.graph.set(container, "NSNextResponder", .null)
        ctx.graph.set(container, "NSNibTouchBar", .null)
        ctx.graph.set(container, "NSvFlags", .int(0x100))
        ctx.graph.set(container, "NSFrameSize", ctx.graph.string("{0, 0}"))
        ctx.graph.set(container, "NSViewWantsBestResolutionOpenGLSurface", .bool(true))
        ctx.graph.set(container, "NSDoNotTranslateAutoresizingMask", .bool(true))
        ctx.graph.set(container, "IBNSSafeAreaLayoutGuide", .null)
        ctx.graph.set(container, "IBNSLayoutMarginsGuide", .null)
        ctx.graph.set(container, "IBNSClipsToBounds", .int(0))
        ctx.graph.set(container, "NSStackViewContainerStackView", .ref(g))
        ctx.graph.set(container, "NSStackViewContainerViewToCustomAfterSpaceMap", .null)
        ctx.graph.set(container, "NSStackViewContainerVisibilityPriorities", .null)
        var views: [NibGraph.Value] = []
        for v in arranged { views.append(try ctx.ref(v)) }
        ctx.graph.set(container, "NSStackViewContainerNonDroppedViews", ctx.graph.collection("NSMutableArray", views))
        ctx.graph.set(g, "NSStackViewBeginningContainer", .ref(container))
        let element = ctx.doc.objects[o].element
        let spacing = values(in: "customSpacing", of: element, ctx)
        let priorities = values(in: "visibilityPriorities", of: element, ctx)
        if spacing.contains(where: { $0 != defaultCustomSpacing }) || priorities.contains(where: { $0 != 1000 }) {
            ctx.warn("<stackView> custom spacing and visibility priorities are not encoded yet: the defaults are used", at: o)
        }
    }

    /// A priority attribute as the `Float` AppKit stores.
    static func priority(_ o: Int, _ name: String, _ defaultValue: Float, _ ctx: EncodingContext) -> Float {
        ctx.attr(o, name).flatMap(Double.init).map { Float($0) } ?? defaultValue
    }

    /// The `value`s of `<real>`/`<integer>` children of `<name>` under `element`.
    static func values(in name: String, of element: Int, _ ctx: EncodingContext) -> [Double] {
        guard let list = ctx.tree.child(of: element, named: name) else { return [] }
        return ctx.tree.elements[list].children.compactMap { ctx.number($0, "value") }
    }
}
