import KeyedArchive

/// A failure reported to the user as one line: `path: what (where)`.
struct CLIError: Error, CustomStringConvertible {
    /// The input as the user named it (a member of a tree is `tree/member`).
    var path: String
    /// What went wrong.
    var what: String
    /// The library error behind this one, when there is one.
    var archiveError: ArchiveError?
    /// The bytes the error's offset points into, for `--verbose` hex context.
    var bytes: [UInt8]?

    init(path: String, what: String, archiveError: ArchiveError? = nil, bytes: [UInt8]? = nil) {
        self.path = path
        self.what = what
        self.archiveError = archiveError
        self.bytes = bytes
    }

    init(path: String, _ error: ArchiveError, bytes: [UInt8]? = nil) {
        self.init(path: path, what: "\(error.code.name): \(error.reason)", archiveError: error, bytes: bytes)
    }

    /// A short machine-friendly kind used in summaries: the archive error code, or `io`.
    var kind: String { archiveError?.code.name ?? "io" }

    /// `byte 123 (0x7B), object #4, key path a → b`, or empty.
    var location: String {
        guard let e = archiveError else { return "" }
        var parts: [String] = []
        if let line = e.line { parts.append(e.column.map { "line \(line), column \($0)" } ?? "line \(line)") }
        if let offset = e.offset { parts.append("byte \(offset) (0x\(String(offset, radix: 16, uppercase: true)))") }
        if let index = e.objectIndex { parts.append("object #\(index)") }
        if !e.keyPath.isEmpty { parts.append("key path \(e.keyPath.joined(separator: " → "))") }
        return parts.joined(separator: ", ")
    }

    /// The one-line form.
    var description: String {
        let loc = location
        return loc.isEmpty ? "\(path): \(what)" : "\(path): \(what) (\(loc))"
    }

    /// The one-line form plus, when verbose and an offset is known, a hex excerpt around it.
    func report(verbose: Bool) -> String {
        guard verbose, let offset = archiveError?.offset, let bytes else { return description }
        return description + "\n" + HexContext.excerpt(bytes, around: offset)
    }
}

/// A few lines of `xxd`-style hex around an offset, with a caret under the offending byte.
enum HexContext {
    static func excerpt(_ bytes: [UInt8], around offset: Int, linesBefore: Int = 2, linesAfter: Int = 2) -> String {
        guard !bytes.isEmpty else { return "  (no bytes)" }
        let clamped = min(max(offset, 0), bytes.count - 1)
        let row = clamped / 16
        let first = max(0, row - linesBefore)
        let last = min((bytes.count - 1) / 16, row + linesAfter)
        var lines: [String] = []
        for r in first ... last {
            let start = r * 16
            let end = min(start + 16, bytes.count)
            var hex = ""
            var ascii = ""
            for i in start ..< start + 16 {
                if i < end {
                    hex += hex2(bytes[i]) + " "
                    let b = bytes[i]
                    ascii.append(b >= 0x20 && b < 0x7F ? Character(UnicodeScalar(b)) : ".")
                } else {
                    hex += "   "
                }
                if i == start + 7 { hex += " " }
            }
            lines.append("  " + pad8(start) + "  " + hex + " |" + ascii + "|")
            if r == row {
                let col = clamped - start
                let indent = 2 + 8 + 2 + col * 3 + (col > 7 ? 1 : 0)
                let note = offset == clamped ? "" : " (offset \(offset) is past the end, \(bytes.count) bytes)"
                lines.append(String(repeating: " ", count: indent) + "^^" + note)
            }
        }
        return lines.joined(separator: "\n")
    }

    static func hex2(_ b: UInt8) -> String {
        let s = String(b, radix: 16)
        return s.count == 1 ? "0" + s : s
    }

    static func pad8(_ n: Int) -> String {
        let s = String(n, radix: 16)
        return String(repeating: "0", count: max(0, 8 - s.count)) + s
    }
}
