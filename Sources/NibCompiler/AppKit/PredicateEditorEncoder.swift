import KeyedArchive

/// `<predicateEditor>` → `NSPredicateEditor` (an `NSRuleEditor`: its slice holder view, row keys and
/// key paths, nesting mode, row height, templates) and `<predicateEditorRowTemplate>` →
/// `NSPredicateEditorRowTemplate`, whose views are the pop-up buttons AppKit builds from the source's
/// `<popUpMenus>`: small rounded pop-ups laid out in a row, each showing its menu's chosen item
/// (predicateEditor, pred_compound_chain). Only compound rows are compiled; a pop-up's width needs
/// the title's text metrics, so it is estimated (the one value that differs from ibtool's).
enum PredicateEditorEncoder: ObjectEncoder {
    static let elements = ["predicateEditor", "predicateEditorRowTemplate"]
    static let nestingModes: [String: Int64] = ["single": 0, "list": 1, "compound": 2, "simple": 3]

    static func encode(_ o: Int, into g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        if ctx.doc.objects[o].name == "predicateEditorRowTemplate" { return try template(o, g, &ctx) }
        ctx.setClass(of: o, g, "NSPredicateEditor")
        // The slice holder: the editor's only subview, the size of the editor.
        let holder = ctx.graph.add("_NSRuleEditorViewSliceHolder")
        try AppKitView.encodeBase(o, g, &ctx)
        let frame = AppKitView.frame(o, ctx) ?? [0, 0, 0, 0]
        let size: [Double] = [frame[2], frame[3]]
        ctx.graph.set(holder, "NSNextResponder", .ref(g))
        ctx.graph.set(holder, "NSNibTouchBar", .null)
        ctx.graph.set(holder, "NSvFlags", .int(274))
        ctx.graph.set(holder, "NSSubviews", ctx.graph.collection("NSMutableArray", []))
        ctx.graph.set(holder, "NSFrameSize", ctx.graph.string(NibGeometryString.format(size, as: .pair)))
        ctx.graph.set(holder, "NSSuperview", .ref(g))
        ctx.graph.set(holder, "NSNextKeyView", .null)
        ctx.graph.set(holder, "NSViewWantsBestResolutionOpenGLSurface", .bool(true))
        ctx.graph.set(holder, "IBNSSafeAreaLayoutGuide", .null)
        ctx.graph.set(holder, "IBNSLayoutMarginsGuide", .null)
        ctx.graph.set(holder, "IBNSClipsToBounds", .int(0))
        ctx.graph.set(g, "NSSubviews", ctx.graph.collection("NSMutableArray", [.ref(holder)]))
        ctx.graph.set(g, "NSDragTypes", ctx.graph.collection("NSMutableSet", [ctx.graph.string("NSRuleEditorItemPBoardType")]))
        ctx.graph.set(g, "NSNextKeyView", .ref(holder))
        ctx.graph.set(g, "NSEnabled", .bool(ctx.attr(o, "enabled") != "NO"))
        for (key, value) in [("NSAllowsLogicalLayoutDirection", NibGraph.Value.bool(false)), ("NSControlSize", .int(0)),
                             ("NSControlContinuous", .bool(false)), ("NSControlRefusesFirstResponder", .bool(false)),
                             ("NSControlUsesSingleLineMode", .bool(false)), ("NSControlTextAlignment", .int(0)),
                             ("NSControlLineBreakMode", .int(0)), ("NSControlWritingDirection", .int(0)), ("NSControlSendActionMask", .int(4))] {
            ctx.graph.set(g, key, value)
        }
        ctx.graph.set(g, "NSRuleEditorAlignmentGridWidth", .double(75))
        ctx.graph.set(g, "NSRuleEditorSliceHeight", .double(ctx.attr(o, "rowHeight").flatMap(Double.init) ?? 25))
        ctx.graph.set(g, "NSRuleEditorFormattingDictionary", ctx.graph.dictionary("NSDictionary", []))
        ctx.graph.set(g, "NSRuleEditorEditable", .bool(ctx.attr(o, "editable") != "NO"))
        ctx.graph.set(g, "NSRuleEditorAllowsEmptyCompoundRows", .bool(ctx.flag(o, "canRemoveAllRows")))
        ctx.graph.set(g, "NSRuleEditorDisallowEmpty", .bool(!ctx.flag(o, "canRemoveAllRows")))
        let mode = ctx.attr(o, "nestingMode") ?? "compound"
        if nestingModes[mode] == nil { ctx.warn("<predicateEditor> nestingMode \"\(mode)\" is unknown: compound is archived", at: o) }
        ctx.graph.set(g, "NSRuleEditorNestingMode", .int(nestingModes[mode] ?? 2))
        for (key, path) in [("NSRuleEditorRowTypeKeyPath", "rowType"), ("NSRuleEditorSubrowsArrayKeyPath", "subrows"),
                            ("NSRuleEditorItemsKeyPath", "criteria"), ("NSRuleEditorValuesKeyPath", "displayValues"),
                            ("NSRuleEditorBoundArrayKeyPath", "boundArray"), ("NSRuleEditorRowClass", "NSMutableDictionary")] {
            ctx.graph.set(g, key, ctx.graph.string(path))
        }
        ctx.graph.set(g, "NSRuleEditorSlicesHolder", .ref(holder))
        ctx.graph.set(g, "NSRuleEditorDelegate", .null)
        let owner = ctx.graph.add("_NSRuleEditorViewUnboundRowHolder")
        ctx.graph.set(owner, "NSBoundArray", ctx.graph.collection("NSMutableArray", []))
        ctx.graph.set(g, "NSRuleEditorBoundArrayOwner", .ref(owner))
        ctx.graph.set(g, "NSRuleEditorSlices", ctx.graph.collection("NSMutableArray", []))
        var templates: [NibGraph.Value] = []
        for t in ctx.objects(o, in: "rowTemplates") { templates.append(try ctx.ref(t)) }
        ctx.graph.set(g, "NSPredicateTemplates", ctx.graph.collection("NSArray", templates))
        ctx.graph.set(g, "NSPredicateEditorPredicate", .null)
    }

