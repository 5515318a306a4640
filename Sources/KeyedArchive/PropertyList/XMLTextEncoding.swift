/// The character encodings the XML property-list reader accepts, and how it tells which one a file uses.
///
/// Detection follows CoreFoundation's order: a byte order mark decides first (UTF-32, UTF-8, UTF-16);
/// without one, zero bytes among the first four announce UTF-16 or UTF-32 (the patterns of XML 1.0
/// appendix F); otherwise the text is 8-bit and the `encoding` of an `<?xml …?>` declaration at the very
/// start names it (UTF-8 when there is none). A name Apple's reader does not know is an error.
enum XMLTextEncoding: String, Sendable, Hashable, CaseIterable {
    case utf8 = "UTF-8"
    case utf16BigEndian = "UTF-16BE"
    case utf16LittleEndian = "UTF-16LE"
    case utf32BigEndian = "UTF-32BE"
    case utf32LittleEndian = "UTF-32LE"
    case ascii = "US-ASCII"
    case latin1 = "ISO-8859-1"
    case windows1252 = "windows-1252"
    case macRoman = "macintosh"

    /// Bytes per code unit: 1, 2 or 4.
    var unitWidth: Int {
        switch self {
        case .utf16BigEndian, .utf16LittleEndian: 2
        case .utf32BigEndian, .utf32LittleEndian: 4
        default: 1
        }
    }

    /// What the first bytes say: the encoding and the length of its byte order mark.
    struct Detection: Equatable {
        var encoding: XMLTextEncoding
        var bomLength: Int
    }

    /// The encoding of `bytes` (a whole file or its first bytes).
    static func detect(_ p: UnsafePointer<UInt8>, _ n: Int) throws(ArchiveError) -> Detection {
        let b = (0 ..< 4).map { $0 < n ? p[$0] : 0xAA }
        // Byte order marks, longest first: FF FE 00 00 is UTF-32LE, not UTF-16LE followed by NUL.
        if n >= 4, b[0] == 0x00, b[1] == 0x00, b[2] == 0xFE, b[3] == 0xFF { return Detection(encoding: .utf32BigEndian, bomLength: 4) }
        if n >= 4, b[0] == 0xFF, b[1] == 0xFE, b[2] == 0x00, b[3] == 0x00 { return Detection(encoding: .utf32LittleEndian, bomLength: 4) }
        if n >= 3, b[0] == 0xEF, b[1] == 0xBB, b[2] == 0xBF { return Detection(encoding: .utf8, bomLength: 3) }
        if n >= 2, b[0] == 0xFE, b[1] == 0xFF { return Detection(encoding: .utf16BigEndian, bomLength: 2) }
        if n >= 2, b[0] == 0xFF, b[1] == 0xFE { return Detection(encoding: .utf16LittleEndian, bomLength: 2) }
        // No mark: the zero bytes of '<' (or whitespace) in a wide encoding give it away.
        if n >= 4, b[0] == 0, b[1] == 0, b[2] == 0, b[3] != 0 { return Detection(encoding: .utf32BigEndian, bomLength: 0) }
        if n >= 4, b[0] != 0, b[1] == 0, b[2] == 0, b[3] == 0 { return Detection(encoding: .utf32LittleEndian, bomLength: 0) }
        if n >= 2, b[0] == 0, b[1] != 0 { return Detection(encoding: .utf16BigEndian, bomLength: 0) }
        if n >= 2, b[0] != 0, b[1] == 0 { return Detection(encoding: .utf16LittleEndian, bomLength: 0) }
        guard let declared = try declaredEncoding(p, n) else { return Detection(encoding: .utf8, bomLength: 0) }
        return Detection(encoding: declared, bomLength: 0)
    }

