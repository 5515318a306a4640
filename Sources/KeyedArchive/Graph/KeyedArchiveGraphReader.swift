extension ArchiveGraph {
    /// Maps an NSKeyedArchiver property list onto an archive graph.
    ///
    /// Graph object *i* is `$objects[i]`: object dictionaries become ``ArchiveObject/Kind/object``
    /// entries, class dictionaries ``ArchiveObject/Kind/classDescription`` entries, and plain strings,
    /// numbers, data and dates ``ArchiveObject/Kind/plain`` entries. UIDs become ``ArchiveValue/ref(_:)``
    /// (UID 0 becomes ``ArchiveValue/nil``). Strings and data stay ranges into the property list's storage,
    /// which the graph shares without copying.
    ///
    /// Only the header is validated here. Problems inside objects (a missing `$class`, a dangling UID,
    /// a class dictionary without `$classname`) are reported when the object is decoded, as Apple does.
    ///
    /// - Parameters:
    ///   - plist: A parsed binary or XML property list.
    ///   - options: Which `$archiver` names to accept.
    ///   - limits: Bounds on the number of objects and inline collection members.
    /// - Throws: ``ArchiveError/Code/invalidArchiveHeader`` for a wrong `$archiver`, `$version`, `$top`
    ///   or `$objects`; ``ArchiveError/Code/corruptArchive`` for an object dictionary with a non-string
    ///   key; ``ArchiveError/Code/limitExceeded`` when a bound in `limits` is exceeded.
    public init(keyedArchive plist: PropertyList, options: KeyedArchiveReadingOptions = .init(),
                limits: DecodingLimits = .default) throws(ArchiveError) {
        var reader = KeyedArchiveGraphReader(plist: plist, options: options, limits: limits)
        defer { reader.parkScratch() }
        self = try reader.read()
    }
}

extension KeyedArchiveGraphReader {
    /// Parks the per-node tables for the next read (the graph keeps none of them).
    mutating func parkScratch() {
        TableScratch.park(&memo, \.memo)
        TableScratch.park(&reservedTag, \.tags)
    }
}

/// One pass over `$objects`, building the graph's tables. Never recurses: inline containers are
/// flattened through a worklist.
struct KeyedArchiveGraphReader {
    let plist: PropertyList
    let options: KeyedArchiveReadingOptions
    let limits: DecodingLimits

    var metadata = ArchiveGraph.Metadata(source: .keyedArchive)
    var keys: [String] = []
    var keyIndexByName: [String: Int] = [:]
    /// Plist node index → what is known of it, one load per key (bplist keys are shared nodes):
    /// ≥ 0, a string node's graph key index; ``classKeyMemo``, the `$class` key; ≤ ``firstEntryMemo``, an
    /// object dictionary node first listed as `$objects` entry `firstEntryMemo - memo`; -1 until known.
    /// Signs keep the cases apart, so a dictionary used as a key is never read as a key index.
    var memo: [Int32]
    static let classKeyMemo: Int32 = -2
    static let firstEntryMemo: Int32 = -3
    /// Plist node index → which reserved key it spells (see ``ReservedKey``), computed once per node.
    var reservedTag: [UInt8]
    /// The last key node found to spell `$class` (-1: none yet).
    var lastClassKey = -1

    enum ReservedKey: UInt8 {
        case unknown = 0, none, classRef, className, classes
    }
    var classes: [ArchiveClass] = []
    var classIndexByName: [String: Int] = [:]
    var objects: [ArchiveObject] = []
    var values: [ArchiveKeyedValue] = []
    var items: [ArchiveValue] = []
    var top: [ArchiveKeyedValue] = []
    /// Inline containers still to fill (see ``convert(_:objectIndex:)``); empty between calls.
    var worklist: [(node: Int, slots: Int)] = []

    init(plist: PropertyList, options: KeyedArchiveReadingOptions, limits: DecodingLimits) {
        self.plist = plist
        self.options = options
        self.limits = limits
        self.memo = TableScratch.filled(\.memo, count: plist.count, with: -1)
        self.reservedTag = TableScratch.filled(\.tags, count: plist.count, with: 0)
    }

    /// Which reserved key (`$class`, `$classname`, `$classes`) a dict key node spells, if any.
    private mutating func reserved(_ node: Int) -> ReservedKey {
        if let t = ReservedKey(rawValue: reservedTag[node]), t != .unknown { return t }
        var t = ReservedKey.none
        if plist.stringEquals(node, "$class") { t = .classRef }
        else if plist.stringEquals(node, "$classname") { t = .className }
        else if plist.stringEquals(node, "$classes") { t = .classes }
        reservedTag[node] = t.rawValue
        return t
    }

