/// Standard base64 (RFC 4648 alphabet, `=` padding), as XML plists use it.
enum Base64 {
    static let alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// 6-bit value of each byte; 0xFF = not base64, 0xFE = whitespace, 0xFD = padding.
    static let values: [UInt8] = {
        var t = [UInt8](repeating: 0xFF, count: 256)
        for (i, c) in alphabet.enumerated() { t[Int(c)] = UInt8(i) }
        for c in [0x20, 0x0A, 0x0D, 0x09] { t[c] = 0xFE }
        t[Int(UInt8(ascii: "="))] = 0xFD
        return t
    }()

    struct InvalidByte: Error { var offset: Int }

    /// Appends the decoded bytes to `out`; whitespace is skipped anywhere and padding ends the data.
    /// Fails (with the offset of the bad byte) on any other character or on text after padding.
    static func decode(_ text: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) -> Result<Void, InvalidByte> {
        // Decoded bytes gather in a stack chunk and join `out` a chunk at a time, not a byte at a time.
        values.withUnsafeBufferPointer { table in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 768) { chunk -> Result<Void, InvalidByte> in
                var acc: UInt32 = 0
                var bits = 0
                var padded = false
                var used = 0
                var i = 0
                let n = text.count
                while i < n {
                    // Room for one quantum (three bytes) before either path writes.
                    if used + 3 > chunk.count {
                        out.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[0 ..< used]))
                        used = 0
                    }
                    // Four alphabet characters on a quantum boundary make three bytes at once; whitespace,
                    // padding and bad bytes (all ≥ 64 in the table) go one at a time below.
                    if bits == 0, !padded, i + 4 <= n {
                        let a = table[Int(text[i])], b = table[Int(text[i + 1])]
                        let c = table[Int(text[i + 2])], d = table[Int(text[i + 3])]
                        if a | b | c | d < 64 {
                            let v = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6 | UInt32(d)
                            chunk[used] = UInt8(truncatingIfNeeded: v >> 16)
                            chunk[used + 1] = UInt8(truncatingIfNeeded: v >> 8)
                            chunk[used + 2] = UInt8(truncatingIfNeeded: v)
                            used += 3
                            i += 4
                            continue
                        }
                    }
                    let v = table[Int(text[i])]
                    if v == 0xFE { i += 1; continue }
                    if v == 0xFD { padded = true; i += 1; continue }
                    guard v < 64, !padded else {
                        out.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[0 ..< used]))
                        return .failure(InvalidByte(offset: i))
                    }
                    acc = acc << 6 | UInt32(v)
                    bits += 6
                    if bits >= 8 {
                        bits -= 8
                        chunk[used] = UInt8(truncatingIfNeeded: acc >> UInt32(bits))
                        used += 1
                    }
                    i += 1
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[0 ..< used]))
                return .success(())
            }
        }
    }

    /// Base64 of `bytes` in lines of at most `lineLength` characters (a multiple of 4), each line
    /// preceded by `indent` and followed by a newline.
    static func encode(_ bytes: UnsafeBufferPointer<UInt8>, lineLength: Int, indent: [UInt8], into out: inout [UInt8]) {
        let perLine = max(lineLength / 4, 1) * 3
        var i = 0
        while i < bytes.count {
            out.append(contentsOf: indent)
            let lineEnd = min(i + perLine, bytes.count)
            while i < lineEnd {
                let n = min(3, lineEnd - i)
                let b0 = UInt32(bytes[i])
                let b1 = n > 1 ? UInt32(bytes[i + 1]) : 0
                let b2 = n > 2 ? UInt32(bytes[i + 2]) : 0
                let v = b0 << 16 | b1 << 8 | b2
                out.append(alphabet[Int(v >> 18 & 63)])
                out.append(alphabet[Int(v >> 12 & 63)])
                out.append(n > 1 ? alphabet[Int(v >> 6 & 63)] : UInt8(ascii: "="))
                out.append(n > 2 ? alphabet[Int(v & 63)] : UInt8(ascii: "="))
                i += n
            }
            out.append(0x0A)
        }
    }
}
