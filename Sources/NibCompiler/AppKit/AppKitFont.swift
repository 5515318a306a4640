import KeyedArchive

/// `<font>` → `NSFont` {`NSName`, `NSSize`, `NSfFlags`}. Meta fonts name the system font; `NSfFlags`
/// is `type << 8 | 0x10 | type & 0xF` with AppKit's meta-font type (4 system, 12 small system, 19
/// cell title, …), 0x10 for a named font. The title bar font also carries its text style.
enum AppKitFont {
    /// metaFont → (font name, default size, type).
    static let metaFonts: [String: (String, Double, Int64)] = [
        "system": (".AppleSystemUIFont", 13, 4), "systemBold": (".AppleSystemUIFontBold", 13, 8),
        "smallSystem": (".AppleSystemUIFont", 11, 12), "smallSystemBold": (".AppleSystemUIFontBold", 11, 13),
        "miniSystem": (".AppleSystemUIFont", 9, 14), "miniSystemBold": (".AppleSystemUIFontBold", 9, 15),
        "menu": (".AppleSystemUIFont", 13, 6), "message": (".AppleSystemUIFont", 13, 6), "label": (".AppleSystemUIFont", 10, 11),
        "cellTitle": (".AppleSystemUIFont", 12, 19), "controlContent": (".AppleSystemUIFont", 12, 10),
        "menuBar": (".AppleSystemUIFont", 14, 16), "palette": (".AppleSystemUIFont", 11, 7), "toolTip": (".AppleSystemUIFont", 11, 9),
        "titleBar": (".AppleSystemUIFontBold", 13, 3), "user": ("Helvetica", 12, 1), "userFixedPitch": ("Menlo-Regular", 11, 2),
    ]

    /// `NSfFlags` of a font of meta-font `type` (0 for a font named in the source).
    static func flags(type: Int64) -> Int64 { type << 8 | 0x10 | type & 0xF }

    /// The `NSFont` of `<font>` element `e` (shared with every equal font).
    static func font(_ e: Int, _ ctx: inout EncodingContext) -> NibGraph.Value {
        let el = ctx.tree.elements[e]
        if el["usesAppearanceFont"] == "YES" { return appearanceFont(&ctx) }
        var name = el["name"] ?? "Helvetica"
        var size = el["size"].flatMap(Double.init) ?? 12
        var type: Int64 = 0
        if let meta = el["metaFont"], let m = metaFonts[meta] {
            name = m.0
            size = el["size"].flatMap(Double.init) ?? m.1
            type = m.2
            if meta == "system", let s = el["size"].flatMap(Double.init), s != 13 { type = s == 11 ? 12 : s == 9 ? 14 : 4 }
        }
        let flags = Self.flags(type: type)
        if el["metaFont"] == "titleBar", el["size"] == nil {
            return textStyleFont(name: name, size: size, flags: flags, style: "UICTFontTextStyleHeadline", &ctx)
        }
        return named(name, size: size, flags: flags, &ctx)
    }

    /// `<font usesAppearanceFont="YES">`: the 13-point system font that takes its size from the
    /// appearance (`NSFontUsesAppearanceFontSize`), shared.
    static func appearanceFont(_ ctx: inout EncodingContext) -> NibGraph.Value {
        let key = "font:appearance"
        if let cached = ctx.shared[key] { return cached }
        let i = ctx.graph.add("NSFont")
        ctx.graph.set(i, "NSName", ctx.graph.string(".AppleSystemUIFont"))
        ctx.graph.set(i, "NSFontUsesAppearanceFontSize", .bool(true))
        ctx.graph.set(i, "NSSize", .double(13))
        ctx.graph.set(i, "NSfFlags", .int(flags(type: 4)))
        ctx.shared[key] = .ref(i)
        return .ref(i)
    }

