/// Writing NIBArchive varints (see ``NIBArchiveScanner/readVarint()`` for the format).
enum NIBArchiveVarint {
    /// Number of bytes in the shortest encoding of `value` (1…5).
    @inline(__always)
    static func minimalLength(_ value: UInt32) -> Int {
        value < 1 << 7 ? 1 : value < 1 << 14 ? 2 : value < 1 << 21 ? 3 : value < 1 << 28 ? 4 : 5
    }

    /// Appends the shortest encoding: 7-bit groups low first, high bit on the last byte.
    @inline(__always)
    static func append(_ value: UInt32, to out: inout [UInt8]) {
        var v = value
        while v >= 0x80 {
            out.append(UInt8(v & 0x7F))
            v >>= 7
        }
        out.append(UInt8(v) | 0x80)
    }
}
