import KeyedArchive

/// `<constraint>` → `NSLayoutConstraint`, the same in UIKit and AppKit nibs (`nib-object-model.md`
/// §5): items (a missing `firstItem` is the view that owns the `<constraints>`; the second item
/// exists only with a second attribute), attributes with their V2 twins, relation, multiplier, the
/// float64 constant (omitted when 0) or the symbolic `NSSpace`, priority.
enum ConstraintEncoder: ObjectEncoder {
    static let elements = ["constraint"]

    static let attributes: [String: Int64] = [
        "left": 1, "right": 2, "top": 3, "bottom": 4, "leading": 5, "trailing": 6, "width": 7, "height": 8,
        "centerX": 9, "centerY": 10, "baseline": 11, "lastBaseline": 11, "firstBaseline": 12, "leftMargin": 13,
        "rightMargin": 14, "topMargin": 15, "bottomMargin": 16, "leadingMargin": 17, "trailingMargin": 18,
        "centerXWithinMargins": 19, "centerYWithinMargins": 20,
    ]

    static func encode(_ o: Int, into g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        ctx.graph.setClass(g, "NSLayoutConstraint")
        let e = ctx.doc.objects[o].element
        guard let owner = ctx.doc.objects[o].parent else {
            throw ctx.tree.error(.corrupt, "<constraint> outside a view", at: e)
        }
        func attribute(_ name: String) throws(ArchiveError) -> Int64? {
            guard let text = ctx.attr(o, name) else { return nil }
            guard let code = attributes[text] else { throw ctx.tree.error(.corrupt, "unknown layout attribute \"\(text)\"", at: e) }
            return code
        }
        let first: NibGraph.Value
        if let id = ctx.attr(o, "firstItem") { first = try ctx.ref(id: id, from: e) } else { first = try ctx.ref(owner) }
        ctx.graph.set(g, "NSFirstItem", first)
        if let a = try attribute("firstAttribute") {
            ctx.graph.set(g, "NSFirstAttributeV2", .int(a))
            ctx.graph.set(g, "NSFirstAttribute", .int(a))
        }
        switch ctx.attr(o, "relation") {
        case "lessThanOrEqual": ctx.graph.set(g, "NSRelation", .int(-1))
        case "greaterThanOrEqual": ctx.graph.set(g, "NSRelation", .int(1))
        default: break
        }
        if let a = try attribute("secondAttribute") {
            let second: NibGraph.Value
            if let id = ctx.attr(o, "secondItem") { second = try ctx.ref(id: id, from: e) } else { second = try ctx.ref(owner) }
            ctx.graph.set(g, "NSSecondItem", second)
            ctx.graph.set(g, "NSSecondAttributeV2", .int(a))
            ctx.graph.set(g, "NSSecondAttribute", .int(a))
        }
        // ibtool's multiplier went through a float: Sparkle's update alert (Xcode 14, and its 1.x nibs)
        // holds 0.8 as 0.800000011920929.
        if let m = multiplier(ctx.attr(o, "multiplier")), m != 1 { ctx.graph.set(g, "NSMultiplier", .double(Double(Float(m)))) }
        let constant = ctx.attr(o, "constant").flatMap(Double.init) ?? 0
        if ctx.flag(o, "symbolic") {
            ctx.graph.set(g, "NSSymbolicConstant", ctx.graph.string("NSSpace"))
        } else if constant != 0 {
            ctx.graph.set(g, "NSConstantV2", .double(constant))
        }
        if let p = ctx.attr(o, "priority").flatMap({ Int64($0) }), p != 1000 { ctx.graph.set(g, "NSPriority", .int(p)) }
        ctx.graph.set(g, "NSShouldBeArchived", .bool(true))
        if !ctx.flag(o, "symbolic"), constant != 0 { ctx.graph.set(g, "NSConstant", .double(constant)) }
    }

    /// `2`, `0.5` or a ratio `16:9`.
    static func multiplier(_ text: String?) -> Double? {
        guard let text else { return nil }
        let parts = text.split(separator: ":")
        if parts.count == 2, let a = Double(parts[0]), let b = Double(parts[1]), b != 0 { return a / b }
        return Double(text)
    }
}
