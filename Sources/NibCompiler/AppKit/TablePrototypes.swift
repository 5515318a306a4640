import KeyedArchive

/// A view-based table's prototype cell views (`<prototypeCellViews>` of its columns): where the row
/// layout puts them, and the `NSTableViewArchivedReusableViewsKey` dictionary, reuse identifier →
/// `NSNib` whose data is a whole nib holding the prototype (owner, the cell view's subtree, the
/// application stand-in, the connections inside it).
enum TablePrototypes {
    /// The inset AppKit's tables lay their rows out with since macOS 11 (every golden pair shows it).
    static let rowInset = 10.0

    /// The prototypes of column `c`, in document order.
    static func prototypes(of c: Int, _ ctx: EncodingContext) -> [Int] {
        ctx.objects(c, in: "prototypeCellViews").filter { ctx.doc.objects[$0].name == "tableCellView" }
    }

    /// The frame ibtool archives for prototype `cell`: the row inset plus half the intercell spacing
    /// before the first column, each later column after the previous one's cell and the spacing; the
    /// source's width, height and y. The outline column of an outline view whose indentation marker
    /// follows the cell loses 15 points of its column width (outline_cellview and
    /// reusable_views_order show it; the marker's room, by AppKit's layout). Nil when `cell` is not a
    /// prototype.
    static func frame(of cell: Int, _ ctx: EncodingContext) -> [Double]? {
        guard let column = ctx.doc.objects[cell].parent, ctx.doc.objects[column].name == "tableColumn",
              let table = ctx.doc.objects[column].parent, let source = AppKitView.frame(cell, ctx) else { return nil }
        let spacing = ctx.property(table, "intercellSpacing").flatMap { ctx.number($0, "width") } ?? 3
        var x = rowInset + (spacing / 2).rounded(.down)
        for c in ctx.objects(table, in: "tableColumns") {
            let width = cellWidth(c, table, prototype: c == column ? cell : prototypes(of: c, ctx).first, ctx)
            if c == column { return [x, source[1], width, source[3]] }
            x += width + spacing
        }
        return nil
    }

    /// The width of `prototype`'s cell in column `c` (the column's width when it has none).
    static func cellWidth(_ c: Int, _ table: Int, prototype: Int?, _ ctx: EncodingContext) -> Double {
        let columnWidth = ctx.attr(c, "width").flatMap(Double.init) ?? 100
        guard let prototype, let source = AppKitView.frame(prototype, ctx) else { return columnWidth }
        let outlineColumn = ctx.doc.objects[table].name == "outlineView" && ctx.attr(table, "outlineTableColumn") == ctx.doc.objects[c].id
        if outlineColumn, ctx.attr(table, "indentationMarkerFollowsCell") != "NO" { return columnWidth - 15 }
        return source[2]
    }

    /// The reuse identifier of `cell` in column `c`: its own `identifier`, else the column's.
    static func reuseIdentifier(_ cell: Int, column c: Int, _ ctx: EncodingContext) -> String {
        if let id = ctx.attr(cell, "identifier") { return id }
        if let id = ctx.attr(c, "identifier") { return id }
        let index = ctx.position(of: c, in: "tableColumns") ?? 0
        return "AutomaticTableColumnIdentifier.\(index)"
    }

    /// `NSTableViewArchivedReusableViewsKey` for `table`: one `NSNib` per prototype, by reuse
    /// identifier in sorted order (as ibtool writes the dictionary); nil without prototypes.
    static func reusableViews(of table: Int, _ ctx: inout EncodingContext) throws(ArchiveError) -> NibGraph.Value? {
        var byIdentifier: [(String, Int)] = []
        for c in ctx.objects(table, in: "tableColumns") {
            for cell in prototypes(of: c, ctx) { byIdentifier.append((reuseIdentifier(cell, column: c, ctx), cell)) }
        }
        guard !byIdentifier.isEmpty else { return nil }
        var entries: [(NibGraph.Value, NibGraph.Value)] = []
        var seen = Set<String>()
        for (identifier, cell) in byIdentifier.sorted(by: { $0.0 < $1.0 }) {
            guard seen.insert(identifier).inserted else {
                ctx.warn("another prototype cell view of this table has reuse identifier \"\(identifier)\": this one is not archived", at: cell)
                continue
            }
            let nib = ctx.graph.add("NSNib")
            ctx.graph.set(nib, "NSNibFileData", ctx.graph.data(try nibBytes(cell, identifier: identifier, &ctx)))
            ctx.graph.set(nib, "NSNibFileIsKeyed", .bool(true))
            ctx.graph.set(nib, "NSNibFileUseParentBundle", .bool(true))
            ctx.graph.set(nib, "NSNibFileImages", .null)
            ctx.graph.set(nib, "NSNibFileSounds", .null)
            entries.append((ctx.graph.string(identifier), .ref(nib)))
        }
        return ctx.graph.dictionary("NSMutableDictionary", entries)
    }

    /// The NIBArchive of one prototype, compiled in a context of its own. Its warnings join the
    /// document's (``NibCompileDiagnostic/unique(_:)`` drops the ones both compiles give).
    static func nibBytes(_ cell: Int, identifier: String, _ parent: inout EncodingContext) throws(ArchiveError) -> [UInt8] {
        var ctx = EncodingContext(doc: parent.doc, options: parent.options, encoders: parent.encoders, elementIndex: parent.elementIndex)
        ctx.reuseIdentifiers[cell] = identifier
        ctx.isPrototypeNib = true
        let root = ctx.graph.add("NSObject")
        let data = ctx.graph.add("NSIBObjectData")
        let owner = AppKitNibParts.owner(&ctx)
        let application = AppKitNibParts.application(&ctx)
        // File's Owner and the application stand for the prototype nib's own placeholders.
        for (id, stand) in [("-2", owner), ("-3", application)] {
            if let o = ctx.doc.objectIndex[id], case .ref(let g) = stand { ctx.encoded[o] = g }
        }
        let tree = AppKitNibParts.subtree(cell, ctx)
        let inside = Set(tree).union(["-2", "-3"].compactMap { ctx.doc.objectIndex[$0] })
        let connectors = try AppKitNibParts.connectors(of: tree, within: inside, &ctx)
        var objects: [NibGraph.Value] = [], parents: [NibGraph.Value] = []
        for o in tree {
            objects.append(try ctx.ref(o))
            parents.append(o == cell ? owner : try ctx.doc.objects[o].parent.map { p throws(ArchiveError) in try ctx.ref(p) } ?? owner)
        }
        objects.append(application)
        parents.append(owner)
        AppKitObjectData.write(root: root, data: data, owner: owner, visibleWindows: [], connectors: connectors,
                               objects: objects, parents: parents, &ctx)
        parent.diagnostics += ctx.diagnostics
        return try ctx.graph.archiveGraph(coderVersion: 10).nibArchiveData()
    }
}