    mutating func read() throws(ArchiveError) -> ArchiveGraph {
        let root = plist.root
        guard root >= 0, root < plist.count, plist.kind(root) == .dict else {
            throw ArchiveError(.invalidArchiveHeader, "the property list's root is not a dictionary, so it is not a keyed archive")
        }
        metadata.plistFormat = plist.format

        // $archiver: NSKeyedArchiver, or an allow-listed subclass name.
        guard let archiverNode = plist.dictValue(root, forKey: "$archiver"), let archiver = plist.string(archiverNode) else {
            throw ArchiveError(.invalidArchiveHeader, "missing or non-string $archiver", keyPath: ["$archiver"])
        }
        guard options.accepts(archiverName: archiver) else {
            throw ArchiveError(.invalidArchiveHeader, "unsupported $archiver \"\(archiver)\" (expected NSKeyedArchiver)",
                               keyPath: ["$archiver"])
        }
        metadata.archiverName = archiver

        // $version: exactly 100000.
        guard let versionNode = plist.dictValue(root, forKey: "$version") else {
            throw ArchiveError(.invalidArchiveHeader, "missing $version", keyPath: ["$version"])
        }
        guard let version = plist.int64(versionNode), version == Int64(KeyedArchiveConstants.version) else {
            throw ArchiveError(.invalidArchiveHeader, "unsupported $version (expected 100000)", keyPath: ["$version"])
        }
        metadata.archiveVersion = KeyedArchiveConstants.version

        // $objects: an array whose entries become graph objects one for one.
        guard let objectsNode = plist.dictValue(root, forKey: "$objects"), plist.kind(objectsNode) == .array else {
            throw ArchiveError(.invalidArchiveHeader, "missing or non-array $objects", keyPath: ["$objects"])
        }
        // $top: a dictionary of (normally) UIDs.
        guard let topNode = plist.dictValue(root, forKey: "$top"), plist.kind(topNode) == .dict else {
            throw ArchiveError(.invalidArchiveHeader, "missing or non-dictionary $top", keyPath: ["$top"])
        }

        let entries = plist.elements(objectsNode)
        guard entries.count <= limits.maxObjectCount else {
            throw ArchiveError(.limitExceeded, "$objects has \(entries.count) entries, above the limit of \(limits.maxObjectCount)")
        }
        if entries.isEmpty || !plist.stringEquals(entries[0], KeyedArchiveConstants.nullMarker) {
            metadata.warnings.append("$objects[0] is not \"$null\"; UID(0) still means nil")
        }

        // Pass 1: class dictionaries get class records, so that objects can name them by entry index.
        var classOfEntry = [Int32](repeating: -1, count: entries.count)
        var isClassEntry = [Bool](repeating: false, count: entries.count)
        // The object dicts' pairs: their values, and twice as many of the plist's member refs.
        var pairCount = 0
        // The container bits answer for most entries (strings, numbers, data) without loading their nodes;
        // read through a local, since the loop writes to `self`.
        let bits = plist.containerBits
        for (i, node) in entries.enumerated() where PropertyList.isContainer(node, in: bits) && plist.kind(node) == .dict {
            guard isClassDictionary(node) else {
                // A dict node listed by several entries is read once; the others share its values, so
                // the tables stay linear in the input (a bplist may list one node a million times).
                guard memo[node] == -1 else { continue }
                // The tag -3 - i must fit Int32; an entry past that (only under raised limits) goes unshared.
                if i <= Int(Int32.max) + Int(Self.firstEntryMemo) + 1 { memo[node] = Self.firstEntryMemo - Int32(truncatingIfNeeded: i) }
                pairCount += plist.containerCount(node)
                continue
            }
            isClassEntry[i] = true
            if let nameNode = plist.dictValue(node, forKey: "$classname"), let name = plist.string(nameNode) {
                classOfEntry[i] = Int32(appendClass(name: name, chain: stringArray(plist.dictValue(node, forKey: "$classes"))))
            }
        }
        // $classhints name further classes, interned by name and referenced as fallbacks.
        for (i, node) in entries.enumerated() where classOfEntry[i] >= 0 {
            let hints = stringArray(plist.dictValue(node, forKey: "$classhints"))
            guard !hints.isEmpty else { continue }
            let c = Int(classOfEntry[i])
            classes[c].fallbacks = hints.map { internClass($0) }
        }

        // Pass 2: every entry becomes a graph object. The tables are reserved once, for what the
        // validated plist holds (at a million objects, doubling arrays of hundreds of MB costs more in
        // page faults than the mapping): a value per object dict pair, and an item per member ref
        // that neither those pairs nor `$objects` take (one per inline container member; shared
        // sub-containers, which repeat theirs, grow the table).
        objects = TableScratch.empty(\.objects, reserving: entries.count)
        values = TableScratch.empty(\.values, reserving: pairCount)
        let itemRefs = max(plist.refs.count - 2 * pairCount - entries.count, 0)
        items = TableScratch.empty(\.items, reserving: min(itemRefs, limits.maxObjectCount))
        for (i, node) in entries.enumerated() {
            switch plist.kind(node) {
            case .dict where isClassEntry[i]:
                objects.append(ArchiveObject(kind: .classDescription, classIndex: Int(classOfEntry[i]), valueStart: 0, valueCount: 0))
            case .dict where memo[node] <= Self.firstEntryMemo && Int(Self.firstEntryMemo - memo[node]) < i:
                // The same dict node as an earlier entry: the same class and values.
                objects.append(objects[Int(Self.firstEntryMemo - memo[node])])
            case .dict:
                try appendObjectEntry(node, index: i, classOfEntry: classOfEntry)
            default:
                let v = try convert(node, objectIndex: i)
                objects.append(ArchiveObject(kind: .plain, classIndex: -1, valueStart: 0, valueCount: 0, plainValue: v))
            }
        }

        // $top entries, with keys spelled like object keys.
        let topKeys = plist.dictKeys(topNode)
        let topValues = plist.dictValues(topNode)
        for j in 0 ..< topKeys.count {
            let k = try keyIndex(node: topKeys[j], objectIndex: nil)
            top.append(ArchiveKeyedValue(key: k, value: try convert(topValues[j], objectIndex: nil)))
        }

        try ArchiveGraph.checkTableSizes(storage: plist.storage.count, objects: objects.count, values: values.count,
                                         items: items.count, top: top.count, .limitExceeded)
        return ArchiveGraph(metadata: metadata, storage: plist.storage, keys: keys, classes: classes, objects: objects,
                            values: values, items: items, top: top)
    }

