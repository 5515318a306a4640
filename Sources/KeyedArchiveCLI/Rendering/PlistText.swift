import KeyedArchive

/// The `dump` text tree of a property list that is not a keyed archive.
///
/// A container shared by several parents is expanded at its first appearance and shown as
/// `→ @12` (its plist object index) afterwards. Iterative, so nesting costs heap, not stack.
struct PlistTextRenderer {
    let plist: PropertyList
    var terminal: Terminal
    var maxDepth: Int?

    private struct Work {
        var label: String
        var index: Int
        var indent: Int
    }

    func render() -> String {
        let scalars = GraphTextRenderer(graph: ArchiveGraphBuilder(metadata: .init(source: .built)).build(), terminal: terminal)
        var out = [terminal.paint("\(plist.format.rawValue) plist: \(plist.count) objects", .bold)]
        var expanded = [Bool](repeating: false, count: plist.count)
        var stack = [Work(label: "root", index: plist.root, indent: 0)]
        while let w = stack.popLast() {
            let prefix = String(repeating: "  ", count: w.indent) + terminal.paint(w.label, .bold) + " = "
            let i = w.index
            switch plist.kind(i) {
            case .array, .set, .dict:
                let kind = plist.kind(i)
                let count = plist.containerCount(i)
                let head = terminal.paint("\(kind)(\(count))", .dim)
                if expanded[i] {
                    out.append(prefix + terminal.paint("→ @\(i)", .magenta) + " " + head)
                    continue
                }
                if let maxDepth, w.indent >= maxDepth {
                    out.append(prefix + head + terminal.paint(" … (depth limit)", .dim))
                    continue
                }
                expanded[i] = true
                out.append(prefix + head + terminal.paint(" @\(i)", .dim))
                var children: [Work] = []
                if kind == .dict {
                    for (k, v) in zip(plist.dictKeys(i), plist.dictValues(i)) {
                        // A key that is not a string (legal in binary plists) shows its type and value.
                        let label = plist.kind(k) == .string ? (plist.string(k) ?? "") : "{\(plist.kind(k)) key \(keyText(k, scalars))}"
                        children.append(Work(label: label, index: v, indent: w.indent + 1))
                    }
                } else {
                    for (j, m) in plist.elements(i).enumerated() {
                        children.append(Work(label: "[\(j)]", index: m, indent: w.indent + 1))
                    }
                }
                stack.append(contentsOf: children.reversed())
            default:
                out.append(prefix + scalar(i, scalars))
            }
        }
        return out.joined(separator: "\n") + "\n"
    }

    private func keyText(_ k: Int, _ r: GraphTextRenderer) -> String {
        switch plist.kind(k) {
        case .array, .set, .dict: return "\(plist.kind(k))(\(plist.containerCount(k))) @\(k)"
        default: return scalar(k, r)
        }
    }

    private func scalar(_ i: Int, _ r: GraphTextRenderer) -> String {
        switch plist.kind(i) {
        case .null: return terminal.paint("null", .dim)
        case .fill: return terminal.paint("fill", .dim)
        case .bool: return r.scalar(.bool(plist.bool(i) ?? false))
        case .integer:
            if let v = plist.int64(i) { return r.scalar(.int(v, width: 0)) }
            if let v = plist.uint64(i) { return r.scalar(.unsignedInt(v)) }
            return r.scalar(.wideInt(plist.wideInteger(i) ?? PlistWideInteger(high: 0, low: 0)))
        case .real:
            let d = plist.real(i) ?? 0
            if plist.realWidth(i) == 4 { return r.scalar(.float(Float(d))) }
            return r.scalar(.double(d))
        case .date: return r.scalar(.date(plist.date(i) ?? 0))
        case .data: return r.hexPreview(plist.data(i) ?? [])
        case .string: return terminal.paint(GraphTextRenderer.quote(plist.string(i) ?? "", max: 120), .green)
        case .uid: return terminal.paint("uid \(plist.uid(i) ?? 0)", .magenta)
        case .array, .set, .dict: return ""
        }
    }
}
