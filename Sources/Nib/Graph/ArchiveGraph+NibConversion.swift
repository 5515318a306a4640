import KeyedArchive

/// Converting a nib's object graph between the two containers' conventions
/// (`nib-object-model.md`: collections, strings, UIKit geometry; plus numbers and the top scope).
///
/// | NIBArchive graph | keyed-archive graph |
/// |---|---|
/// | object 0 (`NSObject`) values | `$top` (`$objects[0]` is `"$null"`) |
/// | object *i* (*i* ≥ 1) | `$objects[i]` (same index) |
/// | `NSString` with only `NS.bytes` (UTF-8) | plain string |
/// | `NSMutableString`/`NSLocalizableString` `NS.bytes` | `NS.string` inline string |
/// | `NSNumber` with one `NS.intval`/`NS.dblval`/`NS.boolval` | plain number (int width becomes 0, "unknown") |
/// | `NSData` with only `NS.bytes` | plain data |
/// | `NSMutableData` `NS.bytes` | `NS.data` |
/// | array/set class: `NSInlinedValue` + `UINibEncoderEmptyKey` × n | `NS.objects` array |
/// | dictionary class: key, value, … under `UINibEncoderEmptyKey` | `NS.keys` + `NS.objects` arrays |
/// | coder-10 `NSSet` with `NS.object.<i>` (or no values) | `NS.objects` array (back: coder 10 → `NS.object.<i>`, 9 → inlined) |
/// | UIKit struct key (``NibGeometryKind/uiKitKeys``) with a `0x07` blob | reference to a plain geometry string |
///
/// A reference to a `"$null"` string other than `$objects[0]` (Interface Builder 3's nil) becomes nil.
/// Everything else (classes and fallbacks, other keys, swappers, `0x06` blobs, AppKit geometry
/// strings) is copied unchanged. Going back, integers take the §6.1 width rule, a 32-bit plain real
/// becomes a type-6 `NS.dblval` (so its width survives the round trip), plain data becomes
/// `NSData` with `NS.bytes`, a date becomes `NSDate` with `NS.time`, and any other inline collection
/// becomes an inlined `NSArray`/`NSSet`/`NSDictionary` object. Equal plain strings and numbers become
/// one shared `NSString`/`NSNumber`, as Apple's encoder writes them.
extension ArchiveGraph {
    /// The keyed-archive form of a NIBArchive graph (a keyed graph is returned unchanged).
    public func convertedToKeyedArchive() throws(ArchiveError) -> ArchiveGraph {
        if metadata.source == .keyedArchive { return self }
        var c = NibToKeyedConverter(source: self)
        return try c.convert()
    }

    /// The NIBArchive form of a keyed-archive graph (a NIBArchive graph is returned unchanged).
    /// `coderVersion` picks the NSSet form (10: `NS.object.<i>`, 9: inlined); nil uses the graph's
    /// recorded NIBArchive coder version, else 10.
    public func convertedToNIBArchive(coderVersion: UInt32? = nil) throws(ArchiveError) -> ArchiveGraph {
        if metadata.source == .nibArchive { return self }
        if metadata.source == .built, objects.first.map({ $0.kind == .object }) == true,
           className(ofObject: 0) == "NSObject", top.isEmpty || top == Array(values(ofObject: 0)) {
            return self  // already NIB-shaped (object 0 is the top scope)
        }
        var c = KeyedToNibConverter(source: self, coderVersion: coderVersion ?? metadata.nibCoderVersion ?? 10)
        return try c.convert()
    }
}

/// The container conventions' key names, named apart from the loader's ``NibKeys``.
typealias ConventionKeys = ArchiveGraph.NibKeys

// MARK: - NIBArchive → keyed

struct NibToKeyedConverter {
    let source: ArchiveGraph
    var b: ArchiveGraphBuilder
    /// Geometry strings appended after the source objects, uniqued by text.
    var geometryStrings: [String] = []
    var geometryIndex: [String: Int] = [:]

