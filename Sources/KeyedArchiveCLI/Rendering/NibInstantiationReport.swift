import KeyedArchive
import Nib

/// `nib --instantiate`: loads the nib with generic objects for every class and a stand-in owner,
/// then reports what the loader did.
struct NibInstantiationReport {
    let document: NibDocument
    let nib: Nib
    var terminal: Terminal

    struct Outcome {
        var instantiation: NibInstantiation
        var owner: NibObject
        var externals: [String: NibObject]
        /// `awakeFromNib` deliveries in the order the loader made them (``NibAwakeOrder``).
        var awakeOrder: [NibAwakeOrder.Entry]
    }

    /// Instantiates once. Every placeholder other than File's Owner and First Responder gets a generic
    /// stand-in external object, so any nib loads without registering classes.
    func instantiate() throws(ArchiveError) -> Outcome {
        let owner = NibObject(className: "FilesOwner")
        var externals: [String: NibObject] = [:]
        for p in document.placeholders where p.kind != .filesOwner && p.kind != .firstResponder {
            externals[p.identifier] = NibObject(className: "External(\(p.identifier))")
        }
        var options = NibInstantiationOptions(registry: NibClassRegistry(), collectsUndeclaredOutlets: true)
        options.showWindow = nil
        let result = try nib.instantiate(owner: owner, externalObjects: externals, options: options)
        return Outcome(instantiation: result, owner: owner, externals: externals, awakeOrder: try NibAwakeOrder.observe(nib))
    }

    func render(_ o: Outcome, title: String) -> String {
        var out: [String] = [terminal.paint("\(title): instantiated with generic objects and a stand-in owner", .bold)]
        out.append(terminal.paint("Top-level objects:", .bold))
        for obj in o.instantiation.topLevelObjects { out.append("  " + name(obj, o)) }
        if o.instantiation.topLevelObjects.isEmpty { out.append("  (none)") }
        out.append(terminal.paint("Connections applied:", .bold))
        for c in document.connections { out.append("  " + applied(c, o)) }
        if document.connections.isEmpty { out.append("  (none)") }
        out.append(terminal.paint("awakeFromNib order:", .bold))
        var n = 0
        for (i, obj) in awakeOrder(o).enumerated() {
            let count = (obj as? NibObject)?.awakeCount
            let note = count.map { $0 == 1 ? "" : terminal.paint("  (received \($0) awakeFromNib calls)", .red) } ?? ""
            out.append("  \(i + 1). \(name(obj, o))\(note)")
            n += 1
        }
        if n == 0 { out.append("  (none)") }
        out.append(terminal.paint("Diagnostics:", .bold))
        if o.instantiation.diagnostics.isEmpty { out.append("  (none)") }
        for d in o.instantiation.diagnostics {
            out.append("  " + terminal.paint(d.kind.rawValue, .yellow) + ": " + d.message
                       + (d.objectIndex.map { " (object #\($0))" } ?? ""))
        }
        return out.joined(separator: "\n") + "\n"
    }

    /// The objects of this instantiation in the order the loader awoke them.
    func awakeOrder(_ o: Outcome) -> [AnyObject] {
        o.awakeOrder.compactMap { entry in
            switch entry {
            case .owner: return o.owner
            case .object(let i): return o.instantiation.object(at: i)
            }
        }
    }

    /// `owner`, `UILabel#7`, `external(UIStoryboardPlaceholder)`, `firstResponder`.
    func name(_ obj: AnyObject?, _ o: Outcome) -> String {
        guard let obj else { return "nil" }
        if obj === o.owner { return "owner" }
        if obj === NibFirstResponder.shared { return "firstResponder" }
        for (id, e) in o.externals where e === obj { return "external(\(id))" }
        if let g = obj as? NibObject {
            return "\(g.customClassName ?? g.className)#\(g.archiveIndex)"
        }
        return String(describing: type(of: obj))
    }

    /// One connection as the loader applied it: `owner.titleLabel = UILabel#7`,
    /// `UIButton#12 → owner.tap: (events 0x40)`.
    func applied(_ c: NibConnection, _ o: Outcome) -> String {
        func object(_ r: NibObjectReference?) -> AnyObject? {
            guard let r else { return nil }
            if r.index == document.filesOwner?.index { return o.owner }
            return o.instantiation.object(at: r.index)
        }
        let source = object(c.source)
        switch c.kind {
        case .outlet, .outletCollection:
            let target = name(source, o) + "." + c.label
            guard let generic = source as? NibObject, let value = generic.outlet(c.label) else {
                return target + terminal.paint("  (not applied)", .red)
            }
            return target + (c.kind == .outletCollection ? " += " : " = ") + describe(value, o)
        case .action, .auxiliaryAction:
            let destination = c.destination.map { name(object($0), o) } ?? "firstResponder"
            var line = "\(name(source, o)) → \(destination).\(c.label)"
            if let mask = c.eventMask { line += terminal.paint(" (events 0x\(String(mask, radix: 16)))", .dim) }
            if let sender = source as? NibObject, !sender.nibActions.contains(where: { $0.selector == c.label }) {
                line += terminal.paint("  (not applied)", .red)
            }
            return line
        case .binding, .other:
            return "\(c.kind.rawValue) \(c.label): \(name(source, o))" + terminal.paint("  (recorded, not applied)", .dim)
        }
    }

    private func describe(_ v: NibValue, _ o: Outcome) -> String {
        switch v {
        case .object(let obj): return name(obj, o)
        case .array(let items), .set(let items): return "[" + items.map { describe($0, o) }.joined(separator: ", ") + "]"
        case .null: return "nil"
        case .string(let s): return "\"\(s)\""
        case .int(let i): return String(i)
        case .double(let d): return String(d)
        case .bool(let b): return String(b)
        case .data(let d): return "<\(d.count) bytes>"
        case .dictionary(let pairs): return "dict(\(pairs.count))"
        }
    }
}
