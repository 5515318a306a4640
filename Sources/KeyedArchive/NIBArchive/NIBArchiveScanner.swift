/// A read cursor over borrowed NIBArchive bytes. Reads return nil instead of running past the end;
/// the caller turns a nil into an error with table context (``varintError(at:_:)``).
struct NIBArchiveScanner {
    let base: UnsafeBufferPointer<UInt8>
    var pos: Int

    @inline(__always) var remaining: Int { base.count - pos }

    /// The NIBArchive varint: 7 bits per byte, low group first, high bit set on the LAST byte.
    /// At most 5 bytes and 32 bits; non-minimal forms are accepted. `pos` moves only on success.
    @inline(__always)
    mutating func readVarint() -> UInt32? {
        let end = base.count
        guard pos < end else { return nil }
        let b0 = base[pos]
        if b0 & 0x80 != 0 {
            pos += 1
            return UInt32(b0 & 0x7F)
        }
        var value = UInt32(b0)
        var shift: UInt32 = 7
        var i = pos + 1
        while i < end {
            let b = base[i]
            i += 1
            if shift == 28 {
                // The 5th byte must terminate and may only carry bits 28–31.
                guard b & 0x80 != 0, b & 0x70 == 0 else { return nil }
                value |= UInt32(b & 0x0F) << 28
                pos = i
                return value
            }
            value |= UInt32(b & 0x7F) << shift
            if b & 0x80 != 0 {
                pos = i
                return value
            }
            shift += 7
        }
        return nil
    }

    /// Why the varint at `start` could not be read, as an error naming `field`.
    func varintError(at start: Int, _ field: String) -> ArchiveError {
        var i = start
        var n = 0
        while i < base.count {
            let b = base[i]
            n += 1
            if n == 5 {
                if b & 0x80 == 0 {
                    return ArchiveError(.corrupt, "\(field): varint longer than 5 bytes", offset: start)
                }
                return ArchiveError(.overflow, "\(field): varint exceeds 32 bits", offset: start)
            }
            if b & 0x80 != 0 { break }
            i += 1
        }
        return ArchiveError(.truncated, "\(field): varint runs past the end of the input", offset: start)
    }

    @inline(__always)
    mutating func readUInt8() -> UInt8? {
        guard pos < base.count else { return nil }
        defer { pos += 1 }
        return base[pos]
    }

    @inline(__always)
    mutating func readUInt16() -> UInt16? {
        guard base.count - pos >= 2 else { return nil }
        defer { pos += 2 }
        return UInt16(base[pos]) | UInt16(base[pos + 1]) << 8
    }

    @inline(__always)
    mutating func readUInt32() -> UInt32? {
        guard base.count - pos >= 4 else { return nil }
        defer { pos += 4 }
        return UInt32(littleEndian: UnsafeRawBufferPointer(base).loadUnaligned(fromByteOffset: pos, as: UInt32.self))
    }

    @inline(__always)
    mutating func readUInt64() -> UInt64? {
        guard base.count - pos >= 8 else { return nil }
        defer { pos += 8 }
        return UInt64(littleEndian: UnsafeRawBufferPointer(base).loadUnaligned(fromByteOffset: pos, as: UInt64.self))
    }
}