    /// The `encoding` pseudo-attribute of an 8-bit `<?xml …?>` declaration at offset 0, if any.
    static func declaredEncoding(_ p: UnsafePointer<UInt8>, _ n: Int) throws(ArchiveError) -> XMLTextEncoding? {
        let prefix = Array("<?xml".utf8)
        guard n > prefix.count, (0 ..< prefix.count).allSatisfy({ p[$0] == prefix[$0] }) else { return nil }
        // The declaration ends at the first "?>"; a longer one is not a declaration we read.
        var end = prefix.count
        while end + 1 < n, end < 512, !(p[end] == UInt8(ascii: "?") && p[end + 1] == UInt8(ascii: ">")) { end += 1 }
        let decl = Array(UnsafeBufferPointer(start: p, count: end))
        let key = Array("encoding".utf8)
        var i = prefix.count
        while i + key.count < decl.count {
            let before = decl[i - 1]
            if decl[i ..< i + key.count].elementsEqual(key), before == 0x20 || before == 0x09 || before == 0x0A || before == 0x0D {
                var j = i + key.count
                while j < decl.count, XMLLexing.isSpace(decl[j]) { j += 1 }
                guard j < decl.count, decl[j] == UInt8(ascii: "=") else { break }
                j += 1
                while j < decl.count, XMLLexing.isSpace(decl[j]) { j += 1 }
                guard j < decl.count, decl[j] == 0x22 || decl[j] == 0x27 else { break }
                let quote = decl[j]
                let start = j + 1
                var k = start
                while k < decl.count, decl[k] != quote { k += 1 }
                guard k < decl.count else { break }
                let name = String(decoding: decl[start ..< k], as: UTF8.self)
                return try encoding(named: name, at: start)
            }
            i += 1
        }
        return nil
    }

    /// The encoding an IANA charset name (compared case-insensitively) stands for in an 8-bit document.
    static func encoding(named name: String, at offset: Int) throws(ArchiveError) -> XMLTextEncoding {
        let key = name.lowercased()
        switch key {
        case "utf-8", "utf8": return .utf8
        case "us-ascii", "ascii", "ansi_x3.4-1968", "iso646-us", "us": return .ascii
        case "iso-8859-1", "iso_8859-1", "iso8859-1", "latin1", "l1", "iso-ir-100", "cp819", "ibm819": return .latin1
        case "windows-1252", "cp1252", "x-cp1252": return .windows1252
        case "macintosh", "mac", "macroman", "x-mac-roman", "csmacintosh": return .macRoman
        case "utf-16", "utf-16be", "utf-16le", "utf-32", "utf-32be", "utf-32le", "ucs-2", "iso-10646-ucs-2":
            throw ArchiveError(.corrupt, "the XML declaration names \(name), but the file is written in an 8-bit encoding (no byte order mark, no zero bytes)",
                               offset: offset)
        default:
            if knownButUnsupported.contains(key) {
                throw ArchiveError(.unsupportedFormat, "XML encoding \"\(name)\" is one Apple's reader knows but this reader does not transcode; convert the file to UTF-8",
                                   offset: offset)
            }
            throw ArchiveError(.corrupt, "unknown XML encoding \"\(name)\"", offset: offset)
        }
    }

    /// IANA names CoreFoundation converts that this reader has no table for (lowercased).
    static let knownButUnsupported: Set<String> = [
        "shift_jis", "shift-jis", "sjis", "x-sjis", "cp932", "windows-31j", "euc-jp", "iso-2022-jp", "iso-2022-jp-1", "iso-2022-jp-2",
        "gb2312", "gbk", "gb18030", "cp936", "hz-gb-2312", "big5", "big5-hkscs", "cp950", "euc-kr", "iso-2022-kr", "cp949", "ks_c_5601-1987",
        "euc-cn", "euc-tw", "koi8-r", "koi8-u", "iso-2022-cn", "utf-7",
        "iso-8859-2", "iso-8859-3", "iso-8859-4", "iso-8859-5", "iso-8859-6", "iso-8859-7", "iso-8859-8", "iso-8859-9",
        "iso-8859-10", "iso-8859-11", "iso-8859-13", "iso-8859-14", "iso-8859-15", "iso-8859-16",
        "windows-1250", "windows-1251", "windows-1253", "windows-1254", "windows-1255", "windows-1256", "windows-1257", "windows-1258",
        "x-mac-japanese", "x-mac-chinesetrad", "x-mac-korean", "x-mac-arabic", "x-mac-hebrew", "x-mac-greek", "x-mac-cyrillic",
        "x-mac-centraleurroman", "x-mac-turkish", "x-mac-icelandic", "x-mac-croatian", "x-mac-romanian", "x-nextstep",
        "ibm437", "cp437", "ibm850", "cp850", "ibm866", "cp866", "tis-620", "viscii",
    ]
}
