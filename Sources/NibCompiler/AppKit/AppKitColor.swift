import Foundation
import KeyedArchive

/// `<color>` → `NSColor`: catalog colours (`NSColorSpace` 6, catalog and name, and the fallback
/// colour ibtool resolves them to), calibrated and device white (3, 4: `NSWhite`) and RGB (1, 2:
/// `NSRGB`), components as `%.10g` text with alpha only when it is not 1, NUL-terminated.
enum AppKitColor {
    /// Fallbacks of the system catalog colours, as ibtool resolves them: (colour space, components
    /// text, generic-space components). Colours not listed get no fallback.
    static let catalogFallbacks: [String: (space: Int64, text: String, components: String)] = [
        "controlBackgroundColor": (3, "0.602715373", "0.6666666667 1"), "controlColor": (3, "0.602715373", "0.6666666667 1"),
        "controlTextColor": (3, "0", "0 1"), "gridColor": (3, "0.4246723652", "0.5 1"), "headerColor": (3, "1", "1 1"),
        "headerTextColor": (3, "0", "0 1"), "labelColor": (3, "0", "0 1"), "linkColor": (1, "0 0 0.9981992245", "0 0 1 1"),
        "secondaryLabelColor": (3, "0.2637968361", "0.3333333333 1"), "selectedTextBackgroundColor": (3, "0.602715373", "0.6666666667 1"),
        "selectedTextColor": (3, "0", "0 1"), "systemBlueColor": (1, "0 0 0.9981992245", "0 0 1 1"),
        "tertiaryLabelColor": (3, "0.4246723652", "0.5 1"), "textBackgroundColor": (3, "1", "1 1"), "textColor": (3, "0", "0 1"),
        "windowBackgroundColor": (3, "0.4246723652", "0.5 1"), "disabledControlTextColor": (3, "0.3333333333", ""),
    ]

    /// The `NSColor` for `<color>` element `e`.
    static func color(_ e: Int, _ ctx: inout EncodingContext) -> NibGraph.Value {
        var el = ctx.tree.elements[e]
        if el["colorSpace"] == nil, let name = el["name"], let inner = namedColorValue(name, at: e, &ctx) { el = ctx.tree.elements[inner] }
        let i = ctx.graph.add("NSColor")
        switch el["colorSpace"] {
        case "catalog":
            fillCatalog(i, name: el["name"] ?? "", catalog: el["catalog"] ?? "System", &ctx)
        case "calibratedRGB", "deviceRGB", "custom":
            let rgb = ["red", "green", "blue"].map { el[$0].flatMap(Double.init) ?? 0 }
            let alpha = el["alpha"].flatMap(Double.init) ?? 1
            if el["white"] != nil {
                let w = el["white"].flatMap(Double.init) ?? 0
                ctx.graph.set(i, "NSColorSpace", .int(el["colorSpace"] == "custom" ? 3 : 4))
                ctx.graph.set(i, "NSWhite", .bytes(text([w], alpha: alpha)))
                if el["colorSpace"] == "custom", el["customColorSpace"] == "genericGamma22GrayColorSpace" {
                    setCustomSpace(i, gray: true, components: [w], alpha: alpha, &ctx)
                }
            } else {
                ctx.graph.set(i, "NSColorSpace", .int(el["colorSpace"] == "deviceRGB" ? 2 : 1))
                ctx.graph.set(i, "NSRGB", .bytes(text(rgb, alpha: alpha)))
                if el["colorSpace"] == "custom", el["customColorSpace"] == "sRGB" { setCustomSpace(i, gray: false, components: rgb, alpha: alpha, &ctx) }
            }
        default:
            let w = el["white"].flatMap(Double.init) ?? 0
            let alpha = el["alpha"].flatMap(Double.init) ?? 1
            ctx.graph.set(i, "NSColorSpace", .int(el["colorSpace"] == "deviceWhite" ? 4 : 3))
            ctx.graph.set(i, "NSWhite", .bytes(text([w], alpha: alpha)))
        }
        return .ref(i)
    }

    /// The `<color>` a document's `<namedColor name="…">` resource (an asset catalog colour) gives as its
    /// value, warned about: no golden pair shows how ibtool links the catalog colour, so it is compiled as
    /// that fixed value (its other appearances are lost). Without the resource, black as before, warned too.
    static func namedColorValue(_ name: String, at e: Int, _ ctx: inout EncodingContext) -> Int? {
        let inner = ctx.doc.resources.first { $0.kind == "namedColor" && $0.name == name }.flatMap { ctx.tree.child(of: $0.element, named: "color") }
        ctx.warn(inner == nil ? "named colour \"\(name)\" has no <namedColor> resource: compiled as black"
                     : "named colour \"\(name)\" is compiled as its value in the document, not as the asset catalog colour", element: e)
        return inner
    }

    /// Catalog colours whose archived fallback is another catalog colour.
    static let catalogAliases: [String: String] = ["textInsertionPointColor": "systemBlueColor"]

