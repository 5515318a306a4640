/// The container formats this library recognises from their first bytes.
public enum ArchiveFormat: String, Sendable, Hashable, CaseIterable {
    /// `bplist00`: a binary property list (possibly a keyed archive).
    case binaryPlist
    /// `<?xml` (after an optional BOM and whitespace) or `<plist`: an XML property list.
    case xmlPlist
    /// `NIBArchive`: Apple's binary nib container.
    case nibArchive
    /// `bplist15`/`bplist16`…: Apple-private binary plist variants (unsupported).
    case binaryPlistPrivate
    /// NeXT typedstream (`objects.nib` from before Mac OS X 10.2; unsupported).
    case typedstream

    /// Sniffs the magic at the start of `bytes`; nil when nothing matches.
    public static func detect<C: Collection>(_ bytes: C) -> ArchiveFormat? where C.Element == UInt8 {
        var it = bytes.prefix(64).makeIterator()
        var head: [UInt8] = []
        head.reserveCapacity(64)
        while let b = it.next() { head.append(b) }
        func starts(_ s: String) -> Bool { head.starts(with: Array(s.utf8)) }
        if starts("NIBArchive") { return .nibArchive }
        if starts("bplist00") { return .binaryPlist }
        if starts("bplist") { return .binaryPlistPrivate }
        if head.starts(with: [0x04, 0x0B] + Array("typedstream".utf8)) { return .typedstream }
        // XML: optional UTF-8 BOM, then whitespace, then "<?xml" or "<!DOCTYPE plist" or "<plist".
        var i = 0
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
        while i < head.count, head[i] == 0x20 || head[i] == 0x0A || head[i] == 0x0D || head[i] == 0x09 { i += 1 }
        let rest = head[i...]
        for tag in ["<?xml", "<!DOCTYPE plist", "<plist"] where rest.starts(with: Array(tag.utf8)) { return .xmlPlist }
        return nil
    }
}
