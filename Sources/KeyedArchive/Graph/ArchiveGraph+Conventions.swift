/// Container-neutral readers for the conventions keyed archives and NIBArchives disagree on:
/// collections, strings, numbers and nested archives (nib geometry and conversion are in the Nib module).
/// The nib model, the Unarchiver and the CLI use these, so that code above the graph never asks which
/// container an object came from.
extension ArchiveGraph {
    /// Key names of the two conventions.
    public enum NibKeys {
        /// NIBArchive: a collection whose elements follow inline (always `true`).
        public static let inlined = "NSInlinedValue"
        /// NIBArchive: one value per collection element (dictionaries alternate key, value).
        public static let emptyKey = "UINibEncoderEmptyKey"
        /// Keyed archive: the element (or dictionary value) array; NIBArchive NSSet: `NS.object.<i>`.
        public static let objects = "NS.objects"
        /// Keyed archive NSDictionary: the key array, parallel to `NS.objects`.
        public static let keys = "NS.keys"
        /// NIBArchive strings and data: the UTF-8 / raw bytes.
        public static let bytes = "NS.bytes"
        /// Keyed archive NSMutableString: the text.
        public static let string = "NS.string"
        /// Keyed archive NSMutableData: the bytes.
        public static let data = "NS.data"
        /// NIBArchive NSNumber holding an integer.
        public static let intval = "NS.intval"
        /// NIBArchive NSNumber holding a double.
        public static let dblval = "NS.dblval"
        /// NIBArchive NSNumber holding a bool.
        public static let boolval = "NS.boolval"
    }

    /// Classes whose coders write arrays/sets (NIBArchive: inlined elements; keyed: `NS.objects`).
    public static let nibArrayClasses: Set<String> = ["NSArray", "NSMutableArray", "NSSet", "NSMutableSet",
                                                      "NSOrderedSet", "NSMutableOrderedSet"]
    /// Classes whose coders write dictionaries.
    public static let nibDictionaryClasses: Set<String> = ["NSDictionary", "NSMutableDictionary"]
    /// Classes a NIBArchive stores as an object with `NS.bytes` UTF-8 text.
    public static let nibStringClasses: Set<String> = ["NSString", "NSMutableString", "NSLocalizableString"]

    /// The key string at `index`, or "" for an index outside the key table (hand-built graphs).
    public func keyName(_ index: Int) -> String {
        index >= 0 && index < keys.count ? keys[index] : ""
    }

    /// The object a value refers to, if it is an in-range reference.
    public func referencedObject(_ value: ArchiveValue) -> Int? {
        guard case let .ref(i) = value, i >= 0, i < objects.count else { return nil }
        return i
    }

    /// The elements of an array or set object, in stored order, whichever convention it uses:
    /// NIBArchive `UINibEncoderEmptyKey` values, keyed `NS.objects`, or the coder-10 NSSet form
    /// `NS.object.0`, `NS.object.1`, …. An object with none of them is empty.
    public func elements(ofObject index: Int) throws(ArchiveError) -> [ArchiveValue] {
        let run = try elementRun(ofObject: index)
        var out: [ArchiveValue] = []
        out.reserveCapacity(run.count)
        for element in run { out.append(element) }
        return out
    }

    /// The elements of ``elements(ofObject:)``, located once and read in order without building the
    /// array for the inline and `NS.objects` conventions (the nib load plan converts them one by one, and a
    /// loop over a run, unlike a closure, lets it call its own mutating methods without copying the graph).
    package func elementRun(ofObject index: Int) throws(ArchiveError) -> ArchiveElementRun {
        let own = values(ofObject: index)
        let conventions = conventionKeys
        // Inline members win over NS.objects, which wins over numbered keys.
        var inline = 0
        var array: ArchiveValue?
        for kv in own {
            let c = canonicalIndex(ofKey: kv.key)
            if c < 0 { continue }
            if c == conventions.emptyKey { inline += 1 } else if c == conventions.objects, array == nil { array = kv.value }
        }
        if inline > 0 {
            return ArchiveElementRun(inline: own, count: inline, canonical: canonicalKey, key: conventions.emptyKey)
        }
        if let array {
            switch array {
            case .array, .set:
                return ArchiveElementRun(members: items(array))
            case .nil: return ArchiveElementRun(members: [])
            default:
                throw ArchiveError(.typeMismatch, "NS.objects is a \(array.kindName), not an array", objectIndex: index,
                                   keyPath: [NibKeys.objects])
            }
        }
        var numbered: [(Int, ArchiveValue)] = []
        for kv in own where canonicalIndex(ofKey: kv.key) >= 0 {
            if case let k = keyName(kv.key), k.hasPrefix("NS.object."), let i = Int(k.dropFirst(10)), i >= 0 { numbered.append((i, kv.value)) }
        }
        numbered.sort { $0.0 < $1.0 }
        return ArchiveElementRun(members: ArraySlice(numbered.map(\.1)))
    }