    init(source: ArchiveGraph) {
        self.source = source
        var m = ArchiveGraph.Metadata(source: .keyedArchive)
        m.archiverName = "NSKeyedArchiver"
        m.archiveVersion = 100_000
        m.plistFormat = .binary
        m.nibCoderVersion = source.metadata.nibCoderVersion
        m.nibFormatVersion = source.metadata.nibFormatVersion
        b = ArchiveGraphBuilder(metadata: m)
        b.storage = source.storage
    }

    mutating func convert() throws(ArchiveError) -> ArchiveGraph {
        guard !source.objects.isEmpty else {
            throw ArchiveError(.encodingFailed, "NIBArchive graph has no top-scope object 0")
        }
        for cls in source.classes { _ = b.appendClass(ArchiveClass(name: cls.name, fallbacks: cls.fallbacks)) }
        b.appendPlain(b.stringValue("$null"))
        for i in 1 ..< source.objects.count { try convertObject(i) }
        b.top = try mapValues(Array(source.values(ofObject: 0)), objectIndex: 0)
        for s in geometryStrings { b.appendPlain(b.stringValue(s)) }
        return b.build()
    }

    /// UTF-8 `NS.bytes` of object `i` as a string value, if it has valid UTF-8 there.
    func utf8String(_ v: ArchiveValue?) -> ArchiveValue? {
        guard case let .bytes(r)? = v, String(validating: source.bytes(r), as: UTF8.self) != nil else { return nil }
        let ascii = source.bytes(r).allSatisfy { $0 < 0x80 }
        return .string(r, encoding: ascii ? .ascii : .utf8)
    }

    mutating func convertObject(_ i: Int) throws(ArchiveError) {
        let o = source.objects[i]
        guard o.kind == .object else {
            // Already keyed-shaped (a built graph mixing conventions): copy.
            b.objects.append(o)
            return
        }
        let name = source.className(ofObject: i) ?? ""
        let own = Array(source.values(ofObject: i))
        let graph = source
        func keyOf(_ kv: ArchiveKeyedValue) -> String { graph.keyName(kv.key) }

        if name == "NSString", own.count == 1, keyOf(own[0]) == ConventionKeys.bytes, let s = utf8String(own[0].value) {
            b.appendPlain(s)
            return
        }
        if name == "NSData", own.count == 1, keyOf(own[0]) == ConventionKeys.bytes, case .bytes = own[0].value {
            b.appendPlain(own[0].value)
            return
        }
        if name == "NSNumber", own.count == 1 {
            switch (keyOf(own[0]), own[0].value) {
            case let (ConventionKeys.intval, .int(v, _)):
                b.appendPlain(.int(v, width: 0))
                return
            case (ConventionKeys.dblval, .double), (ConventionKeys.dblval, .float), (ConventionKeys.boolval, .bool):
                b.appendPlain(own[0].value)
                return
            default: break
            }
        }
        // Coder-10 immutable NSSet: only NS.object.<i> values (or none) → a keyed NS.objects array.
        if name == "NSSet", own.allSatisfy({ Self.numberedMember(keyOf($0)) != nil }) {
            var numbered: [(Int, ArchiveValue)] = []
            for kv in own {
                numbered.append((Self.numberedMember(keyOf(kv)) ?? 0, try mapValue(kv.value, key: keyOf(kv), objectIndex: i)))
            }
            numbered.sort { $0.0 < $1.0 }
            let members = b.appendItems(numbered.map(\.1))
            b.appendObject(classIndex: o.classIndex, values: [ArchiveKeyedValue(key: b.internKey(ConventionKeys.objects), value: .array(members))])
            return
        }
        let inlined = own.contains { keyOf($0) == ConventionKeys.inlined && $0.value == .bool(true) }
        var rest: [ArchiveKeyedValue] = []
        var elements: [ArchiveValue] = []
        for kv in own {
            let k = keyOf(kv)
            if inlined, k == ConventionKeys.inlined { continue }
            if inlined, k == ConventionKeys.emptyKey {
                elements.append(try mapValue(kv.value, key: k, objectIndex: i))
                continue
            }
            if k == ConventionKeys.bytes, ArchiveGraph.nibStringClasses.contains(name), let s = utf8String(kv.value) {
                rest.append(ArchiveKeyedValue(key: b.internKey(ConventionKeys.string), value: s))
                continue
            }
            if k == ConventionKeys.bytes, name == "NSMutableData", case .bytes = kv.value {
                rest.append(ArchiveKeyedValue(key: b.internKey(ConventionKeys.data), value: kv.value))
                continue
            }
            rest.append(ArchiveKeyedValue(key: b.internKey(k), value: try mapValue(kv.value, key: k, objectIndex: i)))
        }
        if inlined {
            if ArchiveGraph.nibDictionaryClasses.contains(name) {
                guard elements.count % 2 == 0 else {
                    throw ArchiveError(.corrupt, "inlined dictionary has \(elements.count) elements", objectIndex: i)
                }
                let ks = b.appendItems(stride(from: 0, to: elements.count, by: 2).map { elements[$0] })
                let vs = b.appendItems(stride(from: 1, to: elements.count, by: 2).map { elements[$0] })
                rest.append(ArchiveKeyedValue(key: b.internKey(ConventionKeys.keys), value: .array(ks)))
                rest.append(ArchiveKeyedValue(key: b.internKey(ConventionKeys.objects), value: .array(vs)))
            } else {
                rest.append(ArchiveKeyedValue(key: b.internKey(ConventionKeys.objects), value: .array(b.appendItems(elements))))
            }
        }
        b.appendObject(classIndex: o.classIndex, values: rest)
    }

