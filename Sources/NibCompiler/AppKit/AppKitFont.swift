import KeyedArchive

/// `<font>` → `NSFont` {`NSName`, `NSSize`, `NSfFlags`}. Meta fonts name the system font; `NSfFlags`
/// is `type << 8 | (16 + type)` with AppKit's meta-font type (4 system, 12 small system, …), 16 for a
/// named font.
enum AppKitFont {
    /// metaFont → (font name, default size, type).
    static let metaFonts: [String: (String, Double, Int64)] = [
        "system": (".AppleSystemUIFont", 13, 4), "systemBold": (".AppleSystemUIFontBold", 13, 8),
        "smallSystem": (".AppleSystemUIFont", 11, 12), "smallSystemBold": (".AppleSystemUIFontBold", 11, 13),
        "miniSystem": (".AppleSystemUIFont", 9, 14), "miniSystemBold": (".AppleSystemUIFontBold", 9, 15),
        "menu": (".AppleSystemUIFont", 13, 6), "message": (".AppleSystemUIFont", 13, 6), "label": (".AppleSystemUIFont", 10, 11),
        "cellTitle": (".AppleSystemUIFont", 12, 5), "controlContent": (".AppleSystemUIFont", 13, 4),
        "menuBar": (".AppleSystemUIFont", 14, 6), "palette": (".AppleSystemUIFont", 11, 12), "toolTip": (".AppleSystemUIFont", 11, 12),
        "titleBar": (".AppleSystemUIFontBold", 13, 8), "user": ("Helvetica", 12, 0), "userFixedPitch": ("Menlo-Regular", 11, 0),
    ]

    /// The `NSFont` of `<font>` element `e` (shared with every equal font).
    static func font(_ e: Int, _ ctx: inout EncodingContext) -> NibGraph.Value {
        let el = ctx.tree.elements[e]
        var name = el["name"] ?? "Helvetica"
        var size = el["size"].flatMap(Double.init) ?? 12
        var type: Int64 = 0
        if let meta = el["metaFont"], let m = metaFonts[meta] {
            name = m.0
            size = el["size"].flatMap(Double.init) ?? m.1
            type = m.2
            if meta == "system", let s = el["size"].flatMap(Double.init), s != 13 { type = s == 11 ? 12 : s == 9 ? 14 : 4 }
        }
        let flags: Int64 = type == 0 ? 16 : type << 8 | (16 + type)
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
        let flags = type << 8 | (16 + type)
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
        let key = "font:header"
        if let cached = ctx.shared[key] { return cached }
        let descriptor = ctx.graph.add("NSFontDescriptor")
        let attributes = ctx.graph.dictionary("NSDictionary", [
            (ctx.graph.string("NSCTFontSizeCategoryAttribute"), ctx.graph.number(Int64(3))),
            (ctx.graph.string("NSCTFontUIUsageAttribute"), ctx.graph.string("UICTFontTextStyleSubhead")),
            (ctx.graph.string("NSFontSizeAttribute"), ctx.graph.number(11.0)),
        ])
        ctx.graph.set(descriptor, "NSFontDescriptorAttributes", attributes)
        ctx.graph.set(descriptor, "NSFontDescriptorOptions", .int(0x8000_8404))
        let i = ctx.graph.add("NSFont")
        ctx.graph.set(i, "NSName", ctx.graph.string(".AppleSystemUIFont"))
        ctx.graph.set(i, "NSSize", .double(11))
        ctx.graph.set(i, "NSfFlags", .int(16))
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