    /// The entries of a dictionary object, in stored order: NIBArchive key, value, key, value …
    /// under `UINibEncoderEmptyKey`, or keyed `NS.keys` + `NS.objects`.
    public func dictionaryEntries(ofObject index: Int) throws(ArchiveError) -> [(key: ArchiveValue, value: ArchiveValue)] {
        var inline: [ArchiveValue] = []
        var keyArray: ArchiveValue?
        var valueArray: ArchiveValue?
        let conventions = conventionKeys
        let own = values(ofObject: index)
        for kv in own {
            switch canonicalIndex(ofKey: kv.key) {
            case ..<0: continue
            case conventions.emptyKey:
                if inline.isEmpty { inline.reserveCapacity(own.count) }
                inline.append(kv.value)
            case conventions.keys: if keyArray == nil { keyArray = kv.value }
            case conventions.objects: if valueArray == nil { valueArray = kv.value }
            default: continue
            }
        }
        if !inline.isEmpty {
            guard inline.count % 2 == 0 else {
                throw ArchiveError(.corrupt, "inlined dictionary has \(inline.count) elements, not key/value pairs",
                                   objectIndex: index, keyPath: [NibKeys.emptyKey])
            }
            return stride(from: 0, to: inline.count, by: 2).map { (inline[$0], inline[$0 + 1]) }
        }
        let ks = keyArray.map { Array(items($0)) } ?? []
        let vs = valueArray.map { Array(items($0)) } ?? []
        guard ks.count == vs.count else {
            throw ArchiveError(.corrupt, "dictionary has \(ks.count) keys but \(vs.count) values", objectIndex: index,
                               keyPath: [NibKeys.keys])
        }
        return zip(ks, vs).map { ($0, $1) }
    }

    /// The text of a string value in any convention: an inline string, a plain string object, an
    /// `NSString`-family object with `NS.bytes` (NIBArchive) or `NS.string` (keyed). Nil for `.nil`.
    /// Follows at most two references (object → `NS.string` → plain string); never recurses.
    public func string(of value: ArchiveValue) throws(ArchiveError) -> String? {
        var current = value
        for _ in 0 ..< 3 {
            switch current {
            case .nil:
                return nil
            case .string:
                return string(current)
            case let .ref(i):
                let o = try object(i)
                switch o.kind {
                case .plain:
                    current = o.plainValue
                    if case .bytes = current {
                        throw ArchiveError(.typeMismatch, "expected a string, found data", objectIndex: i)
                    }
                case .object:
                    if case let .bytes(r)? = self.value(ofObject: i, canonicalKey: conventionKeys.bytes) {
                        guard let s = UTF8Text.string(bytes(r)) else {
                            throw ArchiveError(.corrupt, "NS.bytes of a string is not valid UTF-8", objectIndex: i,
                                               keyPath: [NibKeys.bytes])
                        }
                        return s
                    }
                    guard let inner = self.value(ofObject: i, canonicalKey: conventionKeys.string) else {
                        throw ArchiveError(.typeMismatch, "expected a string, found a \(className(ofObject: i) ?? "classless") object",
                                           objectIndex: i)
                    }
                    current = inner
                case .classDescription:
                    throw ArchiveError(.typeMismatch, "expected a string, found a class description", objectIndex: i)
                }
            default:
                throw ArchiveError(.typeMismatch, "expected a string, found a \(current.kindName)")
            }
        }
        throw ArchiveError(.typeMismatch, "string value refers through too many objects")
    }

