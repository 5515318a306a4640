extension PropertyList {
    /// Lays an archive graph out as an NSKeyedArchiver property list.
    ///
    /// Graph object *i* becomes `$objects[i]`, so the graph must follow the keyed layout: object 0 is the
    /// plain string `"$null"`. Objects become dictionaries with `$class` pointing at their class's
    /// ``ArchiveObject/Kind/classDescription`` entry; a class that has no such entry gets one appended
    /// after the last object. Keys are escaped (`$k` → `$$k`), un-keyed slots `$0`… are kept.
    /// Dictionary entries keep graph order, so the output is the same in every process.
    ///
    /// - Parameters:
    ///   - graph: The graph to lay out.
    ///   - format: The format ``PropertyList/format`` is set to (the writers still let you pick).
    /// - Throws: ``ArchiveError/Code/encodingFailed`` for a negative reference or an object whose class
    ///   index is outside the class table.
    public init(keyedArchive graph: ArchiveGraph, format: PropertyList.Format = .binary) throws(ArchiveError) {
        var w = KeyedArchiveGraphWriter(graph: graph)
        self = try w.write(format: format)
    }
}

/// Builds the plist bottom-up (members before containers), without recursion.
struct KeyedArchiveGraphWriter {
    let graph: ArchiveGraph
    var b = PropertyListBuilder()
    /// Graph key index → string node, so each key string is added once.
    var keyNode: [Int]
    var classKeyNode = -1

    init(graph: ArchiveGraph) {
        self.graph = graph
        self.keyNode = Array(repeating: -1, count: graph.keys.count)
    }

    mutating func write(format: PropertyList.Format) throws(ArchiveError) -> PropertyList {
        b.reserveCapacity(objects: graph.objects.count * 4 + graph.values.count * 2 + 16, bytes: graph.storage.count)
        let (classEntry, appendedClasses) = try graph.keyedClassEntries()
        classKeyNode = b.addString("$class")

        var entries: [Int] = []
        entries.reserveCapacity(graph.objects.count + appendedClasses.count)
        var sharedRuns = SharedValueRuns()
        for (i, o) in graph.objects.enumerated() {
            switch o.kind {
            case .plain:
                entries.append(try node(for: o.plainValue, objectIndex: i))
            case .classDescription:
                entries.append(try classDescription(o.classIndex))
            case .object:
                // The same dictionary as entry j: one node, named again, as the input did.
                if let j = sharedRuns.earlierOwner(of: i, objects: graph.objects, valueCount: graph.values.count) {
                    entries.append(entries[j])
                    continue
                }
                var ks: [Int] = [classKeyNode]
                var vs: [Int] = [b.addUID(UInt64(classEntry[o.classIndex]))]
                for kv in graph.values(ofObject: i) {
                    ks.append(keyStringNode(kv.key))
                    vs.append(try node(for: kv.value, objectIndex: i))
                }
                entries.append(b.addDict(keys: ks, values: vs))
            }
        }
        for c in appendedClasses { entries.append(try classDescription(c)) }
        let objectsArray = b.addArray(entries)

        var tk: [Int] = []
        var tv: [Int] = []
        for kv in graph.top {
            tk.append(keyStringNode(kv.key))
            tv.append(try node(for: kv.value, objectIndex: nil))
        }
        let topDict = b.addDict(keys: tk, values: tv)

        let rootKeys = [b.addString("$archiver"), b.addString("$objects"), b.addString("$top"), b.addString("$version")]
        let rootValues = [b.addString(graph.metadata.archiverName ?? KeyedArchiveConstants.archiverName), objectsArray, topDict,
                          b.addInteger(Int64(KeyedArchiveConstants.version))]
        let root = b.addDict(keys: rootKeys, values: rootValues)
        return b.build(root: root, format: format)
    }

    private mutating func keyStringNode(_ key: Int) -> Int {
        if keyNode[key] >= 0 { return keyNode[key] }
        let n = b.addString(KeyedArchiveKeys.archiveKey(forGraphKey: graph.keys[key]))
        keyNode[key] = n
        return n
    }

