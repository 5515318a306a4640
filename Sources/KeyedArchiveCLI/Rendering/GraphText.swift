import KeyedArchive

/// The `dump` text tree: objects expanded depth-first from the archive's top, each object once.
///
/// A second reference to an object (a shared object or a cycle) prints as a back-reference
/// `→ #12`, never as a second expansion. Walks with an explicit stack, so deep chains
/// (AppKit's responder chains) cost heap, not stack.
struct GraphTextRenderer {
    let graph: ArchiveGraph
    var terminal: Terminal
    /// Objects nested deeper than this are named but not expanded; nil for no limit.
    var maxDepth: Int?
    /// Bytes shown in a data preview.
    var previewBytes = 16
    /// Characters shown of a long string.
    var maxStringLength = 120

    private enum Work {
        case value(label: String, value: ArchiveValue, indent: Int, depth: Int)
        case line(String, indent: Int)
    }

    func render() -> String {
        var out: [String] = [header()]
        // printed: expanded already; reached: named anywhere (expanded, back-referenced or cut by --depth).
        var printed = [Bool](repeating: false, count: graph.objects.count)
        var reached = printed
        var stack: [Work] = []
        switch graph.metadata.source {
        case .nibArchive:
            stack.append(.value(label: "root", value: .ref(0), indent: 0, depth: 0))
        default:
            for kv in graph.top.reversed() {
                stack.append(.value(label: keyName(kv.key), value: kv.value, indent: 0, depth: 0))
            }
        }
        drain(&stack, into: &out, printed: &printed, reached: &reached)
        // Objects nothing reaches from the top are still part of the archive: list them after.
        let reachable = reachableFromTop()
        var orphans: [Int] = []
        for (i, o) in graph.objects.enumerated() where o.kind == .object && !reachable[i] && !reached[i] { orphans.append(i) }
        if !orphans.isEmpty {
            out.append(terminal.paint("unreachable from the top:", .dim))
            for i in orphans where !reached[i] {
                stack.append(.value(label: "", value: .ref(i), indent: 1, depth: 0))
                drain(&stack, into: &out, printed: &printed, reached: &reached)
            }
        }
        return out.joined(separator: "\n") + "\n"
    }

    /// Which objects the top reaches through any chain of references (a worklist, no recursion).
    private func reachableFromTop() -> [Bool] {
        var seen = [Bool](repeating: false, count: graph.objects.count)
        var work: [ArchiveValue] = graph.metadata.source == .nibArchive ? [.ref(0)] : graph.top.map(\.value)
        // Each value and item is visited once in a well-formed graph; shared inline ranges could repeat.
        var budget = 2 * (graph.values.count + graph.items.count + graph.objects.count) + 16
        while let v = work.popLast() {
            budget -= 1
            if budget < 0 { break }
            switch v {
            case .ref(let i):
                guard i >= 0, i < seen.count, !seen[i] else { continue }
                seen[i] = true
                work.append(contentsOf: graph.values(ofObject: i).map(\.value))
            case .array, .set, .dict:
                work.append(contentsOf: graph.items(v))
            default:
                continue
            }
        }
        return seen
    }

    private func drain(_ stack: inout [Work], into out: inout [String], printed: inout [Bool], reached: inout [Bool]) {
        // Bounded output even when hostile inline collections share ranges.
        let lineLimit = 4 * (graph.values.count + graph.items.count + graph.objects.count) + 64
        while let work = stack.popLast() {
            if out.count > lineLimit {
                out.append(terminal.paint("… output stops here: inline collections expand past \(lineLimit) lines", .red))
                stack.removeAll()
                return
            }
            switch work {
            case let .line(text, indent):
                out.append(pad(indent) + text)
            case let .value(label, value, indent, depth):
                let prefix = pad(indent) + (label.isEmpty ? "" : terminal.paint(label, .bold) + " = ")
                var children: [Work] = []
                if case .ref(let i) = value, i >= 0, i < reached.count { reached[i] = true }
                out.append(prefix + describe(value, indent: indent, depth: depth, printed: &printed, children: &children))
                stack.append(contentsOf: children.reversed())
            }
        }
    }

