// Parsing the text of <integer>, <real>, <date> and <data> elements.

extension XMLPlistReader {
    /// The text range with XML whitespace trimmed at both ends.
    mutating func trimmed(_ start: Int, _ count: Int) -> (Int, Int) {
        var s = start, e = start + count
        while s < e, Self.isSpace(base[s]) { s += 1 }
        while e > s, Self.isSpace(base[e - 1]) { e -= 1 }
        return (s, e - s)
    }

    static func isSpace(_ c: UInt8) -> Bool { XMLLexing.isSpace(c) }

    mutating func text(_ start: Int, _ count: Int) -> String {
        String(decoding: UnsafeBufferPointer(start: base + start, count: count), as: UTF8.self)
    }

    /// Decimal (optionally signed) or `0x` hexadecimal; Int64.min … UInt64.max.
    mutating func integer(_ start: Int, _ count: Int, _ at: Int) throws(ArchiveError) -> Int {
        let (s, n) = trimmed(start, count)
        guard n > 0 else { throw ArchiveError(.corrupt, "empty <integer>", offset: at) }
        var i = s
        let e = s + n
        var negative = false
        if base[i] == UInt8(ascii: "-") || base[i] == UInt8(ascii: "+") {
            negative = base[i] == UInt8(ascii: "-")
            i += 1
        }
        var hex = false
        if e - i > 2, base[i] == UInt8(ascii: "0"), base[i + 1] | 0x20 == UInt8(ascii: "x") {
            hex = true
            i += 2
        }
        guard i < e else { throw ArchiveError(.corrupt, "<integer> \"\(text(s, n))\" has no digits", offset: start) }
        var magnitude: UInt64 = 0
        while i < e {
            guard let d = Self.digitValue(base[i], hex: hex) else {
                throw ArchiveError(.corrupt, "<integer> \"\(text(s, n))\" is not a number", offset: i)
            }
            let (m1, o1) = magnitude.multipliedReportingOverflow(by: hex ? 16 : 10)
            let (m2, o2) = m1.addingReportingOverflow(UInt64(d))
            guard !o1, !o2 else { throw ArchiveError(.corrupt, "<integer> \"\(text(s, n))\" exceeds UInt64.max", offset: start) }
            magnitude = m2
            i += 1
        }
        if negative {
            // Down to Int64.min, whose magnitude is Int64.max + 1.
            guard magnitude <= UInt64(Int64.max) + 1 else {
                throw ArchiveError(.corrupt, "<integer> \"\(text(s, n))\" is below Int64.min", offset: start)
            }
            return builder.addInteger(Int64(truncatingIfNeeded: 0 &- magnitude))
        }
        return builder.addInteger(magnitude)
    }

    /// A decimal real, or nan / inf / infinity with an optional sign (any case).
    mutating func real(_ start: Int, _ count: Int, _ at: Int) throws(ArchiveError) -> Int {
        let (s, n) = trimmed(start, count)
        guard n > 0 else { throw ArchiveError(.corrupt, "empty <real>", offset: at) }
        // Decimal digits, sign, point and exponent only (no hex floats, no words but nan and inf).
        var firstOther: Int?
        for i in s ..< s + n {
            let c = base[i]
            let ok = (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || c == UInt8(ascii: ".") || c == UInt8(ascii: "-")
                || c == UInt8(ascii: "+") || c == UInt8(ascii: "e") || c == UInt8(ascii: "E")
            if !ok { firstOther = i; break }
        }
        let t = text(s, n)
        if let bad = firstOther {
            // The words need letters outside that set, so only such text is compared with them.
            switch t.lowercased() {
            case "nan", "+nan", "-nan": return builder.addReal(Double.nan)
            case "inf", "+inf", "infinity", "+infinity": return builder.addReal(Double.infinity)
            case "-inf", "-infinity": return builder.addReal(-Double.infinity)
            default: throw ArchiveError(.corrupt, "<real> \"\(t)\" is not a number", offset: bad)
            }
        }
        guard let v = Double(t) else { throw ArchiveError(.corrupt, "<real> \"\(t)\" is not a number", offset: s) }
        return builder.addReal(v)
    }

    /// `YYYY-MM-DDTHH:MM:SSZ` (UTC, whole seconds) as seconds since 2001-01-01.
    mutating func date(_ start: Int, _ count: Int, _ at: Int) throws(ArchiveError) -> Int {
        let (s, n) = trimmed(start, count)
        guard let seconds = PlistDate.parse(UnsafeBufferPointer(start: base + s, count: n)) else {
            throw ArchiveError(.corrupt, "<date> \"\(text(s, n))\" is not YYYY-MM-DDTHH:MM:SSZ", offset: n == 0 ? at : s)
        }
        return builder.addDate(seconds)
    }

    /// Base64 with any XML whitespace between characters.
    mutating func data(_ start: Int, _ count: Int, _ at: Int) throws(ArchiveError) -> Int {
        let outStart = builder.storage.count
        // The decoded length is at most 3/4 of the text: bounded by the input.
        Self.makeRoom(count / 4 * 3 + 3, in: &builder.storage)
        switch Base64.decode(UnsafeBufferPointer(start: base + start, count: count), into: &builder.storage) {
        case .success: break
        case .failure(let bad):
            builder.storage.removeSubrange(outStart...)
            throw ArchiveError(.corrupt, "<data> holds invalid base64", offset: start + bad.offset)
        }
        let length = builder.storage.count - outStart
        guard length <= limits.maxDataLength, length <= Int(UInt32.max) else {
            throw ArchiveError(.limitExceeded, "data of \(length) bytes exceeds the limit \(limits.maxDataLength)", offset: at)
        }
        return builder.append(PlistNode(kind: .data, count: UInt32(length), payload: UInt64(outStart)))
    }

    /// Ensures room for `extra` more bytes, growing geometrically: an exact reserve per element
    /// would copy all of `bytes` for every `<data>` element (quadratic in the element count).
    static func makeRoom(_ extra: Int, in bytes: inout [UInt8]) {
        let needed = bytes.count + extra
        guard needed > bytes.capacity else { return }
        bytes.reserveCapacity(max(needed, bytes.capacity * 2))
    }
}