    private mutating func classDescription(_ classIndex: Int) throws(ArchiveError) -> Int {
        // A class description the reader could not resolve (no `$classname`) must not become a valid class.
        guard classIndex >= 0, classIndex < graph.classes.count else {
            throw ArchiveError(.encodingFailed, "a class description names class \(classIndex), outside the class table")
        }
        let c = graph.classes[classIndex]
        let chain = c.chain.isEmpty ? [c.name] : c.chain
        var ks = [b.addString("$classes"), b.addString("$classname")]
        var vs = [b.addArray(chain.map { b.addString($0) }), b.addString(c.name)]
        let hints = c.fallbacks.compactMap { $0 >= 0 && $0 < graph.classes.count ? graph.classes[$0].name : nil }
        if !hints.isEmpty {
            ks.insert(b.addString("$classhints"), at: 0)
            vs.insert(b.addArray(hints.map { b.addString($0) }), at: 0)
        }
        return b.addDict(keys: ks, values: vs)
    }

    /// The plist node for one value; inline containers are built in post-order with an explicit stack.
    private mutating func node(for value: ArchiveValue, objectIndex: Int?) throws(ArchiveError) -> Int {
        if let n = try scalarNode(value, objectIndex: objectIndex) { return n }
        // Each frame: a container value, its members' nodes built so far.
        var stack: [(value: ArchiveValue, members: [Int], next: Int)] = [(value, [], 0)]
        var result = -1
        while !stack.isEmpty {
            let top = stack.count - 1
            let members = graph.items(stack[top].value)
            if stack[top].next < members.count {
                let m = members[members.startIndex + stack[top].next]
                stack[top].next += 1
                if let n = try scalarNode(m, objectIndex: objectIndex) {
                    stack[top].members.append(n)
                } else {
                    guard stack.count < 100_000 else {
                        throw ArchiveError(.encodingFailed, "inline collections nest too deeply", objectIndex: objectIndex)
                    }
                    stack.append((m, [], 0))
                }
                continue
            }
            let frame = stack.removeLast()
            let built: Int
            switch frame.value {
            case .set: built = b.addSet(frame.members)
            case .dict:
                var ks: [Int] = []
                var vs: [Int] = []
                var i = 0
                while i + 1 < frame.members.count {
                    ks.append(frame.members[i])
                    vs.append(frame.members[i + 1])
                    i += 2
                }
                built = b.addDict(keys: ks, values: vs)
            default: built = b.addArray(frame.members)
            }
            if stack.isEmpty { result = built } else { stack[stack.count - 1].members.append(built) }
        }
        return result
    }

    private mutating func scalarNode(_ value: ArchiveValue, objectIndex: Int?) throws(ArchiveError) -> Int? {
        switch value {
        case .nil: return b.addUID(0)
        case .bool(let v): return b.addBool(v)
        case .int(let v, _): return b.addInteger(v)
        case .unsignedInt(let v): return b.addInteger(v)
        case .wideInt(let v): return b.addInteger(v)
        case .float(let v): return b.addReal(v)
        case .double(let v): return b.addReal(v)
        case .date(let v): return b.addDate(v)
        case .bytes(let r): return b.addData(graph.storage[r.range])
        case .string(let r, let enc):
            if enc == .utf16BigEndian { return b.addUTF16String(bigEndianUnits: Array(graph.storage[r.range])) }
            return b.addString(graph.string(value) ?? "")
        case .ref(let n):
            guard n >= 0 else {
                throw ArchiveError(.encodingFailed, "a reference to object \(n) cannot be written as a UID", objectIndex: objectIndex)
            }
            return b.addUID(UInt64(n))
        case .array, .set, .dict:
            return nil
        }
    }
}

extension ArchiveGraph {
    /// Where a keyed archive describes each class: the `$objects` index of its existing class-description
    /// entry, or of one appended after the last object (in first-use order), and the classes appended.
    /// - Throws: ``ArchiveError/Code/encodingFailed`` for an object whose class index is outside the class table.
    func keyedClassEntries() throws(ArchiveError) -> (entry: [Int], appended: [Int]) {
        var entry = [Int](repeating: -1, count: classes.count)
        for (i, o) in objects.enumerated() where o.kind == .classDescription {
            if o.classIndex >= 0, o.classIndex < entry.count, entry[o.classIndex] < 0 { entry[o.classIndex] = i }
        }
        var appended: [Int] = []
        for o in objects where o.kind == .object {
            guard o.classIndex >= 0, o.classIndex < entry.count else {
                throw ArchiveError(.encodingFailed, "an object names class \(o.classIndex), outside the class table")
            }
            if entry[o.classIndex] < 0 {
                entry[o.classIndex] = objects.count + appended.count
                appended.append(o.classIndex)
            }
        }
        return (entry, appended)
    }
}
