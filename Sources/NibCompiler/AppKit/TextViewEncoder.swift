import KeyedArchive

/// `<textView>` → `NSTextView` with its text system (`NSTextContainer` → `NSLayoutManager` →
/// `NSTextStorage`) and the `NSTextViewSharedData` that holds the behaviour flags, colours, and the
/// selection and link attributes.
enum TextViewEncoder: ObjectEncoder {
    static let elements = ["textView"]

    /// `NSFlags` bits of the shared data, with the attribute that sets each and its default.
    static let flagBits: [(attribute: String, bit: Int64, defaultOn: Bool)] = [
        ("selectable", 0x1, true), ("editable", 0x2, true), ("richText", 0x4, true), ("importsGraphics", 0x8, true),
        ("fieldEditor", 0x10, false), ("usesFontPanel", 0x20, false), ("usesRuler", 0x40, false),
        ("smartInsertDelete", 0x200, false), ("allowsUndo", 0x400, false), ("linkDetection", 0x4_0000, false),
        ("spellingCorrection", 0x400_0000, false),
    ]
    /// Bits every text view of the golden pairs has whatever the source says.
    static let constantFlags: Int64 = 0x900
    /// `findStyle` → `NSPreferredTextFinderStyle` (a find panel also sets `NSFlags` 0x2000).
    static let findStyles: [String: Int64] = ["none": 0, "panel": 1, "bar": 2]

    static func encode(_ o: Int, into g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        ctx.setClass(of: o, g, "NSTextView")
        try AppKitView.encodeBase(o, g, &ctx)
        // The container tracks the text view's width as the scroll view's tile leaves it.
        let width = ctx.tiles[o]?.frame?[2] ?? AppKitView.frame(o, ctx)?[2] ?? 0
        let text = TextStorageEncoder.text(of: o, &ctx)
        ctx.graph.set(g, "NSTextContainer", textContainer(view: g, width: width, text: text, &ctx))
        ctx.graph.set(g, "NSSharedData", try sharedData(o, &ctx))
        var tvFlags: Int64 = 0x84
        if ctx.attr(o, "verticallyResizable") != "NO" { tvFlags |= 0x2 }
        if ctx.flag(o, "horizontallyResizable") { tvFlags |= 0x1 }
        ctx.graph.set(g, "NSTVFlags", .int(tvFlags))
        if let e = ctx.property(o, "maxSize"), let w = ctx.number(e, "width"), let h = ctx.number(e, "height") {
            ctx.graph.set(g, "NSMaxSize", ctx.graph.string(NibGeometryString.format([w, h], as: .pair)))
        }
        ctx.graph.set(g, "NSDelegate", .null)
        // Text carries its own colour: the view's is archived only when it starts empty.
        if text == nil {
            ctx.graph.set(g, "NSTextViewTextColor", AppKitColor.color(of: o, key: "textColor", &ctx) ?? AppKitColor.catalog("textColor", &ctx))
        }
        if text == nil, ctx.tree.child(of: ctx.doc.objects[o].element, named: "attributedString") != nil || ctx.attr(o, "string") != nil {
            ctx.warn("<textView> text other than an attributed string's fragments is not encoded yet: the text view starts empty", at: o)
        }
    }

