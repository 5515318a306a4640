import KeyedArchive

/// Semantic comparison of two archive graphs, for the round-trip checker.
///
/// Strings and bytes compare by content (not by storage offset), references by object index,
/// inline collections member by member, reals by bit pattern. Nothing recurses: nested inline
/// collections are compared through an explicit work list with a step budget.
struct GraphComparison {
    let a: ArchiveGraph
    let b: ArchiveGraph
    /// Integer widths may legitimately change when a writer re-derives them.
    var ignoreIntegerWidth = false

    /// At most this many value pairs are compared per call; beyond it the values count as equal.
    static let stepBudget = 1_000_000

    /// The first difference between two values, or nil when they are equal.
    func difference(_ x: ArchiveValue, _ y: ArchiveValue) -> String? {
        var work: [(ArchiveValue, ArchiveValue)] = [(x, y)]
        var steps = 0
        while let (p, q) = work.popLast() {
            steps += 1
            if steps > Self.stepBudget { return nil }
            switch (p, q) {
            case (.nil, .nil):
                continue
            case let (.bool(u), .bool(v)) where u == v:
                continue
            case let (.int(u, wu), .int(v, wv)) where u == v && (ignoreIntegerWidth || wu == wv):
                continue
            case let (.unsignedInt(u), .unsignedInt(v)) where u == v:
                continue
            case let (.wideInt(u), .wideInt(v)) where u == v:
                continue
            case let (.float(u), .float(v)) where u.bitPattern == v.bitPattern:
                continue
            case let (.double(u), .double(v)) where u.bitPattern == v.bitPattern:
                continue
            case let (.date(u), .date(v)) where u.bitPattern == v.bitPattern:
                continue
            case let (.bytes(u), .bytes(v)) where a.bytes(u) == b.bytes(v):
                continue
            case let (.string(u, eu), .string(v, ev)):
                // Raw UTF-16 may hold lone surrogates: compare the units themselves when both are UTF-16.
                let same = eu == .utf16BigEndian && ev == .utf16BigEndian
                    ? a.bytes(u) == b.bytes(v) : a.string(p) == b.string(q)
                if same { continue }
                return "string \(describe(p, in: a)) became \(describe(q, in: b))"
            case let (.ref(u), .ref(v)) where u == v:
                continue
            case (.array, .array), (.set, .set), (.dict, .dict):
                let xs = a.items(p)
                let ys = b.items(q)
                guard xs.count == ys.count else {
                    return "\(p.kindName) of \(xs.count) members became one of \(ys.count)"
                }
                for (m, n) in zip(xs, ys) { work.append((m, n)) }
            default:
                return "\(describe(p, in: a)) became \(describe(q, in: b))"
            }
        }
        return nil
    }

    /// The first difference between two runs of keyed values (key strings and values, in order).
    func difference(_ xs: some Collection<ArchiveKeyedValue>, _ ys: some Collection<ArchiveKeyedValue>,
                    where place: String) -> String? {
        guard xs.count == ys.count else { return "\(place): \(xs.count) values became \(ys.count)" }
        for (i, (x, y)) in zip(xs, ys).enumerated() {
            let kx = a.key(x.key)
            let ky = b.key(y.key)
            guard kx == ky else { return "\(place), value \(i): key \(kx) became \(ky)" }
            if let d = difference(x.value, y.value) { return "\(place), key \(kx): \(d)" }
        }
        return nil
    }

    /// A short human-readable rendering of a value, for failure messages.
    func describe(_ v: ArchiveValue, in g: ArchiveGraph) -> String {
        switch v {
        case .string, .bytes:
            let text = g.string(v) ?? ""
            return "\(v.kindName) \(String(reflecting: String(text.prefix(80))))"
        default:
            return String(describing: v)
        }
    }
}
