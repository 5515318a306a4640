extension ArchiveGraph {
    /// This graph as an NSKeyedArchiver archive in `bplist00` bytes, written straight from the graph's
    /// tables: the same bytes as `PropertyList(keyedArchive: graph).binaryData()`, without building the
    /// property list first (about half the time and a fraction of the memory of an encode).
    ///
    /// - Returns: The archive's bytes.
    /// - Throws: ``ArchiveError/Code/encodingFailed`` where ``PropertyList/init(keyedArchive:format:)``
    ///   throws, and for a string or data range outside ``storage``.
    public func keyedArchiveBinaryData() throws(ArchiveError) -> [UInt8] {
        var w = try KeyedArchiveBinaryWriter(graph: self)
        try w.flatten()
        let bytes = w.table.serialise()
        w.table.parkTables()
        return bytes
    }

    /// ``keyedArchiveBinaryData()`` of a graph nothing else holds (a finished one-shot archiver's): its
    /// object, value and item tables are let go once the walk is done, before the bytes are laid out, and
    /// its string storage after; each is parked for the next call if ``TableScratch``'s budget allows,
    /// else freed. The same bytes.
    static func keyedArchiveBinaryData(releasing graph: consuming ArchiveGraph) throws(ArchiveError) -> [UInt8] {
        var w = try KeyedArchiveBinaryWriter(graph: consume graph)
        try w.flatten()
        w.releaseGraphTables()
        let bytes = w.table.serialise()
        w.releaseStorage()
        w.table.parkTables()
        return bytes
    }
}

/// Lays a graph out as `PropertyList(keyedArchive:)` would and flattens it as ``BinaryPlistWriter``
/// would, in one pre-order walk over the graph's own tables (explicit frames, no recursion).
///
/// The virtual tree: the root dict (`$archiver`, `$objects`, `$top`, `$version`); `$objects` holds the
/// graph's objects in order, then a class description for each class that has none; an object is a
/// dict of `$class` and its keys (escaped); inline arrays, sets and dicts nest as containers.
struct KeyedArchiveBinaryWriter {
    typealias Object = BinaryPlistObjectTable.Object

    /// A container of the virtual tree whose members are being visited.
    enum Node {
        case root, objects, top
        /// Graph object `index`, an `.object` entry; its values are `values[start ..< start + count]`.
        case object(index: Int, start: Int, count: Int)
        case classDescription(Int)
        /// `$classes` (false) or `$classhints` (true) of a class, as strings.
        case classNames(Int, hints: Bool)
        /// An inline array, set or dict value of object `objectIndex` (nil: the top level).
        case inline(ArchiveValue, objectIndex: Int?)
    }

    struct Frame {
        var node: Node
        /// Members in output order (a dict: keys, then values) and the first of their slots.
        var total: Int
        var slot: Int
        var next = 0
    }

    /// The graph being written; its tables are released after ``flatten()`` by the one-shot path.
    private(set) var graph: ArchiveGraph
    var table: BinaryPlistObjectTable
    /// The `$objects` index of each class's description (an existing entry, or one appended).
    var classEntry: [Int] = []
    var appendedClasses: [Int] = []
    /// Each class's `$classhints` names (its fallbacks that name a class), worked out once.
    let hintsOfClass: [[String]]
    /// Output id of each key's (escaped) string once written, so repeated keys are not hashed again.
    var keyIDs: [Int32]
    var classKeyID = -1
    var frames: [Frame] = []
    /// First member slot of `$objects` (each entry's output id is written there as it is made).
    var objectsSlot = 0
    /// Objects whose value run an earlier entry already wrote.
    var sharedRuns = SharedValueRuns()

    init(graph: ArchiveGraph) throws(ArchiveError) {
        self.graph = graph
        // Each entry is one output object, and an `.object` entry a `$class` UID too; each value or item
        // at most one more. (Counting the `.object` entries keeps plain ones from reserving a second slot.)
        var dictionaries = 0
        for o in graph.objects where o.kind == .object { dictionaries += 1 }
        // The uniquing table starts at what can be distinct: the keys, the plain entries and one scalar per
        // object value (growing it re-hashes every string and data object; it grows past this for scalars
        // inside inline collections).
        table = BinaryPlistObjectTable(storage: graph.storage, expectedObjects: 16 + graph.keys.count + graph.objects.count + graph.values.count,
                                       objectCapacity: 16 + graph.objects.count + dictionaries + graph.values.count + graph.items.count + graph.keys.count,
                                       expectedMembers: 2 * graph.values.count + 2 * graph.objects.count + graph.items.count)
        keyIDs = [Int32](repeating: -1, count: graph.keys.count)
        hintsOfClass = graph.classes.map { c in
            c.fallbacks.compactMap { $0 >= 0 && $0 < graph.classes.count ? graph.classes[$0].name : nil }
        }
        (classEntry, appendedClasses) = try graph.keyedClassEntries()
    }

