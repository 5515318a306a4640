import KeyedArchive

/// The AppKit-shaped values of a legacy UIKit XIB as UIKit archived them: `NSColor` → `UIColor`,
/// `NSFont` → `UIFont`, `NSCustomResource` → `UIImageNibPlaceholder`, frame strings → bounds and centre.
enum LegacyUIKitValues {
    /// A `UIColor` in RGB (`UIRed`, `UIGreen`, `UIBlue`, `UIAlpha` as floats, `UIColorComponentCount`
    /// 4): Interface Builder 3 converted every colour of the document to RGB, a white level w to (w, w, w),
    /// and archived equal colours once. A catalog colour is its fallback colour (`NSColor`).
    static func color(_ o: Int, _ b: inout LegacyUIKitNibBuilder) -> NibGraph.Value {
        let a = b.archive
        var components: [Float]?
        // A catalog colour (space 6) stands for its fallback; a chain of them ends within a few steps.
        var c = o
        for _ in 0 ..< 8 {
            switch a.int(c, "NSColorSpace") ?? -1 {
            case 1, 2: components = numbers(a, c, "NSRGB", count: 3)
            case 3, 4: components = numbers(a, c, "NSWhite", count: 1).map { w in [w[0], w[0], w[0], w[1]] }
            case 6:
                if let fallback = a.object(c, "NSColor"), a.objects[fallback].className == "NSColor" {
                    c = fallback
                    continue
                }
            default: break
            }
            break
        }
        guard let rgba = components else {
            b.warn("a colour of NSColorSpace \(a.int(c, "NSColorSpace").map(String.init) ?? "(none)") is not compiled", a.objects[c].element)
            return .null
        }
        if let shared = b.colors[rgba] { return shared }
        let made = rgbColor(rgba, &b.graph)
        b.colors[rgba] = made
        return made
    }

    /// A new RGB `UIColor` of `rgba`.
    static func rgbColor(_ rgba: [Float], _ graph: inout NibGraph) -> NibGraph.Value {
        let c = graph.add("UIColor")
        for (key, v) in zip(["UIRed", "UIGreen", "UIBlue", "UIAlpha"], rgba) { graph.set(c, key, .float(v)) }
        graph.set(c, "UIColorComponentCount", .int(4))
        return .ref(c)
    }

    /// A new grey `UIColor` (`UIWhite`, `UIAlpha`, `UIColorComponentCount` 2), as UIKit's own defaults are.
    static func whiteColor(_ white: Float, alpha: Float = 1, _ graph: inout NibGraph) -> NibGraph.Value {
        let c = graph.add("UIColor")
        graph.set(c, "UIWhite", .float(white))
        graph.set(c, "UIAlpha", .float(alpha))
        graph.set(c, "UIColorComponentCount", .int(2))
        return .ref(c)
    }

    /// The `count` components and the alpha (1 when absent) of `NSRGB`/`NSWhite`: ASCII numbers
    /// separated by spaces, NUL-terminated; nil when they do not parse.
    static func numbers(_ a: LegacyIBArchive, _ o: Int, _ key: String, count: Int) -> [Float]? {
        guard case .bytes(let bytes)? = a.value(o, key) else { return nil }
        let text = String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        let parts = text.split(separator: " ").map { Float($0) }
        guard parts.count == count || parts.count == count + 1, parts.allSatisfy({ $0?.isFinite == true }) else { return nil }
        let values = parts.compactMap { $0 }
        return values.count == count ? values + [1] : values
    }

    /// A `UIFont` (`UIFontName`, `UIFontPointSize`) of an `NSFont`; equal fonts are archived once.
    static func font(_ o: Int, _ b: inout LegacyUIKitNibBuilder) -> NibGraph.Value {
        let name = b.archive.string(o, "NSName") ?? "Helvetica"
        let size: Double
        switch b.archive.value(o, "NSSize") {
        case .double(let d)?: size = d
        case .float(let f)?: size = Double(f)
        case .int(let n)?: size = Double(n)
        default: size = 12
        }
        return font(name: name, size: size, &b)
    }

    static func font(name: String, size: Double, _ b: inout LegacyUIKitNibBuilder) -> NibGraph.Value {
        let key = "\(name) \(size)"
        if let made = b.fonts[key] { return made }
        let f = b.graph.add("UIFont")
        b.graph.set(f, "UIFontName", b.graph.string(name))
        b.graph.set(f, "UIFontPointSize", .double(size))
        b.fonts[key] = .ref(f)
        return .ref(f)
    }

    /// A named image (`NSCustomResource` of class `NSImage`): a `UIImageNibPlaceholder` the loader
    /// resolves by name.
    static func image(_ o: Int, _ b: inout LegacyUIKitNibBuilder) -> NibGraph.Value {
        let a = b.archive
        guard a.string(o, "NSClassName") == "NSImage", let name = a.string(o, "NSResourceName") else {
            b.warn("a resource of class \(a.string(o, "NSClassName") ?? "(none)") is not compiled", a.objects[o].element)
            return .null
        }
        let i = b.graph.add("UIImageNibPlaceholder")
        b.graph.set(i, "UIResourceName", b.graph.string(name))
        // The image's size, which a compile that does not open the image cannot know: Interface Builder 3
        // wrote 1 × 1 then (controlpad's SNESControllerViewController, whose LastKnownImageSizes said 16 × 16).
        b.graph.set(i, "UIImageWidth", .float(1))
        b.graph.set(i, "UIImageHeight", .float(1))
        return .ref(i)
    }

    /// A view's frame (x, y, width, height) from `NSFrame`, or `NSFrameSize` at the origin; nil when it
    /// has neither (or they do not parse: reported).
    static func frame(_ o: Int, _ b: inout LegacyUIKitNibBuilder) -> [Double]? {
        let a = b.archive
        if let text = a.string(o, "NSFrame") {
            if let r = NibGeometryString.parse(text, as: .rect) { return r }
            b.warn("NSFrame \"\(text)\" is not a rectangle", a.objects[o].element)
            return nil
        }
        if let text = a.string(o, "NSFrameSize") {
            if let s = NibGeometryString.parse(text, as: .pair) { return [0, 0, s[0], s[1]] }
            b.warn("NSFrameSize \"\(text)\" is not a size", a.objects[o].element)
        }
        return nil
    }
}
