import KeyedArchive

/// `<tapGestureRecognizer>` → `UITapGestureRecognizer`: every touch type allowed (direct, indirect,
/// pencil, indirect pointer: 15), exclusive touch types, and its `UITapRecognizer` (brooklyn's
/// BLOnboardingViewController pair). Its action arrives as an event connection.
enum UIGestureRecognizerEncoder: ObjectEncoder {
    static let elements = ["tapGestureRecognizer"]

    static func encode(_ o: Int, into g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        ctx.setClass(of: o, g, "UITapGestureRecognizer")
        ctx.graph.set(g, "UIGestureRecognizer.allowedTouchTypes", .int(15))
        ctx.graph.set(g, "UIGestureRecognizer.requiresExclusiveTouchType", .bool(true))
        ctx.graph.set(g, "UITapGestureRecognizer._imp", .ref(ctx.graph.add("UITapRecognizer")))
        for name in ["numberOfTapsRequired", "numberOfTouchesRequired"] where (ctx.attr(o, name) ?? "1") != "1" {
            ctx.warn("<tapGestureRecognizer> \(name) is not compiled yet", element: ctx.doc.objects[o].element)
        }
    }
}
