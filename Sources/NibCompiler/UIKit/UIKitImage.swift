import KeyedArchive

/// Named images as UIKit nibs hold them: `UIImageNibPlaceholder` {`UIResourceName`, `UIImageWidth`,
/// `UIImageHeight`} (`nib-object-model.md` §1.5), the size from the source's `<resources><image>`
/// entry; an SF Symbol (`catalog="system"`) also names itself in `UISystemSymbolResourceName`.
enum UIKitImage {
    static func placeholder(_ name: String, catalog: String? = nil, _ ctx: inout EncodingContext) -> NibGraph.Value {
        let key = "uiimage:\(name):\(catalog ?? "")"
        if let cached = ctx.shared[key] { return cached }
        let i = ctx.graph.add("UIImageNibPlaceholder")
        ctx.graph.set(i, "UIResourceName", ctx.graph.string(name))
        if let r = ctx.doc.resources.first(where: { $0.kind == "image" && $0.name == name }) {
            let e = ctx.tree.elements[r.element]
            if let w = e["width"].flatMap(Double.init), let h = e["height"].flatMap(Double.init) {
                ctx.graph.set(i, "UIImageWidth", .double(w))
                ctx.graph.set(i, "UIImageHeight", .double(h))
            }
            if (catalog ?? e["catalog"]) == "system" { ctx.graph.set(i, "UISystemSymbolResourceName", ctx.graph.string(name)) }
        }
        ctx.shared[key] = .ref(i)
        return .ref(i)
    }
}