    /// The font of meta font `name` at its own size.
    static func metaFont(_ name: String, _ ctx: inout EncodingContext) -> NibGraph.Value {
        let m = metaFonts[name] ?? metaFonts["system"] ?? (".AppleSystemUIFont", 13, 4)
        return named(m.0, size: m.1, flags: Self.flags(type: m.2), &ctx)
    }

    /// The `NSFont` {name, size, flags}, one object for every use of the same three.
    static func named(_ name: String, size: Double, flags: Int64, _ ctx: inout EncodingContext) -> NibGraph.Value {
        let key = "font:\(name):\(size):\(flags)"
        if let cached = ctx.shared[key] { return cached }
        let i = ctx.graph.add("NSFont")
        ctx.graph.set(i, "NSName", ctx.graph.string(name))
        ctx.graph.set(i, "NSSize", .double(size))
        ctx.graph.set(i, "NSfFlags", .int(flags))
        ctx.shared[key] = .ref(i)
        return .ref(i)
    }

    /// The system font of `size` points (small system at 11).
    static func systemFont(_ size: Double, _ ctx: inout EncodingContext) -> NibGraph.Value {
        let type: Int64 = size == 11 ? 12 : size == 9 ? 14 : 4
        let flags = Self.flags(type: type)
        let key = "font:.AppleSystemUIFont:\(size):\(flags)"
        if let cached = ctx.shared[key] { return cached }
        let i = ctx.graph.add("NSFont")
        ctx.graph.set(i, "NSName", ctx.graph.string(".AppleSystemUIFont"))
        ctx.graph.set(i, "NSSize", .double(size))
        ctx.graph.set(i, "NSfFlags", .int(flags))
        ctx.shared[key] = .ref(i)
        return .ref(i)
    }

    /// The font recent ibtools give every table header cell, whatever the source names: the 11-point
    /// system font tied to the `subheadline` text style (`NSTextStyleDescriptor`).
    static func headerFont(_ ctx: inout EncodingContext) -> NibGraph.Value {
        textStyleFont(name: ".AppleSystemUIFont", size: 11, flags: 0x10, style: "UICTFontTextStyleSubhead", &ctx)
    }

    /// A font tied to a text style (`NSTextStyleDescriptor`: size category 3, the style as the UI
    /// usage, the size), shared with every equal one.
    static func textStyleFont(name: String, size: Double, flags: Int64, style: String, _ ctx: inout EncodingContext) -> NibGraph.Value {
        let key = "font:\(name):\(size):\(flags):\(style)"
        if let cached = ctx.shared[key] { return cached }
        let descriptor = ctx.graph.add("NSFontDescriptor")
        let attributes = ctx.graph.dictionary("NSDictionary", [
            (ctx.graph.string("NSCTFontSizeCategoryAttribute"), ctx.graph.number(Int64(3))),
            (ctx.graph.string("NSCTFontUIUsageAttribute"), ctx.graph.string(style)),
            (ctx.graph.string("NSFontSizeAttribute"), ctx.graph.number(size)),
        ])
        ctx.graph.set(descriptor, "NSFontDescriptorAttributes", attributes)
        ctx.graph.set(descriptor, "NSFontDescriptorOptions", .int(0x8000_8404))
        let i = ctx.graph.add("NSFont")
        ctx.graph.set(i, "NSName", ctx.graph.string(name))
        ctx.graph.set(i, "NSSize", .double(size))
        ctx.graph.set(i, "NSfFlags", .int(flags))
        ctx.graph.set(i, "NSTextStyleDescriptor", .ref(descriptor))
        ctx.graph.set(i, "NSHasWidth", .bool(false))
        ctx.shared[key] = .ref(i)
        return .ref(i)
    }

    /// The font of object `o`'s `<font key="font">`, if any.
    static func font(of o: Int, _ ctx: inout EncodingContext) -> NibGraph.Value? {
        guard let e = ctx.property(o, "font") else { return nil }
        return font(e, &ctx)
    }
}
