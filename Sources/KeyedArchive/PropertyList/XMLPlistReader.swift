/// Reads an XML property list into a ``PropertyList`` in one forward pass.
///
/// A hand-written scanner over the UTF-8 bytes: no DOM, no XMLParser, no recursion. Open `dict`,
/// `array` and `plist` elements live on an explicit stack whose depth is bounded by
/// `limits.maxDepth`; each value is appended to the table as soon as its element closes, so members
/// always exist before their container. Errors carry the byte offset plus 1-based line and column.
///
/// Helpers that only read are still `mutating`: called from a mutating method, a non-mutating one
/// would get a copy of this whole struct on every call (measured: a third of the parse time).
struct XMLPlistReader {
    let base: UnsafePointer<UInt8>
    let end: Int
    let limits: DecodingLimits
    var pos = 0
    var builder = PropertyListBuilder()

    /// An open container element.
    struct Frame {
        enum Kind { case plist, array, dict }
        var kind: Kind
        /// Where this container's members start in `pending`.
        var start: Int
        /// Offset of the opening tag, for errors.
        var offset: Int
    }

    var stack: [Frame] = []
    /// Member indices of all open containers, innermost last (dict: key, value, key, value, …).
    var pending: [Int] = []
    var root: Int?
    /// `makeDict`'s scratch, reused across dicts: the surviving keys and values, and an open-addressing
    /// table over the keys' bytes (1 + a position in `dictKeys`; 0 is empty, and it is left empty).
    var dictKeys: [Int] = []
    var dictValues: [Int] = []
    var keySlots: [Int] = []

    /// Where parsing starts (past a byte order mark).
    var start = 0
    /// Whether an element has been opened: the DOCTYPE must come before the first one.
    var rootStarted = false
    /// Whether the document type declaration was seen (at most one is allowed).
    var sawDoctype = false

    static func read(_ bytes: [UInt8], limits: DecodingLimits) throws(ArchiveError) -> PropertyList {
        let detected: Result<XMLTextEncoding.Detection, ArchiveError> = bytes.withUnsafeBufferPointer { buf in
            guard let base = buf.baseAddress, !buf.isEmpty else {
                return .failure(ArchiveError(.truncated, "empty input is not an XML property list", offset: 0, line: 1, column: 1))
            }
            do throws(ArchiveError) { return .success(try XMLTextEncoding.detect(base, buf.count)) } catch { return .failure(error) }
        }
        let detection = try detected.get()
        if detection.encoding == .utf8 { return try parse(bytes, start: detection.bomLength, checkUTF8: true, limits: limits) }
        // Other encodings are transcoded once; errors then point back into the original bytes.
        let utf8: [UInt8] = try bytes.withUnsafeBufferPointer { buf throws(ArchiveError) -> [UInt8] in
            guard let base = buf.baseAddress else { return [] }
            return try XMLTranscoder.utf8(base, buf.count, detection, limits: limits)
        }
        do {
            return try parse(utf8, start: 0, checkUTF8: false, limits: limits)
        } catch {
            var e = error
            if let offset = e.offset { e.offset = utf8.withUnsafeBufferPointer { XMLTranscoder.originalOffset(offset, in: $0, detection) } }
            e.reason += " (in \(detection.encoding.rawValue) text)"
            throw e
        }
    }

    /// Parses UTF-8 text from `start`.
    static func parse(_ bytes: [UInt8], start: Int, checkUTF8: Bool, limits: DecodingLimits) throws(ArchiveError) -> PropertyList {
        let result: Result<PropertyList, ArchiveError> = bytes.withUnsafeBufferPointer { buf in
            do throws(ArchiveError) {
                guard let base = buf.baseAddress, buf.count > start else {
                    throw ArchiveError(.truncated, "empty input is not an XML property list", offset: start, line: 1, column: 1)
                }
                if checkUTF8, let bad = XMLLexing.firstInvalidUTF8(base, buf.count) {
                    throw ArchiveError(.corrupt, "invalid UTF-8 (byte 0x\(String(base[bad], radix: 16, uppercase: true)) is not part of a UTF-8 character)", offset: bad)
                }
                var reader = XMLPlistReader(base: base, end: buf.count, limits: limits)
                // Sized from the input (typical plists spend ~30 bytes of XML per object, and text at most
                // its own length), so large documents do not copy their tables while growing; an
                // underestimate only means growth as before.
                let n = buf.count - start
                reader.builder.reserveCapacity(objects: n / 24, bytes: n / 2)
                reader.builder.reserveMembers(n / 24)
                reader.pos = start
                reader.start = start
                return .success(try reader.parse())
            } catch {
                return .failure(Self.locate(error, in: buf))
            }
        }
        return try result.get()
    }

