/// Turns XML text in one of the ``XMLTextEncoding``s other than UTF-8 into UTF-8, in one pass.
///
/// UTF-8 input is never copied (the reader validates it in place); every other encoding is transcoded
/// once into a buffer the scanner then reads. A code unit that is not a character in its encoding
/// (an unpaired surrogate, a UTF-32 value past U+10FFFF, a byte ≥ 0x80 in US-ASCII, one of the five
/// unassigned windows-1252 bytes) is an error at its byte offset in the original input.
enum XMLTranscoder {
    /// UTF-8 for the `n` bytes at `p` after the byte order mark, in `encoding` (not `.utf8`).
    static func utf8(_ p: UnsafePointer<UInt8>, _ n: Int, _ d: XMLTextEncoding.Detection,
                     limits: DecodingLimits) throws(ArchiveError) -> [UInt8] {
        let width = d.encoding.unitWidth
        let body = n - d.bomLength
        // A wide encoding's length is a whole number of units.
        guard body % width == 0 else {
            throw ArchiveError(.truncated, "\(d.encoding.rawValue) text ends in the middle of a \(width)-byte code unit", offset: n - body % width)
        }
        // Worst case: 1 byte → 3 (MacRoman, windows-1252), 2 → 3 (UTF-16), 4 → 4 (UTF-32).
        let bound = width == 1 ? body * 3 : width == 2 ? body / 2 * 3 : body
        guard bound <= limits.maxTotalBytes else {
            throw ArchiveError(.limitExceeded, "transcoding \(body) bytes of \(d.encoding.rawValue) could need \(bound) bytes, above the limit of \(limits.maxTotalBytes)", offset: 0)
        }
        var out: [UInt8] = []
        out.reserveCapacity(width == 1 ? body + body / 8 : body / width * 2)
        var i = d.bomLength
        while i < n {
            let at = i
            let scalar: UInt32
            switch d.encoding {
            case .utf16BigEndian, .utf16LittleEndian:
                let big = d.encoding == .utf16BigEndian
                let u = unit16(p + i, big)
                i += 2
                if u & 0xFC00 == 0xD800 {
                    // A high surrogate needs a low one right after it.
                    guard i + 2 <= n, unit16(p + i, big) & 0xFC00 == 0xDC00 else {
                        throw bad("an unpaired UTF-16 surrogate 0x\(hex(UInt32(u)))", at, out)
                    }
                    scalar = 0x10000 + ((UInt32(u) - 0xD800) << 10) + (UInt32(unit16(p + i, big)) - 0xDC00)
                    i += 2
                } else if u & 0xFC00 == 0xDC00 {
                    throw bad("an unpaired UTF-16 surrogate 0x\(hex(UInt32(u)))", at, out)
                } else {
                    scalar = UInt32(u)
                }
            case .utf32BigEndian, .utf32LittleEndian:
                let q = p + i
                scalar = d.encoding == .utf32BigEndian
                    ? UInt32(q[0]) << 24 | UInt32(q[1]) << 16 | UInt32(q[2]) << 8 | UInt32(q[3])
                    : UInt32(q[3]) << 24 | UInt32(q[2]) << 16 | UInt32(q[1]) << 8 | UInt32(q[0])
                i += 4
                guard scalar <= 0x10FFFF, scalar & 0xFFFF_F800 != 0xD800 else {
                    throw bad("0x\(hex(scalar)), which is not a Unicode scalar value", at, out)
                }
            default:
                let c = p[i]
                i += 1
                if c < 0x80 {
                    out.append(c)
                    continue
                }
                switch d.encoding {
                case .latin1: scalar = UInt32(c)
                case .windows1252:
                    guard c >= 0xA0 || XMLEncodingTables.windows1252[Int(c - 0x80)] != 0 else {
                        throw bad("byte 0x\(hex(UInt32(c))), which windows-1252 leaves unassigned", at, out)
                    }
                    scalar = c >= 0xA0 ? UInt32(c) : UInt32(XMLEncodingTables.windows1252[Int(c - 0x80)])
                case .macRoman: scalar = UInt32(XMLEncodingTables.macRoman[Int(c - 0x80)])
                default: throw bad("byte 0x\(hex(UInt32(c))), which is not a US-ASCII character", at, out)
                }
            }
            appendUTF8(scalar, to: &out)
        }
        return out
    }

    @inline(__always)
    static func unit16(_ q: UnsafePointer<UInt8>, _ big: Bool) -> UInt16 {
        big ? UInt16(q[0]) << 8 | UInt16(q[1]) : UInt16(q[1]) << 8 | UInt16(q[0])
    }

    @inline(__always)
    static func appendUTF8(_ s: UInt32, to out: inout [UInt8]) {
        switch s {
        case 0 ..< 0x80:
            out.append(UInt8(s))
        case 0x80 ..< 0x800:
            out.append(UInt8(0xC0 | s >> 6))
            out.append(UInt8(0x80 | s & 0x3F))
        case 0x800 ..< 0x10000:
            out.append(UInt8(0xE0 | s >> 12))
            out.append(UInt8(0x80 | s >> 6 & 0x3F))
            out.append(UInt8(0x80 | s & 0x3F))
        default:
            out.append(UInt8(0xF0 | s >> 18))
            out.append(UInt8(0x80 | s >> 12 & 0x3F))
            out.append(UInt8(0x80 | s >> 6 & 0x3F))
            out.append(UInt8(0x80 | s & 0x3F))
        }
    }

    static func hex(_ v: UInt32) -> String { String(v, radix: 16, uppercase: true) }

    /// An error at byte `at` of the input, with the line and column of the text transcoded so far.
    static func bad(_ what: String, _ at: Int, _ done: [UInt8]) -> ArchiveError {
        var e = ArchiveError(.corrupt, "the text holds \(what)", offset: done.count)
        e = done.withUnsafeBufferPointer { XMLPlistReader.locate(e, in: $0) }
        e.offset = at
        return e
    }

    /// The input byte offset of the character that starts at `utf8Offset` in the transcoded text.
    static func originalOffset(_ utf8Offset: Int, in utf8: UnsafeBufferPointer<UInt8>, _ d: XMLTextEncoding.Detection) -> Int {
        var original = d.bomLength
        var i = 0
        let stop = min(utf8Offset, utf8.count)
        while i < stop {
            let c = utf8[i]
            let length = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4
            switch d.encoding.unitWidth {
            case 2: original += length == 4 ? 4 : 2
            case 4: original += 4
            default: original += 1
            }
            i += length
        }
        return original
    }
}
