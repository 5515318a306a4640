extension ArchivedValue {
    /// Identity for objects, structural equality (reals by bit pattern) for values.
    ///
    /// Iterative: nested collections are compared from an explicit stack of pairs, so two values as
    /// deep as the unarchiver's depth budget compare without deep recursion.
    public static func == (a: ArchivedValue, b: ArchivedValue) -> Bool {
        var pending: [(ArchivedValue, ArchivedValue)] = [(a, b)]
        while let (x, y) = pending.popLast() {
            guard shallowEqual(x, y, pushing: &pending) else { return false }
        }
        return true
    }

    /// Compares the top level of two values; pushes the pairs of children still to compare.
    private static func shallowEqual(
        _ a: ArchivedValue, _ b: ArchivedValue, pushing pending: inout [(ArchivedValue, ArchivedValue)]
    ) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case let (.bool(x), .bool(y)): return x == y
        case let (.int(x), .int(y)): return x == y
        case let (.unsignedInt(x), .unsignedInt(y)): return x == y
        case let (.float(x), .float(y)): return x.bitPattern == y.bitPattern
        case let (.double(x), .double(y)): return x.bitPattern == y.bitPattern
        case let (.string(x), .string(y)): return x == y
        case let (.data(x), .data(y)): return x == y
        case let (.date(x), .date(y)): return x == y
        case let (.url(x), .url(y)): return x == y
        case let (.uuid(x), .uuid(y)): return x == y
        case let (.array(x), .array(y)), let (.set(x), .set(y)), let (.orderedSet(x), .orderedSet(y)):
            guard x.count == y.count else { return false }
            pending.append(contentsOf: zip(x, y))
            return true
        case let (.countedSet(x), .countedSet(y)):
            guard x.count == y.count else { return false }
            for (p, q) in zip(x, y) {
                guard p.count == q.count else { return false }
                pending.append((p.element, q.element))
            }
            return true
        case let (.dictionary(x), .dictionary(y)):
            return pushEntries(x, y, &pending)
        case let (.attributedString(x), .attributedString(y)):
            guard x.string == y.string, x.isMutable == y.isMutable, x.runs.count == y.runs.count else { return false }
            for (p, q) in zip(x.runs, y.runs) {
                guard p.length == q.length, pushEntries(p.attributes, q.attributes, &pending) else { return false }
            }
            return true
        case let (.error(x), .error(y)):
            return x.domain == y.domain && x.code == y.code && pushEntries(x.userInfo, y.userInfo, &pending)
        case let (.indexSet(x), .indexSet(y)): return x == y
        case let (.indexPath(x), .indexPath(y)): return x == y
        case let (.geometry(x), .geometry(y)): return x == y
        case let (.color(x), .color(y)): return x == y
        case let (.font(x), .font(y)): return x == y
        case let (.object(x), .object(y)): return x === y
        default: return false
        }
    }

    /// Entry lists are equal when counts match and each key and value pair (pushed) is equal.
    private static func pushEntries(
        _ x: [Entry], _ y: [Entry], _ pending: inout [(ArchivedValue, ArchivedValue)]
    ) -> Bool {
        guard x.count == y.count else { return false }
        for (p, q) in zip(x, y) {
            pending.append((p.key, q.key))
            pending.append((p.value, q.value))
        }
        return true
    }
}