    static func template(_ o: Int, _ g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        ctx.setClass(of: o, g, "NSPredicateEditorRowTemplate")
        if ctx.attr(o, "rowType") != "compound" {
            ctx.warn("predicate row templates other than compound rows are not compiled yet: archived as a compound row", at: o)
        }
        for key in ["NSPredicateTemplateType", "NSPredicateTemplateOptions", "NSPredicateTemplateModifier",
                    "NSPredicateTemplateLeftAttributeType", "NSPredicateTemplateRightAttributeType"] {
            ctx.graph.set(g, key, .int(key == "NSPredicateTemplateType" ? 2 : 0))
        }
        let menus = ctx.objects(o, in: "popUpMenus").filter { ctx.doc.objects[$0].name == "menu" }
        var buttons: [Int] = []
        var x = 7.0
        for menu in menus {
            let (button, width) = try popUp(menu, x: x, &ctx)
            buttons.append(button)
            x += width + 6
        }
        for (i, b) in buttons.enumerated() { ctx.graph.set(b, "NSNextKeyView", i + 1 < buttons.count ? .ref(buttons[i + 1]) : .null) }
        ctx.graph.set(g, "NSPredicateTemplateViews", ctx.graph.collection("NSArray", buttons.map { .ref($0) }))
        ctx.graph.set(g, "NSPredicateTemplateLeftIsWildcard", .bool(false))
        ctx.graph.set(g, "NSPredicateTemplateRightIsWildcard", .bool(false))
    }