    /// The container of `width` points, its layout manager and the text storage (empty without `text`).
    static func textContainer(view: Int, width: Double, text: TextStorageEncoder.Text?, _ ctx: inout EncodingContext) -> NibGraph.Value {
        let container = ctx.graph.add("NSTextContainer")
        let manager = ctx.graph.add("NSLayoutManager")
        let storage = ctx.graph.add("NSTextStorage")
        let string = ctx.graph.add("NSMutableString")
        ctx.graph.set(string, "NS.bytes", .bytes(Array((text?.string ?? "").utf8)))
        ctx.graph.set(storage, "NSString", .ref(string))
        if let text {
            ctx.graph.set(storage, "NSAttributes", text.attributes)
            if let info = text.info { ctx.graph.set(storage, "NSAttributeInfo", info) }
        }
        ctx.graph.set(storage, "NSDelegate", .null)
        ctx.graph.set(manager, "NSTextStorage", .ref(storage))
        ctx.graph.set(manager, "NSTextContainers", ctx.graph.collection("NSMutableArray", [.ref(container)]))
        ctx.graph.set(manager, "NSLMFlags", .int(102))
        ctx.graph.set(manager, "NSDelegate", .null)
        ctx.graph.set(container, "NSLayoutManager", .ref(manager))
        ctx.graph.set(container, "NSTextLayoutManager", .null)
        ctx.graph.set(container, "NSTextView", .ref(view))
        ctx.graph.set(container, "NSWidth", .double(width))
        ctx.graph.set(container, "NSMinWidth", .double(15))
        ctx.graph.set(container, "NSTCFlags", .int(1))
        return .ref(container)
    }

    /// The `NSTextViewSharedData`: flags, find style, background and insertion colours, and the
    /// selected-text and link attributes AppKit defaults to.
    static func sharedData(_ o: Int, _ ctx: inout EncodingContext) throws(ArchiveError) -> NibGraph.Value {
        let i = ctx.graph.add("NSTextViewSharedData")
        var flags = constantFlags
        for (attribute, bit, defaultOn) in flagBits {
            let on = ctx.attr(o, attribute).map { $0 == "YES" } ?? defaultOn
            if on { flags |= bit }
        }
        let findName = ctx.attr(o, "findStyle") ?? "none"
        guard let findStyle = findStyles[findName] else {
            throw ctx.tree.error(.corrupt, "<textView> findStyle \"\(findName)\" is not a find style", at: ctx.doc.objects[o].element)
        }
        if findStyle == 1 { flags |= 0x2000 }
        ctx.graph.set(i, "NSAutomaticTextCompletionDisabled", .bool(false))
        ctx.graph.set(i, "NSFlags", .int(flags))
        ctx.graph.set(i, "NSMoreFlags", .int(1))
        ctx.graph.set(i, "NSTextCheckingTypes", .int(0))
        ctx.graph.set(i, "NSMarkedAttributes", .null)
        // No background colour in the source is archived as nil (test7_clipview).
        ctx.graph.set(i, "NSBackgroundColor", AppKitColor.upgradedBackground(of: o, catalog: "textBackgroundColor", &ctx) ?? .null)
        let selected = ctx.graph.dictionary("NSDictionary", [
            (ctx.graph.string("NSBackgroundColor"), AppKitColor.catalog("selectedTextBackgroundColor", &ctx)),
            (ctx.graph.string("NSColor"), AppKitColor.catalog("selectedTextColor", &ctx)),
        ])
        ctx.graph.set(i, "NSSelectedAttributes", selected)
        ctx.graph.set(i, "NSInsertionColor", AppKitColor.color(of: o, key: "insertionPointColor", &ctx) ?? AppKitColor.catalog("textInsertionPointColor", &ctx))
        let cursor = ctx.graph.add("NSCursor")
        ctx.graph.set(cursor, "NSHotSpot", ctx.graph.string("{8, -8}"))
        ctx.graph.set(cursor, "NSCursorType", .int(13))
        let link = ctx.graph.dictionary("NSDictionary", [
            (ctx.graph.string("NSColor"), AppKitColor.catalog("linkColor", &ctx)),
            (ctx.graph.string("NSCursor"), .ref(cursor)),
            (ctx.graph.string("NSUnderline"), ctx.graph.number(Int64(1))),
        ])
        ctx.graph.set(i, "NSLinkAttributes", link)
        ctx.graph.set(i, "NSDefaultParagraphStyle", .null)
        ctx.graph.set(i, "NSTextFinder", .null)
        ctx.graph.set(i, "NSPreferredTextFinderStyle", .int(findStyle))
        ctx.graph.set(i, "NSTextHighlightAttributes", .null)
        ctx.graph.set(i, "NSWritingToolsFlags", .int(256))
        return .ref(i)
    }
}
