/// A JSON document with insertion-ordered objects, so output never depends on hash order.
enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int64)
    case uint(UInt64)
    /// A finite double; non-finite values are rendered by callers (see Docs/json-schema.md).
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case let (.bool(x), .bool(y)): return x == y
        case let (.int(x), .int(y)): return x == y
        case let (.uint(x), .uint(y)): return x == y
        case let (.double(x), .double(y)): return x.bitPattern == y.bitPattern
        case let (.string(x), .string(y)): return x == y
        case let (.array(x), .array(y)): return x == y
        case let (.object(x), .object(y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }
}

extension JSONValue {
    /// Serialises with two-space indentation (`pretty`) or compactly, keys in insertion order.
    /// Iterative: nesting depth costs heap, never stack.
    /// In pretty mode a container whose one-line form fits in `inlineWidth` characters stays on one line.
    func serialized(pretty: Bool = true, inlineWidth: Int = 100) -> String {
        var out = ""
        // Work items: a value to write at an indent, or a literal to append.
        enum Work { case value(JSONValue, Int); case text(String) }
        var stack: [Work] = [.value(self, 0)]
        func newline(_ indent: Int) -> String { pretty ? "\n" + String(repeating: "  ", count: indent) : "" }
        let colon = pretty ? ": " : ":"
        while let work = stack.popLast() {
            switch work {
            case .text(let t): out += t
            case let .value(v, indent):
                switch v {
                case .null: out += "null"
                case .bool(let b): out += b ? "true" : "false"
                case .int(let i): out += String(i)
                case .uint(let u): out += String(u)
                case .double(let d): out += JSONValue.render(d)
                case .string(let s): out += JSONValue.quote(s)
                case .array(let items):
                    if items.isEmpty { out += "[]"; continue }
                    if pretty, let line = v.oneLine(limit: inlineWidth) { out += line; continue }
                    out += "["
                    stack.append(.text(newline(indent) + "]"))
                    for (i, item) in items.enumerated().reversed() {
                        stack.append(.value(item, indent + 1))
                        stack.append(.text((i == 0 ? "" : ",") + newline(indent + 1)))
                    }
                case .object(let members):
                    if members.isEmpty { out += "{}"; continue }
                    if pretty, let line = v.oneLine(limit: inlineWidth) { out += line; continue }
                    out += "{"
                    stack.append(.text(newline(indent) + "}"))
                    for (i, (k, item)) in members.enumerated().reversed() {
                        stack.append(.value(item, indent + 1))
                        stack.append(.text((i == 0 ? "" : ",") + newline(indent + 1) + JSONValue.quote(k) + colon))
                    }
                }
            }
        }
        return out
    }

    /// The value on one line (`{"a": 1, "b": [2, 3]}`), or nil once it grows past `limit` characters.
    private func oneLine(limit: Int) -> String? {
        var out = ""
        enum Work { case value(JSONValue); case text(String) }
        var stack: [Work] = [.value(self)]
        while let work = stack.popLast() {
            if out.utf8.count > limit { return nil }
            switch work {
            case .text(let t): out += t
            case .value(let v):
                switch v {
                case .array(let items):
                    out += "["
                    stack.append(.text("]"))
                    for (i, item) in items.enumerated().reversed() {
                        stack.append(.value(item))
                        if i > 0 { stack.append(.text(", ")) }
                    }
                case .object(let members):
                    out += "{"
                    stack.append(.text("}"))
                    for (i, (k, item)) in members.enumerated().reversed() {
                        stack.append(.value(item))
                        stack.append(.text((i > 0 ? ", " : "") + JSONValue.quote(k) + ": "))
                    }
                default:
                    out += v.serialized(pretty: false)
                }
            }
        }
        return out.utf8.count > limit ? nil : out
    }

    /// A finite double in the shortest form that reads back to the same bits; integral values keep ".0".
    static func render(_ d: Double) -> String {
        guard d.isFinite else { return "null" }
        return d.description
    }

    static func quote(_ s: String) -> String {
        var out = "\""
        out.unicodeScalars.reserveCapacity(s.unicodeScalars.count + 2)
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
