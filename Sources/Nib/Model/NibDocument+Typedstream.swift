import KeyedArchive

/// The `NSIBObjectData` of an Interface Builder 2 `objects.nib` (a typedstream), read positionally in
/// the order it writes its fields, as seen in every such nib we hold:
///
/// 1. `@` the root (File's Owner)
/// 2. `i` n, then n × `@@` (object, parent): the object tree
/// 3. `i` n, then n × `@@` (object, name)
/// 4. `@` visible windows (a set), `@` connections (an array), `@` the font manager (nil)
/// 5. `i` n, then n × `@i` (object, object id); then further counters and the class table.
///
/// Connectors (`NSNibOutletConnector`, `NSNibControlConnector`, `NSIBHelpConnector`) write `@@@`:
/// source, destination, label. `NSCustomObject` writes `@@`: its class name, then nil.
struct NibTypedstreamObjectData {
    let graph: ArchiveGraph
    let data: Int
    let values: ArraySlice<ArchiveKeyedValue>
    var position: Int

    init(graph: ArchiveGraph, data: Int) {
        self.graph = graph
        self.data = data
        values = graph.values(ofObject: data)
        position = values.startIndex
    }

    /// The next value, which must have been written with `type`.
    mutating func next(_ type: String, _ what: String) throws(ArchiveError) -> ArchiveValue {
        guard position < values.endIndex else {
            throw ArchiveError(.valueNotFound, "NSIBObjectData ends before its \(what)", objectIndex: data, keyPath: [what])
        }
        let kv = values[position]
        guard graph.keys[kv.key] == type else {
            throw ArchiveError(.typeMismatch, "NSIBObjectData's \(what) is written as \"\(graph.keys[kv.key])\", not \"\(type)\"",
                               objectIndex: data, keyPath: [what])
        }
        position += 1
        return kv.value
    }

    mutating func count(_ what: String) throws(ArchiveError) -> Int {
        guard case .int(let n, _) = try next("i", what), n >= 0, n <= Int64(values.count) else {
            throw ArchiveError(.corrupt, "NSIBObjectData's \(what) count is not a count of its values", objectIndex: data, keyPath: [what])
        }
        return Int(n)
    }
}

extension ArchiveGraph {
    /// The text of a typedstream `NSString` object (its `+` bytes), or nil.
    func typedstreamString(_ value: ArchiveValue?) -> String? {
        guard case .ref(let n)? = value, n >= 0, n < objects.count, objects[n].kind == .object,
              case .bytes(let r)? = self.values(ofObject: n).first?.value else { return nil }
        return String(validating: storage[r.range], as: UTF8.self)
    }

    /// The `@` members of a typedstream `NSArray`/`NSSet` object (after its count).
    func typedstreamMembers(_ value: ArchiveValue) -> [Int] {
        guard case .ref(let n) = value, n >= 0, n < objects.count else { return [] }
        return self.values(ofObject: n).dropFirst().compactMap { if case .ref(let m) = $0.value { m } else { nil } }
    }
}

extension NibDocument {
    /// Reads an Interface Builder 2 `objects.nib`: placeholders, the object tree, top-level objects,
    /// visible windows and connections.
    mutating func readTypedstreamAppKit() throws(ArchiveError) {
        let g = graph
        guard case .ref(let data)? = g.top.first?.value, g.className(ofObject: data) == "NSIBObjectData" else {
            throw ArchiveError(.notANibArchive, "the typedstream's root is not an NSIBObjectData", keyPath: ["$top"])
        }
        objectDataIndex = data
        var r = NibTypedstreamObjectData(graph: g, data: data)
        let root = g.nibObjectIndex(try r.next("@", "root"))
        if let root {
            filesOwner = reference(root)
            placeholders.append(NibPlaceholder(object: reference(root), kind: .filesOwner, identifier: "IBFilesOwner"))
        }
        for _ in 0 ..< (try r.count("object tree")) {
            let child = g.nibObjectIndex(try r.next("@@", "object tree"))
            let parent = g.nibObjectIndex(try r.next("@@", "object tree"))
            guard let child else { continue }
            objects.append(reference(child))
            if let parent { parents.append(NibParentLink(object: reference(child), parent: reference(parent))) }
        }
        for _ in 0 ..< (try r.count("names")) {
            _ = try r.next("@@", "names")
            _ = try r.next("@@", "names")
        }
        visibleWindows = g.typedstreamMembers(try r.next("@", "visible windows")).map { reference($0) }
        let connectors = g.typedstreamMembers(try r.next("@", "connections"))

        for i in Set(objects.map(\.index)).sorted() where i != root && g.className(ofObject: i) == "NSCustomObject" {
            switch g.typedstreamString(g.values(ofObject: i).first?.value) {
            case "FirstResponder"?: placeholders.append(NibPlaceholder(object: reference(i), kind: .firstResponder, identifier: "IBFirstResponder"))
            case "NSApplication"?: placeholders.append(NibPlaceholder(object: reference(i), kind: .application, identifier: "NSApplication"))
            default: break
            }
        }
        let proxies = Set(placeholders.map(\.object.index))
        if let root {
            topLevelObjects = parents.filter { $0.parent.index == root && !proxies.contains($0.object.index) }.map(\.object)
        }
        for c in connectors {
            let kind: NibConnection.Kind = switch g.className(ofObject: c) ?? "" {
            case "NSNibOutletConnector": .outlet
            case "NSNibControlConnector": .action
            default: .other
            }
            let fields = g.values(ofObject: c).filter { g.keys[$0.key] == "@@@" }.map(\.value)
            guard fields.count == 3 else {
                throw ArchiveError(.typeMismatch, "connector \(g.className(ofObject: c) ?? "?") does not start with @@@ (source, destination, label)",
                                   objectIndex: c)
            }
            var conn = NibConnection(object: reference(c), kind: kind, label: g.typedstreamString(fields[2]) ?? "")
            conn.source = g.nibObjectIndex(fields[0]).map { reference($0) }
            conn.destination = g.nibObjectIndex(fields[1]).map { reference($0) }
            connections.append(conn)
        }
    }
}