    /// `i` for a key `NS.object.<i>`.
    static func numberedMember(_ key: String) -> Int? {
        guard key.hasPrefix("NS.object.") else { return nil }
        return Int(key.dropFirst(10)).flatMap { $0 >= 0 ? $0 : nil }
    }

    mutating func mapValues(_ kvs: [ArchiveKeyedValue], objectIndex: Int) throws(ArchiveError) -> [ArchiveKeyedValue] {
        var out: [ArchiveKeyedValue] = []
        out.reserveCapacity(kvs.count)
        for kv in kvs {
            let k = source.keyName(kv.key)
            out.append(ArchiveKeyedValue(key: b.internKey(k), value: try mapValue(kv.value, key: k, objectIndex: objectIndex)))
        }
        return out
    }

    mutating func mapValue(_ v: ArchiveValue, key: String, objectIndex: Int) throws(ArchiveError) -> ArchiveValue {
        switch v {
        case .ref(0):
            b.metadata.warnings.append("object \(objectIndex) refers to the top scope; written as nil")
            return .nil
        case let .bytes(r):
            // UIKit struct keys: a 0x07 blob of the right size becomes Apple's geometry string.
            guard let kind = NibGeometryKind.uiKitKeys[key], source.bytes(r).first == 0x07,
                  let numbers = try? source.geometryBlob(v, count: kind.elementCount) else { return v }
            let text = NibGeometryString.format(numbers, as: kind)
            // Only convert when the string reads back to the same doubles.
            guard NibGeometryString.parse(text, as: kind).map({ $0.map(\.bitPattern) == numbers.map(\.bitPattern) }) == true else {
                return v
            }
            if let j = geometryIndex[text] { return .ref(j) }
            let j = source.objects.count + geometryStrings.count
            geometryStrings.append(text)
            geometryIndex[text] = j
            return .ref(j)
        default:
            return v
        }
    }
}

// MARK: - keyed → NIBArchive

struct KeyedToNibConverter {
    let source: ArchiveGraph
    let coderVersion: UInt32
    var b: ArchiveGraphBuilder
    /// Source object → NIB object index, or -1 when it has no NIB object.
    var nibIndex: [Int]
    /// Objects created for inline collections, appended after the mapped ones.
    var pending: [(classIndex: Int, members: ArchiveValue)] = []
    var firstPending = 0

