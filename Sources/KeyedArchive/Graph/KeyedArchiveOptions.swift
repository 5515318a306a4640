/// How a keyed archive's header is checked when it is mapped onto an ``ArchiveGraph``.
public struct KeyedArchiveReadingOptions: Sendable, Hashable {
    /// `$archiver` names accepted besides `NSKeyedArchiver` (for example `NRKeyedArchiver`, written by
    /// watchOS). Empty by default: any other name is an ``ArchiveError/Code/invalidArchiveHeader`` error.
    public var additionalArchiverNames: Set<String>

    /// Creates reading options.
    ///
    /// - Parameter additionalArchiverNames: `$archiver` names to accept besides `NSKeyedArchiver`.
    public init(additionalArchiverNames: Set<String> = []) {
        self.additionalArchiverNames = additionalArchiverNames
    }

    /// Whether `name` is an acceptable `$archiver`.
    public func accepts(archiverName name: String) -> Bool {
        name == KeyedArchiveConstants.archiverName || additionalArchiverNames.contains(name)
    }
}

/// The fixed strings and numbers of the keyed-archive layout.
public enum KeyedArchiveConstants {
    /// The `$archiver` value Apple's NSKeyedArchiver writes.
    public static let archiverName = "NSKeyedArchiver"
    /// The only `$version` value Apple accepts.
    public static let version = 100_000
    /// The string stored at `$objects[0]`; `UID(0)` refers to it and means nil.
    public static let nullMarker = "$null"
}

extension ArchiveError.Code {
    /// The keyed-archive header is wrong: `$archiver`, `$version`, `$top` or `$objects` is missing or
    /// invalid (Cocoa 3840).
    public static let invalidArchiveHeader = Self("invalidArchiveHeader", cocoaCode: 3840)
    /// An object entry is malformed: no `$class`, a `$class` that is not a class dictionary, a class
    /// dictionary without `$classname`, or an inconsistent Foundation shape (Cocoa 4864).
    public static let corruptArchive = Self("corruptArchive", cocoaCode: 4864)
}

/// How keys are spelled in an ``ArchiveGraph`` built from a keyed archive.
///
/// A keyed archive escapes user keys that start with `$` by doubling the `$` (`$k` is stored as `$$k`),
/// and writes un-keyed values under `$0`, `$1`, …. In the graph, escaped keys are unescaped, except a
/// user key of the form `$<digits>`, which keeps its escape (`$$0`) so that it stays distinct from the
/// un-keyed slot `$0`. The Archiver and the Unarchiver apply the same rule through ``graphKey(forUserKey:)``.
public enum KeyedArchiveKeys {
    /// The graph spelling of a key an `encode…(forKey:)`/`decode…(forKey:)` call names.
    @inlinable
    public static func graphKey(forUserKey key: String) -> String {
        isUnkeyedSlot(key) ? "$" + key : key
    }

    /// The graph spelling of the key of un-keyed value number `index` (`$0`, `$1`, …).
    @inlinable
    public static func unkeyedKey(_ index: Int) -> String { "$\(index)" }

    /// Whether `key` has the shape of an un-keyed slot: `$` followed by one or more ASCII digits.
    @inlinable
    public static func isUnkeyedSlot(_ key: String) -> Bool {
        var it = key.utf8.makeIterator()
        guard it.next() == UInt8(ascii: "$") else { return false }
        var digits = 0
        while let c = it.next() {
            guard c >= UInt8(ascii: "0"), c <= UInt8(ascii: "9") else { return false }
            digits += 1
        }
        return digits > 0
    }

    /// The graph spelling of a key as stored in an archive object dictionary.
    static func graphKey(forArchiveKey key: String) -> String {
        // `$$k` → `$k`, unless that would collide with an un-keyed slot.
        if key.hasPrefix("$$") {
            let unescaped = String(key.dropFirst())
            return isUnkeyedSlot(unescaped) ? key : unescaped
        }
        return key
    }

    /// The spelling of a graph key inside an archive object dictionary.
    static func archiveKey(forGraphKey key: String) -> String {
        // `$0` is an un-keyed slot and `$$0` an already-escaped user `$0`: both are stored as they are.
        if isUnkeyedSlot(key) || (key.hasPrefix("$") && isUnkeyedSlot(String(key.dropFirst()))) { return key }
        return key.hasPrefix("$") ? "$" + key : key
    }
}
