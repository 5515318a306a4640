import KeyedArchive

/// The `NSView` keys every AppKit view writes before its own (`nib-object-model.md` §2, §5): the
/// responder and superview links, `NSvFlags` (autoresizing mask, `autoresizesSubviews`, hidden),
/// the frame (`NSFrameSize` when the origin is zero, else `NSFrame`, in AppKit's bottom-left
/// coordinates as the XIB has them), subviews, constraints, priorities and layer hosting.
enum AppKitView {
    /// `<autoresizingMask>` attributes → `NSAutoresizingMaskOptions` bits.
    static let masks: [(String, Int64)] = [
        ("flexibleMinX", 1), ("widthSizable", 2), ("flexibleMaxX", 4), ("flexibleMinY", 8), ("heightSizable", 16), ("flexibleMaxY", 32),
    ]

    /// The view whose `<subviews>` hold `o` (nil for a window's content view or a top-level view).
    static func superview(of o: Int, _ ctx: EncodingContext) -> Int? {
        let e = ctx.doc.objects[o].element
        let p = ctx.tree.elements[e].parent
        guard p >= 0, ctx.tree.elements[p].name == "subviews" else {
            // A box's content view is its only subview.
            if ctx.doc.objects[o].key == "contentView", let parent = ctx.doc.objects[o].parent, ctx.doc.objects[parent].name == "box" {
                return parent
            }
            // A scroll view holds its clip view and scrollers under keys; they are its subviews.
            if ctx.doc.objects[o].key != nil, let parent = ctx.doc.objects[o].parent, ctx.doc.objects[parent].name == "scrollView",
               ["clipView", "scroller"].contains(ctx.doc.objects[o].name) {
                return parent
            }
            return nil
        }
        return ctx.doc.objects[o].parent
    }

    /// `NSvFlags`: `autoresizesSubviews` (0x100, on unless `autoresizesSubviews="NO"`), the mask (12,
    /// flexibleMaxX|flexibleMinY, when there is no `<autoresizingMask>`), the focus ring type (0x1000
    /// none, 0x2000 exterior), hidden (0x80000000).
    static func vFlags(_ o: Int, _ ctx: EncodingContext) -> Int64 {
        var flags: Int64 = ctx.attr(o, "autoresizesSubviews") == "NO" ? 0 : 0x100
        if let m = ctx.property(o, "autoresizingMask") {
            for (name, bit) in masks where ctx.tree.elements[m][name] == "YES" { flags |= bit }
        } else {
            // No mask: flexibleMaxX|flexibleMinY; the content view of a window without a style mask
            // (borderless), flexibleMinY|flexibleMaxY.
            let borderlessContent = ctx.doc.objects[o].key == "contentView" && ctx.doc.objects[o].parent.map {
                ["window", "panel"].contains(ctx.doc.objects[$0].name) && ctx.property($0, "styleMask") == nil
            } == true
            flags |= borderlessContent ? 0x28 : 12
        }
        if ctx.flag(o, "hidden") { flags |= 0x8000_0000 }
        // A table in a clip view always sizes with it.
        let table = ["tableView", "outlineView"].contains(ctx.doc.objects[o].name)
        if table, ctx.doc.objects[o].parent.map({ ctx.doc.objects[$0].name == "clipView" }) == true { flags |= 0x12 }
        // NSFocusRingType in bits 12–13 (a control keeps it in its cell instead; a table has none).
        let control = ctx.object(o, key: "cell") != nil
        switch control ? nil : ctx.attr(o, "focusRingType") {
        case "none": flags |= 0x1000
        case "exterior": flags |= 0x2000
        default: break
        }
        return flags
    }

