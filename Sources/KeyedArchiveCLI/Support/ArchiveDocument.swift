import KeyedArchive

/// One parsed file: what it is and its parsed form.
enum ArchiveDocument {
    /// A property list that is not a keyed archive.
    case plist(PropertyList)
    /// An NSKeyedArchiver property list and its object graph.
    case keyedArchive(PropertyList, ArchiveGraph)
    /// A NIBArchive and its object graph.
    case nibArchive(ArchiveGraph)
    /// A typedstream (`NSArchiver`) and its object graph.
    case typedstream(ArchiveGraph)

    /// Parses `bytes` as whatever their first bytes announce. A plist whose root dictionary has
    /// `$archiver` or `$objects` is read as a keyed archive, so a broken archive is reported as one.
    static func open(_ bytes: [UInt8], limits: DecodingLimits = .default) throws(ArchiveError) -> ArchiveDocument {
        switch ArchiveFormat.detect(bytes) {
        case .nibArchive: return .nibArchive(try ArchiveGraph(nibArchive: bytes, limits: limits))
        case .typedstream: return .typedstream(try ArchiveGraph(typedstream: bytes, limits: limits))
        default: break
        }
        let plist = try PropertyList(parsing: bytes, limits: limits)
        guard looksKeyed(plist) else { return .plist(plist) }
        return .keyedArchive(plist, try ArchiveGraph(keyedArchive: plist, limits: limits))
    }

    /// Like ``open(_:limits:)``, but a keyed archive that `validate` would reject still opens (as its
    /// object graph when that can be built, else as a plain property list), with the problem beside it.
    /// Only input that is not even a property list or NIBArchive throws.
    static func openLeniently(_ bytes: [UInt8], limits: DecodingLimits = .default) throws(ArchiveError) -> (ArchiveDocument, problem: ArchiveError?) {
        if ArchiveFormat.detect(bytes) == .nibArchive || ArchiveFormat.detect(bytes) == .typedstream {
            let document = try open(bytes, limits: limits)
            return (document, Validation.problem(in: document))
        }
        let plist = try PropertyList(parsing: bytes, limits: limits)
        guard looksKeyed(plist) else { return (.plist(plist), nil) }
        let document: ArchiveDocument
        do {
            document = .keyedArchive(plist, try ArchiveGraph(keyedArchive: plist, limits: limits))
        } catch {
            return (.plist(plist), error)
        }
        return (document, Validation.problem(in: document))
    }

    /// Whether the root is a dictionary with `$archiver` or `$objects`.
    static func looksKeyed(_ plist: PropertyList) -> Bool {
        let root = plist.root
        guard root >= 0, root < plist.count, plist.kind(root) == .dict else { return false }
        return plist.dictValue(root, forKey: "$archiver") != nil || plist.dictValue(root, forKey: "$objects") != nil
    }

    /// The object graph, for keyed archives and NIBArchives.
    var graph: ArchiveGraph? {
        switch self {
        case .plist: nil
        case .keyedArchive(_, let g), .nibArchive(let g), .typedstream(let g): g
        }
    }

    /// `plist`, `keyedArchive` or `nibArchive` (the JSON spelling).
    var kindName: String {
        switch self {
        case .plist: "plist"
        case .keyedArchive: "keyedArchive"
        case .nibArchive: "nibArchive"
        case .typedstream: "typedstream"
        }
    }

    /// A short human description: `binary plist`, `keyed archive (xml)`, `NIBArchive (coder 10)`.
    var summary: String {
        switch self {
        case .plist(let p): "\(p.format.rawValue) plist"
        case .keyedArchive(let p, _): "keyed archive (\(p.format.rawValue))"
        case .nibArchive(let g): "NIBArchive" + (g.metadata.nibCoderVersion.map { " (coder \($0))" } ?? "")
        case .typedstream(let g):
            "typedstream" + (g.metadata.typedstreamHeader.map { " (\($0.isBigEndian ? "big" : "little")-endian, streamer \($0.streamerVersion))" } ?? "")
        }
    }

    /// Number of entries in the object table (plist objects for a plain plist).
    var objectCount: Int {
        switch self {
        case .plist(let p): p.count
        case .keyedArchive(_, let g), .nibArchive(let g), .typedstream(let g): g.objects.count
        }
    }
}