    /// Fills in the 1-based line and column of an error's byte offset.
    static func locate(_ error: ArchiveError, in buf: UnsafeBufferPointer<UInt8>) -> ArchiveError {
        guard let offset = error.offset, error.line == nil else { return error }
        var e = error
        var line = 1, lineStart = 0, i = 0
        let stop = min(offset, buf.count)
        while i < stop {
            if buf[i] == 0x0A { line += 1; lineStart = i + 1 }
            i += 1
        }
        // The column counts characters (UTF-8 lead bytes), not bytes.
        var column = 1
        i = lineStart
        while i < stop {
            if buf[i] & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        e.line = line
        e.column = column
        return e
    }

    // MARK: - Top level

    mutating func parse() throws(ArchiveError) -> PropertyList {
        while true {
            try skipMisc()
            if pos >= end { break }
            guard base[pos] == UInt8(ascii: "<") else { throw unexpected("text outside an element") }
            if pos + 1 < end, base[pos + 1] == UInt8(ascii: "/") {
                try closeContainer()
            } else {
                try openElement()
            }
        }
        if let open = stack.last {
            throw ArchiveError(.truncated, "input ends inside <\(open.kind)>", offset: end)
        }
        guard let root else { throw ArchiveError(.corrupt, "no property-list value found", offset: end) }
        return builder.build(root: root, format: .xml)
    }

    /// Skips whitespace, comments, processing instructions and the DOCTYPE between elements.
    mutating func skipMisc() throws(ArchiveError) {
        while pos < end {
            let c = base[pos]
            if Self.isSpace(c) { pos += 1; continue }
            guard c == UInt8(ascii: "<"), pos + 1 < end else { return }
            let next = base[pos + 1]
            if next == UInt8(ascii: "?") {
                try skipProcessingInstruction()
            } else if next == UInt8(ascii: "!") {
                if matches("<!--") {
                    try skipComment()
                } else if matches("<!DOCTYPE") {
                    try skipDoctype()
                } else {
                    throw ArchiveError(.corrupt, "markup declaration other than a comment or the DOCTYPE between elements", offset: pos)
                }
            } else {
                return
            }
        }
    }

    /// `<?target …?>`; the target `xml` (the declaration) only at the very start, with a version.
    mutating func skipProcessingInstruction() throws(ArchiveError) {
        let piStart = pos
        pos += 2
        let nameStart = pos
        while pos < end, !Self.isSpace(base[pos]), base[pos] != UInt8(ascii: "?") { pos += 1 }
        let name = UnsafeBufferPointer(start: base + nameStart, count: pos - nameStart)
        guard !name.isEmpty else { throw ArchiveError(.corrupt, "processing instruction without a target name", offset: piStart) }
        if name.count == 3, name.map({ $0 | 0x20 }).elementsEqual("xml".utf8) {
            guard piStart == start else {
                throw ArchiveError(.corrupt, "an XML declaration is only allowed at the very start of the document", offset: piStart)
            }
            while pos < end, Self.isSpace(base[pos]) { pos += 1 }
            guard pos > nameStart + 3, matches("version") else {
                throw ArchiveError(.corrupt, "the XML declaration has no version", offset: piStart)
            }
        }
        pos = piStart + 2
        try skipPast("?>", what: "processing instruction")
    }

    /// `<!-- … -->`; `--` may not appear inside, as XML requires.
    mutating func skipComment() throws(ArchiveError) {
        pos = try XMLLexing.commentEnd(base, at: pos, end: end)
    }

    /// The document type declaration: once, before the root element, without an internal subset.
    mutating func skipDoctype() throws(ArchiveError) {
        guard !rootStarted else { throw ArchiveError(.corrupt, "<!DOCTYPE> after the root element has started", offset: pos) }
        guard !sawDoctype else { throw ArchiveError(.corrupt, "a second <!DOCTYPE>", offset: pos) }
        sawDoctype = true
        // Apple's reader has never read internal subsets (and so entity declarations); neither do we.
        pos = try XMLLexing.doctypeEnd(base, at: pos, end: end,
                                       subsetReason: "<!DOCTYPE> with an internal subset ([…]) is not allowed in a property list")
    }

    // MARK: - Elements

    /// Reads a tag name at `pos` (after `<` or `</`).
    mutating func tagName() -> (start: Int, count: Int) {
        let start = pos
        while pos < end {
            let c = base[pos]
            if c == UInt8(ascii: ">") || c == UInt8(ascii: "/") || c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 { break }
            pos += 1
        }
        return (start, pos - start)
    }

    /// The element names of the plist DTD.
    enum Element {
        case plist, key, dict, array, string, `true`, `false`, integer, real, date, data, unknown
    }

    /// Classifies a tag name by its length and first byte, then confirms the whole name.
    static func classify(_ base: UnsafePointer<UInt8>, _ name: (start: Int, count: Int)) -> Element {
        guard name.count >= 3 else { return .unknown }
        let p = base + name.start
        func equals(_ s: StaticString) -> Bool {
            guard name.count == s.utf8CodeUnitCount else { return false }
            for i in 0 ..< name.count where p[i] != s.utf8Start[i] { return false }
            return true
        }
        switch (p[0], name.count) {
        case (UInt8(ascii: "k"), 3): return equals("key") ? .key : .unknown
        case (UInt8(ascii: "s"), 6): return equals("string") ? .string : .unknown
        case (UInt8(ascii: "d"), 4): return equals("dict") ? .dict : equals("date") ? .date : equals("data") ? .data : .unknown
        case (UInt8(ascii: "a"), 5): return equals("array") ? .array : .unknown
        case (UInt8(ascii: "i"), 7): return equals("integer") ? .integer : .unknown
        case (UInt8(ascii: "r"), 4): return equals("real") ? .real : .unknown
        case (UInt8(ascii: "t"), 4): return equals("true") ? .true : .unknown
        case (UInt8(ascii: "f"), 5): return equals("false") ? .false : .unknown
        case (UInt8(ascii: "p"), 5): return equals("plist") ? .plist : .unknown
        default: return .unknown
        }
    }

    func nameText(_ name: (start: Int, count: Int)) -> String {
        String(decoding: UnsafeBufferPointer(start: base + name.start, count: min(name.count, 40)), as: UTF8.self)
    }

    /// Reads well-formed attributes up to `>` or `/>`; returns true for an empty element (`/>`).
    mutating func finishStartTag(_ tagStart: Int) throws(ArchiveError) -> Bool {
        var names: [(start: Int, count: Int)] = []
        while true {
            let spaceStart = pos
            while pos < end, Self.isSpace(base[pos]) { pos += 1 }
            guard pos < end else { throw ArchiveError(.truncated, "unterminated tag", offset: tagStart) }
            let c = base[pos]
            if c == UInt8(ascii: ">") { pos += 1; return false }
            if c == UInt8(ascii: "/") {
                guard pos + 1 < end, base[pos + 1] == UInt8(ascii: ">") else {
                    throw ArchiveError(.corrupt, "'/' inside a tag is not followed by '>'", offset: pos)
                }
                pos += 2
                return true
            }
            if c == UInt8(ascii: "<") { throw ArchiveError(.corrupt, "'<' inside a tag", offset: pos) }
            guard pos > spaceStart else { throw ArchiveError(.corrupt, "an attribute must follow whitespace", offset: pos) }
            let nameStart = pos
            while pos < end, !Self.isSpace(base[pos]), !Self.endsAttributeName(base[pos]) { pos += 1 }
            let name = (start: nameStart, count: pos - nameStart)
            guard name.count > 0 else { throw ArchiveError(.corrupt, "malformed attribute", offset: pos) }
            for other in names where other.count == name.count
                && (0 ..< name.count).allSatisfy({ base[other.start + $0] == base[name.start + $0] }) {
                throw ArchiveError(.corrupt, "attribute \(nameText(name)) appears twice", offset: nameStart)
            }
            names.append(name)
            while pos < end, Self.isSpace(base[pos]) { pos += 1 }
            guard pos < end, base[pos] == UInt8(ascii: "=") else {
                throw ArchiveError(.corrupt, "attribute \(nameText(name)) has no value", offset: nameStart)
            }
            pos += 1
            while pos < end, Self.isSpace(base[pos]) { pos += 1 }
            guard pos < end, base[pos] == 0x22 || base[pos] == 0x27 else {
                throw ArchiveError(.corrupt, "the value of attribute \(nameText(name)) is not in quotes", offset: pos)
            }
            let quote = base[pos]
            pos += 1
            while pos < end, base[pos] != quote {
                if base[pos] == UInt8(ascii: "<") { throw ArchiveError(.corrupt, "'<' in an attribute value", offset: pos) }
                if base[pos] == UInt8(ascii: "&") {
                    // A reference must be well-formed; its expansion is not kept.
                    let mark = builder.storage.count
                    try entity()
                    builder.storage.removeSubrange(mark...)
                    continue
                }
                pos += 1
            }
            guard pos < end else { throw ArchiveError(.truncated, "unterminated attribute value", offset: nameStart) }
            pos += 1
        }
    }

    static func endsAttributeName(_ c: UInt8) -> Bool {
        c == UInt8(ascii: "=") || c == UInt8(ascii: ">") || c == UInt8(ascii: "/") || c == UInt8(ascii: "<") || c == 0x22 || c == 0x27
    }

    mutating func openElement() throws(ArchiveError) {
        let tagStart = pos
        rootStarted = true
        pos += 1
        let name = tagName()
        let element = Self.classify(base, name)
        let empty = try finishStartTag(tagStart)
        let index: Int
        switch element {
        case .plist:
            // <plist> only wraps the root value.
            guard stack.isEmpty, root == nil else { throw ArchiveError(.corrupt, "<plist> inside a value", offset: tagStart) }
            if empty { throw ArchiveError(.corrupt, "<plist/> holds no value", offset: tagStart) }
            stack.append(Frame(kind: .plist, start: pending.count, offset: tagStart))
            return
        case .key:
            // A key may only appear in a dict, where a key is expected.
            guard let top = stack.last, top.kind == .dict, (pending.count - top.start) % 2 == 0 else {
                throw ArchiveError(.corrupt, "<key> outside a dict or where a value is expected", offset: tagStart)
            }
            try checkCount(tagStart)
            pending.append(try empty ? emptyString() : textString(name, tagStart))
            return
        case .dict, .array:
            let kind: Frame.Kind = element == .dict ? .dict : .array
            // Nesting is bounded before anything is pushed (the plist frame does not count).
            let depth = stack.count - (stack.first?.kind == .plist ? 1 : 0)
            guard depth < limits.maxDepth else {
                throw ArchiveError(.limitExceeded, "containers nest more than \(limits.maxDepth) deep", offset: tagStart)
            }
            guard !empty else {
                try checkCount(tagStart)
                index = kind == .dict ? builder.addDict(keys: [], values: []) : builder.addArray([])
                try deliver(index, at: tagStart)
                return
            }
            try checkValueAllowed(at: tagStart)
            stack.append(Frame(kind: kind, start: pending.count, offset: tagStart))
            return
        case .string:
            try checkCount(tagStart)
            index = try empty ? emptyString() : textString(name, tagStart)
        case .true, .false:
            try checkCount(tagStart)
            if !empty { try expectClose(name, tagStart) }
            index = builder.addBool(element == .true)
        case .integer, .real, .date, .data:
            try checkCount(tagStart)
            let (s, n) = try empty ? (pos, 0) : scalarText(name, tagStart)
            switch element {
            case .integer: index = try integer(s, n, tagStart)
            case .real: index = try real(s, n, tagStart)
            case .date: index = try date(s, n, tagStart)
            default: index = try data(s, n, tagStart)
            }
        case .unknown:
            throw ArchiveError(.corrupt, "unknown element <\(nameText(name))>", offset: tagStart)
        }
        try deliver(index, at: tagStart)
    }

    mutating func checkCount(_ at: Int) throws(ArchiveError) {
        guard builder.count < limits.maxObjectCount else {
            throw ArchiveError(.limitExceeded, "more than \(limits.maxObjectCount) objects", offset: at)
        }
    }

    /// Where a value may go: the root, an array, a plist wrapper, or a dict after its key.
    mutating func checkValueAllowed(at: Int) throws(ArchiveError) {
        guard let top = stack.last else {
            guard root == nil else { throw ArchiveError(.corrupt, "a second top-level value", offset: at) }
            return
        }
        switch top.kind {
        case .plist:
            guard pending.count == top.start else { throw ArchiveError(.corrupt, "<plist> holds more than one value", offset: at) }
        case .dict:
            guard (pending.count - top.start) % 2 == 1 else { throw ArchiveError(.corrupt, "dict value without a <key>", offset: at) }
        case .array:
            break
        }
    }

    mutating func deliver(_ index: Int, at: Int) throws(ArchiveError) {
        try checkValueAllowed(at: at)
        if stack.isEmpty { root = index } else { pending.append(index) }
    }

    /// `</name>` closing the innermost container.
    mutating func closeContainer() throws(ArchiveError) {
        let tagStart = pos
        pos += 2
        let name = tagName()
        while pos < end, base[pos] == 0x20 || base[pos] == 0x0A || base[pos] == 0x0D || base[pos] == 0x09 { pos += 1 }
        guard pos < end, base[pos] == UInt8(ascii: ">") else { throw ArchiveError(.truncated, "unterminated closing tag", offset: tagStart) }
        pos += 1
        guard let top = stack.last else {
            throw ArchiveError(.corrupt, "closing </\(nameText(name))> with nothing open", offset: tagStart)
        }
        let expected: Element = top.kind == .dict ? .dict : top.kind == .array ? .array : .plist
        guard Self.classify(base, name) == expected else {
            throw ArchiveError(.corrupt, "</\(nameText(name))> closes <\(expected)>", offset: tagStart)
        }
        stack.removeLast()
        // The members stay in `pending` (no copy) until the container is made.
        let memberCount = pending.count - top.start
        let made: Int
        switch top.kind {
        case .plist:
            guard memberCount > 0 else { throw ArchiveError(.corrupt, "<plist> holds no value", offset: tagStart) }
            root = pending[top.start]
            pending.removeSubrange(top.start...)
            return
        case .array:
            try checkCount(tagStart)
            made = builder.addArray(pending[top.start...])
        case .dict:
            guard memberCount % 2 == 0 else { throw ArchiveError(.corrupt, "<key> without a value", offset: tagStart) }
            try checkCount(tagStart)
            made = try makeDict(from: top.start, at: top.offset)
        }
        pending.removeSubrange(top.start...)
        try deliver(made, at: top.offset)
    }

    /// A dict from the alternating key/value indices `pending[first...]`: a later duplicate key
    /// replaces the earlier value in place, and a lone `CF$UID` → integer entry becomes a UID, as
    /// CoreFoundation does.
    mutating func makeDict(from first: Int, at: Int) throws(ArchiveError) -> Int {
        let n = (pending.count - first) / 2
        dictKeys.removeAll(keepingCapacity: true)
        dictValues.removeAll(keepingCapacity: true)
        if n <= 8 {
            // Small dicts: compare keys pairwise.
            for i in 0 ..< n {
                let k = pending[first + 2 * i], v = pending[first + 2 * i + 1]
                if let at = dictKeys.firstIndex(where: { sameKey($0, k) }) {
                    dictValues[at] = v
                } else {
                    dictKeys.append(k)
                    dictValues.append(v)
                }
            }
        } else {
            // Open addressing over the keys' bytes (seeded, so input cannot choose collisions); at most
            // half full. n is bounded by the members already read, so the doubling stops.
            var size = 16
            while size < 2 * n { size <<= 1 }
            if keySlots.count < size { keySlots = [Int](repeating: 0, count: size) }
            let mask = size - 1
            for i in 0 ..< n {
                let k = pending[first + 2 * i], v = pending[first + 2 * i + 1]
                var h = Int(truncatingIfNeeded: keyHash(k)) & mask
                while true {
                    let slot = keySlots[h]
                    if slot == 0 {
                        keySlots[h] = dictKeys.count + 1
                        dictKeys.append(k)
                        dictValues.append(v)
                        break
                    }
                    if sameKey(dictKeys[slot - 1], k) {
                        dictValues[slot - 1] = v
                        break
                    }
                    h = (h + 1) & mask
                }
            }
            for i in 0 ..< size { keySlots[i] = 0 }
        }
        if dictKeys.count == 1, isCFUIDKey(dictKeys[0]), builder.nodes[dictValues[0]].kind.becomesCFUID {
            // CF makes every one-entry CF$UID → number dict a UID, through a 32-bit integer (uidValue).
            guard let uid = uidValue(dictValues[0]) else {
                throw ArchiveError(.corrupt, "CF$UID real is not a number inside Int32's range: it stands for no UID", offset: at)
            }
            return builder.addUID(uid)
        }
        return builder.addDict(keys: dictKeys, values: dictValues)
    }

    /// Whether two key strings hold the same bytes.
    mutating func sameKey(_ a: Int, _ b: Int) -> Bool {
        let x = builder.nodes[a], y = builder.nodes[b]
        guard x.count == y.count else { return false }
        let xs = Int(truncatingIfNeeded: x.payload), ys = Int(truncatingIfNeeded: y.payload)
        for i in 0 ..< Int(x.count) where builder.storage[xs + i] != builder.storage[ys + i] { return false }
        return true
    }

    /// The seeded hash of a key's bytes (keys are always stored as ASCII or UTF-8 by this reader).
    mutating func keyHash(_ index: Int) -> UInt64 {
        let n = builder.nodes[index]
        let start = Int(truncatingIfNeeded: n.payload)
        return builder.storage.withUnsafeBufferPointer { b in
            ByteHash.hash(UnsafeBufferPointer(rebasing: b[start ..< start + Int(n.count)]))
        }
    }

    mutating func isCFUIDKey(_ index: Int) -> Bool {
        let n = builder.nodes[index]
        let start = Int(truncatingIfNeeded: n.payload)
        return n.count == 6 && builder.storage[start ..< start + 6].elementsEqual("CF$UID".utf8)
    }

    /// The UID a `CF$UID` number stands for, as CoreFoundation reads it: the number converted to a
    /// 32-bit integer (`CFNumberGetValue(…, kCFNumberSInt32Type, &uint32)`), so an integer keeps its low 32
    /// bits (-1 is UID 4294967295) and a real is truncated toward zero. A real outside Int32's range (or
    /// NaN) has no defined conversion in C: nil.
    mutating func uidValue(_ index: Int) -> UInt64? {
        let n = builder.nodes[index]
        switch n.kind {
        case .integer:
            // extra 2: a 128-bit integer, whose low half is in the wide table.
            var low = n.payload
            if n.extra == 2 {
                let i = Int(truncatingIfNeeded: n.payload)
                guard i >= 0, i < builder.wideIntegers.count else { return nil }
                low = builder.wideIntegers[i].low
            }
            return UInt64(UInt32(truncatingIfNeeded: low))
        case .real:
            let d = Double(bitPattern: n.payload)
            guard d.isFinite, d > -2_147_483_649, d < 2_147_483_648 else { return nil }
            return UInt64(UInt32(bitPattern: Int32(d.rounded(.towardZero))))
        default:
            return nil
        }
    }

    // MARK: - Helpers

    mutating func matches(_ s: StaticString) -> Bool { XMLLexing.matches(s, base, at: pos, end: end) }

    /// Moves `pos` just past the next `terminator`.
    mutating func skipPast(_ terminator: StaticString, what: String) throws(ArchiveError) {
        guard let after = XMLLexing.end(of: terminator, base, from: pos, end: end) else {
            throw ArchiveError(.truncated, "unterminated \(what)", offset: pos)
        }
        pos = after
    }

    func unexpected(_ what: String) -> ArchiveError {
        ArchiveError(.corrupt, "unexpected \(what)", offset: pos)
    }
}

extension PropertyList {
    /// Parses an XML property list (UTF-8, optionally with a byte order mark).
    ///
    /// - Throws: ``ArchiveError`` with `offset`, `line` and `column`: `.corrupt` for malformed XML or
    ///   values, `.truncated` when the input ends inside an element, `.limitExceeded` past a bound.
    public init(xml: [UInt8], limits: DecodingLimits = .default) throws(ArchiveError) {
        self = try XMLPlistReader.read(xml, limits: limits)
    }
}

extension PlistKind {
    /// The kinds CoreFoundation turns into a UID as the only value of a `CF$UID` dict: numbers
    /// (`XMLPlistReader.uidValue` converts them; `PlistConversionLoss` flags dicts that would be converted).
    var becomesCFUID: Bool { self == .integer || self == .real }
}
