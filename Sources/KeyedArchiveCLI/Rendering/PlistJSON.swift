import Foundation
import KeyedArchive

/// The readable JSON rendering of a property list used by `convert --to json`.
///
/// Plain JSON where JSON has the type; a one-key marker object where it does not. The rules are
/// documented in Docs/json-schema.md ("Property-list JSON"); keep the two in step.
struct PlistJSONRenderer {
    let plist: PropertyList
    /// Upper bound on rendered values: shared containers are expanded at every use, so a small
    /// hostile plist could otherwise describe an exponentially large tree.
    var budget: Int = 20_000_000
    var maxDepth: Int = DecodingLimits.default.maxDepth

    /// Marker keys; a plist dict that looks like one of them is written in the `$dict` form instead.
    static let markers: Set<String> = ["$uid", "$data", "$date", "$set", "$int128", "$real", "$fill", "$dict"]

    /// Upper bound on the string and data bytes rendered: one shared string written at each of its
    /// uses would otherwise make a 1 MB file into a rendering of 100 GB.
    var byteBudget: Int = DecodingLimits.default.maxTotalBytes

    /// What is left of both budgets.
    struct Remaining {
        var values: Int
        var bytes: Int
    }

    func render() throws(ArchiveError) -> JSONValue {
        var remaining = Remaining(values: budget, bytes: byteBudget)
        return try render(plist.root, depth: 0, remaining: &remaining)
    }

    private func render(_ i: Int, depth: Int, remaining: inout Remaining) throws(ArchiveError) -> JSONValue {
        remaining.values -= 1
        guard remaining.values >= 0 else {
            throw ArchiveError(.limitExceeded, "the JSON rendering would exceed \(budget) values (shared containers expand at every use)", objectIndex: i)
        }
        if case .string = plist.kind(i) { remaining.bytes -= plist.stringBytes(i)?.range.count ?? 0 }
        if case .data = plist.kind(i) { remaining.bytes -= plist.dataRange(i)?.count ?? 0 }
        guard remaining.bytes >= 0 else {
            throw ArchiveError(.limitExceeded, "the JSON rendering would exceed \(byteBudget) bytes of strings and data (shared values are written at every use)", objectIndex: i)
        }
        guard depth <= maxDepth else {
            throw ArchiveError(.limitExceeded, "containers nest deeper than \(maxDepth)", objectIndex: i)
        }
        switch plist.kind(i) {
        case .null: return .null
        case .fill: return .object([("$fill", .bool(true))])
        case .bool: return .bool(plist.bool(i) ?? false)
        case .integer:
            if let v = plist.int64(i) { return .int(v) }
            if let v = plist.uint64(i) { return .uint(v) }
            let w = plist.wideInteger(i) ?? PlistWideInteger(high: 0, low: 0)
            return .object([("$int128", .string(Self.decimal(w)))])
        case .real:
            let d = plist.real(i) ?? 0
            return Self.real(d, width: plist.realWidth(i) ?? 8)
        case .date:
            return Self.date(plist.date(i) ?? 0)
        case .data:
            return .object([("$data", .string(Data(plist.data(i) ?? []).base64EncodedString()))])
        case .string:
            return .string(plist.string(i) ?? "")
        case .uid:
            return .object([("$uid", .uint(plist.uid(i) ?? 0))])
        case .array:
            var out: [JSONValue] = []
            for m in plist.elements(i) { out.append(try render(m, depth: depth + 1, remaining: &remaining)) }
            return .array(out)
        case .set:
            var out: [JSONValue] = []
            for m in plist.elements(i) { out.append(try render(m, depth: depth + 1, remaining: &remaining)) }
            return .object([("$set", .array(out))])
        case .dict:
            let keys = plist.dictKeys(i)
            let values = plist.dictValues(i)
            var names: [String] = []
            var seen: Set<String> = []
            var plain = true
            for k in keys {
                guard plist.kind(k) == .string, let s = plist.string(k), seen.insert(s).inserted else { plain = false; break }
                names.append(s)
            }
            if plain, names.count == 1, Self.markers.contains(names[0]) { plain = false }
            if plain {
                var members: [(String, JSONValue)] = []
                for (n, v) in zip(names, values) { members.append((n, try render(v, depth: depth + 1, remaining: &remaining))) }
                return .object(members)
            }
            var pairs: [JSONValue] = []
            for (k, v) in zip(keys, values) {
                pairs.append(.object([("key", try render(k, depth: depth + 1, remaining: &remaining)),
                                      ("value", try render(v, depth: depth + 1, remaining: &remaining))]))
            }
            return .object([("$dict", .array(pairs))])
        }
    }

    /// A real as a JSON number (float32 in its shortest float32 form); NaN and infinities as markers.
    static func real(_ d: Double, width: Int) -> JSONValue {
        guard d.isFinite else { return .object([("$real", .string(nonFinite(d)))]) }
        if width == 4, let f = Float(exactly: d), let back = Double(f.description), back == d {
            return .double(back)
        }
        return .double(d)
    }

    static func nonFinite(_ d: Double) -> String { d.isNaN ? "nan" : (d < 0 ? "-inf" : "inf") }

    /// `{"$date": ISO-8601 UTC, "$seconds": seconds since 2001-01-01}`.
    static func date(_ seconds: Double) -> JSONValue {
        guard seconds.isFinite else {
            return .object([("$date", .null), ("$seconds", .object([("$real", .string(nonFinite(seconds)))]))])
        }
        // Years 0001–9999 only; outside that ISO 8601 has no plain form.
        guard seconds > -63_113_904_000, seconds < 252_423_993_600 else {
            return .object([("$date", .null), ("$seconds", .double(seconds))])
        }
        return .object([("$date", .string(iso8601(seconds))), ("$seconds", .double(seconds))])
    }

    /// ISO 8601 in UTC, with fractional seconds only when there are any (milliseconds precision).
    static func iso8601(_ secondsSince2001: Double) -> String {
        let date = Date(timeIntervalSinceReferenceDate: secondsSince2001)
        let f = ISO8601DateFormatter()
        f.timeZone = TimeZone(identifier: "UTC")
        f.formatOptions = secondsSince2001.rounded(.down) == secondsSince2001
            ? [.withInternetDateTime] : [.withInternetDateTime, .withFractionalSeconds]
        return f.string(from: date)
    }

    /// The signed decimal value of a 128-bit two's-complement integer.
    static func decimal(_ w: PlistWideInteger) -> String {
        let value = Int128(w.high) << 64 | Int128(w.low)
        return String(value)
    }
}
