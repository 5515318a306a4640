import KeyedArchive
import Nib

/// What `diff` found between two documents.
struct DiffReport {
    enum Kind: String { case added, removed, changed }

    struct Difference {
        var kind: Kind
        var path: String
        var message: String
    }

    var a: String
    var b: String
    var differences: [Difference] = []
    /// Class name → (objects in a, objects in b), only where the counts differ.
    var classCounts: [(name: String, a: Int, b: Int)] = []
    /// Connections (as one-line descriptions) only in a, and only in b.
    var connectionsOnlyInA: [String] = []
    var connectionsOnlyInB: [String] = []

    var isEmpty: Bool {
        differences.isEmpty && classCounts.isEmpty && connectionsOnlyInA.isEmpty && connectionsOnlyInB.isEmpty
    }

    static func compare(_ left: OpenedInput, _ right: OpenedInput, limit: Int) throws(CLIError) -> DiffReport {
        var report = DiffReport(a: left.path, b: right.path)
        switch (left.document, right.document) {
        case let (.plist(p), .plist(q)):
            let x: PlistValue, y: PlistValue
            do { x = try p.value(at: nil) } catch { throw CLIError(path: left.path, error, bytes: left.bytes) }
            do { y = try q.value(at: nil) } catch { throw CLIError(path: right.path, error, bytes: right.bytes) }
            report.differences = PlistDiff.compare(x, y, limit: limit)
        default:
            guard var ga = left.document.graph else {
                throw CLIError(path: left.path, what: "is a plain property list; the other input is an archive")
            }
            guard var gb = right.document.graph else {
                throw CLIError(path: right.path, what: "is a plain property list; the other input is an archive")
            }
            // A keyed nib and a NIBArchive are compared in NIBArchive conventions.
            if ga.metadata.source != gb.metadata.source {
                do {
                    if ga.metadata.source == .keyedArchive { ga = try ga.convertedToNIBArchive() }
                } catch { throw CLIError(path: left.path, error) }
                do {
                    if gb.metadata.source == .keyedArchive { gb = try gb.convertedToNIBArchive() }
                } catch { throw CLIError(path: right.path, error) }
            }
            for d in ga.semanticDiff(gb, limit: limit) {
                let kind: Kind = d.message == "only in the first graph" ? .removed
                    : d.message == "only in the second graph" ? .added : .changed
                report.differences.append(Difference(kind: kind, path: d.path, message: d.message))
            }
            report.classCounts = classCountChanges(ga, gb)
            let ca = NibConnectionSummary.describe(ga), cb = NibConnectionSummary.describe(gb)
            report.connectionsOnlyInA = multisetDifference(ca, cb)
            report.connectionsOnlyInB = multisetDifference(cb, ca)
        }
        return report
    }

    /// Objects per class name, counted over the whole object table.
    static func classCountChanges(_ a: ArchiveGraph, _ b: ArchiveGraph) -> [(name: String, a: Int, b: Int)] {
        func counts(_ g: ArchiveGraph) -> [String: Int] {
            var c: [String: Int] = [:]
            for i in g.objects.indices { if let n = g.className(ofObject: i) { c[n, default: 0] += 1 } }
            return c
        }
        let x = counts(a), y = counts(b)
        return Set(x.keys).union(y.keys).sorted().compactMap { n in
            let (p, q) = (x[n] ?? 0, y[n] ?? 0)
            return p == q ? nil : (n, p, q)
        }
    }

    /// Elements of `a` not matched one-for-one in `b`, in `a`'s order.
    static func multisetDifference(_ a: [String], _ b: [String]) -> [String] {
        var remaining: [String: Int] = [:]
        for s in b { remaining[s, default: 0] += 1 }
        var out: [String] = []
        for s in a {
            if let n = remaining[s], n > 0 { remaining[s] = n - 1 } else { out.append(s) }
        }
        return out
    }

    func text(terminal: Terminal) -> String {
        var lines = [terminal.paint("--- \(a)", .red), terminal.paint("+++ \(b)", .green)]
        if isEmpty { lines.append("no differences") }
        for d in differences {
            let tag: String
            switch d.kind {
            case .added: tag = terminal.paint("added  ", .green)
            case .removed: tag = terminal.paint("removed", .red)
            case .changed: tag = terminal.paint("changed", .yellow)
            }
            lines.append("\(tag)  \(d.path): \(d.message)")
        }
        for c in classCounts {
            let delta = c.b - c.a
            lines.append(terminal.paint(delta > 0 ? "added  " : "removed", delta > 0 ? .green : .red)
                         + "  \(abs(delta)) \(c.name) object\(abs(delta) == 1 ? "" : "s") (\(c.a) → \(c.b))")
        }
        for c in connectionsOnlyInA { lines.append(terminal.paint("removed", .red) + "  connection \(c)") }
        for c in connectionsOnlyInB { lines.append(terminal.paint("added  ", .green) + "  connection \(c)") }
        return lines.joined(separator: "\n") + "\n"
    }

    func json() -> JSONValue {
        .object([
            ("version", .int(1)), ("a", .string(a)), ("b", .string(b)), ("identical", .bool(isEmpty)),
            ("differences", .array(differences.map {
                .object([("kind", .string($0.kind.rawValue)), ("path", .string($0.path)), ("message", .string($0.message))])
            })),
            ("classes", .array(classCounts.map {
                .object([("class", .string($0.name)), ("a", .int(Int64($0.a))), ("b", .int(Int64($0.b)))])
            })),
            ("connections", .object([
                ("removed", .array(connectionsOnlyInA.map { .string($0) })),
                ("added", .array(connectionsOnlyInB.map { .string($0) })),
            ])),
        ])
    }
}

/// Differences between two materialised property lists, by key path. Iterative.
enum PlistDiff {
    static func compare(_ a: PlistValue, _ b: PlistValue, limit: Int) -> [DiffReport.Difference] {
        var out: [DiffReport.Difference] = []
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
        return out
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
        case .wideInteger(let w): PlistJSONRenderer.decimal(w)
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
