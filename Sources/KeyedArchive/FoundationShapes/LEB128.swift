/// Unsigned LEB128, the varint inside `NSRangeData`, `NSIndexPathData` and `NSAttributeInfo` payloads:
/// seven bits per byte, least significant first, with the high bit set on every byte **except the last**
/// (`E8 07` = 1000).
///
/// This is deliberately separate from NIBArchive's varint, whose high bit marks the *last* byte.
public enum LEB128 {
    /// Reads one value at `offset` and advances it.
    ///
    /// - Parameters:
    ///   - bytes: The payload.
    ///   - offset: Where to read; advanced past the value on success.
    /// - Returns: The value.
    /// - Throws: ``ArchiveError/Code/truncated`` when the value runs off the end;
    ///   ``ArchiveError/Code/overflow`` when it needs more than 64 bits.
    public static func read(_ bytes: ArraySlice<UInt8>, at offset: inout Int) throws(ArchiveError) -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        var i = offset
        while true {
            guard i < bytes.endIndex else {
                throw ArchiveError(.truncated, "an LEB128 value runs past the end of its data", offset: i - bytes.startIndex)
            }
            let b = bytes[i]
            i += 1
            let payload = UInt64(b & 0x7F)
            // The tenth byte may carry only the top bit of a 64-bit value.
            guard shift < 64, shift < 63 || payload <= 1 else {
                throw ArchiveError(.overflow, "an LEB128 value needs more than 64 bits", offset: i - 1 - bytes.startIndex)
            }
            result |= payload << shift
            if b & 0x80 == 0 { break }
            shift += 7
        }
        offset = i
        return result
    }

    /// Appends `value` in LEB128 form.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - out: The buffer to append to.
    public static func write(_ value: UInt64, to out: inout [UInt8]) {
        var v = value
        repeat {
            var b = UInt8(v & 0x7F)
            v >>= 7
            if v != 0 { b |= 0x80 }
            out.append(b)
        } while v != 0
    }

    /// Reads values until the payload ends.
    ///
    /// - Parameter bytes: The payload.
    /// - Returns: The values in order.
    /// - Throws: As ``read(_:at:)``.
    public static func readAll(_ bytes: ArraySlice<UInt8>) throws(ArchiveError) -> [UInt64] {
        var out: [UInt64] = []
        var i = bytes.startIndex
        while i < bytes.endIndex { out.append(try read(bytes, at: &i)) }
        return out
    }
}
