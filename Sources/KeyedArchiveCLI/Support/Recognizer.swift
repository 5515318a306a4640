import KeyedArchive
import Nib

/// Decides which files in a directory tree are worth opening (`validate --recursive`, `ls`).
enum Recognizer {
    /// Whether `head` starts like something this tool reads (``ArchiveInventory/isCandidate(_:)``).
    static func isCandidate(_ head: ArraySlice<UInt8>) -> Bool { ArchiveInventory.isCandidate(head) }

    /// Whether the bytes start like a zip archive (a local file header, or an empty archive's end record).
    static func isZip(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) || bytes.starts(with: [0x50, 0x4B, 0x05, 0x06])
    }

    /// The bundle a tree path belongs to (``ArchiveInventory/bundlePrefix(_:)``).
    static func bundlePrefix(_ path: String) -> String? { ArchiveInventory.bundlePrefix(path) }
}