    /// The small rounded pop-up AppKit makes for `menu` at `x`, and its width: the longest title at
    /// about 5.72 points a character plus 30 for the bezel and arrow, at least 68 (what the golden
    /// pairs' two widths, 68 and 173, allow; exact widths need AppKit's text metrics).
    static func popUp(_ menu: Int, x: Double, _ ctx: inout EncodingContext) throws(ArchiveError) -> (Int, Double) {
        let button = ctx.graph.add("NSPopUpButton")
        let cell = ctx.graph.add("NSPopUpButtonCell")
        ctx.popUpCellOfMenu[menu] = .ref(cell)
        let items = ctx.objects(menu, in: "items")
        let longest = items.map { (ctx.attr($0, "title") ?? "").count }.max() ?? 0
        let width = max(68, (Double(longest) * 5.72).rounded() + 30)
        for (key, value) in [("NSNextResponder", NibGraph.Value.null), ("NSNibTouchBar", .null), ("NSvFlags", .int(256))] {
            ctx.graph.set(button, key, value)
        }
        ctx.graph.set(button, "NSFrame", ctx.graph.string(NibGeometryString.format([x, 1, width, 24], as: .rect)))
        ctx.graph.set(button, "NSSuperview", .null)
        ctx.graph.set(button, "NSViewWantsBestResolutionOpenGLSurface", .bool(true))
        ctx.graph.set(button, "IBNSSafeAreaLayoutGuide", .null)
        ctx.graph.set(button, "IBNSLayoutMarginsGuide", .null)
        ctx.graph.set(button, "IBNSClipsToBounds", .int(0))
        ctx.graph.set(button, "NSTag", .int(-1))
        ctx.graph.set(button, "NSEnabled", .bool(true))
        ctx.graph.set(button, "NSCell", .ref(cell))
        for (key, value) in [("NSAllowsLogicalLayoutDirection", NibGraph.Value.bool(false)), ("NSControlSize", .int(0)),
                             ("NSControlContinuous", .bool(false)), ("NSControlRefusesFirstResponder", .bool(false)),
                             ("NSControlUsesSingleLineMode", .bool(false)), ("NSControlTextAlignment", .int(4)),
                             ("NSControlLineBreakMode", .int(4)), ("NSControlWritingDirection", .int(-1)),
                             ("NSControlSendActionMask", .int(4))] {
            ctx.graph.set(button, key, value)
        }
        ctx.graph.set(button, "IBNSShadowedSymbolConfiguration", .null)
        // The cell: small system font, natural alignment, truncating tail, rounded-rect bezel.
        ctx.graph.set(cell, "NSCellFlags", .int(0x0400_0040))
        ctx.graph.set(cell, "NSCellFlags2", .int(0x1000_0800))
        ctx.graph.set(cell, "NSSupport", AppKitFont.metaFont("smallSystem", &ctx))
        let chosen = items.first { ctx.attr($0, "state") == "on" } ?? items.first
        if let chosen, let represented = MenuItemEncoder.representedObject(of: chosen, &ctx) {
            ctx.graph.set(cell, "NSRepresentedObject", represented)
        }
        ctx.graph.set(cell, "NSControlView", .ref(button))
        ctx.graph.set(cell, "NSButtonFlags", .int(-2_038_415_360))
        ctx.graph.set(cell, "NSButtonFlags2", .int(36))
        ctx.graph.set(cell, "NSBezelStyle", .int(12))
        ctx.graph.set(cell, "NSKeyEquivalent", ctx.graph.string(""))
        ctx.graph.set(cell, "NSPeriodicDelay", .int(400))
        ctx.graph.set(cell, "NSPeriodicInterval", .int(75))
        ctx.graph.set(cell, "NSAuxButtonType", .int(-1))
        ctx.graph.set(cell, "NSMenuItem", try chosen.map { c throws(ArchiveError) in try ctx.ref(c) } ?? .null)
        if let chosen, let index = items.firstIndex(of: chosen), index != 0 { ctx.graph.set(cell, "NSSelectedIndex", .int(Int64(index))) }
        ctx.graph.set(cell, "NSMenuItemRespectAlignment", .bool(true))
        ctx.graph.set(cell, "NSMenu", try ctx.ref(menu))
        ctx.graph.set(cell, "NSPreferredEdge", .int(1))
        ctx.graph.set(cell, "NSUsesItemFromMenu", .bool(true))
        ctx.graph.set(cell, "NSAltersState", .bool(true))
        ctx.graph.set(cell, "NSArrowPosition", .int(2))
        return (button, width)
    }
}