    /// A dict with no `$class` but with `$classname` or `$classes` is a class description.
    @inline(__always)
    private mutating func isClassDictionary(_ node: Int) -> Bool {
        let (keysAt, pairs) = plist.dictSlots(node)
        // Writers share one `$class` key node: compared first, by index, it answers for nearly every
        // object dict without a look at what each key spells.
        if lastClassKey >= 0 {
            for j in 0 ..< pairs where plist.member(atSlot: keysAt + j) == lastClassKey { return false }
        }
        var sawClassKey = false
        for j in 0 ..< pairs {
            let k = plist.member(atSlot: keysAt + j)
            switch reserved(k) {
            case .classRef:
                lastClassKey = k
                return false
            case .className, .classes: sawClassKey = true
            default: break
            }
        }
        return sawClassKey
    }

    /// An object dictionary: `$class` resolves to a class record; every other entry is a keyed value.
    /// A `$class` that is missing or not a class dictionary leaves `classIndex` at -1 and, when present,
    /// keeps the raw `$class` value under the key `$class` so that decoding can say what it found.
    private mutating func appendObjectEntry(_ node: Int, index: Int, classOfEntry: [Int32]) throws(ArchiveError) {
        var classIndex = -1
        let start = values.count
        // The dict's keys, then its values, straight from the member table (the caller checked the
        // kind): no member view per object, whose array reference costs a retain and a release.
        let (keysAt, pairs) = plist.dictSlots(node)
        for j in 0 ..< pairs {
            let keyNode = plist.member(atSlot: keysAt + j)
            let valueNode = plist.member(atSlot: keysAt + pairs + j)
            // One load answers both "is it $class?" and "which key?" once the key node has been seen.
            var k = Int(memo[keyNode])
            if k < 0, k != Int(Self.classKeyMemo) { k = try firstSight(ofKey: keyNode, objectIndex: index) }
            if k == Int(Self.classKeyMemo) {
                if let uid = plist.uid(valueNode), uid < UInt64(classOfEntry.count), classOfEntry[Int(uid)] >= 0 {
                    classIndex = Int(classOfEntry[Int(uid)])
                } else {
                    let k = internKey("$class")
                    values.append(ArchiveKeyedValue(key: k, value: try convert(valueNode, objectIndex: index)))
                }
                continue
            }
            values.append(ArchiveKeyedValue(key: k, value: try convert(valueNode, objectIndex: index)))
        }
        let count = values.count - start
        objects.append(ArchiveObject(kind: .object, classIndex: classIndex, valueStart: count == 0 ? 0 : start, valueCount: count))
    }

