import KeyedArchive

/// `<pdfView>` → `PDFView` (PDFKit): the view keys with no subviews and file drags accepted, then
/// PDFKit's own: archive version 3, display mode, page breaks, scale and its bounds, auto-scaling,
/// direction, right-to-left, book mode, data detectors, interpolation quality, dragged files
/// (test34_pdfview).
enum PDFViewEncoder: ObjectEncoder {
    static let elements = ["pdfView"]
    static let displayModes: [String: Int64] = ["singlePage": 0, "singlePageContinuous": 1, "twoUp": 2, "twoUpContinuous": 3]

    static func encode(_ o: Int, into g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        ctx.setClass(of: o, g, "PDFView")
        try AppKitView.encodeBase(o, g, &ctx)
        if ctx.graph.value(g, "NSSubviews") == nil { ctx.graph.set(g, "NSSubviews", ctx.graph.collection("NSMutableArray", [])) }
        ctx.graph.set(g, "NSDragTypes", ctx.graph.collection("NSMutableSet", [ctx.graph.string("NSFilenamesPboardType")]))
        ctx.graph.set(g, "Version", .int(3))
        ctx.graph.set(g, "DisplayMode", .int(displayModes[ctx.attr(o, "displayMode") ?? "singlePageContinuous"] ?? 1))
        ctx.graph.set(g, "PageBreaks", .bool(ctx.attr(o, "displaysPageBreaks") != "NO"))
        ctx.graph.set(g, "ScaleFactor", .float(Float(ctx.attr(o, "scaleFactor").flatMap(Double.init) ?? 1)))
        ctx.graph.set(g, "AutoScale", .bool(ctx.flag(o, "autoScales")))
        ctx.graph.set(g, "DisplayDirection", .bool(ctx.attr(o, "displayDirection") == "horizontal"))
        ctx.graph.set(g, "DisplaysRTL", .bool(ctx.flag(o, "displaysRTL")))
        ctx.graph.set(g, "MinScaleFactor", .float(Float(ctx.attr(o, "minScaleFactor").flatMap(Double.init) ?? 0.1)))
        ctx.graph.set(g, "MaxScaleFactor", .float(Float(ctx.attr(o, "maxScaleFactor").flatMap(Double.init) ?? 20)))
        ctx.graph.set(g, "DisplaysAsBook", .bool(ctx.flag(o, "displaysAsBook")))
        ctx.graph.set(g, "EnableDataDetectors", .bool(ctx.flag(o, "enableDataDetectors")))
        ctx.graph.set(g, "InterpolationQuality", .int(2))
        ctx.graph.set(g, "AcceptsDraggedFiles", .bool(ctx.flag(o, "acceptsDraggedFiles")))
    }
}
