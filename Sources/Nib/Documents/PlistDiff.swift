import KeyedArchive

/// Differences between two materialised property lists, by key path. Iterative.
enum PlistDiff {
    /// At most `limit` differences, in walk order (one dictionary can add several at once).
    static func compare(_ a: PlistValue, _ b: PlistValue, limit: Int) -> [ArchiveDiff.Difference] {
        // Equal values (one linear comparison) need no walk, which builds a path per member.
        if a == b { return [] }
        var out: [ArchiveDiff.Difference] = []
        var stack: [(PlistValue, PlistValue, String)] = [(a, b, "root")]
        while let (x, y, path) = stack.popLast(), out.count < limit {
            switch (x, y) {
            case let (.dict(p), .dict(q)):
                // Keys compare by type and value: the integer 1 and the string "1" are different keys.
                let mapQ = Dictionary(q.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
                let setP = Set(p.map(\.key))
                for entry in p.reversed() {
                    let sub = path + label(entry.key)
                    if let w = mapQ[entry.key] { stack.append((entry.value, w, sub)) } else {
                        out.append(.init(kind: .removed, path: sub, message: "only in the first plist"))
                    }
                }
                for entry in q where !setP.contains(entry.key) {
                    out.append(.init(kind: .added, path: path + label(entry.key), message: "only in the second plist"))
                }
            case let (.array(p), .array(q)), let (.set(p), .set(q)):
                if p.count != q.count {
                    out.append(.init(kind: .changed, path: path, message: "\(p.count) members ≠ \(q.count) members"))
                }
                for (i, (v, w)) in zip(p, q).enumerated().reversed() { stack.append((v, w, "\(path)[\(i)]")) }
            default:
                if x != y { out.append(.init(kind: .changed, path: path, message: "\(short(x)) ≠ \(short(y))")) }
            }
        }
        return Array(out.prefix(limit))
    }

    /// `.name` for a string key; `.{integer key 1}` for a key of another type.
    private static func label(_ v: PlistValue) -> String {
        if case .string(let s) = v { return "." + s }
        return ".{\(typeName(v)) key \(short(v))}"
    }

    private static func typeName(_ v: PlistValue) -> String {
        switch v {
        case .null: "null"
        case .fill: "fill"
        case .bool: "bool"
        case .integer, .unsignedInteger, .wideInteger: "integer"
        case .real, .real32: "real"
        case .date: "date"
        case .data: "data"
        case .string: "string"
        case .uid: "uid"
        case .array: "array"
        case .set: "set"
        case .dict: "dict"
        }
    }

    private static func short(_ v: PlistValue) -> String {
        switch v {
        case .null: "null"
        case .fill: "fill"
        case .bool(let b): String(b)
        case .integer(let i): String(i)
        case .unsignedInteger(let u): String(u)
        case .wideInteger(let w): String(Int128(w.high) << 64 | Int128(w.low))
        case .real(let d): String(d)
        case .real32(let f): String(f) + "f"
        case .date(let d): "date " + String(d)
        case .data(let d): "data(\(d.count) bytes)"
        case .string(let s): "\"" + (s.count > 60 ? String(s.prefix(60)) + "…" : s) + "\""
        case .uid(let u): "uid \(u)"
        case .array(let a): "array(\(a.count))"
        case .set(let a): "set(\(a.count))"
        case .dict(let d): "dict(\(d.count))"
        }
    }
}
