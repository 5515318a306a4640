// Conversions between the node table and materialised ``PlistValue`` trees, both iterative.

extension PropertyList {
    /// Materialises object `index` (the root when nil) and everything below it.
    ///
    /// A table may share a container between several parents; each appearance is materialised
    /// again, so the work is bounded by `limits`: at most `maxObjectCount` values and `maxTotalBytes`
    /// of string and data in total. Lone UTF-16 surrogates become U+FFFD.
    /// - Throws: `.badReference` for an index outside the table, `.limitExceeded` past a bound.
    public func value(at index: Int? = nil, limits: DecodingLimits = .default) throws(ArchiveError) -> PlistValue {
        let start = index ?? root
        guard start >= 0, start < nodes.count else {
            throw ArchiveError(.badReference, "object \(start) is not in a table of \(nodes.count)", objectIndex: start)
        }
        var budget = MaterialiseBudget(limits: limits)
        // Each frame: a container, the next member position, and its materialised members so far.
        var stack: [(node: Int, next: Int, items: [PlistValue])] = []
        var finished: PlistValue
        if let scalar = try scalarValue(start, &budget) { return scalar }
        stack.append((start, 0, []))
        while true {
            let top = stack[stack.count - 1]
            let n = nodes[top.node]
            let total = n.kind == .dict ? 2 * Int(n.count) : Int(n.count)
            if top.next < total {
                stack[stack.count - 1].next += 1
                let child = Int(refs[Int(truncatingIfNeeded: n.payload) + top.next])
                if let scalar = try scalarValue(child, &budget) {
                    stack[stack.count - 1].items.append(scalar)
                } else {
                    guard stack.count < max(limits.maxDepth, 1) else {
                        throw ArchiveError(.limitExceeded, "containers nest more than \(limits.maxDepth) deep", objectIndex: child)
                    }
                    stack.append((child, 0, []))
                    stack[stack.count - 1].items.reserveCapacity(min(Int(nodes[child].count), 4096))
                }
                continue
            }
            let items = stack.removeLast().items
            switch n.kind {
            case .array: finished = .array(items)
            case .set: finished = .set(items)
            default:
                let c = Int(n.count)
                var entries: [PlistDictEntry] = []
                entries.reserveCapacity(c)
                for i in 0 ..< c { entries.append(PlistDictEntry(key: items[i], value: items[c + i])) }
                finished = .dict(entries)
            }
            if stack.isEmpty { return finished }
            stack[stack.count - 1].items.append(finished)
        }
    }

    /// The value of a non-container object (nil for a container), charged to `budget`.
    private func scalarValue(_ i: Int, _ budget: inout MaterialiseBudget) throws(ArchiveError) -> PlistValue? {
        let n = nodes[i]
        try budget.charge(objects: 1, bytes: 0, index: i)
        switch n.kind {
        case .null: return .null
        case .fill: return .fill
        case .bool: return .bool(n.extra != 0)
        case .integer:
            switch n.extra {
            case 0: return .integer(Int64(bitPattern: n.payload))
            case 1: return .unsignedInteger(n.payload)
            default:
                let w = wideIntegers[Int(n.payload)]
                return .wideInteger(PlistWideInteger(high: w.high, low: w.low))
            }
        case .real:
            let d = Double(bitPattern: n.payload)
            return n.extra == 4 ? .real32(Float(d)) : .real(d)
        case .date: return .date(Double(bitPattern: n.payload))
        case .uid: return .uid(n.payload)
        case .data:
            try budget.charge(objects: 0, bytes: Int(n.count), index: i)
            return .data(data(i) ?? [])
        case .string:
            try budget.charge(objects: 0, bytes: Int(n.count), index: i)
            return .string(string(i) ?? "")
        case .array, .set, .dict: return nil
        }
    }
}

/// Running totals for one materialisation, checked against ``DecodingLimits``.
private struct MaterialiseBudget {
    let limits: DecodingLimits
    var objects = 0
    var bytes = 0

    mutating func charge(objects o: Int, bytes b: Int, index: Int) throws(ArchiveError) {
        objects += o
        bytes += b
        guard objects <= limits.maxObjectCount else {
            throw ArchiveError(.limitExceeded, "materialising makes more than \(limits.maxObjectCount) values", objectIndex: index)
        }
        guard bytes <= limits.maxTotalBytes else {
            throw ArchiveError(.limitExceeded, "materialising makes more than \(limits.maxTotalBytes) bytes of strings and data", objectIndex: index)
        }
    }
}

extension PropertyList {
    /// A table holding `value`, built without recursion. Equal values are not merged; the root is
    /// the last object.
    public init(_ value: PlistValue, format: Format = .binary) {
        var b = PropertyListBuilder()
        // Each frame: a container value, its members flattened (dict: keys then values), the next
        // member position, and the indices of the members built so far.
        var stack: [(value: PlistValue, members: [PlistValue], next: Int, built: [Int])] = []
        var lastBuilt = 0
        func flatten(_ v: PlistValue) -> [PlistValue]? {
            switch v {
            case .array(let m), .set(let m): return m
            case .dict(let e): return e.map(\.key) + e.map(\.value)
            default: return nil
            }
        }
        func addScalar(_ v: PlistValue, _ b: inout PropertyListBuilder) -> Int {
            switch v {
            case .null: return b.addNull()
            case .fill: return b.addFill()
            case .bool(let x): return b.addBool(x)
            case .integer(let x): return b.addInteger(x)
            case .unsignedInteger(let x): return b.addInteger(x)
            case .wideInteger(let x): return b.addInteger(x)
            case .real(let x): return b.addReal(x)
            case .real32(let x): return b.addReal(x)
            case .date(let x): return b.addDate(x)
            case .data(let x): return b.addData(x)
            case .string(let x): return b.addString(x)
            case .uid(let x): return b.addUID(x)
            case .array, .set, .dict: return -1
            }
        }
        if let m = flatten(value) {
            stack.append((value, m, 0, []))
        } else {
            lastBuilt = addScalar(value, &b)
        }
        while let top = stack.last {
            if top.next < top.members.count {
                let child = top.members[top.next]
                stack[stack.count - 1].next += 1
                if let m = flatten(child) {
                    stack.append((child, m, 0, []))
                } else {
                    let i = addScalar(child, &b)
                    stack[stack.count - 1].built.append(i)
                }
                continue
            }
            let done = stack.removeLast()
            switch done.value {
            case .array: lastBuilt = b.addArray(done.built)
            case .set: lastBuilt = b.addSet(done.built)
            default:
                let c = done.built.count / 2
                lastBuilt = b.addDict(keys: Array(done.built[..<c]), values: Array(done.built[c...]))
            }
            if !stack.isEmpty { stack[stack.count - 1].built.append(lastBuilt) }
        }
        self = b.build(root: lastBuilt, format: format)
    }
}
