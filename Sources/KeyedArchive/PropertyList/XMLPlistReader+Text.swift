/// Text content of XML plist elements: strings, scalar text and entity references.
extension XMLPlistReader {

    /// Reads text up to `</name>` for a scalar element; entities are not expected (raw range).
    mutating func scalarText(_ name: (start: Int, count: Int), _ tagStart: Int) throws(ArchiveError) -> (Int, Int) {
        let start = pos
        pos = XMLLexing.first(UInt8(ascii: "<"), base, from: pos, end: end)
        let count = pos - start
        try expectClose(name, tagStart)
        return (start, count)
    }

    /// Expects `</name>` (whitespace before `>` allowed) at `pos`, skipping comments.
    mutating func expectClose(_ name: (start: Int, count: Int), _ tagStart: Int) throws(ArchiveError) {
        // The usual case: `</name>` exactly, here.
        let n = name.count
        if n <= end - pos - 3, base[pos] == UInt8(ascii: "<"), base[pos + 1] == UInt8(ascii: "/"),
           base[pos + 2 + n] == UInt8(ascii: ">"), sameName(at: pos + 2, as: name) {
            pos += n + 3
            return
        }
        while matches("<!--") { try skipComment() }
        guard matches("</") else {
            if pos >= end { throw ArchiveError(.truncated, "input ends inside <\(nameText(name))>", offset: tagStart) }
            throw ArchiveError(.corrupt, "<\(nameText(name))> holds unexpected content", offset: pos)
        }
        let closeStart = pos
        pos += 2
        let close = tagName()
        while pos < end, base[pos] == 0x20 || base[pos] == 0x0A || base[pos] == 0x0D || base[pos] == 0x09 { pos += 1 }
        guard pos < end, base[pos] == UInt8(ascii: ">") else { throw ArchiveError(.truncated, "unterminated closing tag", offset: closeStart) }
        pos += 1
        guard close.count == name.count, sameName(at: close.start, as: name) else {
            throw ArchiveError(.corrupt, "</\(nameText(close))> closes <\(nameText(name))>", offset: closeStart)
        }
    }

    /// Whether the `name.count` bytes at `at` spell `name` (both inside the input).
    mutating func sameName(at: Int, as name: (start: Int, count: Int)) -> Bool {
        for i in 0 ..< name.count where base[at + i] != base[name.start + i] { return false }
        return true
    }

    mutating func emptyString() throws(ArchiveError) -> Int {
        builder.addString("")
    }

    /// Reads `<string>`/`<key>` content: text, entities, CDATA and comments, up to `</name>`.
    mutating func textString(_ name: (start: Int, count: Int), _ tagStart: Int) throws(ArchiveError) -> Int {
        let start = builder.storage.count
        var runStart = pos
        func flush(_ to: Int, _ r: inout XMLPlistReader) {
            if to > runStart {
                r.builder.storage.append(contentsOf: UnsafeBufferPointer(start: r.base + runStart, count: to - runStart))
            }
        }
        while true {
            guard pos < end else { throw ArchiveError(.truncated, "input ends inside <\(nameText(name))>", offset: tagStart) }
            let c = base[pos]
            if c == UInt8(ascii: "<") {
                flush(pos, &self)
                if matches("<![CDATA[") {
                    let contentStart = pos + 9
                    pos = contentStart
                    try skipPast("]]>", what: "CDATA section")
                    builder.storage.append(contentsOf: UnsafeBufferPointer(start: base + contentStart, count: pos - 3 - contentStart))
                    runStart = pos
                    continue
                }
                if matches("<!--") {
                    try skipComment()
                    runStart = pos
                    continue
                }
                try expectClose(name, tagStart)
                break
            }
            if c == UInt8(ascii: "&") {
                flush(pos, &self)
                try entity()
                runStart = pos
                continue
            }
            if c == UInt8(ascii: ">"), pos - 2 >= runStart, base[pos - 1] == UInt8(ascii: "]"), base[pos - 2] == UInt8(ascii: "]") {
                throw ArchiveError(.corrupt, "']]>' in text outside a CDATA section", offset: pos - 2)
            }
            if c == 0x0D {
                // XML end-of-line handling: CR LF and lone CR become LF.
                flush(pos, &self)
                builder.storage.append(0x0A)
                pos += 1
                if pos < end, base[pos] == 0x0A { pos += 1 }
                runStart = pos
                continue
            }
            pos += 1
        }
        let count = builder.storage.count - start
        // Character references may add non-ASCII bytes, so the stored bytes decide.
        let ascii = builder.storage.withUnsafeBufferPointer { buf in
            guard let b = buf.baseAddress, count > 0 else { return true }
            return BinaryPlistReader.firstNonASCII(b + start, count) == nil
        }
        guard count <= limits.maxStringLength else {
            throw ArchiveError(.limitExceeded, "string of \(count) bytes exceeds the limit \(limits.maxStringLength)", offset: tagStart)
        }
        guard count <= Int(UInt32.max) else { throw ArchiveError(.limitExceeded, "string too long", offset: tagStart) }
        let enc: PlistStringEncoding = ascii ? .ascii : .utf8
        return builder.append(PlistNode(kind: .string, extra: enc.rawValue, count: UInt32(count), payload: UInt64(start)))
    }

