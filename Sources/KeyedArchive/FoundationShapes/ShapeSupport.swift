// Helpers shared by the Foundation shapes: reading an object's class and members in both container
// conventions (keyed archive: `NS.objects` arrays; NIBArchive: `NSInlinedValue` + repeated
// `UINibEncoderEmptyKey` values, or `NS.object.<i>`).

extension KeyedUnarchiver {
    /// The recorded class name of object `n` (nil for plain entries).
    func className(ofObject n: Int) -> String? { graph.className(ofObject: n) }

    /// Fails unless object `n` is an object whose class is one of `names`.
    func expectClass(_ n: Int, _ names: Set<String>, as what: String) throws(ArchiveError) {
        let o = graph.objects[n]
        guard o.kind == .object else {
            throw located(.typeMismatch, "expected \(what), found a plain \(o.plainValue.kindName) (object #\(n))", key: nil)
        }
        if o.classIndex < 0 { _ = try resolveClass(ofObject: n) }
        guard let name = graph.className(ofObject: n), names.contains(name) else {
            throw located(.typeMismatch, "expected \(what), found an object of class \(graph.className(ofObject: n) ?? "?") (object #\(n))",
                          key: nil)
        }
    }

    /// The members of the collection object in the current scope: `NS.objects` (an inline array of
    /// references), the NIBArchive inlined form, or `NS.object.0`, `NS.object.1`, ….
    func collectionMembers(key: String = "NS.objects") throws(ArchiveError) -> [ArchiveValue] {
        if let v = rawValue(forKey: key) {
            switch v {
            case .array(let r), .set(let r):
                return Array(graph.items[r.range])
            default:
                throw located(.typeMismatch, "expected an array of references, found a \(v.kindName)", key: key)
            }
        }
        if rawValue(forKey: "NSInlinedValue") != nil {
            guard let k = keyLookup["UINibEncoderEmptyKey"] else { return [] }
            return currentValues.filter { canonical[$0.key] == k }.map(\.value)
        }
        var out: [ArchiveValue] = []
        var i = 0
        while let v = rawValue(forKey: "NS.object.\(i)") {
            out.append(v)
            i += 1
        }
        return out
    }

    /// Decodes collection members as `T`, refusing nil members (Foundation collections cannot hold nil)
    /// unless ``Options/dropsNilCollectionMembers`` is on.
    func decodeMembers<T: KeyedArchivable>(_ members: [ArchiveValue], as: T.Type, key: String) throws(ArchiveError) -> [T] {
        var out: [T] = []
        out.reserveCapacity(members.count)
        for (i, m) in members.enumerated() {
            if case .nil = m {
                if options.dropsNilCollectionMembers {
                    warn("dropped a nil member at \(key)[\(i)] of object #\(scope.object)")
                    continue
                }
                throw located(.corruptArchive, "a collection member is nil (UID 0); Foundation collections cannot hold nil", key: "\(key)[\(i)]")
            }
            guard let v = try decodeReferenced(m, as: T.self, key: key, element: i) else {
                if poisoned { return out }
                throw located(.unexpectedClass, "collection member \(i) is not a \(T.self)", key: "\(key)[\(i)]")
            }
            out.append(v)
        }
        return out
    }
}
