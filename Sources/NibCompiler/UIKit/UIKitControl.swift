import KeyedArchive

/// The keys every `UIControl` writes: its content alignments, centred (0) by default and then left out.
enum UIKitControl {
    static let horizontalAlignments: [String: Int64] = ["center": 0, "left": 1, "right": 2, "fill": 3, "leading": 4, "trailing": 5]
    static let verticalAlignments: [String: Int64] = ["center": 0, "top": 1, "bottom": 2, "fill": 3]

    /// A vertical alignment is written twice, also as `UIContentVerticalAlignment2` (brooklyn's
    /// SendMessageController pair).
    static func encodeAlignments(_ o: Int, _ g: Int, _ ctx: inout EncodingContext) {
        if let h = horizontalAlignments[ctx.attr(o, "contentHorizontalAlignment") ?? "center"], h != 0 {
            ctx.graph.set(g, "UIContentHorizontalAlignment", .int(h))
        }
        if let v = verticalAlignments[ctx.attr(o, "contentVerticalAlignment") ?? "center"], v != 0 {
            ctx.graph.set(g, "UIContentVerticalAlignment", .int(v))
            ctx.graph.set(g, "UIContentVerticalAlignment2", .int(v))
        }
    }

    /// The control state the source sets: disabled (`UIDisabled`), selected, highlighted.
    static func encodeState(_ o: Int, _ g: Int, _ ctx: inout EncodingContext) {
        if ctx.attr(o, "enabled") == "NO" { ctx.graph.set(g, "UIDisabled", .bool(true)) }
        if ctx.flag(o, "selected") { ctx.graph.set(g, "UISelected", .bool(true)) }
        if ctx.flag(o, "highlighted") { ctx.graph.set(g, "UIHighlighted", .bool(true)) }
    }
}
