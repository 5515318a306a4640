import KeyedArchive

/// Decides which files in a directory tree are worth opening (`validate --recursive`, `ls`).
enum Recognizer {
    /// Whether `head` (the first bytes of a file) starts like something this tool reads. XML counts only
    /// when it is a property list, so `.xib` and `designable.nib` sources are left alone.
    static func isCandidate(_ head: ArraySlice<UInt8>) -> Bool {
        guard let format = ArchiveFormat.detect(head) else { return false }
        guard format == .xmlPlist else { return true }
        let window = Array(head.prefix(4096))
        return contains(window, "<plist") || contains(window, "<!DOCTYPE plist")
    }

    static func contains(_ bytes: [UInt8], _ needle: String) -> Bool {
        let n = Array(needle.utf8)
        guard n.count <= bytes.count else { return false }
        for i in 0 ... bytes.count - n.count where bytes[i] == n[0] && Array(bytes[i ..< i + n.count]) == n {
            return true
        }
        return false
    }

    /// Whether the bytes start like a zip archive (a local file header, or an empty archive's end record).
    static func isZip(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) || bytes.starts(with: [0x50, 0x4B, 0x05, 0x06])
    }

    /// The bundle a tree path belongs to (`A/B.storyboardc` for `A/B.storyboardc/x.nib/runtime.nib`):
    /// the outermost `.storyboardc` or `.nib` directory component, if any.
    static func bundlePrefix(_ path: String) -> String? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count > 1 else { return nil }
        for (i, part) in parts.dropLast().enumerated() where part.hasSuffix(".storyboardc") || part.hasSuffix(".nib") {
            return parts[0 ... i].joined(separator: "/")
        }
        return nil
    }
}
