extension ArchiveGraph {
    /// Checks that every reference, class index and value range in the graph is inside its table:
    /// what makes "it parsed" mean "every reference resolves".
    ///
    /// The readers build graphs whose references resolve except where the input names objects that
    /// are not there; this finds the first such place. A sound graph costs flat passes over the tables;
    /// the walk that names the object and key runs only when there is a problem.
    ///
    /// Graphs built by hand with ``ArchiveGraphBuilder`` are checked the same way,
    /// including their byte, string and inline-collection ranges and key indices, so a graph that passes
    /// can be read without an index leaving its table.
    ///
    /// - Throws: `badReference` with the object index and key path of the first reference outside
    ///   the object table, class index outside the class table, key outside the key table, or range
    ///   outside the value, item or byte table; `corruptArchive` for a keyed archive's object without a class.
    public func verifyReferences() throws(ArchiveError) {
        if referencesAreSound { return }
        try locateReferenceProblem()
    }

    /// Whether every reference, class index and value range is inside its table.
    private var referencesAreSound: Bool {
        let n = objects.count, classCount = classes.count, valueCount = values.count
        let itemCount = items.count, byteCount = storage.count, keyCount = keys.count
        func inside(_ v: ArchiveValue) -> Bool {
            switch v {
            case .ref(let i): i >= 0 && i < n
            case .array(let r), .set(let r), .dict(let r): r.count <= itemCount && r.start <= itemCount - r.count
            case .bytes(let r), .string(let r, _): r.count <= byteCount && r.start <= byteCount - r.count
            default: true
            }
        }
        for o in objects where o.kind != .plain {
            if o.classIndex < 0 || o.classIndex >= classCount { return false }
            if o.kind == .object, !(o.valueStart >= 0 && o.valueCount >= 0 && o.valueStart <= valueCount
                                    && o.valueCount <= valueCount - o.valueStart) { return false }
        }
        for kv in top where !inside(kv.value) || kv.key >= keyCount { return false }
        for kv in values where !inside(kv.value) || kv.key >= keyCount { return false }
        for v in items where !inside(v) { return false }
        for c in classes { for f in c.fallbacks where f < 0 || f >= classCount { return false } }
        return true
    }

    /// Throws for the first problem, in object order, with where it is.
    private func locateReferenceProblem() throws(ArchiveError) {
        let n = objects.count
        // The key is spelled out only for the error: building it per value would cost more than the check.
        func checkRef(_ v: ArchiveValue, object: Int?, key: @autoclosure () -> String) throws(ArchiveError) {
            switch v {
            case .ref(let i) where i < 0 || i >= n:
                throw ArchiveError(.badReference, "reference to object \(i), but the archive has \(n) objects",
                                   objectIndex: object, keyPath: [key()])
            case .array(let r), .set(let r), .dict(let r):
                if r.count > items.count || r.start > items.count - r.count {
                    throw ArchiveError(.badReference, "\(v.kindName) of items \(r.start)+\(r.count) outside the item table (\(items.count) items)",
                                       objectIndex: object, keyPath: [key()])
                }
            case .bytes(let r), .string(let r, _):
                if r.count > storage.count || r.start > storage.count - r.count {
                    throw ArchiveError(.badReference, "\(v.kindName) of bytes \(r.start)+\(r.count) outside the storage (\(storage.count) bytes)",
                                       objectIndex: object, keyPath: [key()])
                }
            default:
                break
            }
        }
        func checkKey(_ kv: ArchiveKeyedValue, object: Int) throws(ArchiveError) {
            if kv.key >= keys.count {
                throw ArchiveError(.badReference, "key index \(kv.key) outside the key table (\(keys.count) keys)", objectIndex: object)
            }
        }
        for kv in top {
            try checkKey(kv, object: 0)
            try checkRef(kv.value, object: 0, key: keys[kv.key])
        }
        // A keyed archive may list one dictionary node as many objects, which then share a run; checking
        // it once keeps this linear in the input.
        var sharedRuns = SharedValueRuns()
        for (i, o) in objects.enumerated() {
            if o.kind != .plain, o.classIndex == -1, metadata.source == .keyedArchive {
                throw ArchiveError(.corruptArchive, "object has no class: $class is missing or is not a class dictionary with $classname",
                                   objectIndex: i)
            }
            if o.kind != .plain, o.classIndex < 0 || o.classIndex >= classes.count {
                throw ArchiveError(.badReference, "class index \(o.classIndex) outside the class table (\(classes.count) classes)",
                                   objectIndex: i)
            }
            guard o.kind == .object else { continue }
            guard o.valueStart >= 0, o.valueCount >= 0, o.valueStart <= values.count,
                  o.valueCount <= values.count - o.valueStart else {
                throw ArchiveError(.badReference, "values \(o.valueStart)+\(o.valueCount) outside the value table (\(values.count) values)",
                                   objectIndex: i)
            }
            if sharedRuns.earlierOwner(of: i, objects: objects, valueCount: values.count) != nil { continue }
            for kv in self.values(ofObject: i) {
                try checkKey(kv, object: i)
                try checkRef(kv.value, object: i, key: keys[kv.key])
                // The range was checked just above.
                for member in self.items(kv.value) { try checkRef(member, object: i, key: keys[kv.key]) }
            }
        }
        // Members of nested inline collections live in the item table too.
        for member in items {
            if case .ref(let i) = member, i < 0 || i >= n {
                throw ArchiveError(.badReference, "collection member refers to object \(i), but the archive has \(n) objects")
            }
            try checkRef(member, object: nil, key: "<collection member>")
        }
        for c in classes {
            for f in c.fallbacks where f < 0 || f >= classes.count {
                throw ArchiveError(.badReference, "class \(c.name) names fallback class \(f) outside the class table")
            }
        }
    }
}
