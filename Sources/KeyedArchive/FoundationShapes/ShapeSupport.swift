// Helpers shared by the Foundation shapes: reading an object's class and members in both container
// conventions (keyed archive: `NS.objects` arrays; NIBArchive: `NSInlinedValue` + repeated
// `UINibEncoderEmptyKey` values, or `NS.object.<i>`).

/// The Foundation class families the shapes recognise, by recorded class name.
@usableFromInline
enum ClassFamily: UInt8, Sendable {
    case other = 1, string, data, number, array, set, dictionary, orderedSet, countedSet, date, url, uuid, null
    case indexSet, indexPath, attributedString, error, value

    static let byName: [String: ClassFamily] = {
        var m: [String: ClassFamily] = [:]
        for n in stringClassNames { m[n] = .string }
        for n in dataClassNames { m[n] = .data }
        for n in arrayClassNames { m[n] = .array }
        for n in setClassNames { m[n] = .set }
        for n in dictionaryClassNames { m[n] = .dictionary }
        for n in ["NSNumber", "__NSCFNumber", "__NSCFBoolean"] { m[n] = .number }
        for n in ["NSOrderedSet", "NSMutableOrderedSet"] { m[n] = .orderedSet }
        m["NSCountedSet"] = .countedSet
        for n in ["NSDate", "__NSDate", "__NSTaggedDate"] { m[n] = .date }
        m["NSURL"] = .url
        for n in ["NSUUID", "__NSConcreteUUID"] { m[n] = .uuid }
        m["NSNull"] = .null
        for n in ["NSIndexSet", "NSMutableIndexSet"] { m[n] = .indexSet }
        m["NSIndexPath"] = .indexPath
        for n in ["NSAttributedString", "NSMutableAttributedString"] { m[n] = .attributedString }
        m["NSError"] = .error
        for n in ["NSValue", "NSConcreteValue"] { m[n] = .value }
        return m
    }()
}

extension KeyedUnarchiver {
    /// The Foundation family of class record `c`, computed once per record.
    func family(ofClass c: Int) -> ClassFamily {
        guard c >= 0, c < familyOfClass.count else { return .other }
        if let f = ClassFamily(rawValue: familyOfClass[c]) { return f }
        let f = ClassFamily.byName[graph.classes[c].name] ?? .other
        familyOfClass[c] = f.rawValue
        return f
    }

    /// The recorded class name of object `n` (nil for plain entries).
    func className(ofObject n: Int) -> String? { graph.className(ofObject: n) }

    /// Fails unless object `n` is an object whose class is one of `names`.
    @usableFromInline
    func expectClass(_ n: Int, _ family: ClassFamily, as what: String) throws(ArchiveError) {
        let o = graph.objects[n]
        guard o.kind == .object else {
            throw located(.typeMismatch, "expected \(what), found a plain \(o.plainValue.kindName) (object #\(n))", key: nil)
        }
        if o.classIndex < 0 { _ = try resolveClass(ofObject: n) }
        guard self.family(ofClass: o.classIndex) == family else {
            throw located(.typeMismatch, "expected \(what), found an object of class \(graph.className(ofObject: n) ?? "?") (object #\(n))",
                          key: nil)
        }
    }

    /// The members of the collection object in the current scope: `NS.objects` (an inline array of
    /// references), the NIBArchive inlined form, or `NS.object.0`, `NS.object.1`, ….
    func collectionMembers(key: String = "NS.objects") throws(ArchiveError) -> [ArchiveValue] {
        Array(try memberValues(key: key))
    }

    /// ``collectionMembers(key:)`` as a slice: an `NS.objects` array is a view of the graph's items, not a copy.
    @usableFromInline
    func memberValues(key: String = "NS.objects") throws(ArchiveError) -> ArraySlice<ArchiveValue> {
        if graph.metadata.source == .typedstream { return try TypedstreamShapes.memberReferences(self)[...] }
        if let v = rawValue(forKey: key) {
            switch v {
            case .array(let r), .set(let r):
                return graph.items[r.range]
            default:
                throw located(.typeMismatch, "expected an array of references, found a \(v.kindName)", key: key)
            }
        }
        if rawValue(forKey: "NSInlinedValue") != nil {
            guard let k = keyLookup["UINibEncoderEmptyKey"] else { return [] }
            return currentValues.filter { canonical[$0.key] == k }.map(\.value)[...]
        }
        var out: [ArchiveValue] = []
        var i = 0
        while let v = rawValue(forKey: "NS.object.\(i)") {
            out.append(v)
            i += 1
        }
        return out[...]
    }

    /// Decodes collection members as `T`, refusing nil members (Foundation collections cannot hold nil)
    /// unless ``Options/dropsNilCollectionMembers`` is on.
    @inlinable  // specialised with the element type: no generic array calls or witness lookups per member
    func decodeMembers<T: KeyedArchivable>(_ members: ArraySlice<ArchiveValue>, as: T.Type, key: String) throws(ArchiveError) -> [T] {
        var out: [T] = []
        out.reserveCapacity(members.count)
        let keyIndex = canonicalIndex(key) ?? -1
        for (i, m) in members.enumerated() {
            if case .nil = m {
                try dropNilMember(at: i, key: key)
                continue
            }
            guard let v = try decodeMember(m, as: T.self, key: key, keyIndex: keyIndex, element: i) else {
                if poisoned { return out }
                throw memberMismatch(at: i, expected: String(describing: T.self), key: key)
            }
            out.append(v)
        }
        return out
    }

    /// A nil collection member: dropped with a warning under ``Options/dropsNilCollectionMembers``, else an error.
    @usableFromInline
    func dropNilMember(at i: Int, key: String) throws(ArchiveError) {
        guard options.dropsNilCollectionMembers else {
            throw located(.corruptArchive, "a collection member is nil (UID 0); Foundation collections cannot hold nil", key: "\(key)[\(i)]")
        }
        warn("dropped a nil member at \(key)[\(i)] of object #\(scope.object)")
    }

    /// The error for collection member `i` that did not decode as `expected`.
    @usableFromInline
    func memberMismatch(at i: Int, expected: String, key: String) -> ArchiveError {
        located(.unexpectedClass, "collection member \(i) is not a \(expected)", key: "\(key)[\(i)]")
    }
}
