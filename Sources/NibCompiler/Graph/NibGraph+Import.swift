import KeyedArchive

extension NibGraph {
    /// Copies the objects reachable from object `root` of `source`, a graph in NIBArchive conventions,
    /// into this graph and returns the copy of `root`. Strings join this graph's shared strings; an
    /// explicit queue walks the source (no recursion), and each source object is copied once.
    ///
    /// - Throws: ``ArchiveError`` when a value has no NIBArchive form (an inline collection or plist
    ///   scalar of a keyed archive that was not converted) or a reference leaves the object table.
    mutating func importObjects(from source: ArchiveGraph, root: Int) throws(ArchiveError) -> Value {
        var copies: [Int: Int] = [:]
        var queue: [Int] = []
        func copy(_ i: Int, _ graph: inout NibGraph) throws(ArchiveError) -> Value {
            guard i >= 0, i < source.objects.count, source.objects[i].kind == .object else {
                throw ArchiveError(.corrupt, "an imported object refers to object \(i), which is not an object", objectIndex: i)
            }
            if let c = copies[i] { return .ref(c) }
            if source.className(ofObject: i) == "NSString", let v = source.value(ofObject: i, forKey: "NS.bytes"), case .bytes(let r) = v {
                let shared = graph.string(String(decoding: source.bytes(r), as: UTF8.self))
                if case .ref(let c) = shared { copies[i] = c }
                return shared
            }
            let c = graph.add(source.className(ofObject: i) ?? "NSObject")
            copies[i] = c
            queue.append(i)
            return .ref(c)
        }
        let top = try copy(root, &self)
        var next = 0
        while next < queue.count {
            let i = queue[next]
            next += 1
            guard let c = copies[i] else { continue }
            for kv in source.values(ofObject: i) {
                let value: Value
                switch kv.value {
                case .ref(let j): value = try copy(j, &self)
                case let .int(n, _): value = .int(n)
                case .bool(let b): value = .bool(b)
                case .float(let f): value = .float(f)
                case .double(let d): value = .double(d)
                case .nil: value = .null
                case .bytes(let r): value = .bytes(Array(source.bytes(r)))
                default:
                    throw ArchiveError(.typeMismatch, "a \(kv.value.kindName) has no NIBArchive form", objectIndex: i,
                                       keyPath: [source.keyName(kv.key)])
                }
                set(c, source.keyName(kv.key), value)
            }
        }
        return top
    }
}
