import Foundation

/// Probe commands over PropertyListSerialization (owned by the property-list layer's tests).
///
/// - `plist-canonical <file>`: reads the file with PropertyListSerialization and prints one canonical,
///   order-independent line per run: dict entries and set members sorted by their rendering, numbers
///   with their kind (int, real, bool), reals by bit pattern, data in hex, dates as seconds.
/// - `plist-format <file>`: prints `binary` or `xml`, the format Foundation detected.
let plistProbeCommands: [String: @Sendable ([String]) throws -> Void] = [
    "plist-canonical": { args in
        guard let path = args.first else { throw ProbeError("usage: plist-canonical <file>") }
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let value = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        var canonical = PlistCanonical()
        print(try canonical.render(value))
    },
    "plist-canonical-each": { args in
        // One line per file: "<path>\tOK\t<format>\t<canonical>" or "<path>\tERR\t<error>"; a crash ends the run,
        // and the caller retries what is left one file at a time.
        for path in args {
            var line: String
            do {
                let data = try Data(contentsOf: URL(fileURLWithPath: path))
                var format = PropertyListSerialization.PropertyListFormat.binary
                let value = try PropertyListSerialization.propertyList(from: data, options: [], format: &format)
                let kind = format == .binary ? "binary" : format == .xml ? "xml" : "openStep"
                // A binary plist may share containers: its tree can be far larger than the file (a
                // DAG of 40 doubling arrays has 2^40 leaves). Past the budget the value is "too large".
                var canonical = PlistCanonical()
                line = path + "\tOK\t" + kind + "\t" + ((try? canonical.render(value)) ?? "<larger than \(PlistCanonical.budget) characters>")
            } catch {
                line = path + "\tERR\t" + "\(error)".replacingOccurrences(of: "\n", with: " ")
            }
            // Unbuffered, so that the lines before a crash reach the caller.
            FileHandle.standardOutput.write(Data((line + "\n").utf8))
        }
    },
    "plist-format": { args in
        guard let path = args.first else { throw ProbeError("usage: plist-format <file>") }
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        var format = PropertyListSerialization.PropertyListFormat.binary
        _ = try PropertyListSerialization.propertyList(from: data, options: [], format: &format)
        print(format == .binary ? "binary" : format == .xml ? "xml" : "openStep")
    },
]

struct ProbeError: Error, CustomStringConvertible {
    var description: String
    init(_ s: String) { description = s }
}

/// A canonical text rendering of what Foundation read.
struct PlistCanonical {
    /// Characters a rendering may produce.
    static let budget = 16 << 20
    struct TooLarge: Error {}
    /// What is left of the budget; every container charges its whole rendering, so the work done
    /// before the budget runs out is bounded too.
    var remaining = budget

    mutating func render(_ x: Any) throws -> String {
        let s = try renderOnce(x)
        remaining -= s.utf8.count
        guard remaining >= 0 else { throw TooLarge() }
        return s
    }

    private mutating func renderOnce(_ x: Any) throws -> String {
        switch x {
        case let s as String:
            return "s" + Self.quoted(s)
        case let d as Data:
            return "d<" + d.map { String(format: "%02x", $0) }.joined() + ">"
        case let d as Date:
            return "t\(d.timeIntervalSinceReferenceDate.bitPattern)"
        case let d as NSDictionary:
            var entries: [String] = []
            for (k, v) in d { entries.append(try render(k) + ":" + render(v)) }
            return "{" + entries.sorted().joined(separator: ",") + "}"
        case let a as NSArray:
            var members: [String] = []
            for m in a { members.append(try render(m)) }
            return "[" + members.joined(separator: ",") + "]"
        case let s as NSSet:
            var members: [String] = []
            for m in s { members.append(try render(m)) }
            return "(" + members.sorted().joined(separator: ",") + ")"
        case let b as Bool where type(of: x) == Bool.self:
            return b ? "true" : "false"
        case let n as NSNumber:
            return Self.number(n)
        default:
            // CF keyed-archiver UIDs and anything else: type name and description.
            let m = Mirror(reflecting: x)
            if let v = m.children.first(where: { $0.label == "value" })?.value { return "uid\(v)" }
            return "?\(type(of: x)):\(x)"
        }
    }

    static func number(_ n: NSNumber) -> String {
        let t = String(cString: n.objCType)
        switch t {
        case "c", "B": return n.boolValue ? "true" : "false"
        case "f": return "r4:\(n.floatValue.bitPattern)"
        case "d": return "r8:\(n.doubleValue.bitPattern)"
        case "Q": return "i\(n.uint64Value)"
        default: return "i\(n.int64Value)"
        }
    }

    static func quoted(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            if u.value < 0x20 || u == "\"" || u == "\\" || u.value > 0x7E {
                out += "\\u{\(String(u.value, radix: 16))}"
            } else {
                out.unicodeScalars.append(u)
            }
        }
        return out + "\""
    }
}
