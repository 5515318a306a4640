/// Writes a ``PropertyList`` as an XML property list in Apple's layout: the XML prolog, the
/// `PropertyList-1.0.dtd` DOCTYPE, `<plist version="1.0">`, one element per line indented with tabs.
///
/// Iterative (an explicit stack of open containers) and deterministic. What XML cannot say exactly:
/// float32 reals are written as their exact float64 value (and read back as float64); null and fill
/// have no XML element and are written as empty strings; a 128-bit integer outside Int64/UInt64 is
/// written in decimal but no reader takes it (``PlistConversionLoss`` names each of these). A list
/// with a non-string dict key is refused before writing.
/// UIDs become one-entry `CF$UID` dicts, exactly as CoreFoundation writes them.
struct XMLPlistWriter {
    let list: PropertyList
    /// Bounds on the written tree (see ``maxElements``).
    let maxElements: Int
    let maxBytes: Int
    var out: [UInt8] = []

    static let prolog = Array("""
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">

    """.utf8)

    /// XML has no sharing: a binary list's shared containers and strings are written at every use, so
    /// a small list can describe a tree of any size (40 nested two-element arrays of one array make 2^40
    /// leaves). The rendering stops with `limitExceeded` past these bounds, the defaults that
    /// ``PropertyList/value(at:limits:)`` applies to the same expansion.
    static let maxElements = DecodingLimits.default.maxObjectCount
    static let maxBytes = DecodingLimits.default.maxTotalBytes

    static func write(_ list: PropertyList, maxElements: Int = maxElements, maxBytes: Int = maxBytes) throws(ArchiveError) -> [UInt8] {
        var w = XMLPlistWriter(list: list, maxElements: maxElements, maxBytes: maxBytes)
        w.out.reserveCapacity(min(list.storage.count + list.storage.count / 2 + list.count * 24 + 256, maxBytes))
        w.out.append(contentsOf: prolog)
        if list.root >= 0, list.root < list.count { try w.writeTree(list.root) }
        w.put("</plist>\n")
        return w.out
    }

    mutating func indent(_ n: Int) {
        out.append(contentsOf: repeatElement(0x09, count: n))
    }

