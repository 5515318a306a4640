import KeyedArchive

/// `<window>`/`<panel>` → `NSWindowTemplate`: style mask, the `NSWTFlags` bit field, the content
/// rectangle (centred on the screen when no `initialPositionMask` pins it), sizes, title, class and
/// the content view (sized to the content rectangle).
enum WindowEncoder: ObjectEncoder {
    static let elements = ["window", "panel"]

    static let styles: [(String, Int64)] = [
        ("titled", 1), ("closable", 2), ("miniaturizable", 4), ("resizable", 8), ("utility", 16), ("docModal", 64),
        ("nonactivatingPanel", 128), ("texturedBackground", 256), ("unifiedTitleAndToolbar", 4096), ("hudWindow", 8192),
        ("fullSizeContentView", 32768),
    ]
    static let behaviors: [(String, Int64)] = [
        ("canJoinAllSpaces", 1), ("moveToActiveSpace", 2), ("managed", 4), ("transient", 8), ("stationary", 16),
        ("participatesInCycle", 32), ("ignoresCycle", 64), ("fullScreenPrimary", 128), ("fullScreenAuxiliary", 256),
        ("fullScreenNone", 512), ("allowsTiling", 2048), ("disallowsTiling", 4096),
    ]

    /// `NSWindowToolbarStyle` (automatic, the default, is not written).
    static let toolbarStyles: [String: Int64] = ["expanded": 1, "preference": 2, "unified": 3, "compact": 4, "unifiedCompact": 4]