    init(source: ArchiveGraph, coderVersion: UInt32) {
        self.source = source
        self.coderVersion = coderVersion
        var m = ArchiveGraph.Metadata(source: .built)
        m.nibFormatVersion = 1
        m.nibCoderVersion = coderVersion
        b = ArchiveGraphBuilder(metadata: m)
        b.storage = source.storage
        nibIndex = Array(repeating: -1, count: source.objects.count)
    }

    mutating func convert() throws(ArchiveError) -> ArchiveGraph {
        for cls in source.classes {
            _ = b.appendClass(ArchiveClass(name: cls.name, fallbacks: cls.fallbacks))
        }
        // Plain strings used only as UIKit geometry become blobs, not NSString objects.
        var normalUse = [Bool](repeating: false, count: source.objects.count)
        var geometryUse = [Bool](repeating: false, count: source.objects.count)
        func note(_ kv: ArchiveKeyedValue) {
            guard case let .ref(j) = kv.value, j >= 0, j < source.objects.count else { return }
            if let kind = NibGeometryKind.uiKitKeys[source.keyName(kv.key)], geometryNumbers(kv.value, kind) != nil {
                geometryUse[j] = true
            } else {
                normalUse[j] = true
            }
        }
        for kv in source.values { note(kv) }
        for kv in source.top { note(kv) }
        for item in source.items { if case let .ref(j) = item, j >= 0, j < normalUse.count { normalUse[j] = true } }

        var next = 1  // NIB object 0 is the top scope
        // Apple's nib encoder writes equal strings and numbers once (§11.7); the first one stands for all.
        var written = [Bool](repeating: false, count: source.objects.count)
        var byValue: [String: Int] = [:]
        for (i, o) in source.objects.enumerated() {
            if o.kind == .classDescription { continue }
            if i == 0, o.kind == .plain, source.string(o.plainValue) == "$null" { continue }
            if geometryUse[i], !normalUse[i] { continue }
            if o.kind == .plain, let key = uniquingKey(o.plainValue) {
                if let shared = byValue[key] {
                    nibIndex[i] = shared
                    continue
                }
                byValue[key] = next
            }
            nibIndex[i] = next
            written[i] = true
            next += 1
        }
        firstPending = next

        let root = b.internClass("NSObject")
        b.top = try mapValues(source.top, objectIndex: nil)
        b.appendObject(classIndex: root, values: b.top)
        for (i, o) in source.objects.enumerated() where written[i] {
            try convertObject(i, o)
        }
        var p = 0
        while p < pending.count {
            let (cls, members) = pending[p]
            p += 1
            try appendInlined(classIndex: cls, members: members, extra: [])
        }
        return b.build()
    }

    /// The identity of a plain string or number for uniquing; type-sensitive (1, 1.0 and true differ).
    func uniquingKey(_ v: ArchiveValue) -> String? {
        switch v {
        case .string: source.string(v).map { "s" + $0 }
        case let .int(x, _): "i\(x)"
        case let .unsignedInt(x): "i\(x)"
        case let .double(x): "d\(x.bitPattern)"
        case let .float(x): "d\(Double(x).bitPattern)"
        case let .bool(x): "b\(x)"
        default: nil
        }
    }

    func geometryNumbers(_ v: ArchiveValue, _ kind: NibGeometryKind) -> [Double]? {
        if case .bytes = v { return nil }
        guard let text = try? source.string(of: v) else { return nil }
        return NibGeometryString.parse(text, as: kind)
    }

