import KeyedArchive

/// `<tableView>` → `UITableView` (the scroll view keys, style, separators, row and section heights,
/// selection rules, header and footer views, and its prototype cells as nibs: ``UITablePrototypes``),
/// `<tableViewCell>` → `UITableViewCell` (reuse identifier, content view, also its first subview,
/// style, selection and accessory, indentation, the labels and image view of a standard style), `<tableViewCellContentView>` →
/// `UITableViewCellContentView`.
enum UITableViewEncoder: ObjectEncoder {
    static let elements = ["tableView", "tableViewCell", "tableViewCellContentView"]
    static let styles: [String: Int64] = ["plain": 0, "grouped": 1, "insetGrouped": 2]
    static let separatorStyles: [String: Int64] = ["none": 0, "default": 1, "singleLine": 1, "singleLineEtched": 2]
    static let selectionStyles: [String: Int64] = ["none": 0, "blue": 1, "gray": 2, "default": 3]
    /// `UITableViewCell.CellStyle` by the XIB's `style`; a cell without one is custom and says nothing.
    static let cellStyles: [String: Int64] = [
        "IBUITableViewCellStyleDefault": 0, "IBUITableViewCellStyleValue1": 1, "IBUITableViewCellStyleValue2": 2,
        "IBUITableViewCellStyleSubtitle": 3,
    ]
    static let accessoryTypes: [String: Int64] = [
        "none": 0, "disclosureIndicator": 1, "detailDisclosureButton": 2, "checkmark": 3, "detailButton": 4,
    ]

    static func encode(_ o: Int, into g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        switch ctx.doc.objects[o].name {
        case "tableViewCell": try cell(o, g, &ctx)
        case "tableViewCellContentView":
            ctx.setClass(of: o, g, "UITableViewCellContentView")
            try UIKitView.encodeBase(o, g, &ctx)
        default: try table(o, g, &ctx)
        }
    }

    static func table(_ o: Int, _ g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        ctx.setClass(of: o, g, "UITableView")
        try UIKitScrollView.encodeBase(o, g, &ctx)
        let style = ctx.attr(o, "style") ?? "plain"
        if let s = styles[style] { ctx.graph.set(g, "UIStyle", .int(s)) } else { ctx.warn("<tableView> style \"\(style)\" is not a UITableView.Style", at: o) }
        ctx.graph.set(g, "UISeparatorStyle", .int(separatorStyles[ctx.attr(o, "separatorStyle") ?? "default"] ?? 1))
        if let c = UIKitColor.color(of: o, key: "separatorColor", &ctx) { ctx.graph.set(g, "UISeparatorColor", c) }
        for (attr, key) in [("rowHeight", "UIRowHeight"), ("estimatedRowHeight", "UIEstimatedRowHeight"),
                            ("sectionHeaderHeight", "UISectionHeaderHeight"), ("sectionFooterHeight", "UISectionFooterHeight"),
                            ("estimatedSectionHeaderHeight", "UIEstimatedSectionHeaderHeight"),
                            ("estimatedSectionFooterHeight", "UIEstimatedSectionFooterHeight")] {
            if let v = ctx.attr(o, attr).flatMap(Double.init) { ctx.graph.set(g, key, .float(Float(v))) }
        }
        if ctx.attr(o, "allowsSelection") == "NO" { ctx.graph.set(g, "UIAllowsSelection", .bool(false)) }
        if ctx.flag(o, "allowsMultipleSelection") { ctx.graph.set(g, "UIAllowsMultipleSelection", .bool(true)) }
        if ctx.flag(o, "allowsSelectionDuringEditing") { ctx.graph.set(g, "UIAllowsSelectionDuringEditing", .bool(true)) }
        if ctx.flag(o, "allowsMultipleSelectionDuringEditing") { ctx.graph.set(g, "UIAllowsMultipleSelectionDuringEditing", .bool(true)) }
        if let header = ctx.object(o, key: "tableHeaderView") { ctx.graph.set(g, "UITableHeaderView", try ctx.ref(header)) }
        if let footer = ctx.object(o, key: "tableFooterView") { ctx.graph.set(g, "UITableFooterView", try ctx.ref(footer)) }
        try UITablePrototypes.encode(o, g, nibsKey: "UITableViewCellPrototypeNibs", externalObjectsKey: "UITableViewCellPrototypeNibExternalObjects", &ctx)
        if ctx.attr(o, "dataMode") == "static" {
            ctx.warn("static table view cells (dataMode=\"static\") are not compiled yet: the table is archived without them", at: o)
        }
    }

    static func cell(_ o: Int, _ g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        ctx.setClass(of: o, g, "UITableViewCell")
        try UIKitCell.encodeBase(o, g, &ctx)
        if let style = ctx.attr(o, "style"), let s = cellStyles[style] { ctx.graph.set(g, "UITableViewCellStyle", .int(s)) }
        ctx.graph.set(g, "UITableCellBackgroundColorSet", .bool(true))
        ctx.graph.set(g, "UISelectionStyle", .int(selectionStyles[ctx.attr(o, "selectionStyle") ?? "default"] ?? 3))
        if let a = accessoryTypes[ctx.attr(o, "accessoryType") ?? "none"], a != 0 { ctx.graph.set(g, "UIAccessoryType", .int(a)) }
        if let a = accessoryTypes[ctx.attr(o, "editingAccessoryType") ?? "none"], a != 0 { ctx.graph.set(g, "UIEditingAccessoryType", .int(a)) }
        if let level = ctx.attr(o, "indentationLevel").flatMap({ Int64($0) }), level != 0 { ctx.graph.set(g, "UIIndentationLevel", .int(level)) }
        if let width = ctx.attr(o, "indentationWidth").flatMap(Double.init), width != 0 { ctx.graph.set(g, "UIIndentationWidth", .float(Float(width))) }
        if ctx.attr(o, "focusStyle") == "custom" { ctx.graph.set(g, "UIFocusStyle", .int(1)) }
        // A standard style's subviews are named by the cell's attributes.
        for (attr, key) in [("textLabel", "UITextLabel"), ("detailTextLabel", "UIDetailTextLabel"), ("imageView", "UIImageView")] {
            if let id = ctx.attr(o, attr) { ctx.graph.set(g, key, try ctx.ref(id: id, from: ctx.doc.objects[o].element)) }
        }
    }
}