/// Checks that make "it parsed" mean "every reference resolves".
enum GraphCheck {
    /// Throws for the first reference outside the object table, or object with a class outside the
    /// class table, or value range outside the value table.
    static func verify(_ graph: ArchiveGraph) throws(ArchiveError) {
        // The common case, a sound graph, in flat passes over the tables; the walk below finds the first
        // problem with its object and key, and runs only when there is one.
        if isSound(graph) { return }
        try locateProblem(graph)
    }

    /// Whether every reference, class index and value range is inside its table.
    private static func isSound(_ graph: ArchiveGraph) -> Bool {
        let n = graph.objects.count, classCount = graph.classes.count, valueCount = graph.values.count
        func inside(_ v: ArchiveValue) -> Bool {
            if case .ref(let i) = v { return i >= 0 && i < n }
            return true
        }
        for o in graph.objects where o.kind != .plain {
            if o.classIndex < 0 || o.classIndex >= classCount { return false }
            if o.kind == .object, !(o.valueStart >= 0 && o.valueCount >= 0 && o.valueStart <= valueCount
                                    && o.valueCount <= valueCount - o.valueStart) { return false }
        }
        for kv in graph.top where !inside(kv.value) { return false }
        for kv in graph.values where !inside(kv.value) { return false }
        for v in graph.items where !inside(v) { return false }
        for c in graph.classes { for f in c.fallbacks where f < 0 || f >= classCount { return false } }
        return true
    }

    /// Throws for the first problem, in object order, with where it is.
    private static func locateProblem(_ graph: ArchiveGraph) throws(ArchiveError) {
        let n = graph.objects.count
        // The key is spelled out only for the error: building it per value would cost more than the check.
        func checkRef(_ v: ArchiveValue, object: Int, key: @autoclosure () -> String) throws(ArchiveError) {
            if case .ref(let i) = v, i < 0 || i >= n {
                throw ArchiveError(.badReference, "reference to object \(i), but the archive has \(n) objects",
                                   objectIndex: object, keyPath: [key()])
            }
        }
        for kv in graph.top {
            try checkRef(kv.value, object: 0, key: graph.keys.indices.contains(kv.key) ? graph.keys[kv.key] : "$top")
        }
        // A keyed archive may list one dictionary node as many objects, which then share a run; checking
        // it once keeps this linear in the input.
        var sharedRuns = SharedValueRuns()
        for (i, o) in graph.objects.enumerated() {
            if o.kind != .plain, o.classIndex == -1, graph.metadata.source == .keyedArchive {
                throw ArchiveError(.corruptArchive, "object has no class: $class is missing or is not a class dictionary with $classname",
                                   objectIndex: i)
            }
            if o.kind != .plain, o.classIndex < 0 || o.classIndex >= graph.classes.count {
                throw ArchiveError(.badReference, "class index \(o.classIndex) outside the class table (\(graph.classes.count) classes)",
                                   objectIndex: i)
            }
            guard o.kind == .object else { continue }
            guard o.valueStart >= 0, o.valueCount >= 0, o.valueStart <= graph.values.count,
                  o.valueCount <= graph.values.count - o.valueStart else {
                throw ArchiveError(.badReference, "values \(o.valueStart)+\(o.valueCount) outside the value table (\(graph.values.count) values)",
                                   objectIndex: i)
            }
            if sharedRuns.earlierOwner(of: i, objects: graph.objects, valueCount: graph.values.count) != nil { continue }
            for kv in graph.values(ofObject: i) {
                let key = { graph.keys.indices.contains(kv.key) ? graph.keys[kv.key] : "<key \(kv.key)>" }
                try checkRef(kv.value, object: i, key: key())
                for member in graph.items(kv.value) { try checkRef(member, object: i, key: key()) }
            }
        }
        // Members of nested inline collections live in the item table too.
        for member in graph.items {
            if case .ref(let i) = member, i < 0 || i >= n {
                throw ArchiveError(.badReference, "collection member refers to object \(i), but the archive has \(n) objects")
            }
        }
        for c in graph.classes {
            for f in c.fallbacks where f < 0 || f >= graph.classes.count {
                throw ArchiveError(.badReference, "class \(c.name) names fallback class \(f) outside the class table")
            }
        }
    }
}
