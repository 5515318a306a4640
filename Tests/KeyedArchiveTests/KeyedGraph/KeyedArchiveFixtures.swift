@testable import KeyedArchive

/// Builds keyed-archive property lists in memory for crafted-input tests.
enum KA {
    /// A `PropertyList` holding `value` (recursive: test-sized values only).
    static func plist(_ value: PlistValue, format: PropertyList.Format = .binary) -> PropertyList {
        var b = PropertyListBuilder()
        let root = add(value, to: &b)
        return b.build(root: root, format: format)
    }

    private static func add(_ v: PlistValue, to b: inout PropertyListBuilder) -> Int {
        switch v {
        case .null: return b.addNull()
        case .fill: return b.addFill()
        case .bool(let x): return b.addBool(x)
        case .integer(let x): return b.addInteger(x)
        case .unsignedInteger(let x): return b.addInteger(x)
        case .wideInteger(let x): return b.addInteger(x)
        case .real(let x): return b.addReal(x)
        case .real32(let x): return b.addReal(x)
        case .date(let x): return b.addDate(x)
        case .data(let x): return b.addData(x)
        case .string(let x): return b.addString(x)
        case .uid(let x): return b.addUID(x)
        case .array(let xs): let m = xs.map { add($0, to: &b) }; return b.addArray(m)
        case .set(let xs): let m = xs.map { add($0, to: &b) }; return b.addSet(m)
        case .dict(let es):
            var ks: [Int] = [], vs: [Int] = []
            for e in es { ks.append(add(e.key, to: &b)); vs.append(add(e.value, to: &b)) }
            return b.addDict(keys: ks, values: vs)
        }
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
