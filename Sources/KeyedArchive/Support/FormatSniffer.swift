/// The container formats this library recognises from their first bytes.
public enum ArchiveFormat: String, Sendable, Hashable, CaseIterable {
    /// `bplist0` and any eighth byte (Apple's reader ignores it): a binary property list, possibly a keyed archive.
    case binaryPlist
    /// `<?xml`, `<!DOCTYPE plist` or `<plist` (after an optional byte order mark and whitespace), in UTF-8,
    /// UTF-16 or UTF-32: an XML property list.
    case xmlPlist
    /// `NIBArchive`: Apple's binary nib container.
    case nibArchive
    /// `bplist` followed by anything but `0`: `bplist15`/`bplist16` are Apple-private variants; no other
    /// version exists (unsupported).
    case binaryPlistPrivate
    /// NeXT typedstream, as `NSArchiver` writes it (`typedstream` or `streamtyped` signature; unsupported yet).
    case typedstream

    /// Sniffs the magic at the start of `bytes`; nil when nothing matches.
    public static func detect<C: Collection>(_ bytes: C) -> ArchiveFormat? where C.Element == UInt8 {
        var it = bytes.prefix(64).makeIterator()
        var head: [UInt8] = []
        head.reserveCapacity(64)
        while let b = it.next() { head.append(b) }
        return detect(head: head)
    }

    /// Sniffs the magic at the start of `bytes`; nil when nothing matches (the common case, without
    /// generic iteration: a nib open calls this once per file).
    public static func detect(_ bytes: [UInt8]) -> ArchiveFormat? {
        detect(head: Array(bytes.prefix(64)))
    }

    private static let nibMagic = Array("NIBArchive".utf8), bplistMagic = Array("bplist".utf8)
    private static let typedstreamMagic = Array("typedstream".utf8), streamtypedMagic = Array("streamtyped".utf8)

    /// The format announced by the first (up to 64) bytes.
    private static func detect(head: [UInt8]) -> ArchiveFormat? {
        if head.starts(with: nibMagic) { return .nibArchive }
        if head.starts(with: bplistMagic) { return head.count > 6 && head[6] == UInt8(ascii: "0") ? .binaryPlist : .binaryPlistPrivate }
        if head.count >= 2, head[0] == 0x04 || head[0] == 0x03, head[1] == 0x0B,
           head.dropFirst(2).starts(with: typedstreamMagic) || head.dropFirst(2).starts(with: streamtypedMagic) {
            return .typedstream
        }
        // XML: an optional byte order mark, then whitespace, then "<?xml", "<!DOCTYPE plist" or "<plist",
        // in whichever of UTF-8, UTF-16 and UTF-32 the first bytes announce.
        let ascii = Self.asciiText(head)
        var i = ascii.startIndex
        while i < ascii.endIndex, ascii[i] == 0x20 || ascii[i] == 0x0A || ascii[i] == 0x0D || ascii[i] == 0x09 { i += 1 }
        let rest = ascii[i...]
        for tag in ["<?xml", "<!DOCTYPE plist", "<plist"] where rest.starts(with: Array(tag.utf8)) { return .xmlPlist }
        return nil
    }

    /// The leading ASCII characters of `head`, read as the UTF-8/16/32 that its first bytes announce.
    static func asciiText(_ head: [UInt8]) -> [UInt8] {
        let detection: XMLTextEncoding.Detection? = head.withUnsafeBufferPointer { buf in
            guard let base = buf.baseAddress, !buf.isEmpty else { return nil }
            // Only the mark and zero-byte patterns matter here; a declared 8-bit name does not change ASCII.
            return try? XMLTextEncoding.detect(base, buf.count)
        }
        guard let detection else { return head }
        let width = detection.encoding.unitWidth
        guard width > 1 else { return Array(head.dropFirst(detection.bomLength)) }
        var out: [UInt8] = []
        var i = detection.bomLength
        let big = detection.encoding == .utf16BigEndian || detection.encoding == .utf32BigEndian
        while i + width <= head.count {
            let unit = head[i ..< i + width]
            let low = big ? unit[unit.endIndex - 1] : unit[unit.startIndex]
            guard low < 0x80, unit.filter({ $0 != 0 }).count <= 1 else { break }
            out.append(low)
            i += width
        }
        return out
    }
}
