import KeyedArchive

/// A nib's connections read straight from its graph (nib-object-model.md §1.3 and §2), described
/// without object indices so that two encodes of one document compare equal: what the nib diff
/// compares connections by.
public enum NibConnectionSummary {
    static let labelKeys = ["UILabel", "NSLabel"]
    static let sourceKeys = ["UISource", "NSSource"]
    static let destinationKeys = ["UIDestination", "NSDestination"]

    /// `outlet window: CassiusAppDelegate → UIWindow`, one per connection object, in table order.
    public static func describe(_ g: ArchiveGraph) -> [String] {
        var out: [String] = []
        for i in g.objects.indices {
            guard let cls = g.className(ofObject: i), let kind = kind(cls) else { continue }
            let label = first(g, i, labelKeys).flatMap { text(g, $0) } ?? "?"
            let source = first(g, i, sourceKeys).map { name(g, $0) } ?? "nil"
            let destination = first(g, i, destinationKeys).map { name(g, $0) } ?? "First Responder"
            out.append("\(kind) \(label): \(source) → \(destination)")
        }
        return out
    }

    static func kind(_ cls: String) -> String? {
        switch cls {
        case "UIRuntimeOutletConnection", "NSNibOutletConnector": "outlet"
        case "UIRuntimeEventConnection", "NSNibControlConnector": "action"
        case "UIRuntimeOutletCollectionConnection": "outletCollection"
        case "NSNibAuxiliaryActionConnector": "auxiliaryAction"
        case "NSNibBindingConnector": "binding"
        default: nil
        }
    }

    private static func first(_ g: ArchiveGraph, _ i: Int, _ keys: [String]) -> ArchiveValue? {
        for k in keys { if let v = g.value(ofObject: i, forKey: k) { return v } }
        return nil
    }

    /// The most `NS.string` links ``text(_:_:)`` follows: a mutable string wraps one string; a chain longer
    /// than this, or a cycle, is not text.
    static let maxStringLinks = 16

    /// The text of an inline string, a plain string object, or an NSString object's `NS.bytes` or
    /// `NS.string` (followed iteratively and at most ``maxStringLinks`` times: a hostile archive's
    /// string may name itself).
    static func text(_ g: ArchiveGraph, _ v: ArchiveValue) -> String? {
        var v = v
        for _ in 0 ... maxStringLinks {
            switch v {
            case .string: return g.string(v)
            case .ref(let i):
                guard i >= 0, i < g.objects.count else { return nil }
                let o = g.objects[i]
                if o.kind == .plain { return g.string(o.plainValue) }
                if let b = g.value(ofObject: i, forKey: "NS.bytes"), case .bytes = b { return g.string(b) }
                guard let s = g.value(ofObject: i, forKey: "NS.string") else { return nil }
                v = s
            default: return nil
            }
        }
        return nil
    }

    /// The class an endpoint stands for: a swapper's custom class, a custom object's class name,
    /// a placeholder's identifier.
    static func name(_ g: ArchiveGraph, _ v: ArchiveValue) -> String {
        guard case .ref(let i) = v, let cls = g.className(ofObject: i) else {
            if case .array = v { return "[" + g.items(v).map { name(g, $0) }.joined(separator: ", ") + "]" }
            return v.kindName
        }
        for key in ["UIClassName", "NSClassName", "UIProxiedObjectIdentifier", "NSExternalObjectPlaceholderIdentifier"] {
            if let t = g.value(ofObject: i, forKey: key).flatMap({ text(g, $0) }) { return t }
        }
        return cls
    }
}
