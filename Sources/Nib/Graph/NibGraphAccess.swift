import KeyedArchive

// Lenient, index-returning conveniences over the container-neutral accessors of
// `ArchiveGraph+Conventions.swift` (KeyedArchive), shaped for reading nib records. A value of the wrong
// shape reads as nil here; the loader's plan (`NibPlanConverter`) uses the throwing accessors.
extension ArchiveGraph {
    /// `value` with a reference to a plain `$objects` entry replaced by that entry's value.
    func nibResolved(_ value: ArchiveValue) -> ArchiveValue {
        if case let .ref(i) = value, i >= 0, i < objects.count, objects[i].kind == .plain {
            return isLegacyNullMarker(i) ? .nil : objects[i].plainValue
        }
        return value
    }

    /// Whether object `i` of a keyed nib is a `"$null"` string other than `$objects[0]`: Interface
    /// Builder 3's archiver wrote nil as a reference to such a string of its own (a content view's
    /// `NSSuperview`, every view's `NSWindow`), and AppKit loads it as nil.
    func isLegacyNullMarker(_ i: Int) -> Bool {
        guard i > 0, i < objects.count, metadata.source == .keyedArchive, objects[i].kind == .plain,
              case let .string(r, _) = objects[i].plainValue, r.count == 5 else { return false }
        return string(objects[i].plainValue) == KeyedArchiveConstants.nullMarker
    }

    /// The object index a value references, if it references an encoded object (not a plain entry).
    func nibObjectIndex(_ value: ArchiveValue?) -> Int? {
        guard let value, let i = referencedObject(value), objects[i].kind == .object else { return nil }
        return i
    }

    /// A keyed value of object `index`, with plain entries resolved.
    func nibValue(_ index: Int, _ key: String) -> ArchiveValue? {
        value(ofObject: index, forKey: key).map(nibResolved)
    }

    /// The text of a string value in either container form; nil when absent or not a string.
    func nibString(_ value: ArchiveValue?) -> String? {
        guard let value else { return nil }
        if let i = nibObjectIndex(value), let name = className(ofObject: i), !ArchiveGraph.nibStringClasses.contains(name) { return nil }
        return try? string(of: value)
    }

    /// The string stored under `key` of object `index`.
    func nibString(_ index: Int, _ key: String) -> String? {
        nibString(value(ofObject: index, forKey: key))
    }

    /// The string under `key`, or a `typeMismatch` naming the object and key when
    /// the value is present but not a string. Absent → nil.
    func nibRequiredString(_ index: Int, _ key: String) throws(ArchiveError) -> String? {
        guard let v = value(ofObject: index, forKey: key) else { return nil }
        do {
            return try string(of: v)
        } catch {
            throw ArchiveError(error.code, error.reason, objectIndex: index, keyPath: [key])
        }
    }

    /// An integer value (any width, or a bool) under `key`; nil when absent or not numeric.
    func nibInt(_ index: Int, _ key: String) -> Int64? {
        guard let v = value(ofObject: index, forKey: key), let n = try? number(of: v) else { return nil }
        switch n {
        case let .int(i, _): return i
        case let .bool(b): return b ? 1 : 0
        case let .unsignedInt(u): return Int64(exactly: u)
        default: return nil
        }
    }

    /// A boolean under `key` (numeric non-zero counts as true).
    func nibBool(_ index: Int, _ key: String) -> Bool? {
        guard let v = value(ofObject: index, forKey: key), let n = try? number(of: v) else { return nil }
        switch n {
        case let .bool(b): return b
        case let .int(i, _): return i != 0
        default: return nil
        }
    }

    /// Whether object `index` is an array- or set-family object.
    func nibIsCollectionObject(_ index: Int) -> Bool {
        className(ofObject: index).map(ArchiveGraph.nibArrayClasses.contains) ?? false
    }

    /// The members of a collection value: an inline array/set, or an array/set-family object in
    /// either container form. Nil when the value is not a collection.
    func nibElements(_ value: ArchiveValue?) -> [ArchiveValue]? {
        guard let value else { return nil }
        let v = nibResolved(value)
        switch v {
        case .array, .set: return Array(items(v))
        case .ref:
            guard let i = nibObjectIndex(v), nibIsCollectionObject(i) else { return nil }
            return try? elements(ofObject: i)
        default: return nil
        }
    }

    /// The members of the collection under `key` of object `index`.
    func nibElements(_ index: Int, _ key: String) -> [ArchiveValue]? {
        nibElements(value(ofObject: index, forKey: key))
    }

    /// Object indices of the collection under `key` (non-object members are skipped).
    func nibObjectIndices(_ index: Int, _ key: String) -> [Int] {
        (nibElements(index, key) ?? []).compactMap { nibObjectIndex($0) }
    }

    /// The key/value pairs of a dictionary value in either container form; nil when not a dictionary.
    func nibDictionary(_ value: ArchiveValue?) -> [(key: ArchiveValue, value: ArchiveValue)]? {
        guard let value else { return nil }
        let v = nibResolved(value)
        if case .dict = v {
            let m = Array(items(v))
            return stride(from: 0, to: m.count - 1, by: 2).map { (m[$0], m[$0 + 1]) }
        }
        guard let i = nibObjectIndex(v), let name = className(ofObject: i), ArchiveGraph.nibDictionaryClasses.contains(name) else { return nil }
        return try? dictionaryEntries(ofObject: i)
    }

    /// The bytes of a data value: inline bytes, or an `NSData`-family object's `NS.bytes`.
    func nibData(_ value: ArchiveValue?) -> ArraySlice<UInt8>? {
        guard let value else { return nil }
        if let i = nibObjectIndex(value) {
            guard let name = className(ofObject: i), NibValueClasses.data.contains(name) else { return nil }
            // Keyed NSMutableData keeps its bytes under NS.data.
            if let inner = self.value(ofObject: i, forKey: "NS.data") { return try? data(of: inner) }
        }
        return try? data(of: value)
    }
}

/// Foundation classes the nib model reads as values rather than objects.
enum NibValueClasses {
    static let strings: Set<String> = ArchiveGraph.nibStringClasses
    static let sets: Set<String> = ["NSSet", "NSMutableSet", "NSOrderedSet", "NSMutableOrderedSet"]
    static let arrays: Set<String> = ArchiveGraph.nibArrayClasses.subtracting(sets)
    static let dictionaries: Set<String> = ArchiveGraph.nibDictionaryClasses
    static let data: Set<String> = ["NSData", "NSMutableData"]
    static let numbers: Set<String> = ["NSNumber"]
    static let collections: Set<String> = ArchiveGraph.nibArrayClasses.union(sets)
    static let all: Set<String> = strings.union(collections).union(dictionaries).union(data).union(numbers)
}
