import KeyedArchive

/// Reads UTF-8 XML into an ``XMLTree`` in one forward pass, accepting well-formed XML only.
///
/// Written for hostile input like every reader of this package: no recursion (open elements are an
/// explicit stack, bounded by `limits.maxDepth`), no entity definitions (a DOCTYPE with an internal
/// subset is refused, so nothing can expand), only the five predefined entities and character
/// references, at most `limits.maxObjectCount` elements, and every error carries the byte offset and
/// the 1-based line and column. The rules are the XML property-list reader's (`Docs/xml-plist.md`),
/// for any element names: the declaration only at the start, one DOCTYPE before the root, quoted
/// attributes without `<` and without repeats, no `--` in comments, no `]]>` in text, one root and
/// nothing but comments and processing instructions after it.
struct XMLScanner {
    let base: UnsafePointer<UInt8>
    let end: Int
    let limits: DecodingLimits
    var pos = 0
    var start = 0
    var elements: [XMLTree.Element] = []
    var stack: [Int] = []
    var sawDoctype = false
    var rootClosed = false
    var totalText = 0
    // Line bookkeeping: `line` is the line of `lineMark`, which only moves forward.
    var lineMark = 0
    var line = 1
    var lineStart = 0

    static func read(_ bytes: [UInt8], limits: DecodingLimits) throws(ArchiveError) -> XMLTree {
        let result: Result<XMLTree, ArchiveError> = bytes.withUnsafeBufferPointer { buf in
            guard let base = buf.baseAddress, !buf.isEmpty else {
                return .failure(ArchiveError(.truncated, "empty input is not an XML document", offset: 0, line: 1, column: 1))
            }
            var s = XMLScanner(base: base, end: buf.count, limits: limits)
            do throws(ArchiveError) {
                return .success(try s.scan())
            } catch {
                return .failure(s.located(error))
            }
        }
        return try result.get()
    }

    /// Adds the line and column of the error's offset.
    mutating func located(_ error: ArchiveError) -> ArchiveError {
        guard error.line == nil, let offset = error.offset else { return error }
        var e = error
        let (l, c) = position(of: min(offset, end))
        e.line = l
        e.column = c
        return e
    }

