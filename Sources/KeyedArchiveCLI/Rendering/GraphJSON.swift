import Foundation
import KeyedArchive

/// The `dump --format json` document: one entry per object-table slot, indexed exactly like the
/// source (`$objects[i]` or NIBArchive record i). Schema: Docs/json-schema.md ("Object-graph JSON").
struct GraphJSONRenderer {
    static let schemaVersion = 1

    let graph: ArchiveGraph
    /// Upper bound on rendered values, counted at every use: hostile archives may share value runs
    /// (one dictionary node listed as many objects) and inline ranges.
    var budget: Int = 20_000_000

    func render() throws(ArchiveError) -> JSONValue {
        var remaining = budget
        var runs = SharedRuns()
        var doc: [(String, JSONValue)] = [("version", .int(Int64(Self.schemaVersion)))]
        doc.append(("format", .string(graph.metadata.source.rawValue)))
        doc.append(contentsOf: headerFields())
        var top: [(String, JSONValue)] = []
        for kv in graph.top {
            let name = keyName(kv.key)
            switch kv.value {
            case .ref(let i): top.append((name, .int(Int64(i))))
            case .nil: top.append((name, .null))
            default: top.append((name, try typed(kv.value, remaining: &remaining)))
            }
        }
        doc.append(("top", .object(top)))
        var objects: [JSONValue] = []
        objects.reserveCapacity(graph.objects.count)
        for i in graph.objects.indices { objects.append(try object(i, remaining: &remaining, runs: &runs)) }
        doc.append(("objects", .array(objects)))
        return .object(doc)
    }

    private func headerFields() -> [(String, JSONValue)] {
        let m = graph.metadata
        var out: [(String, JSONValue)] = []
        if let f = m.plistFormat { out.append(("plistFormat", .string(f.rawValue))) }
        if let a = m.archiverName { out.append(("archiver", .string(a))) }
        if let v = m.archiveVersion { out.append(("archiveVersion", .int(Int64(v)))) }
        if let v = m.nibFormatVersion { out.append(("nibFormatVersion", .int(Int64(v)))) }
        if let v = m.nibCoderVersion { out.append(("nibCoderVersion", .int(Int64(v)))) }
        if m.trailingBytes != 0 { out.append(("trailingBytes", .int(Int64(m.trailingBytes)))) }
        if !m.warnings.isEmpty { out.append(("warnings", .array(m.warnings.map { .string($0) }))) }
        return out
    }

    private func keyName(_ k: Int) -> String { k >= 0 && k < graph.keys.count ? graph.keys[k] : "<key \(k)>" }

    private func className(_ c: Int) -> JSONValue {
        c >= 0 && c < graph.classes.count ? .string(graph.classes[c].name) : .null
    }

    /// Value runs rendered once and reused: an object whose run is an earlier object's repeats that
    /// object's rendering (kept the first time it is repeated), not rebuilt.
    struct SharedRuns {
        var finder = SharedValueRuns()
        var rendered: [Int: JSONValue] = [:]
    }

    private func object(_ i: Int, remaining: inout Int, runs: inout SharedRuns) throws(ArchiveError) -> JSONValue {
        let o = graph.objects[i]
        switch o.kind {
        case .plain:
            var entry: [(String, JSONValue)] = [("class", .null), ("kind", .string("plain"))]
            entry.append(contentsOf: try valueFields(o.plainValue, remaining: &remaining))
            return .object(entry)
        case .classDescription:
            var entry: [(String, JSONValue)] = [("class", .null), ("kind", .string("classDescription"))]
            if o.classIndex >= 0, o.classIndex < graph.classes.count {
                let c = graph.classes[o.classIndex]
                entry.append(("classname", .string(c.name)))
                entry.append(("classes", .array(c.chain.map { .string($0) })))
            }
            return .object(entry)
        case .object:
            var entry: [(String, JSONValue)] = [("class", className(o.classIndex)), ("kind", .string("object"))]
            var fallbacks: [JSONValue] = []
            if o.classIndex >= 0, o.classIndex < graph.classes.count {
                fallbacks = graph.classes[o.classIndex].fallbacks.map { className($0) }
            }
            entry.append(("fallbacks", .array(fallbacks)))
            if let j = runs.finder.earlierOwner(of: i, in: graph) {
                if let values = runs.rendered[j] {
                    remaining -= o.valueCount
                    guard remaining >= 0 else {
                        throw ArchiveError(.limitExceeded, "the JSON rendering would exceed \(budget) values (shared value runs repeat at every object)", objectIndex: i)
                    }
                    entry.append(("values", values))
                } else {
                    let values = try valuesJSON(ofObject: j, remaining: &remaining)
                    runs.rendered[j] = values
                    entry.append(("values", values))
                }
                return .object(entry)
            }
            entry.append(("values", try valuesJSON(ofObject: i, remaining: &remaining)))
            return .object(entry)
        }
    }

