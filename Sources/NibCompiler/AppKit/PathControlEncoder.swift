import KeyedArchive

/// `<pathControl>` → `NSPathControl` (drag types for URLs and file names) and `<pathCell>` →
/// `NSPathCell`: the URL, and one `NSPathComponentCell` per component of a file URL as AppKit
/// makes them (the root volume named as on the Mac the golden pairs came from).
enum PathControlEncoder: ObjectEncoder {
    static let elements = ["pathControl", "pathCell"]
    /// The name AppKit shows for the root volume.
    static let rootVolumeName = "Macintosh HD"

    static func encode(_ o: Int, into g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        guard ctx.doc.objects[o].name == "pathCell" else {
            ctx.setClass(of: o, g, "NSPathControl")
            try AppKitControl.encodeBase(o, g, &ctx)
            let types = ["Apple URL pasteboard type", "NSFilenamesPboardType"].map { ctx.graph.string($0) }
            ctx.graph.set(g, "NSDragTypes", ctx.graph.collection("NSMutableSet", types))
            return
        }
        ctx.setClass(of: o, g, "NSPathCell")
        ctx.graph.set(g, "NSCellFlags", AppKitControl.int32(TextFieldEncoder.cellFlags(o, ctx)))
        ctx.graph.set(g, "NSCellFlags2", AppKitControl.int32(AppKitControl.cellFlags2(o, ctx)))
        let url = ctx.property(o, "url").flatMap { ctx.tree.elements[$0]["string"] }
        if let url { ctx.graph.set(g, "NSContents", Self.url(url, &ctx)) }
        let font = AppKitFont.font(of: o, &ctx)
        if let font { ctx.graph.set(g, "NSSupport", font) }
        let control = AppKitControl.controlView(ofCell: o, ctx)
        if let control { ctx.graph.set(g, "NSControlView", try ctx.ref(control)) }
        if let bg = AppKitColor.color(of: o, key: "backgroundColor", &ctx) { ctx.graph.set(g, "NSBackgroundColor", bg) }
        var components: [NibGraph.Value] = []
        if let url, url.hasPrefix("file:///") {
            let path = url.dropFirst("file://".count).split(separator: "/").map(String.init)
            var prefix = "file:///"
            components.append(component(rootVolumeName, url: prefix, font: font, &ctx))
            for (i, name) in path.enumerated() {
                prefix += (i == 0 ? "" : "/") + name
                components.append(component(name, url: prefix, font: font, &ctx))
            }
        }
        ctx.graph.set(g, "NSPathComponentCells", ctx.graph.collection("NSMutableArray", components))
        if let control { ctx.graph.set(g, "NSDelegate", try ctx.ref(control)) }
        if let types = ctx.tree.child(of: ctx.doc.objects[o].element, named: "allowedTypes") {
            let list = ctx.tree.children(of: types, named: "string").map { ctx.graph.string(ctx.tree.elements[$0].text) }
            ctx.graph.set(g, "NSAllowedTypes", ctx.graph.collection("NSArray", list))
        }
    }

    /// An `NSURL` {`NS.base` nil, `NS.relative`}.
    static func url(_ string: String, _ ctx: inout EncodingContext) -> NibGraph.Value {
        let u = ctx.graph.add("NSURL")
        ctx.graph.set(u, "NS.base", .null)
        ctx.graph.set(u, "NS.relative", ctx.graph.string(string))
        return .ref(u)
    }

    /// One component cell: its title, the control's font, text colours, and its URL.
    static func component(_ title: String, url: String, font: NibGraph.Value?, _ ctx: inout EncodingContext) -> NibGraph.Value {
        let c = ctx.graph.add("NSPathComponentCell")
        ctx.graph.set(c, "NSCellFlags", .int(0x400_0040))
        ctx.graph.set(c, "NSCellFlags2", .int(0x1000_0400))
        ctx.graph.set(c, "NSContents", ctx.graph.string(title))
        if let font { ctx.graph.set(c, "NSSupport", font) }
        ctx.graph.set(c, "NSBackgroundColor", AppKitColor.catalog("textBackgroundColor", &ctx))
        ctx.graph.set(c, "NSTextColor", AppKitColor.catalog("controlTextColor", &ctx))
        ctx.graph.set(c, "NSURL", Self.url(url, &ctx))
        return .ref(c)
    }
}