    /// A catalog colour that the source does not spell out (a box title's `labelColor`, say).
    static func catalog(_ name: String, _ ctx: inout EncodingContext) -> NibGraph.Value {
        let i = ctx.graph.add("NSColor")
        fillCatalog(i, name: name, catalog: "System", &ctx)
        return .ref(i)
    }

    /// Fills `NSColor` object `i` as catalog colour `name`, with the fallback colour AppKit archives.
    static func fillCatalog(_ i: Int, name: String, catalog: String, _ ctx: inout EncodingContext) {
        ctx.graph.set(i, "NSColorSpace", .int(6))
        ctx.graph.set(i, "NSCatalogName", ctx.graph.string(catalog))
        ctx.graph.set(i, "NSColorName", ctx.graph.string(name))
        if let alias = catalogAliases[name] {
            ctx.graph.set(i, "NSColor", AppKitColor.catalog(alias, &ctx))
            return
        }
        guard let f = catalogFallbacks[name] else { return }
        let fb = ctx.graph.add("NSColor")
        ctx.graph.set(fb, "NSColorSpace", .int(f.space))
        ctx.graph.set(fb, f.space == 1 ? "NSRGB" : "NSWhite", .bytes(Array(f.text.utf8) + [0]))
        if !f.components.isEmpty {
            ctx.graph.set(fb, "NSCustomColorSpace", genericSpace(gray: f.space == 3, &ctx))
            ctx.graph.set(fb, "NSComponents", .bytes(Array(f.components.utf8)))
            ctx.graph.set(fb, "NSLinearExposure", .bytes(Array("1".utf8)))
        }
        ctx.graph.set(i, "NSColor", .ref(fb))
    }

    /// Object `o`'s background colour; in documents of tools before 12000 (Xcode 8 and older) ibtool
    /// upgrades the old default, calibrated white 1, to catalog colour `catalog`.
    static func upgradedBackground(of o: Int, catalog name: String, _ ctx: inout EncodingContext) -> NibGraph.Value? {
        guard let e = ctx.property(o, "backgroundColor"), ctx.tree.elements[e].name == "color" else { return nil }
        let el = ctx.tree.elements[e]
        if ctx.doc.toolsBuild < 12000, el["colorSpace"] == "calibratedWhite", el["white"] == "1", (el["alpha"] ?? "1") == "1" {
            return catalog(name, &ctx)
        }
        return color(e, &ctx)
    }

    /// The colour of object `o`'s `<color key="…">`, if it has one.
    static func color(of o: Int, key: String, _ ctx: inout EncodingContext) -> NibGraph.Value? {
        guard let e = ctx.property(o, key), ctx.tree.elements[e].name == "color" else { return nil }
        return color(e, &ctx)
    }

    /// Components as AppKit writes them: `%.10g` each, alpha appended when not 1, then NUL.
    static func text(_ components: [Double], alpha: Double) -> [UInt8] {
        var parts = components.map(format)
        if alpha != 1 { parts.append(format(alpha)) }
        return Array(parts.joined(separator: " ").utf8) + [0]
    }

    static func format(_ v: Double) -> String {
        String(format: "%.10g", v)
    }

    /// A colour in the generic gray (gamma 2.2) or sRGB space, as ibtool writes it beside the calibrated
    /// value: the space, the source's components with alpha (no NUL) and a linear exposure of 1
    /// (HSChooserWindow's sRGB table background, iTerm2's clear gray header). AppKit rebuilds the exact
    /// colour from these; the calibrated `NSRGB`/`NSWhite` beside them stay the source's numbers, as
    /// ibtool's conversion between the spaces is not reproduced.
    static func setCustomSpace(_ i: Int, gray: Bool, components: [Double], alpha: Double, _ ctx: inout EncodingContext) {
        ctx.graph.set(i, "NSCustomColorSpace", genericSpace(gray: gray, &ctx))
        ctx.graph.set(i, "NSComponents", .bytes(Array((components + [alpha]).map(format).joined(separator: " ").utf8)))
        ctx.graph.set(i, "NSLinearExposure", .bytes(Array("1".utf8)))
    }

    /// The generic gray (gamma 2.2) or sRGB colour space object, shared. ibtool writes the gray
    /// space's model (0) and both spaces' ICC profiles, when the options carry them; without a
    /// profile the RGB space keeps its model (1) so that it still names its kind.
    static func genericSpace(gray: Bool, _ ctx: inout EncodingContext) -> NibGraph.Value {
        let key = gray ? "colorspace:gray" : "colorspace:rgb"
        if let cached = ctx.shared[key] { return cached }
        let i = ctx.graph.add("NSColorSpace")
        ctx.graph.set(i, "NSID", .int(gray ? NibColorProfiles.grayID : NibColorProfiles.rgbID))
        let profile = gray ? ctx.options.colorProfiles.genericGray : ctx.options.colorProfiles.sRGB
        if gray || profile == nil { ctx.graph.set(i, "NSModel", .int(gray ? 0 : 1)) }
        if let profile { ctx.graph.set(i, "NSICC", ctx.graph.data(profile)) }
        ctx.shared[key] = .ref(i)
        return .ref(i)
    }
}