    /// The scalar of a number value in any convention: an inline scalar, a plain number object, or an
    /// `NSNumber` object with `NS.intval`, `NS.dblval` or `NS.boolval`. Nil for `.nil`.
    public func number(of value: ArchiveValue) throws(ArchiveError) -> ArchiveValue? {
        var current = value
        if case let .ref(i) = value {
            let o = try object(i)
            switch o.kind {
            case .plain:
                current = o.plainValue
            case .object:
                // Three lookups in order, without an array literal (one allocation per call).
                if let v = self.value(ofObject: i, canonicalKey: conventionKeys.intval) { return v }
                if let v = self.value(ofObject: i, canonicalKey: conventionKeys.dblval) { return v }
                if let v = self.value(ofObject: i, canonicalKey: conventionKeys.boolval) { return v }
                throw ArchiveError(.typeMismatch, "expected a number, found a \(className(ofObject: i) ?? "classless") object",
                                   objectIndex: i)
            case .classDescription:
                throw ArchiveError(.typeMismatch, "expected a number, found a class description", objectIndex: i)
            }
        }
        switch current {
        case .nil: return nil
        case .int, .bool, .float, .double, .unsignedInt, .wideInt: return current
        default: throw ArchiveError(.typeMismatch, "expected a number, found a \(current.kindName)")
        }
    }

    /// The bytes of a data value: inline data, a plain data object, or an `NSData` object with `NS.bytes`.
    public func data(of value: ArchiveValue) throws(ArchiveError) -> ArraySlice<UInt8>? {
        var current = value
        if case let .ref(i) = value {
            let o = try object(i)
            if o.kind == .plain {
                current = o.plainValue
            } else if let inner = self.value(ofObject: i, canonicalKey: conventionKeys.bytes) ?? self.value(ofObject: i, canonicalKey: conventionKeys.data) {
                current = inner
            } else {
                throw ArchiveError(.typeMismatch, "expected data, found a \(className(ofObject: i) ?? "classless") object",
                                   objectIndex: i)
            }
        }
        switch current {
        case .nil: return nil
        case let .bytes(r): return bytes(r)
        default: throw ArchiveError(.typeMismatch, "expected data, found a \(current.kindName)")
        }
    }

    /// Keys under which nib objects carry a whole nested archive: UIKit `UINib.archiveData`,
    /// AppKit `NSNib.NSNibFileData`.
    public static let nestedArchiveKeys = ["archiveData", "NSNibFileData"]

    /// The raw bytes of the archive nested in object `index` (a `UINib`/`NSNib`), if it has one.
    /// Nothing is parsed; see ``nestedArchive(ofObject:limits:depth:)``.
    public func nestedArchiveBytes(ofObject index: Int) throws(ArchiveError) -> ArraySlice<UInt8>? {
        for key in Self.nestedArchiveKeys {
            if let v = value(ofObject: index, forKey: key) { return try data(of: v) }
        }
        return nil
    }

    /// Parses the NIBArchive nested in object `index`, on request only. `depth` is this graph's own
    /// nesting depth (0 for a top-level file); the nested one is `depth + 1` and must not exceed
    /// `limits.maxNestedArchiveDepth`.
    public func nestedArchive(ofObject index: Int, limits: DecodingLimits = .default,
                              depth: Int = 0) throws(ArchiveError) -> ArchiveGraph? {
        guard let b = try nestedArchiveBytes(ofObject: index) else { return nil }
        guard depth < limits.maxNestedArchiveDepth else {
            throw ArchiveError(.limitExceeded, "nested archive at depth \(depth + 1) exceeds maxNestedArchiveDepth \(limits.maxNestedArchiveDepth)",
                               objectIndex: index)
        }
        do {
            return try ArchiveGraph(nibArchive: Array(b), limits: limits)
        } catch {
            throw error.at(object: index).prefixingKeyPath("nested archive")
        }
    }
}
