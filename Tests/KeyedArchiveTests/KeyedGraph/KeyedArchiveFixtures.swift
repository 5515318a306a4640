@testable import KeyedArchive

/// Builds keyed-archive property lists in memory for crafted-input tests.
enum KA {
    /// A `PropertyList` holding `value` (built by the library's own non-recursive conversion).
    static func plist(_ value: PlistValue, format: PropertyList.Format = .binary) -> PropertyList {
        PropertyList(value, format: format)
    }

    static func dict(_ entries: [(String, PlistValue)]) -> PlistValue {
        .dict(entries.map { PlistDictEntry(key: .string($0.0), value: $0.1) })
    }

    /// An object entry: `$class` → UID `cls`, then `entries` in order.
    static func object(_ cls: UInt64, _ entries: [(String, PlistValue)] = []) -> PlistValue {
        dict([("$class", .uid(cls))] + entries)
    }

    /// A class-description entry.
    static func classDict(_ name: String, _ chain: [String]? = nil, hints: [String]? = nil) -> PlistValue {
        var e: [(String, PlistValue)] = [("$classname", .string(name)), ("$classes", .array((chain ?? [name, "NSObject"]).map { .string($0) }))]
        if let hints { e.append(("$classhints", .array(hints.map { .string($0) }))) }
        return dict(e)
    }

    /// A whole archive: `$objects` (the `$null` entry is prepended) and `$top`.
    static func archive(_ objects: [PlistValue], top: [(String, PlistValue)] = [("root", .uid(1))],
                        archiver: PlistValue = .string("NSKeyedArchiver"), version: PlistValue = .integer(100000),
                        format: PropertyList.Format = .binary) -> PropertyList {
        plist(dict([("$archiver", archiver), ("$objects", .array([.string("$null")] + objects)),
                    ("$top", dict(top)), ("$version", version)]), format: format)
    }

    /// A graph mapped from `archive(…)`.
    static func graph(_ objects: [PlistValue], top: [(String, PlistValue)] = [("root", .uid(1))]) throws(ArchiveError) -> ArchiveGraph {
        try ArchiveGraph(keyedArchive: archive(objects, top: top))
    }
}
