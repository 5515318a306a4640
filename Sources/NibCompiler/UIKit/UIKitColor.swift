import Foundation
import KeyedArchive

/// `<color>` → `UIColor` (`nib-object-model.md` §5): float32 components with a `-Double` twin where
/// float32 loses precision, the `NSRGB`/`NSWhite` text (3 significant digits, alpha only when not 1),
/// the colour space, and `UISystemColorName` for system colours (resolved through `<resources>`) and
/// for the white and clear colours ibtool names by itself.
enum UIKitColor {
    static func color(_ e: Int, _ ctx: inout EncodingContext) -> NibGraph.Value {
        var el = ctx.tree.elements[e]
        var systemName: String?
        if let name = el["systemColor"] {
            systemName = name
            if let r = ctx.doc.resources.first(where: { $0.kind == "systemColor" && $0.name == name }),
               let inner = ctx.tree.child(of: r.element, named: "color") {
                el = ctx.tree.elements[inner]
            }
        } else if let name = el["name"], let inner = AppKitColor.namedColorValue(name, at: e, &ctx) {
            el = ctx.tree.elements[inner]
        }
        let i = ctx.graph.add("UIColor")
        func component(_ key: String, _ v: Double) {
            let f = Float(v)
            ctx.graph.set(i, key, .float(f))
            if Double(f) != v { ctx.graph.set(i, key + "-Double", .double(v)) }
        }
        let alpha = el["alpha"].flatMap(Double.init) ?? 1
        if let white = el["white"].flatMap(Double.init) {
            if systemName == nil, alpha == 1, white == 1 { systemName = "whiteColor" }
            if systemName == nil, alpha == 0, white == 0 { systemName = "clearColor" }
            if let systemName { ctx.graph.set(i, "UISystemColorName", ctx.graph.string(systemName)) }
            ctx.graph.set(i, "UIColorComponentCount", .int(2))
            component("UIWhite", white)
            component("UIAlpha", alpha)
            ctx.graph.set(i, "NSWhite", .bytes(text([white], alpha: alpha)))
            ctx.graph.set(i, "NSColorSpace", .int(4))
        } else {
            if let systemName { ctx.graph.set(i, "UISystemColorName", ctx.graph.string(systemName)) }
            let rgb = ["red", "green", "blue"].map { el[$0].flatMap(Double.init) ?? 0 }
            ctx.graph.set(i, "UIColorComponentCount", .int(4))
            component("UIRed", rgb[0])
            component("UIGreen", rgb[1])
            component("UIBlue", rgb[2])
            component("UIAlpha", alpha)
            ctx.graph.set(i, "NSRGB", .bytes(text(rgb, alpha: alpha)))
            ctx.graph.set(i, "NSColorSpace", .int(2))
        }
        return .ref(i)
    }

    /// A gray system colour a control uses when the source names none (`labelColor`: black).
    static func systemGray(_ name: String, white: Double, alpha: Double = 1, _ ctx: inout EncodingContext) -> NibGraph.Value {
        let i = ctx.graph.add("UIColor")
        ctx.graph.set(i, "UISystemColorName", ctx.graph.string(name))
        ctx.graph.set(i, "UIColorComponentCount", .int(2))
        ctx.graph.set(i, "UIWhite", .float(Float(white)))
        if Double(Float(white)) != white { ctx.graph.set(i, "UIWhite-Double", .double(white)) }
        ctx.graph.set(i, "UIAlpha", .float(Float(alpha)))
        ctx.graph.set(i, "NSWhite", .bytes(text([white], alpha: alpha)))
        ctx.graph.set(i, "NSColorSpace", .int(4))
        return .ref(i)
    }

    /// The colour of object `o`'s `<color key="…">`, if any.
    static func color(of o: Int, key: String, _ ctx: inout EncodingContext) -> NibGraph.Value? {
        guard let e = ctx.property(o, key), ctx.tree.elements[e].name == "color" else { return nil }
        return color(e, &ctx)
    }

    /// Components as `%.3g`, alpha appended when not 1 (no terminating NUL in UIKit nibs).
    static func text(_ components: [Double], alpha: Double) -> [UInt8] {
        var parts = components.map { String(format: "%.3g", $0) }
        if alpha != 1 { parts.append(String(format: "%.3g", alpha)) }
        return Array(parts.joined(separator: " ").utf8)
    }
}