    mutating func put(_ s: StaticString) {
        out.append(contentsOf: UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
    }

    /// Decimal digits of `magnitude`, after a minus sign when `negative`, without a String.
    mutating func putDecimal(_ magnitude: UInt64, negative: Bool = false) {
        if negative { out.append(UInt8(ascii: "-")) }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 20 digits fit in 24 bytes
        var count = 0
        var v = magnitude
        withUnsafeMutableBytes(of: &digits) { buf in
            repeat {
                buf[count] = UInt8(v % 10) + 0x30
                v /= 10
                count += 1
            } while v != 0
            while count > 0 {
                count -= 1
                out.append(buf[count])
            }
        }
    }

    mutating func line(_ n: Int, _ s: StaticString) {
        indent(n)
        out.append(contentsOf: UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
        out.append(0x0A)
    }

    mutating func writeTree(_ root: Int) throws(ArchiveError) {
        // Open containers: (node, next member position, indent level).
        var stack: [(node: Int, next: Int, level: Int)] = []
        var elements = 0
        if !openIfContainer(root, level: 0, &stack) { writeScalar(root, level: 0) }
        while let top = stack.last {
            let n = list.nodes[top.node]
            let count = Int(n.count)
            let first = Int(truncatingIfNeeded: n.payload)
            guard top.next < count else {
                stack.removeLast()
                line(top.level, n.kind == .dict ? "</dict>" : "</array>")
                continue
            }
            stack[stack.count - 1].next += 1
            let level = top.level + 1
            let child: Int
            if n.kind == .dict {
                writeKey(Int(list.refs[first + top.next]), level: level)
                child = Int(list.refs[first + count + top.next])
            } else {
                child = Int(list.refs[first + top.next])
            }
            elements += 1
            guard elements <= maxElements, out.count <= maxBytes else {
                throw ArchiveError(.limitExceeded,
                                   "the XML rendering would exceed \(maxElements) elements or \(maxBytes) bytes (shared containers and strings are written at every use)",
                                   objectIndex: child)
            }
            if !openIfContainer(child, level: level, &stack) { writeScalar(child, level: level) }
        }
    }

    /// Writes the opening of a non-empty container and pushes it; an empty one is written whole.
    mutating func openIfContainer(_ i: Int, level: Int, _ stack: inout [(node: Int, next: Int, level: Int)]) -> Bool {
        let n = list.nodes[i]
        switch n.kind {
        case .array, .set:
            if n.count == 0 { line(level, "<array/>"); return true }
            line(level, "<array>")
        case .dict:
            if n.count == 0 { line(level, "<dict/>"); return true }
            line(level, "<dict>")
        default:
            return false
        }
        stack.append((i, 0, level))
        return true
    }

    mutating func writeKey(_ i: Int, level: Int) {
        indent(level)
        put("<key>")
        // xmlData() refuses lists with non-string keys before writing.
        appendEscapedString(i)
        put("</key>\n")
    }

    mutating func writeScalar(_ i: Int, level: Int) {
        let n = list.nodes[i]
        switch n.kind {
        case .bool:
            line(level, n.extra != 0 ? "<true/>" : "<false/>")
        case .null, .fill:
            line(level, "<string></string>")
        case .string:
            indent(level)
            put("<string>")
            appendEscapedString(i)
            put("</string>\n")
        case .integer:
            element(level, "integer", i)
        case .real:
            element(level, "real", i)
        case .date:
            element(level, "date", i)
        case .uid:
            line(level, "<dict>")
            indent(level + 1)
            put("<key>CF$UID</key>\n")
            element(level + 1, "integer", i)
            line(level, "</dict>")
        case .data:
            line(level, "<data>")
            // CF's line length: 76 columns less the indentation (a tab counts 8), at least 16.
            let lineLength = max(16, 76 - 8 * level)
            let r = list.dataRange(i) ?? 0 ..< 0
            var tabs: [UInt8] = []
            for _ in 0 ..< level { tabs.append(0x09) }
            list.storage.withUnsafeBufferPointer { buf in
                Base64.encode(UnsafeBufferPointer(rebasing: buf[r]), lineLength: lineLength, indent: tabs, into: &out)
            }
            line(level, "</data>")
        case .array, .set, .dict:
            break
        }
    }

    mutating func element(_ level: Int, _ name: StaticString, _ i: Int) {
        indent(level)
        out.append(UInt8(ascii: "<"))
        put(name)
        out.append(UInt8(ascii: ">"))
        appendScalarText(i)
        put("</")
        put(name)
        put(">\n")
    }

    /// The text of a number, date or UID (other kinds: nothing).
    mutating func appendScalarText(_ i: Int) {
        let n = list.nodes[i]
        switch n.kind {
        case .integer:
            switch n.extra {
            case 0:
                let v = Int64(bitPattern: n.payload)
                putDecimal(v.magnitude, negative: v < 0)
            case 1: putDecimal(n.payload)
            default:
                let w = list.wideIntegers[Int(n.payload)]
                out.append(contentsOf: Self.decimal(high: w.high, low: w.low).utf8)
            }
        case .uid:
            putDecimal(n.payload)
        case .real:
            out.append(contentsOf: Self.realText(Double(bitPattern: n.payload)).utf8)
        case .date:
            out.append(contentsOf: PlistDate.format(Double(bitPattern: n.payload)))
        case .bool:
            out.append(contentsOf: (n.extra != 0 ? "true" : "false").utf8)
        default:
            break
        }
    }

    /// `nan`, `+infinity`, `-infinity`; integral values without `.0` (as CF); -0.0 kept; else the
    /// shortest decimal that reads back to the same Double.
    static func realText(_ v: Double) -> String {
        if v.isNaN { return "nan" }
        if v.isInfinite { return v < 0 ? "-infinity" : "+infinity" }
        if v == 0 { return v.sign == .minus ? "-0.0" : "0" }
        var s = v.description
        if s.hasSuffix(".0") { s.removeLast(2) }
        return s
    }

    /// A 128-bit two's-complement integer in decimal.
    static func decimal(high: Int64, low: UInt64) -> String {
        let negative = high < 0
        // Magnitude as (hi, lo) unsigned halves.
        var hi = UInt64(bitPattern: high), lo = low
        if negative {
            hi = ~hi
            lo = ~lo
            let (l, o) = lo.addingReportingOverflow(1)
            lo = l
            if o { hi &+= 1 }
        }
        var digits: [UInt8] = []
        while hi != 0 || lo != 0 {
            // Divide the 128-bit magnitude by 10.
            let (qh, rh) = hi.quotientAndRemainder(dividingBy: 10)
            let (ql, rl) = (10 as UInt64).dividingFullWidth((high: rh, low: lo))
            hi = qh
            lo = ql
            digits.append(UInt8(rl) + 0x30)
        }
        if digits.isEmpty { digits = [0x30] }
        return (negative ? "-" : "") + String(decoding: digits.reversed(), as: UTF8.self)
    }

    /// A string's text as UTF-8 with `&`, `<`, `>` escaped and CR as `&#13;` (which XML would
    /// otherwise turn into LF). Lone UTF-16 surrogates become U+FFFD.
    mutating func appendEscapedString(_ i: Int) {
        guard let (enc, r) = list.stringBytes(i) else { return }
        if enc == .utf16BigEndian {
            appendEscaped(Array((list.string(i) ?? "").utf8)[...])
        } else {
            appendEscaped(list.storage[r])
        }
    }

    mutating func appendEscaped(_ bytes: ArraySlice<UInt8>) {
        var runStart = bytes.startIndex
        for j in bytes.indices {
            let c = bytes[j]
            let replacement: StaticString
            switch c {
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            case 0x0D: replacement = "&#13;"
            default: continue
            }
            out.append(contentsOf: bytes[runStart ..< j])
            out.append(contentsOf: UnsafeBufferPointer(start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
            runStart = j + 1
        }
        out.append(contentsOf: bytes[runStart...])
    }
}

extension PropertyList {
    /// This list as an XML property list in Apple's layout. Deterministic.
    ///
    /// XML cannot say everything a binary list can: ``conversionLosses(to:)`` lists what this
    /// rendering loses (float32 width, sub-second dates, sets, …).
    /// - Throws: `.encodingFailed` naming the key path when a dictionary key is not a string: XML
    ///   keys are text, and writing an empty or stringified key would change the data silently.
    ///   `.limitExceeded` when shared containers or strings, written out at every use, would make the
    ///   text longer than 16 million elements or 1 GiB.
    public func xmlData() throws(ArchiveError) -> [UInt8] {
        if let path = firstNonStringKeyPath() {
            throw ArchiveError(.encodingFailed, "a dictionary key is not a string (\(path.last ?? "")); XML keys can only be strings",
                               keyPath: path)
        }
        return try XMLPlistWriter.write(self)
    }
}