    /// One line for `value`; `children` receives what goes beneath it.
    private func describe(_ value: ArchiveValue, indent: Int, depth: Int, printed: inout [Bool],
                          children: inout [Work]) -> String {
        switch value {
        case .ref(let i):
            guard i >= 0, i < graph.objects.count else { return terminal.paint("#\(i) <dangling reference>", .red) }
            let o = graph.objects[i]
            let tag = "#\(i)"
            switch o.kind {
            case .plain:
                return terminal.paint(tag, .dim) + " " + scalar(o.plainValue)
            case .classDescription:
                let name = o.classIndex >= 0 && o.classIndex < graph.classes.count ? graph.classes[o.classIndex].name : "?"
                return terminal.paint(tag, .dim) + " <class \(name)>"
            case .object:
                var cls = terminal.paint(graph.className(ofObject: i) ?? "<no class>", .cyan)
                if let text = stringContent(i) { cls += " " + terminal.paint(Self.quote(text, max: maxStringLength), .green) }
                if printed[i] { return terminal.paint("→ " + tag, .magenta) + " " + cls }
                if let maxDepth, depth >= maxDepth {
                    let n = graph.values(ofObject: i).count
                    return tag + " " + cls + terminal.paint(" … (\(n) values, depth limit)", .dim)
                }
                printed[i] = true
                for kv in graph.values(ofObject: i) {
                    children.append(.value(label: keyName(kv.key), value: kv.value, indent: indent + 1, depth: depth + 1))
                }
                return tag + " " + cls
            }
        case .array, .set, .dict:
            let members = Array(graph.items(value))
            if case .dict = value {
                var j = 0
                while j + 1 < members.count {
                    let key = inlineKey(members[j])
                    children.append(.value(label: key, value: members[j + 1], indent: indent + 1, depth: depth + 1))
                    j += 2
                }
                return terminal.paint("dict(\(members.count / 2))", .dim)
            }
            for (j, m) in members.enumerated() {
                children.append(.value(label: "[\(j)]", value: m, indent: indent + 1, depth: depth + 1))
            }
            return terminal.paint("\(value.kindName)(\(members.count))", .dim)
        default:
            return scalar(value)
        }
    }

    /// The text of an NSString-like object stored with `NS.bytes` (NIBArchive strings) or as its one
    /// `+` value (typedstream strings), for display.
    private func stringContent(_ i: Int) -> String? {
        guard let name = graph.className(ofObject: i), name.hasSuffix("String"),
              case .bytes(let r)? = graph.value(ofObject: i, forKey: graph.metadata.source == .typedstream ? "+" : "NS.bytes")
        else { return nil }
        return Self.utf8Text(Array(graph.bytes(r)))
    }

    /// Bytes as text when they are valid UTF-8 without control characters other than newline and tab.
    static func utf8Text(_ bytes: [UInt8]) -> String? {
        guard let s = String(validating: bytes, as: UTF8.self) else { return nil }
        for u in s.unicodeScalars where (u.value < 0x20 && u != "\n" && u != "\t") || u.value == 0x7F { return nil }
        return s
    }

    /// A dict key inline: the string itself, or the short form of whatever it is.
    private func inlineKey(_ v: ArchiveValue) -> String {
        if case .string = v { return graph.string(v) ?? "?" }
        if case .ref(let i) = v, i >= 0, i < graph.objects.count, graph.objects[i].kind == .plain {
            return scalar(graph.objects[i].plainValue)
        }
        return scalar(v)
    }

