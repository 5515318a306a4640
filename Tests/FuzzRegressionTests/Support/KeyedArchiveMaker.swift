import KeyedArchive

/// Builds NSKeyedArchiver property lists object by object, for crafted hostile archives.
///
/// `$objects[0]` is `"$null"`; ``object(_:)`` appends an object dictionary and returns its UID.
struct KeyedArchiveMaker {
    var b = PropertyListBuilder()
    var entries: [Int] = []

    init() {
        entries.append(b.addString("$null"))
    }

    /// Appends a class description `{$classname, $classes}` and returns its UID.
    mutating func classDescription(_ name: String, superclasses: [String] = ["NSObject"]) -> UInt64 {
        let chain = b.addArray(([name] + superclasses).map { b.addString($0) })
        let dict = b.addDict(keys: [b.addString("$classes"), b.addString("$classname")],
                             values: [chain, b.addString(name)])
        entries.append(dict)
        return UInt64(entries.count - 1)
    }

    /// Appends an object dictionary `{$class: UID(classUID), key: node, …}` and returns its UID.
    mutating func object(classUID: UInt64, _ fields: [(String, Int)]) -> UInt64 {
        var keys = [b.addString("$class")]
        var values = [b.addUID(classUID)]
        for (k, v) in fields {
            keys.append(b.addString(k))
            values.append(v)
        }
        entries.append(b.addDict(keys: keys, values: values))
        return UInt64(entries.count - 1)
    }

    /// Appends a plain entry (a string, number or data node) and returns its UID.
    mutating func plain(_ node: Int) -> UInt64 {
        entries.append(node)
        return UInt64(entries.count - 1)
    }

    /// The finished archive with `$top = {root: UID(root)}`.
    mutating func archive(root: UInt64, format: PropertyList.Format = .binary) -> PropertyList {
        let top = b.addDict(keys: [b.addString("root")], values: [b.addUID(root)])
        let objects = b.addArray(entries)
        let rootDict = b.addDict(
            keys: ["$archiver", "$objects", "$top", "$version"].map { b.addString($0) },
            values: [b.addString("NSKeyedArchiver"), objects, top, b.addInteger(Int64(100_000))])
        return b.build(root: rootDict, format: format)
    }
}