    /// An object dictionary's key node not seen before: ``classKeyMemo`` for `$class`, else its key
    /// index; either is remembered in ``memo``.
    private mutating func firstSight(ofKey node: Int, objectIndex: Int) throws(ArchiveError) -> Int {
        if plist.kind(node) == .string, reserved(node) == .classRef {
            memo[node] = Self.classKeyMemo
            return Int(Self.classKeyMemo)
        }
        return try keyIndex(node: node, objectIndex: objectIndex)
    }

    private mutating func keyIndex(node: Int, objectIndex: Int?) throws(ArchiveError) -> Int {
        // Only string nodes hold a key index ≥ 0 (see ``memo``).
        if memo[node] >= 0 { return Int(memo[node]) }
        guard let raw = plist.string(node) else {
            throw ArchiveError(.corruptArchive, "an object dictionary has a non-string key (\(plist.kind(node)))",
                               objectIndex: objectIndex)
        }
        let k = internKey(KeyedArchiveKeys.graphKey(forArchiveKey: raw))
        // The `$class` tag stays: object dictionaries read it; a key index past Int32 is not remembered.
        if memo[node] == -1, let small = Int32(exactly: k) { memo[node] = small }
        return k
    }

    private mutating func internKey(_ key: String) -> Int {
        if let i = keyIndexByName[key] { return i }
        keys.append(key)
        keyIndexByName[key] = keys.count - 1
        return keys.count - 1
    }

    private mutating func appendClass(name: String, chain: [String]) -> Int {
        classes.append(ArchiveClass(name: name, chain: chain))
        if classIndexByName[name] == nil { classIndexByName[name] = classes.count - 1 }
        return classes.count - 1
    }

    private mutating func internClass(_ name: String) -> Int {
        if let i = classIndexByName[name] { return i }
        return appendClass(name: name, chain: [])
    }

    /// The strings of an array node (non-strings are skipped); empty for anything else.
    private func stringArray(_ node: Int?) -> [String] {
        guard let node, plist.kind(node) == .array else { return [] }
        return plist.elements(node).compactMap { plist.string($0) }
    }

    /// Converts one plist value. Inline containers are flattened into `items` through a worklist:
    /// each container reserves its member slots, and nested containers are filled in later.
    private mutating func convert(_ node: Int, objectIndex: Int?) throws(ArchiveError) -> ArchiveValue {
        let n = plist.nodes[node]
        switch n.kind {
        case .array, .set, .dict: return try convertContainer(node, objectIndex: objectIndex)
        default: return scalarValue(n)
        }
    }

    /// ``convert(_:objectIndex:)`` for an array, set or dict node.
    private mutating func convertContainer(_ node: Int, objectIndex: Int?) throws(ArchiveError) -> ArchiveValue {
        if let flat = try flatContainer(node, objectIndex: objectIndex) { return flat }
        // The worklist's buffer is kept across calls (moved out and back, never copied): one
        // allocation per read instead of one per inline container.
        var pending = worklist
        worklist = []
        defer {
            pending.removeAll(keepingCapacity: true)
            worklist = pending
        }
        let outer = try reserve(node, &pending, objectIndex: objectIndex)
        while let (container, start) = pending.popLast() {
            var slot = start
            let members: PlistMembers
            switch plist.kind(container) {
            case .dict:
                // Keys then values in the plist; key, value, key, value in the graph.
                let ks = plist.dictKeys(container)
                let vs = plist.dictValues(container)
                for j in 0 ..< ks.count {
                    items[slot] = try memberValue(ks[j], &pending, objectIndex: objectIndex)
                    items[slot + 1] = try memberValue(vs[j], &pending, objectIndex: objectIndex)
                    slot += 2
                }
                continue
            default:
                members = plist.elements(container)
            }
            for m in members {
                items[slot] = try memberValue(m, &pending, objectIndex: objectIndex)
                slot += 1
            }
        }
        return outer
    }