    mutating func convertObject(_ i: Int, _ o: ArchiveObject) throws(ArchiveError) {
        switch o.kind {
        case .plain:
            try convertPlain(o.plainValue, objectIndex: i)
        case .classDescription:
            return
        case .object:
            guard o.classIndex >= 0, o.classIndex < source.classes.count else {
                throw ArchiveError(.encodingFailed, "object \(i) has no class", objectIndex: i)
            }
            let name = source.classes[o.classIndex].name
            let own = Array(source.values(ofObject: i))
            var rest: [ArchiveKeyedValue] = []
            var objectsArray: ArchiveValue?
            var keysArray: ArchiveValue?
            let isArray = ArchiveGraph.nibArrayClasses.contains(name)
            let isDict = ArchiveGraph.nibDictionaryClasses.contains(name)
            for kv in own {
                let k = source.keyName(kv.key)
                if (isArray || isDict), k == ConventionKeys.objects, objectsArray == nil, isCollection(kv.value) {
                    objectsArray = kv.value
                } else if isDict, k == ConventionKeys.keys, keysArray == nil, isCollection(kv.value) {
                    keysArray = kv.value
                } else if k == ConventionKeys.string, ArchiveGraph.nibStringClasses.contains(name), case .string = kv.value {
                    rest.append(ArchiveKeyedValue(key: b.internKey(ConventionKeys.bytes), value: try utf8Bytes(kv.value)))
                } else if k == ConventionKeys.data, name == "NSMutableData", case .bytes = kv.value {
                    rest.append(ArchiveKeyedValue(key: b.internKey(ConventionKeys.bytes), value: kv.value))
                } else {
                    rest.append(ArchiveKeyedValue(key: b.internKey(k), value: try mapValue(kv.value, key: k, objectIndex: i)))
                }
            }
            if isDict, let objectsArray {
                let ks = keysArray.map { Array(source.items($0)) } ?? []
                let vs = Array(source.items(objectsArray))
                guard ks.count == vs.count else {
                    throw ArchiveError(.corrupt, "dictionary has \(ks.count) keys but \(vs.count) values", objectIndex: i)
                }
                var members: [ArchiveValue] = []
                for (k, v) in zip(ks, vs) {
                    members.append(try mapMember(k, objectIndex: i))
                    members.append(try mapMember(v, objectIndex: i))
                }
                try appendInlinedMapped(classIndex: o.classIndex, members: members, extra: rest)
            } else if isArray, let objectsArray {
                var members: [ArchiveValue] = []
                for v in source.items(objectsArray) { members.append(try mapMember(v, objectIndex: i)) }
                if name == "NSSet", coderVersion >= 10 {
                    // Coder 10 writes an immutable NSSet as NS.object.<i>, not inlined.
                    for (j, m) in members.enumerated() {
                        rest.insert(ArchiveKeyedValue(key: b.internKey("NS.object.\(j)"), value: m), at: j)
                    }
                    b.appendObject(classIndex: o.classIndex, values: rest)
                } else {
                    try appendInlinedMapped(classIndex: o.classIndex, members: members, extra: rest)
                }
            } else {
                b.appendObject(classIndex: o.classIndex, values: rest)
            }
        }
    }

    func isCollection(_ v: ArchiveValue) -> Bool {
        switch v {
        case .array, .set: true
        default: false
        }
    }

    mutating func convertPlain(_ v: ArchiveValue, objectIndex: Int) throws(ArchiveError) {
        func one(_ cls: String, _ key: String, _ value: ArchiveValue) {
            b.appendObject(classIndex: b.internClass(cls), values: [ArchiveKeyedValue(key: b.internKey(key), value: value)])
        }
        switch v {
        case .string: one("NSString", ConventionKeys.bytes, try utf8Bytes(v))
        case .int, .unsignedInt: one("NSNumber", ConventionKeys.intval, v)
        case .wideInt:
            throw ArchiveError(.encodingFailed, "a 128-bit integer has no NIBArchive form", objectIndex: objectIndex)
        case .float: one("NSNumber", ConventionKeys.dblval, v)  // kept 32-bit so the plist real width survives
        case .double: one("NSNumber", ConventionKeys.dblval, v)
        case .bool: one("NSNumber", ConventionKeys.boolval, v)
        case .bytes: one("NSData", ConventionKeys.bytes, v)
        case let .date(t): one("NSDate", "NS.time", .double(t))
        case .nil, .ref: b.appendObject(classIndex: b.internClass("NSNull"), values: [])
        case let .array(r), let .set(r):
            var members: [ArchiveValue] = []
            for m in source.items[r.range] { members.append(try mapMember(m, objectIndex: objectIndex)) }
            let cls = b.internClass(v.kindName == "set" ? "NSSet" : "NSArray")
            try appendInlinedMapped(classIndex: cls, members: members, extra: [])
        case let .dict(r):
            var members: [ArchiveValue] = []
            for m in source.items[r.range] { members.append(try mapMember(m, objectIndex: objectIndex)) }
            try appendInlinedMapped(classIndex: b.internClass("NSDictionary"), members: members, extra: [])
        }
    }

