extension PlistValue {
    /// Structural equality; iterative, so values as deep as ``DecodingLimits/maxDepth`` compare
    /// without deep recursion.
    public static func == (a: PlistValue, b: PlistValue) -> Bool {
        var pending: [(PlistValue, PlistValue)] = [(a, b)]
        while let (x, y) = pending.popLast() {
            switch (x, y) {
            case (.null, .null), (.fill, .fill): continue
            case let (.bool(p), .bool(q)): guard p == q else { return false }
            case let (.integer(p), .integer(q)): guard p == q else { return false }
            case let (.unsignedInteger(p), .unsignedInteger(q)): guard p == q else { return false }
            case let (.wideInteger(p), .wideInteger(q)): guard p == q else { return false }
            case let (.real(p), .real(q)): guard p.bitPattern == q.bitPattern else { return false }
            case let (.real32(p), .real32(q)): guard p.bitPattern == q.bitPattern else { return false }
            case let (.date(p), .date(q)): guard p.bitPattern == q.bitPattern else { return false }
            case let (.data(p), .data(q)): guard p == q else { return false }
            case let (.string(p), .string(q)): guard p == q else { return false }
            case let (.uid(p), .uid(q)): guard p == q else { return false }
            case let (.array(p), .array(q)), let (.set(p), .set(q)):
                guard p.count == q.count else { return false }
                pending.append(contentsOf: zip(p, q))
            case let (.dict(p), .dict(q)):
                guard p.count == q.count else { return false }
                for (e, f) in zip(p, q) {
                    pending.append((e.key, f.key))
                    pending.append((e.value, f.value))
                }
            default: return false
            }
        }
        return true
    }

    /// Hashes the tree in pre-order from an explicit stack: each node's tag, its scalar or its child count.
    public func hash(into h: inout Hasher) {
        var pending: [PlistValue] = [self]
        while let v = pending.popLast() {
            switch v {
            case .null: h.combine(0)
            case .fill: h.combine(1)
            case .bool(let x): h.combine(2); h.combine(x)
            case .integer(let x): h.combine(3); h.combine(x)
            case .unsignedInteger(let x): h.combine(4); h.combine(x)
            case .wideInteger(let x): h.combine(5); h.combine(x)
            case .real(let x): h.combine(6); h.combine(x.bitPattern)
            case .real32(let x): h.combine(7); h.combine(x.bitPattern)
            case .date(let x): h.combine(8); h.combine(x.bitPattern)
            case .data(let x): h.combine(9); h.combine(x)
            case .string(let x): h.combine(10); h.combine(x)
            case .uid(let x): h.combine(11); h.combine(x)
            case .array(let x), .set(let x):
                h.combine(12)
                h.combine(x.count)
                pending.append(contentsOf: x.reversed())
            case .dict(let x):
                h.combine(13)
                h.combine(x.count)
                for e in x.reversed() {
                    pending.append(e.value)
                    pending.append(e.key)
                }
            }
        }
    }
}