    /// An array or set none of whose members is a container (`NS.objects` of a keyed archive), its
    /// members appended straight to ``items``: the same slots the worklist would fill, without it. Nil
    /// for any other node.
    private mutating func flatContainer(_ node: Int, objectIndex: Int?) throws(ArchiveError) -> ArchiveValue? {
        let kind = plist.kind(node)
        guard kind == .array || kind == .set else { return nil }
        // Slots, not a member view: its array reference costs a retain and a release per container.
        let (start, count) = plist.elementSlots(node)
        for j in start ..< start + count where isContainer(plist.member(atSlot: j)) { return nil }
        guard count <= limits.maxObjectCount - items.count else {
            throw ArchiveError(.limitExceeded, "inline collections expand to more than \(limits.maxObjectCount) members",
                               objectIndex: objectIndex)
        }
        let range = ArchiveRange(start: items.count, count: count)
        for j in start ..< start + count { items.append(scalarValue(plist.nodes[plist.member(atSlot: j)])) }
        return kind == .set ? .set(range) : .array(range)
    }

    private mutating func memberValue(_ node: Int, _ pending: inout [(node: Int, slots: Int)],
                                      objectIndex: Int?) throws(ArchiveError) -> ArchiveValue {
        let n = plist.nodes[node]
        switch n.kind {
        case .array, .set, .dict: return try reserve(node, &pending, objectIndex: objectIndex)
        default: return scalarValue(n)
        }
    }

    /// Reserves the member slots of a container node and queues it for filling.
    private mutating func reserve(_ node: Int, _ pending: inout [(node: Int, slots: Int)],
                                  objectIndex: Int?) throws(ArchiveError) -> ArchiveValue {
        let kind = plist.kind(node)
        let n = plist.containerCount(node) * (kind == .dict ? 2 : 1)
        // Shared sub-containers could multiply into far more slots than the plist has nodes.
        guard n <= limits.maxObjectCount - items.count else {
            throw ArchiveError(.limitExceeded, "inline collections expand to more than \(limits.maxObjectCount) members",
                               objectIndex: objectIndex)
        }
        let start = items.count
        // A plain loop: `append(contentsOf: repeatElement…)` looks up a protocol conformance per call.
        for _ in 0 ..< n { items.append(.nil) }
        pending.append((node, start))
        let range = ArchiveRange(start: start, count: n)
        switch kind {
        case .set: return .set(range)
        case .dict: return .dict(range)
        default: return .array(range)
        }
    }

    /// From the node, not ``PropertyList/containerBits``: ``flatContainer(_:objectIndex:)`` reads the same
    /// nodes next, and loading them here, in a tight loop, brings them in together.
    @inline(__always) private func isContainer(_ node: Int) -> Bool { plist.kind(node).isContainer }

    /// The graph value of a non-container node (``ArchiveValue/init(scalarNode:wideIntegers:)``). Inlined:
    /// as a call from a mutating method it copied the whole reader (288 bytes) per value.
    @inline(__always) private func scalarValue(_ n: PlistNode) -> ArchiveValue {
        ArchiveValue(scalarNode: n, wideIntegers: plist.wideIntegers)
    }
}

extension ArchiveValue {
    /// The graph value of a non-container property-list node, from the node itself (one load, as the
    /// accessors of ``PropertyList`` read it; not optional: an `Optional<ArchiveValue>` per value cost a
    /// copy through memory). Arrays, sets and dicts give `.nil`: callers handle them first.
    @inline(__always) init(scalarNode n: PlistNode, wideIntegers: [(high: Int64, low: UInt64)]) {
        switch n.kind {
        case .null, .fill: self = .nil
        case .bool: self = .bool(n.extra != 0)
        case .integer:
            switch n.extra {
            case 0: self = .int(Int64(bitPattern: n.payload), width: 0)
            case 1: self = .unsignedInt(n.payload)
            default:
                let i = Int(truncatingIfNeeded: n.payload)
                guard i >= 0, i < wideIntegers.count else {
                    self = .nil
                    return
                }
                let w = wideIntegers[i]
                self = .wideInt(PlistWideInteger(high: w.high, low: w.low))
            }
        case .real:
            let d = Double(bitPattern: n.payload)
            self = n.extra == 4 ? .float(Float(d)) : .double(d)
        case .date: self = .date(Double(bitPattern: n.payload))
        case .data: self = .bytes(ArchiveRange(start: Int(truncatingIfNeeded: n.payload), count: Int(n.count)))
        case .string:
            let enc = PlistStringEncoding(rawValue: n.extra) ?? .utf8
            let byteCount = enc == .utf16BigEndian ? Int(n.count) * 2 : Int(n.count)
            self = .string(ArchiveRange(start: Int(truncatingIfNeeded: n.payload), count: byteCount), encoding: enc)
        case .uid:
            // UID 0 is nil; a UID beyond Int stays a (dangling) reference, which decoding reports.
            self = n.payload == 0 ? .nil : .ref(Int(exactly: n.payload) ?? Int.max)
        case .array, .set, .dict:
            self = .nil
        }
    }
}
