import KeyedArchive

/// Gesture recognizers: every touch type allowed (direct, indirect, pencil, indirect pointer: 15) and
/// exclusive touch types, as UIGestureRecognizer archives them; `<tapGestureRecognizer>` →
/// `UITapGestureRecognizer` with its `UITapRecognizer` (brooklyn's BLOnboardingViewController pair);
/// `<pongPressGestureRecognizer>` (Interface Builder's spelling of long press) →
/// `UILongPressGestureRecognizer` with its `UITapRecognizer`, press duration, allowable movement and
/// touches where they leave UIKit's defaults (0.5 s, 10 points, 1). Actions arrive as event connections.
enum UIGestureRecognizerEncoder: ObjectEncoder {
    static let elements = ["tapGestureRecognizer", "pongPressGestureRecognizer"]

    static func encode(_ o: Int, into g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        let longPress = ctx.doc.objects[o].name == "pongPressGestureRecognizer"
        let cls = longPress ? "UILongPressGestureRecognizer" : "UITapGestureRecognizer"
        ctx.setClass(of: o, g, cls)
        ctx.graph.set(g, "UIGestureRecognizer.allowedTouchTypes", .int(15))
        ctx.graph.set(g, "UIGestureRecognizer.requiresExclusiveTouchType", .bool(true))
        ctx.graph.set(g, "\(cls)._imp", .ref(ctx.graph.add("UITapRecognizer")))
        if longPress {
            if let d = ctx.attr(o, "minimumPressDuration").flatMap(Double.init), d != 0.5 {
                ctx.graph.set(g, "UILongPressGestureRecognizer.minimumPressDuration", .float(Float(d)))
            }
            if let m = ctx.attr(o, "allowableMovement").flatMap(Double.init), m != 10 {
                ctx.graph.set(g, "UILongPressGestureRecognizer.allowableMovement", .float(Float(m)))
            }
            if let n = ctx.attr(o, "numberOfTouchesRequired").flatMap({ Int64($0) }), n != 1 {
                ctx.graph.set(g, "UILongPressGestureRecognizer.numberOfTouchesRequired", .int(n))
            }
            return
        }
        for name in ["numberOfTapsRequired", "numberOfTouchesRequired"] where (ctx.attr(o, name) ?? "1") != "1" {
            ctx.warn("<tapGestureRecognizer> \(name) is not compiled yet", element: ctx.doc.objects[o].element)
        }
    }
}
