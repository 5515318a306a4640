import KeyedArchive

/// `<fontDescription>` → `UIFont`: system fonts under the Xcode 12 names (`.SFUI-Regular`, …) with a
/// descriptor of size and usage, custom fonts by name with a descriptor of size and name (brooklyn's
/// BLOnboardingViewController pair).
enum UIKitFont {
    /// `weight` → (font name suffix, `CTFont…Usage`, `UIFontTraits`).
    static let weights: [String: (String, String, Int64)] = [
        "ultraLight": ("Ultralight", "CTFontUltraLightUsage", 0), "thin": ("Thin", "CTFontThinUsage", 4),
        "light": ("Light", "CTFontLightUsage", 0), "regular": ("Regular", "CTFontRegularUsage", 0),
        "medium": ("Medium", "CTFontMediumUsage", 0), "semibold": ("Semibold", "CTFontDemiUsage", 2),
        "bold": ("Bold", "CTFontEmphasizedUsage", 2), "heavy": ("Heavy", "CTFontHeavyUsage", 2), "black": ("Black", "CTFontBlackUsage", 2),
    ]

    static func font(_ e: Int, _ ctx: inout EncodingContext) -> NibGraph.Value {
        let el = ctx.tree.elements[e]
        let size = el["pointSize"].flatMap(Double.init) ?? 17
        let system = el["type"] == "system" || el["type"] == "boldSystem"
        let weight = el["type"] == "boldSystem" ? "bold" : (el["weight"] ?? "regular")
        return make(size: size, system: system, weight: weight, name: el["name"] ?? "Helvetica", &ctx)
    }

    /// The system font of `size` points and `weight`, as a control's default font.
    static func system(size: Double, weight: String = "regular", _ ctx: inout EncodingContext) -> NibGraph.Value {
        make(size: size, system: true, weight: weight, name: "", &ctx)
    }

    static func make(size: Double, system: Bool, weight weightName: String, name customName: String, _ ctx: inout EncodingContext) -> NibGraph.Value {
        let i = ctx.graph.add("UIFont")
        let weight = weights[weightName] ?? ("Regular", "CTFontRegularUsage", 0)
        let name = system ? ".SFUI-\(weight.0)" : customName
        let fontName = ctx.graph.string(name)
        ctx.graph.set(i, "UIFontName", fontName)
        // A system font is described by size and usage, a named one by size and name.
        let descriptor = ctx.graph.add("UIFontDescriptor")
        let attributes = ctx.graph.dictionary("NSDictionary", [
            (ctx.graph.string("NSFontSizeAttribute"), ctx.graph.number(size)),
            system ? (ctx.graph.string("NSCTFontUIUsageAttribute"), ctx.graph.string(weight.1)) : (ctx.graph.string("NSFontNameAttribute"), fontName),
        ])
        ctx.graph.set(descriptor, "UIFontDescriptorAttributes", attributes)
        ctx.graph.set(i, "UIFontDescriptor", .ref(descriptor))
        ctx.graph.set(i, "UIFontPointSize", .double(size))
        ctx.graph.set(i, "UIFontTextStyleForScaling", .null)
        ctx.graph.set(i, "UIFontPointSizeForScaling", .double(0))
        ctx.graph.set(i, "UIFontMaximumPointSizeAfterScaling", .double(0))
        ctx.graph.set(i, "UIFontTraits", .int(system ? weight.2 : 0))
        ctx.graph.set(i, "UISystemFont", .bool(system))
        ctx.graph.set(i, "NSName", fontName)
        ctx.graph.set(i, "NSSize", .double(size))
        return .ref(i)
    }

    static func font(of o: Int, _ ctx: inout EncodingContext) -> NibGraph.Value? {
        guard let e = ctx.property(o, "fontDescription") else { return nil }
        return font(e, &ctx)
    }
}