    static func encode(_ o: Int, into g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        let object = ctx.doc.objects[o]
        ctx.graph.setClass(g, "NSWindowTemplate")
        var style: Int64 = 0
        if let m = ctx.property(o, "styleMask") {
            for (name, bit) in styles where ctx.tree.elements[m][name] == "YES" { style |= bit }
        }
        if style != 0 { ctx.graph.set(g, "NSWindowStyleMask", .int(style)) }
        ctx.graph.set(g, "NSWindowBacking", .int(2))
        let content = rect(ctx.property(o, "contentRect"), ctx)
        let screen = rect(ctx.property(o, "screenRect"), ctx)
        let pinned = ctx.property(o, "initialPositionMask")
        var windowRect = content
        // A window pinned to neither side of an axis is centred on the screen rectangle along it (a
        // missing screen is empty, at the origin); no position mask pins nothing.
        let struts = strutSet(pinned, ctx)
        if !struts.contains("leftStrut"), !struts.contains("rightStrut") { windowRect[0] = (screen[2] - content[2]) / 2 }
        if !struts.contains("topStrut"), !struts.contains("bottomStrut") { windowRect[1] = (screen[3] - content[3]) / 2 }
        ctx.graph.set(g, "NSWindowRect", ctx.graph.string(NibGeometryString.format(windowRect, as: .rect)))
        ctx.graph.set(g, "NSWTFlags", .int(wtFlags(o, pinned, ctx)))
        ctx.graph.set(g, "NSWindowTitle", ctx.text(ctx.attr(o, "title") ?? "", of: o, property: "title"))
        ctx.graph.set(g, "NSWindowSubtitle", ctx.graph.string(ctx.attr(o, "subtitle") ?? ""))
        let windowClass = object.customClass.map { ctx.runtimeClassName($0, of: o) } ?? (object.name == "panel" ? "NSPanel" : "NSWindow")
        ctx.graph.set(g, "NSWindowClass", ctx.graph.string(windowClass))
        // A window template keeps its toolbar where its view class would be.
        ctx.graph.set(g, "NSViewClass", try ctx.object(o, key: "toolbar").map { t throws(ArchiveError) in try ctx.ref(t) } ?? .null)
        ctx.graph.set(g, "NSUserInterfaceItemIdentifier", ctx.attr(o, "identifier").map { ctx.graph.string($0) } ?? .null)
        if let view = ctx.object(o, key: "contentView") {
            // The content rectangle's size; a clip view keeps its origin (test7_clipview, textview_*).
            let origin = ctx.doc.objects[view].name == "clipView" ? AppKitView.frame(view, ctx)?.prefix(2) ?? [0, 0] : [0, 0]
            ctx.frameOverride[view] = Array(origin) + [content[2], content[3]]
            ctx.graph.set(g, "NSWindowView", try ctx.ref(view))
        } else if ctx.storyboard != nil {
            // A storyboard window gets an empty content view of its content size (its controller's view replaces it).
            let view = ctx.graph.add("NSView")
            ctx.graph.set(view, "NSNextResponder", .null)
            ctx.graph.set(view, "NSNibTouchBar", .null)
            ctx.graph.set(view, "NSvFlags", .int(256))
            ctx.graph.set(view, "NSFrameSize", ctx.graph.string(NibGeometryString.format([content[2], content[3]], as: .pair)))
            ctx.graph.set(view, "NSViewWantsBestResolutionOpenGLSurface", .bool(true))
            ctx.graph.set(view, "IBNSSafeAreaLayoutGuide", .null)
            ctx.graph.set(view, "IBNSLayoutMarginsGuide", .null)
            ctx.graph.set(view, "IBNSClipsToBounds", .int(0))
            ctx.synthesizedContentView[o] = view
            ctx.graph.set(g, "NSWindowView", .ref(view))
        } else {
            ctx.graph.set(g, "NSWindowView", .null)
        }
        ctx.graph.set(g, "NSScreenRect", ctx.graph.string(NibGeometryString.format(screen, as: .rect)))
        // A full-size content view fills the frame: its minimum is the window's. Documents of tools
        // before 12000 (Xcode 8 and older) give content sizes, and so does a later document that kept
        // their `<value key="minSize" type="size">` form (caffeine's, saved by Xcode 16, whose ibtool
        // writes it as the content minimum): the frame adds the title bar (32 on the corpus's Mac).
        let fullSize = ctx.property(o, "styleMask").map { ctx.tree.elements[$0]["fullSizeContentView"] == "YES" } ?? false
        let legacyForm = [ctx.property(o, "minSize"), ctx.property(o, "maxSize")].contains { e in e.map { ctx.tree.elements[$0].name == "value" } ?? false }
        let contentSized = (ctx.doc.toolsBuild < 12000 || legacyForm) && style & 1 != 0 && !fullSize
        var minSize = size(ctx.property(o, "minSize"), ctx), maxSize = size(ctx.property(o, "maxSize"), ctx)
        var contentMin = size(ctx.property(o, "contentMinSize"), ctx), contentMax = size(ctx.property(o, "contentMaxSize"), ctx)
        if contentSized {
            contentMin = contentMin ?? minSize
            contentMax = contentMax ?? maxSize
            minSize = minSize.map { [$0[0], $0[1] + Self.titleBarHeight] }
            maxSize = maxSize.map { [$0[0], $0[1] + Self.titleBarHeight] }
        } else if fullSize {
            contentMin = contentMin ?? minSize
        }
        // A window with a toolbar has no fixed frame-to-content relation: only content sizes are kept.
        let hasToolbar = ctx.object(o, key: "toolbar") != nil
        if hasToolbar {
            contentMin = contentMin ?? minSize
            contentMax = contentMax ?? maxSize
            minSize = nil
        }
        if let min = minSize { ctx.graph.set(g, "NSMinSize", ctx.graph.string(NibGeometryString.format(min, as: .pair))) }
        if !hasToolbar {
            let max = maxSize ?? [10_000_000_000_000, 10_000_000_000_000]
            ctx.graph.set(g, "NSMaxSize", ctx.graph.string(NibGeometryString.format(max, as: .pair)))
        }
        if let min = contentMin {
            ctx.graph.set(g, "NSWindowContentMinSize", ctx.graph.string(NibGeometryString.format(min, as: .pair)))
        }
        if let max = contentMax {
            ctx.graph.set(g, "NSWindowContentMaxSize", ctx.graph.string(NibGeometryString.format(max, as: .pair)))
        }
        if let name = ctx.attr(o, "frameAutosaveName") { ctx.graph.set(g, "NSFrameAutosaveName", ctx.graph.string(name)) }
        if let b = ctx.property(o, "collectionBehavior") {
            var bits: Int64 = 0
            for (name, bit) in behaviors where ctx.tree.elements[b][name] == "YES" { bits |= bit }
            if bits != 0 { ctx.graph.set(g, "NSWindowCollectionBehavior", .int(bits)) }
        }
        switch ctx.attr(o, "tabbingMode") {
        case "preferred": ctx.graph.set(g, "NSWindowTabbingMode", .int(1))
        case "disallowed": ctx.graph.set(g, "NSWindowTabbingMode", .int(2))
        default: break
        }
        ctx.graph.set(g, "NSWindowIsRestorable", .bool(ctx.attr(o, "restorable") != "NO"))
        if let style = ctx.attr(o, "toolbarStyle").flatMap({ toolbarStyles[$0] }) { ctx.graph.set(g, "NSWindowToolbarStyle", .int(style)) }
        if let border = ctx.tree.child(of: object.element, named: "contentBorderThickness") {
            for edge in ["minY", "maxY"] {
                guard let v = ctx.number(border, edge) else { continue }
                ctx.graph.set(g, "NSAutorecalculatesContentBorderThickness" + edge.prefix(1).uppercased() + edge.dropFirst(), .bool(false))
                ctx.graph.set(g, "NSContentBorderThickness" + edge.prefix(1).uppercased() + edge.dropFirst(), .double(v))
            }
        }
        let zero = ctx.graph.string("{0, 0}")
        ctx.graph.set(g, "NSMinFullScreenContentSize", zero)
        ctx.graph.set(g, "NSMaxFullScreenContentSize", zero)
        if let custom = object.customClass { ctx.graph.set(g, "IBClassReference", ctx.classReference(custom, of: o)) }
    }

