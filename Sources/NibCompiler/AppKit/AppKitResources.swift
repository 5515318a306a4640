import KeyedArchive

/// Images and other resources as AppKit nibs reference them: `NSCustomResource` {`NSClassName`,
/// `NSResourceName`, `NSCatalogName`, `IBNamespaceID`, `IBDesignSize`, `IBDesignImageConfiguration`}.
enum AppKitResources {
    /// System images whose design size is not the {32, 32} ibtool writes for the others (whatever the
    /// `<resources>` entry says).
    static let systemImageSizes: [String: (Double, Double)] = [
        "NSStatusAvailable": (16, 16), "NSStatusUnavailable": (16, 16), "NSStatusPartiallyAvailable": (16, 16),
        "NSStatusNone": (16, 16),
    ]

    /// An `NSCustomResource` for image `name` (`catalog="system"` for SF Symbols). A source's `NS…`
    /// image without a catalog is one of AppKit's named images: namespace `system` (the menu's own
    /// check and mixed-state images pass `namedBySource: false` and have none). The design size of a
    /// system image is ibtool's own (mostly {32, 32}); of others the `<resources><image>` entry's, or the
    /// given default.
    static func image(_ name: String, catalog: String?, defaultSize: (Double, Double)? = nil, namedBySource: Bool = true,
                      _ ctx: inout EncodingContext) -> NibGraph.Value {
        let system = namedBySource && catalog == nil && name.hasPrefix("NS")
        let systemNamespace = system || catalog == "system"
        let key = "image:\(name):\(catalog ?? ""):\(system)"
        if let cached = ctx.shared[key] { return cached }
        let i = ctx.graph.add("NSCustomResource")
        ctx.graph.set(i, "NSClassName", ctx.graph.string("NSImage"))
        ctx.graph.set(i, "NSResourceName", ctx.graph.string(name))
        if let catalog { ctx.graph.set(i, "NSCatalogName", ctx.graph.string(catalog)) }
        ctx.graph.set(i, "IBNamespaceID", (catalog ?? (system ? "system" : nil)).map { ctx.graph.string($0) } ?? .null)
        let size = systemNamespace ? systemImageSizes[name] ?? (32, 32) : designSize(name, ctx) ?? defaultSize
        ctx.graph.set(i, "IBDesignSize", size.map { sizeValue($0.0, $0.1, &ctx) } ?? .null)
        ctx.graph.set(i, "IBDesignImageConfiguration", .null)
        ctx.shared[key] = .ref(i)
        return .ref(i)
    }

    /// The `<resources><image name width height>` size of `name`.
    static func designSize(_ name: String, _ ctx: EncodingContext) -> (Double, Double)? {
        for r in ctx.doc.resources where r.kind == "image" && r.name == name {
            let e = ctx.tree.elements[r.element]
            if let w = e["width"].flatMap(Double.init), let h = e["height"].flatMap(Double.init) { return (w, h) }
        }
        return nil
    }

    /// `NSValue` {`NS.special` = 2, `NS.sizeval` = "{w, h}"}.
    static func sizeValue(_ w: Double, _ h: Double, _ ctx: inout EncodingContext) -> NibGraph.Value {
        let key = "size:\(w):\(h)"
        if let cached = ctx.shared[key] { return cached }
        let i = ctx.graph.add("NSValue")
        ctx.graph.set(i, "NS.special", .int(2))
        ctx.graph.set(i, "NS.sizeval", ctx.graph.string(NibGeometryString.format([w, h], as: .pair)))
        ctx.shared[key] = .ref(i)
        return .ref(i)
    }
}