    /// Lets go of what only the walk needs: the graph's object tables (parked for the next call; the
    /// output table keeps the string storage) and the uniquing table.
    mutating func releaseGraphTables() {
        graph.parkScratch(beforeOutput: true)
        graph.top = []
        sharedRuns = SharedValueRuns()
        TableScratch.give(table.unique.slots, \.writerSlots, beforeOutput: true)
        table.unique = UniqueTable(expected: 0)
    }

    /// Parks the string storage once the bytes are laid out (the graph and the output table hold the only
    /// references to it).
    mutating func releaseStorage() {
        graph.storage = []
        TableScratch.park(&table.storage, \.storage)
    }

    mutating func flatten() throws(ArchiveError) {
        _ = try open(.root, total: 8)
        while !frames.isEmpty {
            let f = frames.count - 1
            guard frames[f].next < frames[f].total else {
                frames.removeLast()
                continue
            }
            let i = frames[f].next
            let slot = frames[f].slot + i
            frames[f].next = i + 1
            let id = try member(i, of: frames[f].node)
            table.members[slot] = UInt32(truncatingIfNeeded: id)
        }
    }

    /// Gives a container its id and pushes its frame; its members follow in pre-order.
    private mutating func open(_ node: Node, total: Int) throws(ArchiveError) -> Int {
        let tag: UInt8
        let count: Int
        switch node {
        case .root, .top, .object, .classDescription: (tag, count) = (0xD0, total / 2)
        case .objects, .classNames: (tag, count) = (0xA0, total)
        case .inline(let v, let objectIndex):
            guard frames.count < 100_000 else {
                throw ArchiveError(.encodingFailed, "inline collections nest too deeply", objectIndex: objectIndex)
            }
            switch v {
            case .set: (tag, count) = (0xC0, total)
            case .dict: (tag, count) = (0xD0, total / 2)
            default: (tag, count) = (0xA0, total)
            }
        }
        let (id, slot) = table.container(tag: tag, count: count)
        frames.append(Frame(node: node, total: tag == 0xD0 ? 2 * count : count, slot: slot))
        return id
    }

    /// The output id of member `i` (output order) of `node`.
    private mutating func member(_ i: Int, of node: Node) throws(ArchiveError) -> Int {
        switch node {
        case .root:
            switch i {
            case 0: return literal("$archiver")
            case 1: return literal("$objects")
            case 2: return literal("$top")
            case 3: return literal("$version")
            case 4: return literal(graph.metadata.archiverName ?? KeyedArchiveConstants.archiverName)
            case 5:
                let id = try open(.objects, total: graph.objects.count + appendedClasses.count)
                objectsSlot = frames[frames.count - 1].slot
                return id
            case 6: return try open(.top, total: 2 * graph.top.count)
            default: return table.uniqued(BinaryPlistObjectTable.integer(Int64(KeyedArchiveConstants.version)))
            }
        case .objects:
            if i >= graph.objects.count { return try classDescription(appendedClasses[i - graph.objects.count]) }
            let o = graph.objects[i]
            switch o.kind {
            case .plain: return try value(o.plainValue, objectIndex: i)
            case .classDescription: return try classDescription(o.classIndex)
            case .object:
                var start = 0
                var count = 0
                if o.valueStart >= 0, o.valueCount >= 0, o.valueStart <= graph.values.count,
                   o.valueCount <= graph.values.count - o.valueStart {
                    (start, count) = (o.valueStart, o.valueCount)
                }
                // The same dictionary as entry j: written once and named again, as the input did.
                if let j = sharedRuns.earlierOwner(of: i, objects: graph.objects, valueCount: graph.values.count) { return Int(table.members[objectsSlot + j]) }
                if isShallow(start, count) { return try flatObject(i, start: start, count: count) }
                return try open(.object(index: i, start: start, count: count), total: 2 * (count + 1))
            }
        case .object(let index, let start, let count):
            if i == 0 {
                if classKeyID < 0 { classKeyID = literal("$class") }
                return classKeyID
            }
            if i <= count { return try keyID(graph.values[start + i - 1].key) }
            if i == count + 1 { return table.uid(UInt64(classEntry[graph.objects[index].classIndex])) }
            return try value(graph.values[start + i - count - 2].value, objectIndex: index)
        case .top:
            let n = graph.top.count
            if i < n { return try keyID(graph.top[i].key) }
            return try value(graph.top[i - n].value, objectIndex: nil)
        case .classDescription(let c):
            // Keys, then values, in the order [`$classhints`,] `$classes`, `$classname`.
            switch hintsOfClass[c].isEmpty ? (i < 2 ? i + 1 : i + 2) : i {
            case 0: return literal("$classhints")
            case 1: return literal("$classes")
            case 2: return literal("$classname")
            case 3: return try open(.classNames(c, hints: true), total: hintsOfClass[c].count)
            case 4: return try open(.classNames(c, hints: false), total: max(graph.classes[c].chain.count, 1))
            default: return literal(graph.classes[c].name)
            }
        case .classNames(let c, let hints):
            let cls = graph.classes[c]
            return literal(hints ? hintsOfClass[c][i] : cls.chain.isEmpty ? cls.name : cls.chain[i])
        case .inline(let v, let objectIndex):
            let items = graph.items(v)
            var at = i
            if case .dict = v {
                let pairs = items.count / 2
                at = i < pairs ? 2 * i : 2 * (i - pairs) + 1
            }
            return try value(items[items.startIndex + at], objectIndex: objectIndex)
        }
    }