    /// The `"values"` array of object `i`: `{"key": …, "type": …, "value": …}` per keyed value.
    private func valuesJSON(ofObject i: Int, remaining: inout Int) throws(ArchiveError) -> JSONValue {
        var values: [JSONValue] = []
        for kv in graph.values(ofObject: i) {
            var v: [(String, JSONValue)] = [("key", .string(keyName(kv.key)))]
            v.append(contentsOf: try valueFields(kv.value, remaining: &remaining))
            values.append(.object(v))
        }
        return .array(values)
    }

    /// `{"type": …, "value": …}` for an inline collection member.
    private func typed(_ value: ArchiveValue, remaining: inout Int) throws(ArchiveError) -> JSONValue {
        .object(try valueFields(value, remaining: &remaining))
    }

    /// `"type"`, `"value"` and, where useful, `"width"` or `"size"`.
    private func valueFields(_ value: ArchiveValue, remaining: inout Int) throws(ArchiveError) -> [(String, JSONValue)] {
        remaining -= 1
        guard remaining >= 0 else {
            throw ArchiveError(.limitExceeded, "the JSON rendering would exceed \(budget) values")
        }
        var out: [(String, JSONValue)] = [("type", .string(value.kindName))]
        switch value {
        case .nil: out.append(("value", .null))
        case .bool(let b): out.append(("value", .bool(b)))
        case let .int(v, width):
            out.append(("value", .int(v)))
            if width != 0 { out.append(("width", .int(Int64(width)))) }
        case .unsignedInt(let v): out.append(("value", .uint(v)))
        case .wideInt(let w): out.append(("value", .string(PlistJSONRenderer.decimal(w))))
        case .float(let f): out.append(("value", Self.number(Double(f), shortest: f.description)))
        case .double(let d): out.append(("value", Self.number(d, shortest: nil)))
        case .date(let s):
            out.append(("value", s.isFinite ? .double(s) : .string(PlistJSONRenderer.nonFinite(s))))
            if s.isFinite, s > -63_113_904_000, s < 252_423_993_600 {
                out.append(("iso8601", .string(PlistJSONRenderer.iso8601(s))))
            }
        case .bytes(let r):
            out.append(("value", .string(Data(graph.bytes(r)).base64EncodedString())))
            out.append(("size", .int(Int64(r.count))))
        case .string: out.append(("value", .string(graph.string(value) ?? "")))
        case .ref(let i): out.append(("value", .int(Int64(i))))
        case .array, .set:
            var members: [JSONValue] = []
            for m in graph.items(value) { members.append(try typed(m, remaining: &remaining)) }
            out.append(("value", .array(members)))
        case .dict:
            let members = Array(graph.items(value))
            var pairs: [JSONValue] = []
            var i = 0
            while i + 1 < members.count {
                pairs.append(.object([("key", try typed(members[i], remaining: &remaining)),
                                      ("value", try typed(members[i + 1], remaining: &remaining))]))
                i += 2
            }
            out.append(("value", .array(pairs)))
        }
        return out
    }

    /// A finite real as a number; NaN and infinities as the strings "nan", "inf", "-inf".
    static func number(_ d: Double, shortest: String?) -> JSONValue {
        guard d.isFinite else { return .string(PlistJSONRenderer.nonFinite(d)) }
        if let shortest, let back = Double(shortest) { return .double(back) }
        return .double(d)
    }
}
