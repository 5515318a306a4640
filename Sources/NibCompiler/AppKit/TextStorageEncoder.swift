import KeyedArchive

/// A text view's `<attributedString key="textStorage">` → the string and attribute runs of its
/// `NSTextStorage` (the `textview_attributedstring` and `textview_multiattr` pairs): each fragment's
/// font and colour, Helvetica 12 and the text view's text colour where a fragment names none; equal
/// neighbours merge into one run and equal attribute sets are one dictionary. A single run is one
/// `NSDictionary`; more are an array with `NSAttributeInfo`, LEB128 pairs of UTF-16 length and index.
enum TextStorageEncoder {
    struct Text {
        var string: String
        var attributes: NibGraph.Value
        var info: NibGraph.Value?
    }

    /// Attributes the runs carry; others are reported and left out.
    static let known: Set<String> = ["NSFont", "NSColor"]

    static func text(of o: Int, _ ctx: inout EncodingContext) -> Text? {
        guard let storage = ctx.tree.child(of: ctx.doc.objects[o].element, key: "textStorage"),
              ctx.tree.elements[storage].name == "attributedString" else { return nil }
        var string = ""
        var runs: [(length: Int, set: Int)] = []
        var signatures: [String] = []
        var dictionaries: [NibGraph.Value] = []
        for fragment in ctx.tree.children(of: storage, named: "fragment") {
            let content = ctx.doc.attribute("content", ofElement: fragment) ?? ""
            let length = content.utf16.count
            guard length > 0 else { continue }
            string += content
            let elements = attributeElements(fragment, &ctx)
            let signature = elements.map { e in ctx.tree.elements[e].attributes.map { "\($0.name)=\($0.value)" }.joined(separator: " ") }.joined(separator: "|")
            let set: Int
            if let i = signatures.firstIndex(of: signature) {
                set = i
            } else {
                set = signatures.count
                signatures.append(signature)
                dictionaries.append(dictionary(elements, of: o, &ctx))
            }
            if let last = runs.indices.last, runs[last].set == set { runs[last].length += length } else { runs.append((length, set)) }
        }
        guard !runs.isEmpty else { return nil }
        if dictionaries.count == 1 && runs.count == 1 { return Text(string: string, attributes: dictionaries[0], info: nil) }
        var info: [UInt8] = []
        for run in runs {
            LEB128.write(UInt64(run.length), to: &info)
            LEB128.write(UInt64(run.set), to: &info)
        }
        let data = ctx.graph.add("NSMutableData")
        ctx.graph.set(data, "NS.bytes", .bytes(info))
        return Text(string: string, attributes: ctx.graph.collection("NSMutableArray", dictionaries), info: .ref(data))
    }

    /// The fragment's `<attributes>` children this encoder writes, in key order.
    static func attributeElements(_ fragment: Int, _ ctx: inout EncodingContext) -> [Int] {
        guard let list = ctx.tree.child(of: fragment, named: "attributes") else { return [] }
        var kept: [Int] = []
        for e in ctx.tree.elements[list].children {
            let key = ctx.tree.elements[e]["key"] ?? ""
            if known.contains(key) { kept.append(e) } else { ctx.warn("text attribute \"\(key)\" is not compiled yet", element: e) }
        }
        return kept.sorted { (ctx.tree.elements[$0]["key"] ?? "") < (ctx.tree.elements[$1]["key"] ?? "") }
    }

    /// `{NSColor, NSFont}` (keys in order) with the defaults filled in.
    static func dictionary(_ elements: [Int], of o: Int, _ ctx: inout EncodingContext) -> NibGraph.Value {
        let color = elements.first { ctx.tree.elements[$0]["key"] == "NSColor" }
        let font = elements.first { ctx.tree.elements[$0]["key"] == "NSFont" }
        let colorValue = color.map { AppKitColor.color($0, &ctx) } ?? AppKitColor.color(of: o, key: "textColor", &ctx) ?? AppKitColor.catalog("textColor", &ctx)
        let fontValue = font.map { AppKitFont.font($0, &ctx) } ?? AppKitFont.named("Helvetica", size: 12, flags: AppKitFont.flags(type: 0), &ctx)
        return ctx.graph.dictionary("NSDictionary", [
            (ctx.graph.string("NSColor"), colorValue),
            (ctx.graph.string("NSFont"), fontValue),
        ])
    }
}
