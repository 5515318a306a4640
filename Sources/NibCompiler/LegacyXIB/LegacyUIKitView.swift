import KeyedArchive
import Nib

/// A legacy `IBUIView` (and every subclass) as `UIView` archived it: the frame as `UIBounds` at the
/// origin and `UICenter`; `NSvFlags` as `UIAutoresizingMask` (its low six bits), `UIAutoresizeSubviews`
/// (0x100) and `UIHidden` (the sign bit); the flags Interface Builder 3 kept as booleans, written only
/// where they differ from UIView's defaults; subviews as `UISubviews`.
enum LegacyUIKitView {
    static func encode(_ o: Int, into c: Int, taken: inout Set<String>, _ b: inout LegacyUIKitNibBuilder) throws(ArchiveError) {
        let a = b.archive
        taken.formUnion(["NSvFlags", "NSFrame", "NSFrameSize", "NSSubviews", "IBUIOpaque", "IBUIClearsContextBeforeDrawing",
                         "IBUIClipsSubviews", "IBUIUserInteractionEnabled"])
        if let f = LegacyUIKitValues.frame(o, &b) {
            b.graph.set(c, "UIBounds", .bytes(ArchiveGraph.geometryBlobBytes([0, 0, f[2], f[3]])))
            b.graph.set(c, "UICenter", .bytes(ArchiveGraph.geometryBlobBytes([f[0] + f[2] / 2, f[1] + f[3] / 2])))
        }
        let flags = UInt32(truncatingIfNeeded: a.int(o, "NSvFlags") ?? 0)
        if flags & 0x3F != 0 { b.graph.set(c, "UIAutoresizingMask", .int(Int64(flags & 0x3F))) }
        if flags & 0x100 != 0 { b.graph.set(c, "UIAutoresizeSubviews", .bool(true)) }
        if flags & 0x8000_0000 != 0 { b.graph.set(c, "UIHidden", .bool(true)) }
        if a.value(o, "IBUIOpaque") != .bool(false) { b.graph.set(c, "UIOpaque", .bool(true)) }
        if a.value(o, "IBUIClearsContextBeforeDrawing") == .bool(false) { b.graph.set(c, "UIClearsContextBeforeDrawing", .bool(false)) }
        if a.value(o, "IBUIClipsSubviews") == .bool(true) { b.graph.set(c, "UIClipsToBounds", .bool(true)) }
        if a.value(o, "IBUIUserInteractionEnabled") == .bool(false) { b.graph.set(c, "UIUserInteractionDisabled", .bool(true)) }
        if let list = a.object(o, "NSSubviews") {
            var subviews: [NibGraph.Value] = []
            for case .object(let s) in a.elements(list) { subviews.append(try b.copy(s)) }
            b.graph.set(c, "UISubviews", b.graph.collection("NSMutableArray", subviews))
        }
    }
}