    /// 1-based line and column (in characters) of byte `p`; `p` may be before earlier queries.
    mutating func position(of p: Int) -> (Int, Int) {
        if p < lineMark { lineMark = 0; line = 1; lineStart = 0 }
        while lineMark < p {
            if base[lineMark] == 0x0A { line += 1; lineStart = lineMark + 1 }
            lineMark += 1
        }
        var column = 1
        var i = lineStart
        while i < p {
            if base[i] & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        return (line, column)
    }

    // MARK: - Document

    mutating func scan() throws(ArchiveError) -> XMLTree {
        if end >= 3, base[0] == 0xEF, base[1] == 0xBB, base[2] == 0xBF { pos = 3 }
        if end >= 2, base[0] == 0 || base[1] == 0 || (base[0] == 0xFE && base[1] == 0xFF) || (base[0] == 0xFF && base[1] == 0xFE) {
            throw ArchiveError(.unsupportedFormat, "this XML is not UTF-8; Interface Builder documents are UTF-8", offset: 0)
        }
        start = pos
        if let bad = XMLLexing.firstInvalidUTF8(base + pos, end - pos) {
            throw ArchiveError(.corrupt, "invalid UTF-8", offset: pos + bad)
        }
        while pos < end {
            let c = base[pos]
            if Self.isSpace(c) {
                // Indentation between tags is dropped; whitespace that starts text is the text's.
                var next = pos + 1
                while next < end, Self.isSpace(base[next]) { next += 1 }
                if next == end || base[next] == UInt8(ascii: "<") || stack.isEmpty {
                    pos = next
                    continue
                }
            }
            if c == UInt8(ascii: "<") {
                if matches("<?") { try processingInstruction(); continue }
                if matches("<!--") { try comment(); continue }
                if matches("<!DOCTYPE") { try doctype(); continue }
                if matches("<![CDATA[") {
                    guard !stack.isEmpty else { throw ArchiveError(.corrupt, "CDATA section outside the root element", offset: pos) }
                    try cdata()
                    continue
                }
                if matches("</") { try closeTag(); continue }
                try openTag()
                continue
            }
            guard !stack.isEmpty else { throw ArchiveError(.corrupt, "text outside the root element", offset: pos) }
            try text()
        }
        if let open = stack.last {
            throw ArchiveError(.truncated, "input ends inside <\(elements[open].name)>", offset: end)
        }
        guard !elements.isEmpty else { throw ArchiveError(.corrupt, "no root element", offset: end) }
        return XMLTree(elements: elements)
    }

    // MARK: - Markup

    mutating func openTag() throws(ArchiveError) {
        let tagStart = pos
        guard !rootClosed else { throw ArchiveError(.corrupt, "a second root element", offset: tagStart) }
        guard stack.count < limits.maxDepth else {
            throw ArchiveError(.limitExceeded, "elements nest more than \(limits.maxDepth) deep", offset: tagStart)
        }
        guard elements.count < limits.maxObjectCount else {
            throw ArchiveError(.limitExceeded, "more than \(limits.maxObjectCount) elements", offset: tagStart)
        }
        pos += 1
        let name = try self.name(what: "element name")
        var attributes: [XMLTree.Attribute] = []
        var empty = false
        while true {
            let spaceStart = pos
            while pos < end, Self.isSpace(base[pos]) { pos += 1 }
            guard pos < end else { throw ArchiveError(.truncated, "unterminated tag <\(name)>", offset: tagStart) }
            if base[pos] == UInt8(ascii: ">") { pos += 1; break }
            if base[pos] == UInt8(ascii: "/") {
                guard pos + 1 < end, base[pos + 1] == UInt8(ascii: ">") else {
                    throw ArchiveError(.corrupt, "'/' inside a tag is not followed by '>'", offset: pos)
                }
                pos += 2
                empty = true
                break
            }
            guard pos > spaceStart else { throw ArchiveError(.corrupt, "an attribute must follow whitespace", offset: pos) }
            let attrStart = pos
            let attr = try self.name(what: "attribute name")
            if attributes.contains(where: { $0.name == attr }) {
                throw ArchiveError(.corrupt, "attribute \(attr) appears twice in <\(name)>", offset: attrStart)
            }
            while pos < end, Self.isSpace(base[pos]) { pos += 1 }
            guard pos < end, base[pos] == UInt8(ascii: "=") else {
                throw ArchiveError(.corrupt, "attribute \(attr) of <\(name)> has no value", offset: attrStart)
            }
            pos += 1
            while pos < end, Self.isSpace(base[pos]) { pos += 1 }
            guard pos < end, base[pos] == 0x22 || base[pos] == 0x27 else {
                throw ArchiveError(.corrupt, "the value of attribute \(attr) is not in quotes", offset: pos)
            }
            attributes.append(XMLTree.Attribute(name: attr, value: try attributeValue(quote: base[pos])))
        }
        let (l, c) = position(of: tagStart)
        let index = elements.count
        elements.append(XMLTree.Element(name: name, attributes: attributes, parent: stack.last ?? -1, children: [],
                                        text: "", line: l, column: c))
        if let parent = stack.last { elements[parent].children.append(index) }
        if empty {
            if stack.isEmpty { rootClosed = true }
        } else {
            stack.append(index)
        }
    }

    mutating func closeTag() throws(ArchiveError) {
        let tagStart = pos
        pos += 2
        let name = try self.name(what: "element name")
        while pos < end, Self.isSpace(base[pos]) { pos += 1 }
        guard pos < end, base[pos] == UInt8(ascii: ">") else { throw ArchiveError(.truncated, "unterminated closing tag", offset: tagStart) }
        pos += 1
        guard let open = stack.last else { throw ArchiveError(.corrupt, "</\(name)> with no element open", offset: tagStart) }
        guard elements[open].name == name else {
            throw ArchiveError(.corrupt, "</\(name)> closes <\(elements[open].name)> (line \(elements[open].line))", offset: tagStart)
        }
        stack.removeLast()
        if stack.isEmpty { rootClosed = true }
    }

    /// A name: any run of characters up to whitespace or markup punctuation; empty is an error.
    mutating func name(what: String) throws(ArchiveError) -> String {
        let s = pos
        while pos < end {
            let c = base[pos]
            if Self.isSpace(c) || c == UInt8(ascii: ">") || c == UInt8(ascii: "/") || c == UInt8(ascii: "=") || c == UInt8(ascii: "<")
                || c == 0x22 || c == 0x27 || c == UInt8(ascii: "?") || c == UInt8(ascii: "&") { break }
            pos += 1
        }
        guard pos > s else { throw ArchiveError(.corrupt, "missing \(what)", offset: pos) }
        if base[s] >= 0x30 && base[s] <= 0x39 || base[s] == UInt8(ascii: "-") || base[s] == UInt8(ascii: ".") {
            throw ArchiveError(.corrupt, "\(what) starts with a digit, '-' or '.'", offset: s)
        }
        return String(decoding: UnsafeBufferPointer(start: base + s, count: pos - s), as: UTF8.self)
    }

    /// A quoted attribute value at `pos`, references expanded.
    mutating func attributeValue(quote: UInt8) throws(ArchiveError) -> String {
        let valueStart = pos
        pos += 1
        var out: [UInt8] = []
        var run = pos
        while pos < end, base[pos] != quote {
            let c = base[pos]
            if c == UInt8(ascii: "<") { throw ArchiveError(.corrupt, "'<' in an attribute value", offset: pos) }
            if c == UInt8(ascii: "&") {
                out.append(contentsOf: UnsafeBufferPointer(start: base + run, count: pos - run))
                try reference(into: &out)
                run = pos
                continue
            }
            pos += 1
        }
        guard pos < end else { throw ArchiveError(.truncated, "unterminated attribute value", offset: valueStart) }
        out.append(contentsOf: UnsafeBufferPointer(start: base + run, count: pos - run))
        pos += 1
        try countText(out.count, at: valueStart)
        return String(decoding: out, as: UTF8.self)
    }

    /// Character data up to the next `<`, into the open element's text.
    mutating func text() throws(ArchiveError) {
        let textStart = pos
        var out: [UInt8] = []
        var run = pos
        while pos < end, base[pos] != UInt8(ascii: "<") {
            let c = base[pos]
            if c == UInt8(ascii: "&") {
                out.append(contentsOf: UnsafeBufferPointer(start: base + run, count: pos - run))
                try reference(into: &out)
                run = pos
                continue
            }
            if c == UInt8(ascii: ">"), pos - 2 >= run, base[pos - 1] == UInt8(ascii: "]"), base[pos - 2] == UInt8(ascii: "]") {
                throw ArchiveError(.corrupt, "']]>' in text outside a CDATA section", offset: pos - 2)
            }
            pos += 1
        }
        out.append(contentsOf: UnsafeBufferPointer(start: base + run, count: pos - run))
        try appendText(out, at: textStart)
    }

    mutating func cdata() throws(ArchiveError) {
        let s = pos
        pos += 9
        let contentStart = pos
        try skipPast("]]>", what: "CDATA section", from: s)
        try appendText(Array(UnsafeBufferPointer(start: base + contentStart, count: pos - 3 - contentStart)), at: s)
    }

    mutating func appendText(_ bytes: [UInt8], at: Int) throws(ArchiveError) {
        guard let open = stack.last else { return }
        try countText(bytes.count, at: at)
        elements[open].text += String(decoding: bytes, as: UTF8.self)
    }

    mutating func countText(_ n: Int, at: Int) throws(ArchiveError) {
        totalText += n
        guard totalText <= limits.maxTotalBytes else {
            throw ArchiveError(.limitExceeded, "more than \(limits.maxTotalBytes) bytes of text", offset: at)
        }
    }

    /// One `&…;` at `pos`: the five predefined entities or a character reference.
    mutating func reference(into out: inout [UInt8]) throws(ArchiveError) {
        let s = pos
        var i = pos + 1
        while i < end, i - s < 12, base[i] != UInt8(ascii: ";") { i += 1 }
        guard i < end, base[i] == UInt8(ascii: ";") else { throw ArchiveError(.corrupt, "unterminated entity reference", offset: s) }
        let name = Array(UnsafeBufferPointer(start: base + s + 1, count: i - s - 1))
        pos = i + 1
        switch String(decoding: name, as: UTF8.self) {
        case "amp": out.append(UInt8(ascii: "&"))
        case "lt": out.append(UInt8(ascii: "<"))
        case "gt": out.append(UInt8(ascii: ">"))
        case "quot": out.append(0x22)
        case "apos": out.append(0x27)
        default:
            guard name.count >= 2, name[0] == UInt8(ascii: "#") else {
                throw ArchiveError(.corrupt, "unknown entity &\(String(decoding: name, as: UTF8.self)); (only the five predefined entities exist here)", offset: s)
            }
            let hex = name[1] == UInt8(ascii: "x")
            let digits = name[(hex ? 2 : 1)...]
            guard !digits.isEmpty, let v = UInt32(String(decoding: digits, as: UTF8.self), radix: hex ? 16 : 10),
                  v != 0, let scalar = Unicode.Scalar(v) else {
                throw ArchiveError(.corrupt, "bad character reference &\(String(decoding: name, as: UTF8.self));", offset: s)
            }
            out.append(contentsOf: Array(String(Character(scalar)).utf8))
        }
    }

    mutating func processingInstruction() throws(ArchiveError) {
        let s = pos
        pos += 2
        let target = try name(what: "processing instruction target")
        if target.lowercased() == "xml" {
            guard s == start else { throw ArchiveError(.corrupt, "an XML declaration is only allowed at the very start", offset: s) }
            while pos < end, Self.isSpace(base[pos]) { pos += 1 }
            guard matches("version") else { throw ArchiveError(.corrupt, "the XML declaration has no version", offset: s) }
        }
        try skipPast("?>", what: "processing instruction", from: s)
    }

    mutating func comment() throws(ArchiveError) {
        pos = try XMLLexing.commentEnd(base, at: pos, end: end)
    }

    mutating func doctype() throws(ArchiveError) {
        guard elements.isEmpty else { throw ArchiveError(.corrupt, "<!DOCTYPE> after the root element has started", offset: pos) }
        guard !sawDoctype else { throw ArchiveError(.corrupt, "a second <!DOCTYPE>", offset: pos) }
        sawDoctype = true
        pos = try XMLLexing.doctypeEnd(base, at: pos, end: end,
                                       subsetReason: "<!DOCTYPE> with an internal subset is not allowed (no entity definitions are read)")
    }

    // MARK: - Helpers

    static func isSpace(_ c: UInt8) -> Bool { XMLLexing.isSpace(c) }

    mutating func matches(_ s: StaticString) -> Bool { XMLLexing.matches(s, base, at: pos, end: end) }

    mutating func skipPast(_ terminator: StaticString, what: String, from s: Int) throws(ArchiveError) {
        guard let after = XMLLexing.end(of: terminator, base, from: pos, end: end) else {
            throw ArchiveError(.truncated, "unterminated \(what)", offset: s)
        }
        pos = after
    }
}

extension XMLTree {
    /// Reads well-formed UTF-8 XML.
    ///
    /// - Throws: ``ArchiveError`` with the byte offset, line and column: `.corrupt` for XML that is not
    ///   well-formed, `.truncated` when the input ends inside markup, `.limitExceeded` past
    ///   `limits.maxDepth` nesting, `limits.maxObjectCount` elements or `limits.maxTotalBytes` of text,
    ///   `.unsupportedFormat` for UTF-16 or UTF-32 text.
    public init(xml bytes: [UInt8], limits: DecodingLimits = .xibDefault) throws(ArchiveError) {
        self = try XMLScanner.read(bytes, limits: limits)
    }
}

extension DecodingLimits {
    /// Limits for XIB and storyboard sources: nesting to 256 elements, a million elements, 256 MiB of text.
    public static let xibDefault = DecodingLimits(maxDepth: 256, maxObjectCount: 1_000_000, maxTotalBytes: 256 << 20)
}