    /// A leaf value on one line.
    func scalar(_ value: ArchiveValue) -> String {
        switch value {
        case .nil: return terminal.paint("nil", .dim)
        case .bool(let b): return terminal.paint(b ? "true" : "false", .yellow)
        case .int(let v, _): return terminal.paint(String(v), .yellow)
        case .unsignedInt(let v): return terminal.paint(String(v), .yellow)
        case .wideInt(let w): return terminal.paint(PlistJSONRenderer.decimal(w), .yellow)
        case .float(let f): return terminal.paint(f.description + "f", .yellow)
        case .double(let d): return terminal.paint(d.description, .yellow)
        case .date(let s):
            let shown = s.isFinite && s > -63_113_904_000 && s < 252_423_993_600 ? PlistJSONRenderer.iso8601(s) : String(s)
            return terminal.paint("date " + shown, .yellow)
        case .bytes(let r): return hexPreview(Array(graph.bytes(r)))
        case .string: return terminal.paint(Self.quote(graph.string(value) ?? "", max: maxStringLength), .green)
        case .ref(let i): return "#\(i)"
        case .array(let r), .set(let r), .dict(let r): return "\(value.kindName)(\(r.count))"
        }
    }

    /// `<62706c69 73743030 …> (1234 bytes)`.
    func hexPreview(_ bytes: [UInt8]) -> String {
        var groups: [String] = []
        var i = 0
        while i < min(bytes.count, previewBytes) {
            let end = min(i + 4, bytes.count, previewBytes)
            groups.append(bytes[i ..< end].map(HexContext.hex2).joined())
            i = end
        }
        let more = bytes.count > previewBytes ? " …" : ""
        let unit = bytes.count == 1 ? "byte" : "bytes"
        return "<" + groups.joined(separator: " ") + more + ">" + terminal.paint(" (\(bytes.count) \(unit))", .dim)
    }

    /// A string in double quotes with escapes, cut after `max` scalars.
    static func quote(_ s: String, max: Int) -> String {
        var body = ""
        var n = 0
        for ch in s.unicodeScalars {
            if n == max { body += "…"; break }
            switch ch {
            case "\n": body += "\\n"
            case "\r": body += "\\r"
            case "\t": body += "\\t"
            case "\"": body += "\\\""
            case "\\": body += "\\\\"
            default:
                if ch.value < 0x20 || ch.value == 0x7F {
                    body += "\\u{\(String(ch.value, radix: 16))}"
                } else {
                    body.unicodeScalars.append(ch)
                }
            }
            n += 1
        }
        return "\"" + body + "\""
    }

    private func keyName(_ k: Int) -> String { k >= 0 && k < graph.keys.count ? graph.keys[k] : "<key \(k)>" }

    private func pad(_ indent: Int) -> String { String(repeating: "  ", count: indent) }

    private func header() -> String {
        let m = graph.metadata
        var facts: [String] = []
        switch m.source {
        case .keyedArchive:
            if let f = m.plistFormat { facts.append("\(f.rawValue) plist") }
            if let a = m.archiverName { facts.append(a) }
            if let v = m.archiveVersion { facts.append("version \(v)") }
        case .nibArchive:
            if let v = m.nibFormatVersion { facts.append("format \(v)") }
            if let v = m.nibCoderVersion { facts.append("coder \(v)") }
            if m.trailingBytes != 0 { facts.append("\(m.trailingBytes) trailing bytes") }
        case .typedstream:
            if let h = m.typedstreamHeader {
                facts.append(h.isBigEndian ? "big-endian" : "little-endian")
                facts.append("streamer \(h.streamerVersion)")
                facts.append("system \(h.systemVersion)")
            }
        case .built:
            break
        }
        func n(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : (noun == "class" ? "es" : "s"))" }
        let counts = "\(n(graph.objects.count, "object")), \(n(graph.classes.count, "class")), \(n(graph.keys.count, "key"))"
        let what = facts.isEmpty ? m.source.rawValue : "\(m.source.rawValue) (\(facts.joined(separator: ", ")))"
        var lines = [terminal.paint(what + ": " + counts, .bold)]
        for w in m.warnings { lines.append(terminal.paint("warning: " + w, .yellow)) }
        return lines.joined(separator: "\n")
    }
}