    /// Decodes one `&…;` reference at `pos` into the builder's storage.
    mutating func entity() throws(ArchiveError) {
        let start = pos
        var i = pos + 1
        while i < end, i - start < 12, base[i] != UInt8(ascii: ";") { i += 1 }
        guard i < end, base[i] == UInt8(ascii: ";") else { throw ArchiveError(.corrupt, "unterminated entity reference", offset: start) }
        let name = UnsafeBufferPointer(start: base + start + 1, count: i - start - 1)
        pos = i + 1
        func named(_ s: StaticString) -> Bool {
            name.count == s.utf8CodeUnitCount && (0 ..< name.count).allSatisfy { name[$0] == s.utf8Start[$0] }
        }
        if named("amp") { builder.storage.append(UInt8(ascii: "&")); return }
        if named("lt") { builder.storage.append(UInt8(ascii: "<")); return }
        if named("gt") { builder.storage.append(UInt8(ascii: ">")); return }
        if named("quot") { builder.storage.append(0x22); return }
        if named("apos") { builder.storage.append(0x27); return }
        guard name.count >= 2, name[0] == UInt8(ascii: "#") else {
            throw ArchiveError(.corrupt, "unknown entity &\(String(decoding: name, as: UTF8.self));", offset: start)
        }
        let hex = name[1] == UInt8(ascii: "x") || name[1] == UInt8(ascii: "X")
        let digits = name[(hex ? 2 : 1)...]
        guard !digits.isEmpty else { throw ArchiveError(.corrupt, "empty character reference", offset: start) }
        var v: UInt32 = 0
        for d in digits {
            guard let dv = Self.digitValue(d, hex: hex) else { throw ArchiveError(.corrupt, "bad character reference", offset: start) }
            v = v * (hex ? 16 : 10) + dv
            guard v <= 0x10FFFF else { throw ArchiveError(.corrupt, "character reference beyond U+10FFFF", offset: start) }
        }
        guard let scalar = Unicode.Scalar(v) else {
            throw ArchiveError(.corrupt, "character reference to a surrogate", offset: start)
        }
        builder.storage.append(contentsOf: scalar.utf8)
    }

    static func digitValue(_ c: UInt8, hex: Bool) -> UInt32? {
        switch c {
        case UInt8(ascii: "0") ... UInt8(ascii: "9"): return UInt32(c - UInt8(ascii: "0"))
        case UInt8(ascii: "a") ... UInt8(ascii: "f") where hex: return UInt32(c - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A") ... UInt8(ascii: "F") where hex: return UInt32(c - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

}
