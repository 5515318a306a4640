import KeyedArchive

// Container-neutral reads the nib model needs: references, strings, numbers and collection members in
// both the keyed (`NS.objects`, plain `$objects` entries) and NIBArchive (`NSInlinedValue`,
// `UINibEncoderEmptyKey`, `NSString` + `NS.bytes`) forms. None of these recurse on input.
extension ArchiveGraph {
    /// `value` with a reference to a plain `$objects` entry replaced by that entry's value.
    func nibResolved(_ value: ArchiveValue) -> ArchiveValue {
        if case let .ref(i) = value, i >= 0, i < objects.count, objects[i].kind == .plain {
            return objects[i].plainValue
        }
        return value
    }

    /// The object index a value references, if it references an encoded object (not a plain entry).
    func nibObjectIndex(_ value: ArchiveValue?) -> Int? {
        guard let value, case let .ref(i) = value, i >= 0, i < objects.count, objects[i].kind == .object else { return nil }
        return i
    }

    /// A keyed value of object `index`, with plain entries resolved.
    func nibValue(_ index: Int, _ key: String) -> ArchiveValue? {
        value(ofObject: index, forKey: key).map(nibResolved)
    }

    /// Whether object `index` is one of the string classes.
    func nibIsStringObject(_ index: Int) -> Bool {
        guard let name = className(ofObject: index) else { return false }
        return NibValueClasses.strings.contains(name)
    }

    /// The text of a value: an inline string, a plain string entry, or an `NSString`-family object
    /// (`NS.bytes` in a NIBArchive, `NS.string` in a keyed archive).
    func nibString(_ value: ArchiveValue?) -> String? {
        guard let value else { return nil }
        let v = nibResolved(value)
        switch v {
        case .string: return string(v)
        case let .ref(i):
            guard nibIsStringObject(i) else { return nil }
            if let b = self.value(ofObject: i, forKey: "NS.bytes") {
                if case .bytes = b { return string(b) }
                return nibString(nibResolvedOnce(b))
            }
            if let s = self.value(ofObject: i, forKey: "NS.string") { return nibStringLeaf(s) }
            return nil
        default: return nil
        }
    }

    private func nibResolvedOnce(_ v: ArchiveValue) -> ArchiveValue? {
        let r = nibResolved(v)
        if case .ref = r { return nil }
        return r
    }

    private func nibStringLeaf(_ v: ArchiveValue) -> String? {
        let r = nibResolved(v)
        switch r {
        case .string, .bytes: return string(r)
        default: return nil
        }
    }

    /// The string stored under `key` of object `index`.
    func nibString(_ index: Int, _ key: String) -> String? {
        nibString(value(ofObject: index, forKey: key))
    }

    /// An integer value (any width, or a bool) under `key`; nil when absent or not numeric.
    func nibInt(_ index: Int, _ key: String) -> Int64? {
        guard let v = nibValue(index, key) else { return nil }
        switch v {
        case let .int(i, _): return i
        case let .bool(b): return b ? 1 : 0
        case let .unsignedInt(u): return Int64(exactly: u)
        default: return nil
        }
    }

    /// A boolean under `key` (numeric non-zero counts as true).
    func nibBool(_ index: Int, _ key: String) -> Bool? {
        guard let v = nibValue(index, key) else { return nil }
        switch v {
        case let .bool(b): return b
        case let .int(i, _): return i != 0
        default: return nil
        }
    }

    /// The members of a collection value: an inline array/set, or an `NSArray`/`NSSet`-family object in
    /// either container form. Nil when the value is not a collection.
    func nibElements(_ value: ArchiveValue?) -> [ArchiveValue]? {
        guard let value else { return nil }
        let v = nibResolved(value)
        switch v {
        case .array, .set: return Array(items(v))
        case let .ref(i):
            guard objects[i].kind == .object else { return nil }
            let vals = values(ofObject: i)
            if let objs = self.value(ofObject: i, forKey: "NS.objects") {
                let r = nibResolved(objs)
                switch r {
                case .array, .set: return Array(items(r))
                default: break
                }
            }
            var out: [ArchiveValue] = []
            var indexed: [(Int, ArchiveValue)] = []
            for kv in vals {
                let k = key(kv.key)
                if k == "UINibEncoderEmptyKey" {
                    out.append(kv.value)
                } else if k.hasPrefix("NS.object."), let n = Int(k.dropFirst("NS.object.".count)) {
                    indexed.append((n, kv.value))
                }
            }
            if !indexed.isEmpty {
                indexed.sort { $0.0 < $1.0 }
                out.append(contentsOf: indexed.map(\.1))
            }
            if out.isEmpty, let name = className(ofObject: i), !NibValueClasses.collections.contains(name) { return nil }
            return out
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

    /// The key/value pairs of a dictionary value in either container form.
    func nibDictionary(_ value: ArchiveValue?) -> [(key: ArchiveValue, value: ArchiveValue)]? {
        guard let value else { return nil }
        let v = nibResolved(value)
        switch v {
        case .dict:
            let m = Array(items(v))
            return stride(from: 0, to: m.count - 1, by: 2).map { (m[$0], m[$0 + 1]) }
        case let .ref(i):
            guard objects[i].kind == .object else { return nil }
            if let ks = self.value(ofObject: i, forKey: "NS.keys"), let os = self.value(ofObject: i, forKey: "NS.objects") {
                let kr = nibResolved(ks), or = nibResolved(os)
                let keysArr = Array(items(kr)), objsArr = Array(items(or))
                return zip(keysArr, objsArr).map { ($0, $1) }
            }
            let members = values(ofObject: i).filter { key($0.key) == "UINibEncoderEmptyKey" }.map(\.value)
            if members.isEmpty, let name = className(ofObject: i), !NibValueClasses.dictionaries.contains(name) { return nil }
            return stride(from: 0, to: members.count - 1, by: 2).map { (members[$0], members[$0 + 1]) }
        default: return nil
        }
    }

    /// The bytes of a data value: inline bytes, or an `NSData`-family object's `NS.bytes`.
    func nibData(_ value: ArchiveValue?) -> ArraySlice<UInt8>? {
        guard let value else { return nil }
        let v = nibResolved(value)
        switch v {
        case let .bytes(r): return bytes(r)
        case let .ref(i):
            guard let name = className(ofObject: i), NibValueClasses.data.contains(name) else { return nil }
            guard let b = self.value(ofObject: i, forKey: "NS.bytes").map(nibResolved), case let .bytes(r) = b else { return nil }
            return bytes(r)
        default: return nil
        }
    }
}

/// Foundation classes the nib model reads as values rather than objects.
enum NibValueClasses {
    static let strings: Set<String> = ["NSString", "NSMutableString", "NSLocalizableString"]
    static let arrays: Set<String> = ["NSArray", "NSMutableArray"]
    static let sets: Set<String> = ["NSSet", "NSMutableSet", "NSOrderedSet", "NSMutableOrderedSet"]
    static let dictionaries: Set<String> = ["NSDictionary", "NSMutableDictionary"]
    static let data: Set<String> = ["NSData", "NSMutableData"]
    static let numbers: Set<String> = ["NSNumber"]
    static let collections: Set<String> = arrays.union(sets)
    static let all: Set<String> = strings.union(collections).union(dictionaries).union(data).union(numbers)
}