    /// Text as UTF-8 `.bytes` (a range of the shared storage when it already is UTF-8).
    mutating func utf8Bytes(_ v: ArchiveValue) throws(ArchiveError) -> ArchiveValue {
        if case let .string(r, enc) = v, enc != .utf16BigEndian { return .bytes(r) }
        guard let s = source.string(v) else { throw ArchiveError(.typeMismatch, "expected a string, found a \(v.kindName)") }
        return .bytes(b.appendBytes(Array(s.utf8)))
    }

    mutating func appendInlinedMapped(classIndex: Int, members: [ArchiveValue], extra: [ArchiveKeyedValue]) throws(ArchiveError) {
        var vals = [ArchiveKeyedValue(key: b.internKey(ConventionKeys.inlined), value: .bool(true))]
        let empty = b.internKey(ConventionKeys.emptyKey)
        for m in members { vals.append(ArchiveKeyedValue(key: empty, value: m)) }
        vals += extra
        b.appendObject(classIndex: classIndex, values: vals)
    }

    /// A pending inline collection (its members still in source terms).
    mutating func appendInlined(classIndex: Int, members: ArchiveValue, extra: [ArchiveKeyedValue]) throws(ArchiveError) {
        var mapped: [ArchiveValue] = []
        for m in source.items(members) { mapped.append(try mapMember(m, objectIndex: nil)) }
        try appendInlinedMapped(classIndex: classIndex, members: mapped, extra: extra)
    }

    /// A collection member: nested inline collections become pending objects (no recursion).
    mutating func mapMember(_ v: ArchiveValue, objectIndex: Int?) throws(ArchiveError) -> ArchiveValue {
        try mapValue(v, key: ConventionKeys.emptyKey, objectIndex: objectIndex)
    }

    mutating func mapValues(_ kvs: [ArchiveKeyedValue], objectIndex: Int?) throws(ArchiveError) -> [ArchiveKeyedValue] {
        var out: [ArchiveKeyedValue] = []
        for kv in kvs {
            let k = source.keyName(kv.key)
            out.append(ArchiveKeyedValue(key: b.internKey(k), value: try mapValue(kv.value, key: k, objectIndex: objectIndex)))
        }
        return out
    }

    mutating func mapValue(_ v: ArchiveValue, key: String, objectIndex: Int?) throws(ArchiveError) -> ArchiveValue {
        if let kind = NibGeometryKind.uiKitKeys[key], let numbers = geometryNumbers(v, kind) {
            return .bytes(b.appendBytes(ArchiveGraph.geometryBlobBytes(numbers)))
        }
        switch v {
        case let .ref(j):
            if source.isLegacyNullMarker(j) { return .nil }
            guard j >= 0, j < nibIndex.count, nibIndex[j] >= 0 else {
                b.metadata.warnings.append("a reference to object \(j), which has no NIBArchive object, was written as nil")
                return .nil
            }
            return .ref(nibIndex[j])
        case let .int(x, _):
            return .int(x, width: 0)
        case let .date(t):
            return .double(t)
        case .string:
            return try utf8Bytes(v)
        case .wideInt:
            throw ArchiveError(.encodingFailed, "a 128-bit integer has no NIBArchive form", objectIndex: objectIndex, keyPath: [key])
        case .array, .set, .dict:
            let cls = b.internClass(v.kindName == "dict" ? "NSDictionary" : v.kindName == "set" ? "NSSet" : "NSArray")
            let index = firstPending + pending.count
            pending.append((cls, v))
            return .ref(index)
        default:
            return v
        }
    }
}
