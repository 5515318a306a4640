import Foundation
import KeyedArchive
import Nib

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
        if catalog == nil, let embedded = embeddedImage(name, &ctx) {
            ctx.shared[key] = embedded
            return embedded
        }
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

    /// An image the source carries itself (`<image name><mutableData key="keyedArchiveRepresentation">`:
    /// an `NSKeyedArchiver` archive of the `NSImage`, as Interface Builder keeps pasted images and
    /// images of sources without an asset catalog). ibtool archives the image, decoded and encoded
    /// again: its representations as archived, plus `NSTintColor` nil and, for a colour with a custom
    /// colour space, `NSLinearExposure` 1 (test16_buttons). Nil when there is no such data; a warning
    /// when it does not decode, and the image is then a named resource.
    static func embeddedImage(_ name: String, _ ctx: inout EncodingContext) -> NibGraph.Value? {
        guard let r = ctx.doc.resources.first(where: { $0.kind == "image" && $0.name == name }),
              let e = ctx.tree.child(of: r.element, key: "keyedArchiveRepresentation") else { return nil }
        var text = ctx.tree.elements[e].text.filter { !$0.isWhitespace }
        text += String(repeating: "=", count: (4 - text.count % 4) % 4)
        do throws(ArchiveError) {
            guard let data = Data(base64Encoded: text) else { throw ArchiveError(.corrupt, "not base64") }
            let archive = try ArchiveGraph(archiveBytes: Array(data)).convertedToNIBArchive()
            guard case .ref(let root)? = archive.top.first(where: { archive.keyName($0.key) == "root" })?.value else {
                throw ArchiveError(.valueNotFound, "the archive has no root object")
            }
            let image = try ctx.graph.importObjects(from: archive, root: root)
            guard case .ref(let g) = image else { return image }
            for o in g ..< ctx.graph.objects.count {
                switch ctx.graph.objects[o].className {
                case "NSImage" where ctx.graph.value(o, "NSTintColor") == nil:
                    ctx.graph.set(o, "NSTintColor", .null)
                case "NSColor" where ctx.graph.value(o, "NSCustomColorSpace") != nil && ctx.graph.value(o, "NSLinearExposure") == nil:
                    ctx.graph.set(o, "NSLinearExposure", .bytes(Array("1".utf8)))
                default: break
                }
            }
            return image
        } catch {
            ctx.warn("image \"\(name)\": its keyedArchiveRepresentation does not decode (\(error.reason)); compiled as a named image",
                     element: e)
            return nil
        }
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