    /// Whether no inline array, set or dict among `values[start ..< start + count]` holds another (or
    /// lies outside the item table: the frame walk reports that).
    private func isShallow(_ start: Int, _ count: Int) -> Bool {
        for j in start ..< start + count {
            switch graph.values[j].value {
            case let .array(r), let .set(r), let .dict(r):
                guard itemsInRange(r) else { return false }
                for k in r.start ..< r.start + r.count {
                    switch graph.items[k] {
                    case .array, .set, .dict: return false
                    default: continue
                    }
                }
            default: continue
            }
        }
        return true
    }

    /// An object whose values are scalars, references or inline collections of those, written in one
    /// pass: the same ids, in the same pre-order, as its frames would give (`$class`, the keys, the class
    /// UID, the values, each inline collection followed at once by its members), without a frame per
    /// object and a frame step per member.
    private mutating func flatObject(_ index: Int, start: Int, count: Int) throws(ArchiveError) -> Int {
        let (id, slot) = table.container(tag: 0xD0, count: count + 1)
        if classKeyID < 0 { classKeyID = literal("$class") }
        table.members[slot] = UInt32(truncatingIfNeeded: classKeyID)
        // Each id is made before it is stored: a store whose right side calls back into the writer holds
        // (retains) the member table across that call.
        for j in 0 ..< count {
            let key = try keyID(graph.values[start + j].key)
            table.members[slot + 1 + j] = UInt32(truncatingIfNeeded: key)
        }
        let uid = table.uid(UInt64(classEntry[graph.objects[index].classIndex]))
        table.members[slot + count + 1] = UInt32(truncatingIfNeeded: uid)
        for j in 0 ..< count {
            let member = try shallowValue(graph.values[start + j].value, objectIndex: index)
            table.members[slot + count + 2 + j] = UInt32(truncatingIfNeeded: member)
        }
        return id
    }

    /// ``value(_:objectIndex:)`` for a value whose inline collection (if it is one) holds no collection:
    /// the collection and then its members in the order its frame visits them (a dict: keys, then values).
    private mutating func shallowValue(_ v: ArchiveValue, objectIndex: Int) throws(ArchiveError) -> Int {
        let tag: UInt8
        let r: ArchiveRange
        switch v {
        case let .array(range): (tag, r) = (0xA0, range)
        case let .set(range): (tag, r) = (0xC0, range)
        case let .dict(range): (tag, r) = (0xD0, range)
        default: return try value(v, objectIndex: objectIndex)
        }
        try checkItems(r, objectIndex)
        let pairs = r.count / 2
        let (id, slot) = table.container(tag: tag, count: tag == 0xD0 ? pairs : r.count)
        let total = tag == 0xD0 ? 2 * pairs : r.count
        for k in 0 ..< total {
            let at = tag != 0xD0 ? k : k < pairs ? 2 * k : 2 * (k - pairs) + 1
            let member = try value(graph.items[r.start + at], objectIndex: objectIndex)
            table.members[slot + k] = UInt32(truncatingIfNeeded: member)
        }
        return id
    }

