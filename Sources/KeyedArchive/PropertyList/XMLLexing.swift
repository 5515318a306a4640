/// Byte-level XML pieces both of the package's XML readers use: the property-list reader here and
/// NibCompiler's XIB scanner. Each works on a validated buffer `base[0 ..< end]`; positions are byte
/// offsets into it, and errors carry the offset where the construct started.
package enum XMLLexing {
    /// XML whitespace: space, tab, line feed, carriage return.
    @inlinable
    package static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 }

    /// Whether the bytes at `pos` spell `s`.
    @inlinable
    package static func matches(_ s: StaticString, _ base: UnsafePointer<UInt8>, at pos: Int, end: Int) -> Bool {
        let n = s.utf8CodeUnitCount
        guard n <= end - pos else { return false }
        let p = s.utf8Start
        for i in 0 ..< n where base[pos + i] != p[i] { return false }
        return true
    }

    /// The position of the first `byte` at or after `pos`, or `end`: eight bytes per step while a
    /// whole word fits (a word holds the byte when `x ^ pattern` has a zero byte).
    @inlinable
    package static func first(_ byte: UInt8, _ base: UnsafePointer<UInt8>, from pos: Int, end: Int) -> Int {
        var i = pos
        let pattern = UInt64(byte) &* 0x0101_0101_0101_0101
        let raw = UnsafeRawPointer(base)
        while i + 8 <= end {
            let x = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) ^ pattern
            if (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080 != 0 { break }
            i += 8
        }
        while i < end, base[i] != byte { i += 1 }
        return i
    }

    /// The position just past the first `terminator` at or after `pos`, or nil when there is none.
    package static func end(of terminator: StaticString, _ base: UnsafePointer<UInt8>, from pos: Int, end: Int) -> Int? {
        let t = terminator.utf8Start
        let n = terminator.utf8CodeUnitCount
        var i = pos
        while i + n <= end {
            if base[i] == t[0] {
                var k = 1
                while k < n, base[i + k] == t[k] { k += 1 }
                if k == n { return i + n }
            }
            i += 1
        }
        return nil
    }

    /// The position just past the comment that starts with `<!--` at `pos`; `--` may not appear inside.
    package static func commentEnd(_ base: UnsafePointer<UInt8>, at pos: Int, end: Int) throws(ArchiveError) -> Int {
        var i = pos + 4
        while i + 1 < end {
            if base[i] == UInt8(ascii: "-"), base[i + 1] == UInt8(ascii: "-") {
                guard i + 2 < end, base[i + 2] == UInt8(ascii: ">") else {
                    throw ArchiveError(.corrupt, "'--' inside a comment", offset: i)
                }
                return i + 3
            }
            i += 1
        }
        throw ArchiveError(.truncated, "unterminated comment", offset: pos)
    }

    /// The position just past the `<!DOCTYPE …>` at `pos`. An internal subset (`[…]`, where entities
    /// would be declared) is refused with `subsetReason`; quoted identifiers may hold any byte.
    package static func doctypeEnd(_ base: UnsafePointer<UInt8>, at pos: Int, end: Int, subsetReason: String) throws(ArchiveError) -> Int {
        var i = pos + 9
        var quote: UInt8 = 0
        while i < end {
            let c = base[i]
            i += 1
            if quote != 0 {
                if c == quote { quote = 0 }
            } else if c == 0x22 || c == 0x27 {
                quote = c
            } else if c == UInt8(ascii: "[") {
                throw ArchiveError(.corrupt, subsetReason, offset: i - 1)
            } else if c == UInt8(ascii: ">") {
                return i
            }
        }
        throw ArchiveError(.truncated, "unterminated <!DOCTYPE", offset: pos)
    }

    /// Offset of the first byte that does not belong to well-formed UTF-8, if any.
    package static func firstInvalidUTF8(_ p: UnsafePointer<UInt8>, _ n: Int) -> Int? {
        var i = 0
        while i < n {
            // ASCII fast path, eight bytes at a time.
            if i + 8 <= n, UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 { i += 8; continue }
            let c = p[i]
            if c < 0x80 { i += 1; continue }
            let len: Int, lo: UInt8, hi: UInt8
            switch c {
            case 0xC2 ... 0xDF: len = 2; lo = 0x80; hi = 0xBF
            case 0xE0: len = 3; lo = 0xA0; hi = 0xBF
            case 0xE1 ... 0xEC, 0xEE ... 0xEF: len = 3; lo = 0x80; hi = 0xBF
            case 0xED: len = 3; lo = 0x80; hi = 0x9F
            case 0xF0: len = 4; lo = 0x90; hi = 0xBF
            case 0xF1 ... 0xF3: len = 4; lo = 0x80; hi = 0xBF
            case 0xF4: len = 4; lo = 0x80; hi = 0x8F
            default: return i
            }
            guard i + len <= n, (lo ... hi).contains(p[i + 1]) else { return i }
            for k in 2 ..< len where p[i + k] & 0xC0 != 0x80 { return i }
            i += len
        }
        return nil
    }
}