    /// When the compile gives view `o` another size than its source frame (a tile, a window's content
    /// rectangle, a box's title), its subviews follow as AppKit's autoresizing moves them: the change
    /// along each axis is split evenly among the flexible margins and size. A frame already decided
    /// for a subview wins.
    static func resizeSubviews(of o: Int, _ subviews: [Int], _ ctx: inout EncodingContext) {
        guard let old = frame(o, ctx), !subviews.isEmpty else { return }
        var new = old
        if let f = ctx.frameOverride[o] { new = f }
        if let r = ctx.tiles[o]?.frame { new = r }
        let dx = new[2] - old[2], dy = new[3] - old[3]
        guard dx != 0 || dy != 0 else { return }
        for s in subviews where ctx.tiles[s]?.frame == nil {
            guard var f = frame(s, ctx), let m = ctx.property(s, "autoresizingMask").map({ ctx.tree.elements[$0] }) else { continue }
            func flexible(_ name: String) -> Bool { m[name] == "YES" }
            let h = ["flexibleMinX", "widthSizable", "flexibleMaxX"].filter(flexible)
            let v = ["flexibleMinY", "heightSizable", "flexibleMaxY"].filter(flexible)
            if !h.isEmpty {
                let share = dx / Double(h.count)
                if flexible("flexibleMinX") { f[0] += share }
                if flexible("widthSizable") { f[2] += share }
            }
            if !v.isEmpty {
                let share = dy / Double(v.count)
                if flexible("flexibleMinY") { f[1] += share }
                if flexible("heightSizable") { f[3] += share }
            }
            if f != frame(s, ctx) { ctx.tiles[s, default: ScrollViewTile.Placement()].frame = f }
        }
    }

    /// The frame rectangle of `<rect key="frame">`.
    static func frame(_ o: Int, _ ctx: EncodingContext) -> [Double]? {
        guard let r = ctx.property(o, "frame") else { return nil }
        return ["x", "y", "width", "height"].map { ctx.number(r, $0) ?? 0 }
    }

    /// Writes the `NSView` keys of `o` into graph object `g`.
    static func encodeBase(_ o: Int, _ g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        let superview = self.superview(of: o, ctx)
        let tile = ctx.tiles[o]
        var sv: NibGraph.Value?
        if let s = tile?.superview { sv = .ref(s) } else if let superview { sv = try ctx.ref(superview) }
        ctx.graph.set(g, "NSNextResponder", sv ?? .null)
        ctx.graph.set(g, "NSNibTouchBar", .null)
        var flags = vFlags(o, ctx)
        if let hidden = tile?.hidden { flags = hidden ? flags | 0x8000_0000 : flags & ~0x8000_0000 }
        // A view whose flags are all clear archives none (test34_pdfview).
        if flags != 0 { ctx.graph.set(g, "NSvFlags", AppKitControl.int32(flags)) }
        let subviews = ctx.objects(o, in: "subviews")
        resizeSubviews(of: o, subviews, &ctx)
        if !subviews.isEmpty || ctx.tree.child(of: ctx.doc.objects[o].element, named: "subviews") != nil {
            var list: [NibGraph.Value] = []
            // An NSCustomView placeholder archives its subviews last to first (every golden pair shows it);
            // a custom view instantiated directly is a real view and keeps them back to front, as a
            // <view> does (iTerm2's font picker and combo view nibs: a visual effect view stays behind).
            let placeholder = ctx.doc.objects[o].name == "customView" && !ctx.instantiatesCustomObjectsDirectly
            let ordered = placeholder ? subviews.reversed() : subviews
            for s in ordered { list.append(try ctx.ref(s)) }
            ctx.graph.set(g, "NSSubviews", ctx.graph.collection("NSMutableArray", list))
        }
        var f = frame(o, ctx) ?? [0, 0, 0, 0]
        if let override = ctx.frameOverride[o] { f = override }
        if let r = tile?.frame { f = r }
        if f[0] == 0, f[1] == 0 {
            ctx.graph.set(g, "NSFrameSize", ctx.graph.string(NibGeometryString.format([f[2], f[3]], as: .pair)))
        } else {
            ctx.graph.set(g, "NSFrame", ctx.graph.string(NibGeometryString.format(f, as: .rect)))
        }
        if let sv { ctx.graph.set(g, "NSSuperview", sv) }
        ctx.graph.set(g, "NSViewWantsBestResolutionOpenGLSurface", .bool(true))
        // The view's user interface identifier (a table cell prototype's reuse identifier).
        if let id = ctx.reuseIdentifiers[o] ?? ctx.attr(o, "identifier") { ctx.graph.set(g, "NSReuseIdentifierKey", ctx.graph.string(id)) }
        if ctx.flag(o, "wantsLayer") || tile?.layer == true { ctx.graph.set(g, "NSViewIsLayerTreeHost", .bool(true)) }
        // Not translated: a stack view's arranged view, a constrained subview, or a top-level view.
        if ctx.attr(o, "translatesAutoresizingMaskIntoConstraints") == "NO", superview.map({ ctx.doc.objects[$0].name == "stackView" }) == true
            || ctx.doc.objects[o].key == nil && (superview == nil || isConstrained(o, ctx)) {
            ctx.graph.set(g, "NSDoNotTranslateAutoresizingMask", .bool(true))
        }
        let hugging = (ctx.attr(o, "horizontalHuggingPriority") ?? "250", ctx.attr(o, "verticalHuggingPriority") ?? "250")
        if hugging != runtimeHugging(o, ctx) { ctx.graph.set(g, "NSHuggingPriority", ctx.graph.string("{\(hugging.0), \(hugging.1)}")) }
        let resistance = (ctx.attr(o, "horizontalCompressionResistancePriority") ?? "750", ctx.attr(o, "verticalCompressionResistancePriority") ?? "750")
        if resistance != ("750", "750") { ctx.graph.set(g, "NSAntiCompressionPriority", ctx.graph.string("{\(resistance.0), \(resistance.1)}")) }
        let constraints = ctx.objects(o, in: "constraints").filter { ctx.attr($0, "placeholder") != "YES" }
        if !constraints.isEmpty {
            var list: [NibGraph.Value] = []
            for c in constraints { list.append(try ctx.ref(c)) }
            ctx.graph.set(g, "NSViewConstraints", ctx.graph.collection("NSArray", list))
        }
        try LayoutGuideEncoder.encodeGuides(of: o, g, &ctx)
        let clips = ctx.flag(o, "clipsToBounds")
        if clips || ctx.clippedPanes.contains(o) { ctx.graph.set(g, "NSViewClipsToBoundsKeyName", .bool(true)) }
        ctx.graph.set(g, "IBNSClipsToBounds", .int(clips ? 1 : 0))
    }