    /// `NSWTFlags`: always 0x20000000; 0x40000000 when not released when closed; 0x80000000 hides on
    /// deactivate; 0x800 recalculates the key-view loop; 0x2000 allows tool tips when the application is
    /// inactive; the position (0x280000 for the top edge or vertically centred, 0x500000 for the
    /// right edge or horizontally centred).
    static func wtFlags(_ o: Int, _ pinned: Int?, _ ctx: EncodingContext) -> Int64 {
        var f: Int64 = 0x2000_0000
        if ctx.attr(o, "releasedWhenClosed") == "NO" { f |= 0x4000_0000 }
        if ctx.flag(o, "hidesOnDeactivate") { f |= 0x8000_0000 }
        // Both default to on when the XIB leaves them out.
        if ctx.attr(o, "autorecalculatesKeyViewLoop") != "NO" { f |= 0x800 }
        if ctx.attr(o, "allowsToolTipsWhenApplicationIsInactive") != "NO" { f |= 0x2000 }
        // Vertically: pinned to the top, or to neither edge (centred); horizontally: pinned to the
        // right, or to neither edge.
        let struts = strutSet(pinned, ctx)
        if struts.contains("topStrut") || !struts.contains("bottomStrut") { f |= 0x28_0000 }
        if struts.contains("rightStrut") || !struts.contains("leftStrut") { f |= 0x50_0000 }
        // The field is a signed 32-bit integer in the archive.
        return Int64(Int32(truncatingIfNeeded: f))
    }

    /// The height AppKit adds to a titled window's content size for its frame.
    static let titleBarHeight: Double = 32

    /// The struts of a `<windowPositionMask>` (none without one).
    static func strutSet(_ mask: Int?, _ ctx: EncodingContext) -> Set<String> {
        guard let mask else { return [] }
        return Set(ctx.tree.elements[mask].attributes.filter { $0.name.hasSuffix("Strut") && $0.value == "YES" }.map(\.name))
    }

    static func rect(_ e: Int?, _ ctx: EncodingContext) -> [Double] {
        guard let e else { return [0, 0, 0, 0] }
        return ["x", "y", "width", "height"].map { ctx.number(e, $0) ?? 0 }
    }

    static func size(_ e: Int?, _ ctx: EncodingContext) -> [Double]? {
        guard let e, let w = ctx.number(e, "width"), let h = ctx.number(e, "height") else { return nil }
        return [w, h]
    }
}
