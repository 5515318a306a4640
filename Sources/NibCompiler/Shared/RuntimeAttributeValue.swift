import KeyedArchive

/// The value of a `<userDefinedRuntimeAttribute>`, as both runtimes archive it: strings as
/// `NSString`, numbers as `NSNumber` (integer when the text is one), booleans as `NSNumber`
/// (`NS.boolval` in AppKit nibs, `NS.intval` in UIKit ones), `nil` as nil, colours as the `NSColor` or
/// `UIColor` a colour property of the runtime would hold. Other types are warned about and left out.
enum RuntimeAttributeValue {
    static func value(_ a: XIBRuntimeAttribute, _ ctx: inout EncodingContext) -> NibGraph.Value? {
        switch a.type {
        case "string", "localizedString":
            return ctx.graph.string(a.value ?? "")
        case "number":
            // A <real> is a double even when integral; an <integer> or a bare value is an integer if it reads as one.
            if let real = ctx.tree.child(of: a.element, named: "real").flatMap({ ctx.tree.elements[$0]["value"] }) {
                return ctx.graph.number(Double(real) ?? 0)
            }
            let text = a.value ?? ctx.tree.child(of: a.element, named: "integer").flatMap { ctx.tree.elements[$0]["value"] } ?? "0"
            if let n = Int64(text) { return ctx.graph.number(n) }
            return ctx.graph.number(Double(text) ?? 0)
        case "boolean":
            let n = ctx.graph.add("NSNumber")
            if ctx.doc.runtime == .cocoa {
                ctx.graph.set(n, "NS.boolval", .bool(a.value == "YES"))
            } else {
                ctx.graph.set(n, "NS.intval", .int(a.value == "YES" ? 1 : 0))
            }
            return .ref(n)
        case "nil":
            return .null
        case "color":
            guard let e = ctx.tree.child(of: a.element, named: "color") else {
                ctx.warn("runtime attribute \(a.keyPath) of type color has no <color>: left out", element: a.element)
                return nil
            }
            return ctx.doc.runtime == .cocoa ? AppKitColor.color(e, &ctx) : UIKitColor.color(e, &ctx)
        default:
            ctx.warn("runtime attribute \(a.keyPath) of type \(a.type) is not compiled yet", element: a.element)
            return nil
        }
    }
}
