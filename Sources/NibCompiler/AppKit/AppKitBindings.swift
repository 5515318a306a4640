import KeyedArchive

/// `NSNibBindingConnector`: binding name, the observed object and key path, options, and the connector of
/// the binding to establish first (`previousBinding`: a slider's `maxValue` before its `value`, a pop-up's
/// `content` before `selectedIndex`; smcFanControl's and Sparkle 2.6.4's compiled nibs).
enum AppKitBindings {
    static func encode(_ c: XIBConnection, _ ctx: inout EncodingContext) throws(ArchiveError) -> NibGraph.Value? {
        let i = ctx.graph.add("NSNibBindingConnector")
        let name = c.label ?? ""
        let keyPath = c.keyPath ?? ""
        ctx.graph.set(i, "NSSource", try ctx.ref(c.owner))
        ctx.graph.set(i, "NSDestination", try ctx.ref(id: c.destination ?? "", from: c.element))
        ctx.graph.set(i, "NSLabel", ctx.graph.string("\(name): \(keyPath)"))
        ctx.graph.set(i, "NSBinding", ctx.graph.string(name))
        ctx.graph.set(i, "NSKeyPath", ctx.graph.string(keyPath))
        if let options = ctx.tree.child(of: c.element, key: "options") {
            ctx.graph.set(i, "NSOptions", ctx.graph.dictionary("NSDictionary", Self.options(options, &ctx)))
        }
        if let previous = ctx.tree.elements[c.element]["previousBinding"] {
            if let p = ctx.bindingConnectors[previous] {
                ctx.graph.set(i, "NSPreviousConnector", .ref(p))
            } else {
                ctx.warn("previousBinding \"\(previous)\" names no earlier binding of this nib: compiled without it", element: c.element)
            }
        }
        if let id = c.id { ctx.bindingConnectors[id] = i }
        ctx.graph.set(i, "NSNibBindingConnectorVersion", .int(2))
        return .ref(i)
    }

    /// The entries of a binding's `<dictionary key="options">`, in source order: `<integer>`,
    /// `<real>`, `<bool>` become `NSNumber`s (`<bool>` a boolean one), `<string>` an `NSString`; other
    /// kinds are left out.
    static func options(_ dictionary: Int, _ ctx: inout EncodingContext) -> [(NibGraph.Value, NibGraph.Value)] {
        var out: [(NibGraph.Value, NibGraph.Value)] = []
        for e in ctx.tree.elements[dictionary].children {
            let el = ctx.tree.elements[e]
            guard let key = el["key"] else { continue }
            let value: NibGraph.Value
            switch el.name {
            case "integer":
                guard let n = el["value"].flatMap({ Int64($0) }) else { continue }
                value = ctx.graph.number(n)
            case "real":
                guard let d = el["value"].flatMap(Double.init) else { continue }
                value = ctx.graph.number(d)
            case "bool":
                // A boolean NSNumber, apart from an integer 1 in the same options (Sparkle's permission prompt).
                value = ctx.graph.boolNumber(el["value"] == "YES")
            case "string":
                value = ctx.graph.string(el["value"] ?? el.text)
            default:
                ctx.warn("binding option <\(el.name) key=\"\(key)\"> is not compiled yet", element: e)
                continue
            }
            out.append((ctx.graph.string(key), value))
        }
        return out
    }
}
