import KeyedArchive

/// One difference found by ``ArchiveGraph/semanticDiff(_:limit:)``.
public struct ArchiveSemanticDifference: Sendable, Hashable, CustomStringConvertible {
    /// Where, from the top: `$top.IBDocument.Objects → UIBounds`.
    public var path: String
    /// What differs, in words.
    public var message: String

    /// Creates a difference at `path`.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { "\(path): \(message)" }
}

extension ArchiveGraph {
    /// Compares two graphs as object graphs (`nibarchive-format.md` §11.9): the same classes (and
    /// fallback names), the same keys per object, the same value types including integer width
    /// (width 0, "unknown", matches any), the same values, the same element order, and the same
    /// sharing of objects. Object, key and class *table order* is ignored, as is anything unreachable
    /// from the top. Both graphs should use the same container conventions; convert one first
    /// (``convertedToNIBArchive()``/``convertedToKeyedArchive()``) to compare across containers.
    ///
    /// Walks with an explicit queue; stops after `limit` differences.
    public func semanticDiff(_ other: ArchiveGraph, limit: Int = 100) -> [ArchiveSemanticDifference] {
        var d = SemanticDiffer(a: self, b: other, limit: limit)
        d.run()
        return d.differences
    }
}

struct SemanticDiffer {
    let a: ArchiveGraph
    let b: ArchiveGraph
    let limit: Int
    var differences: [ArchiveSemanticDifference] = []
    var aToB: [Int: Int] = [:]
    var bToA: [Int: Int] = [:]
    var queue: [(Int, Int, String)] = []
    /// Value-object pairs already queued (they are not mapped one to one).
    var valuePairs: Set<[Int]> = []

    static let valueClasses: Set<String> = ["NSString", "NSMutableString", "NSNumber", "NSData", "NSMutableData"]

    func isValueObject(_ g: ArchiveGraph, _ i: Int) -> Bool {
        let o = g.objects[i]
        return o.kind == .plain || (o.kind == .object && g.className(ofObject: i).map { Self.valueClasses.contains($0) } == true)
    }

    init(a: ArchiveGraph, b: ArchiveGraph, limit: Int) {
        self.a = a
        self.b = b
        self.limit = limit
    }

    mutating func report(_ path: String, _ message: String) {
        if differences.count < limit { differences.append(ArchiveSemanticDifference(path: path, message: message)) }
    }

    mutating func run() {
        compareKeyed(topScope(a), topScope(b), path: "$top")
        var next = 0
        while next < queue.count, differences.count < limit {
            let (ia, ib, path) = queue[next]
            next += 1
            compareObjects(ia, ib, path: path)
        }
    }

    /// `top`, or object 0's values for a NIB-shaped graph built without setting `top`.
    func topScope(_ g: ArchiveGraph) -> [ArchiveKeyedValue] {
        if g.top.isEmpty, g.metadata.source != .keyedArchive, !g.objects.isEmpty { return Array(g.values(ofObject: 0)) }
        return g.top
    }

    mutating func compareObjects(_ ia: Int, _ ib: Int, path: String) {
        let oa = a.objects[ia], ob = b.objects[ib]
        guard oa.kind == ob.kind else {
            report(path, "object #\(ia) is a \(oa.kind) but #\(ib) is a \(ob.kind)")
            return
        }
        switch oa.kind {
        case .plain:
            compareValue(oa.plainValue, ob.plainValue, path: path)
        case .classDescription:
            if className(a, oa.classIndex) != className(b, ob.classIndex) { report(path, "class descriptions differ") }
        case .object:
            let ca = className(a, oa.classIndex), cb = className(b, ob.classIndex)
            if ca != cb {
                report(path, "class \(ca ?? "none") ≠ \(cb ?? "none")")
                return
            }
            if fallbackNames(a, oa.classIndex) != fallbackNames(b, ob.classIndex) {
                report(path, "class \(ca ?? "none") has different fallbacks")
            }
            compareKeyed(Array(a.values(ofObject: ia)), Array(b.values(ofObject: ib)), path: path,
                         unordered: ca.map { Self.setClasses.contains($0) } == true)
        }
    }

    /// Set members have no order: encoders sort them (nib) or hash them (keyed).
    static let setClasses: Set<String> = ["NSSet", "NSMutableSet"]

    /// A set member's order-free identity: its text or number; nil for anything else.
    func memberKey(_ g: ArchiveGraph, _ v: ArchiveValue) -> String? {
        if let s = try? g.string(of: v) { return "s" + s }
        if let n = try? g.number(of: v) {
            switch n {
            case let .int(x, _): return "n\(x)"
            case let .double(x): return "d\(x)"
            case let .float(x): return "d\(Double(x))"
            case let .bool(x): return "b\(x)"
            default: return nil
            }
        }
        return nil
    }

    /// Both member lists sorted by ``memberKey(_:_:)`` when every member has one; else as stored.
    func canonicalMembers(_ xs: [ArchiveValue], _ ys: [ArchiveValue]) -> ([ArchiveValue], [ArchiveValue]) {
        let kx = xs.map { memberKey(a, $0) }, ky = ys.map { memberKey(b, $0) }
        guard !kx.contains(nil), !ky.contains(nil) else { return (xs, ys) }
        let sx = zip(kx, xs).sorted { ($0.0 ?? "") < ($1.0 ?? "") }.map(\.1)
        let sy = zip(ky, ys).sorted { ($0.0 ?? "") < ($1.0 ?? "") }.map(\.1)
        return (sx, sy)
    }

    func className(_ g: ArchiveGraph, _ c: Int) -> String? {
        c >= 0 && c < g.classes.count ? g.classes[c].name : nil
    }