    /// A class description dict: `$classhints` (when the class has any), `$classes`, `$classname`.
    private mutating func classDescription(_ c: Int) throws(ArchiveError) -> Int {
        // A class description the reader could not resolve (no `$classname`) must not become a valid class.
        guard c >= 0, c < graph.classes.count else {
            throw ArchiveError(.encodingFailed, "a class description names class \(c), outside the class table")
        }
        return try open(.classDescription(c), total: hintsOfClass[c].isEmpty ? 4 : 6)
    }

    private mutating func literal(_ s: String) -> Int { table.uniqued(table.string(s)) }

    private mutating func keyID(_ key: Int) throws(ArchiveError) -> Int {
        // A built graph may name a key outside its table; a read one never does.
        guard key >= 0, key < keyIDs.count else { throw ArchiveError(.encodingFailed, "a value names key \(key), outside the key table") }
        if keyIDs[key] >= 0 { return Int(keyIDs[key]) }
        let id = literal(KeyedArchiveKeys.archiveKey(forGraphKey: graph.keys[key]))
        keyIDs[key] = Int32(truncatingIfNeeded: id)
        return id
    }

    /// The output id of one value: a uniqued scalar, a new UID, or a new inline container.
    private mutating func value(_ v: ArchiveValue, objectIndex: Int?) throws(ArchiveError) -> Int {
        switch v {
        case .nil: return table.uid(0)
        case .bool(let b): return table.uniqued(Object(tag: b ? 0x09 : 0x08, count: 0, payload: 0, high: 0))
        case .int(let x, _): return table.uniqued(BinaryPlistObjectTable.integer(x))
        case .unsignedInt(let u): return table.uniqued(BinaryPlistObjectTable.integer(u))
        case .wideInt(let w): return table.uniqued(table.integer(high: w.high, low: w.low))
        case .float(let f):
            return table.uniqued(Object(tag: 0x22, count: 0, payload: UInt64(Float(Double(f)).bitPattern), high: 0))
        case .double(let d): return table.uniqued(Object(tag: 0x23, count: 0, payload: d.bitPattern, high: 0))
        case .date(let d): return table.uniqued(Object(tag: 0x33, count: 0, payload: d.bitPattern, high: 0))
        case .bytes(let r):
            try checkRange(r, objectIndex)
            return table.uniqued(Object(tag: 0x40, count: r.count, payload: UInt64(r.start), high: 0))
        case .string(let r, let encoding):
            try checkRange(r, objectIndex)
            if encoding == .utf16BigEndian { return table.uniqued(table.utf16String(start: r.start, units: r.count / 2)) }
            return table.uniqued(table.utf8String(start: r.start, count: r.count))
        case .ref(let n):
            guard n >= 0 else {
                throw ArchiveError(.encodingFailed, "a reference to object \(n) cannot be written as a UID", objectIndex: objectIndex)
            }
            return table.uid(UInt64(n))
        case .array(let r), .set(let r):
            try checkItems(r, objectIndex)
            return try open(.inline(v, objectIndex: objectIndex), total: r.count)
        case .dict(let r):
            try checkItems(r, objectIndex)
            return try open(.inline(v, objectIndex: objectIndex), total: 2 * (r.count / 2))
        }
    }

    // Inlined: called from the mutating walk, a call copied the whole writer (312 bytes) per value.
    @inline(__always) private func checkRange(_ r: ArchiveRange, _ objectIndex: Int?) throws(ArchiveError) {
        guard r.start >= 0, r.count >= 0, r.count <= UInt32.max, r.start <= graph.storage.count, r.count <= graph.storage.count - r.start else {
            throw ArchiveError(.encodingFailed, "a string or data range \(r.start)+\(r.count) lies outside the graph's storage",
                               objectIndex: objectIndex)
        }
    }

    @inline(__always) private func itemsInRange(_ r: ArchiveRange) -> Bool {
        r.start >= 0 && r.count >= 0 && r.count <= UInt32.max && r.start <= graph.items.count && r.count <= graph.items.count - r.start
    }

    @inline(__always) private func checkItems(_ r: ArchiveRange, _ objectIndex: Int?) throws(ArchiveError) {
        guard itemsInRange(r) else {
            throw ArchiveError(.encodingFailed, "an inline collection's range \(r.start)+\(r.count) lies outside the item table",
                               objectIndex: objectIndex)
        }
    }
}