    /// The content hugging a view of this kind has when the nib says nothing: ibtool writes
    /// `NSHuggingPriority` only when the source differs from it (golden pairs: text fields, tables,
    /// scrollers, pop-ups and push, recessed, textured and round-rect buttons default to {250, 750},
    /// steppers, help and disclosure buttons to {750, 750}).
    static func runtimeHugging(_ o: Int, _ ctx: EncodingContext) -> (String, String) {
        switch ctx.doc.objects[o].name {
        case "textField", "secureTextField", "searchField", "tableView", "outlineView", "scroller", "popUpButton", "segmentedControl", "slider",
             "datePicker", "pathControl", "matrix", "predicateEditor":
            return ("250", "750")
        case "stepper":
            return ("750", "750")
        case "progressIndicator":
            return ctx.attr(o, "style") == "spinning" ? ("250", "250") : ("250", "750")
        case "button":
            let cell = ctx.object(o, key: "cell")
            let type = cell.flatMap { ctx.attr($0, "type") } ?? "push"
            switch type {
            case "push", "recessed", "roundTextured", "roundRect": return ("250", "750")
            case "help", "disclosureTriangle", "disclosure": return ("750", "750")
            default: return ("250", "250")
            }
        default:
            return ("250", "250")
        }
    }

    /// Whether a constraint of the document mentions `o`.
    static func isConstrained(_ o: Int, _ ctx: EncodingContext) -> Bool {
        let id = ctx.doc.objects[o].id
        for c in ctx.doc.objects where c.name == "constraint" {
            let e = ctx.tree.elements[c.element]
            if e["firstItem"] == id || e["secondItem"] == id { return true }
            if (e["firstItem"] == nil || e["secondItem"] == nil), c.parent == o { return true }
        }
        return false
    }
}