    func fallbackNames(_ g: ArchiveGraph, _ c: Int) -> [String] {
        guard c >= 0, c < g.classes.count else { return [] }
        return g.classes[c].fallbacks.compactMap { $0 >= 0 && $0 < g.classes.count ? g.classes[$0].name : nil }
    }

    /// Groups values by key string, keeping each key's values in stored order.
    func grouped(_ g: ArchiveGraph, _ kvs: [ArchiveKeyedValue]) -> (order: [String], byKey: [String: [ArchiveValue]]) {
        var order: [String] = []
        var byKey: [String: [ArchiveValue]] = [:]
        for kv in kvs {
            let k = kv.key >= 0 && kv.key < g.keys.count ? g.keys[kv.key] : "<key \(kv.key)>"
            if byKey[k] == nil { order.append(k) }
            byKey[k, default: []].append(kv.value)
        }
        return (order, byKey)
    }

    mutating func compareKeyed(_ va: [ArchiveKeyedValue], _ vb: [ArchiveKeyedValue], path: String, unordered: Bool = false) {
        let ga = grouped(a, va), gb = grouped(b, vb)
        for k in ga.order where gb.byKey[k] == nil { report("\(path).\(k)", "only in the first graph") }
        for k in gb.order where ga.byKey[k] == nil { report("\(path).\(k)", "only in the second graph") }
        for k in ga.order {
            guard var xs = ga.byKey[k], var ys = gb.byKey[k] else { continue }
            if unordered, k == ConventionKeys.emptyKey { (xs, ys) = canonicalMembers(xs, ys) }
            if unordered, k == ConventionKeys.objects, xs.count == 1, ys.count == 1,
               !a.items(xs[0]).isEmpty || !b.items(ys[0]).isEmpty {
                let (mx, my) = canonicalMembers(Array(a.items(xs[0])), Array(b.items(ys[0])))
                if mx.count != my.count { report("\(path).\(k)", "\(mx.count) members ≠ \(my.count) members") }
                for (j, (x, y)) in zip(mx, my).enumerated() { compareValue(x, y, path: "\(path).\(k)[\(j)]") }
                continue
            }
            if xs.count != ys.count {
                report("\(path).\(k)", "\(xs.count) values ≠ \(ys.count) values")
                continue
            }
            for (j, (x, y)) in zip(xs, ys).enumerated() {
                compareValue(x, y, path: xs.count == 1 ? "\(path).\(k)" : "\(path).\(k)[\(j)]")
            }
        }
    }

    /// Inline collections nest only as deep as their plist did; `depth` bounds the recursion anyway.
    mutating func compareValue(_ x: ArchiveValue, _ y: ArchiveValue, path: String, depth: Int = 0) {
        // Interface Builder 3's own `"$null"` strings are nil in a nib (``ArchiveGraph/isLegacyNullMarker(_:)``).
        func nilIfLegacyNull(_ g: ArchiveGraph, _ v: ArchiveValue) -> ArchiveValue {
            if case let .ref(i) = v, g.isLegacyNullMarker(i) { return .nil }
            return v
        }
        let x = nilIfLegacyNull(a, x), y = nilIfLegacyNull(b, y)
        switch (x, y) {
        case let (.ref(i), .ref(j)):
            guard i >= 0, i < a.objects.count, j >= 0, j < b.objects.count else {
                if (i >= 0 && i < a.objects.count) != (j >= 0 && j < b.objects.count) { report(path, "dangling reference on one side") }
                return
            }
            // Strings, numbers and data compare by value: encoders differ in how they share them.
            if isValueObject(a, i), isValueObject(b, j) {
                if valuePairs.insert([i, j]).inserted { queue.append((i, j, "\(path) → #\(i)")) }
                return
            }
            switch (aToB[i], bToA[j]) {
            case (nil, nil):
                aToB[i] = j
                bToA[j] = i
                queue.append((i, j, "\(path) → #\(i)"))
            case let (mapped?, _) where mapped == j:
                return
            default:
                report(path, "object #\(i) and #\(j) are shared differently")
            }
        case let (.int(v, w), .int(u, z)):
            if v != u { report(path, "int \(v) ≠ \(u)") } else if w != z, w != 0, z != 0 { report(path, "int width \(w) ≠ \(z)") }
        case let (.float(p), .float(q)):
            if p.bitPattern != q.bitPattern { report(path, "float \(p) ≠ \(q)") }
        case let (.double(p), .double(q)):
            if p.bitPattern != q.bitPattern { report(path, "double \(p) ≠ \(q)") }
        case let (.date(p), .date(q)):
            if p.bitPattern != q.bitPattern { report(path, "date \(p) ≠ \(q)") }
        case let (.bytes(r), .bytes(s)):
            if !a.bytes(r).elementsEqual(b.bytes(s)) { report(path, "data of \(r.count) bytes ≠ data of \(s.count) bytes") }
        case (.string, .string):
            if a.string(x) != b.string(y) { report(path, "strings differ") }
        case (.array, .array), (.set, .set), (.dict, .dict):
            let xs = a.items(x), ys = b.items(y)
            if xs.count != ys.count {
                report(path, "\(xs.count) members ≠ \(ys.count) members")
                return
            }
            guard depth < 64 else {
                report(path, "inline collections nest more than 64 deep")
                return
            }
            for (j, (p, q)) in zip(xs, ys).enumerated() { compareValue(p, q, path: "\(path)[\(j)]", depth: depth + 1) }
        default:
            if x != y { report(path, "\(x.kindName) ≠ \(y.kindName)") }
        }
    }
}
