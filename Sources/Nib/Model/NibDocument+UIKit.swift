import KeyedArchive

extension NibDocument {
    /// Reads the UIKit root keys (object 0 of a NIBArchive, or `$top` of a pre-iOS-6 keyed nib).
    mutating func readUIKit() throws(ArchiveError) {
        let g = graph
        func list(_ key: String) -> [Int] {
            (g.nibElements(g.topValue(forKey: key)) ?? []).compactMap { g.nibObjectIndex($0) }
        }
        for i in Set(list("UINibTopLevelObjectsKey") + list("UINibObjectsKey") + proxyIndices()).sorted() {
            guard g.className(ofObject: i) == "UIProxyObject" else { continue }
            let id = try g.nibRequiredString(i, "UIProxiedObjectIdentifier") ?? ""
            let p = NibPlaceholder(object: reference(i), kind: NibPlaceholder.kind(forIdentifier: id), identifier: id)
            placeholders.append(p)
            if p.kind == .filesOwner, filesOwner == nil { filesOwner = p.object }
        }
        let proxies = Set(placeholders.map(\.object.index))
        topLevelObjects = list("UINibTopLevelObjectsKey").filter { !proxies.contains($0) }.map { reference($0) }
        objects = list("UINibObjectsKey").map { reference($0) }
        visibleWindows = list("UINibVisibleWindowsKey").map { reference($0) }
        accessibilityConfigurations = list("UINibAccessibilityConfigurationsKey").map { reference($0) }

        for c in list("UINibConnectionsKey") {
            connections.append(try uikitConnection(c))
        }
        for p in list("UINibKeyValuePairsKey") {
            guard let target = g.nibObjectIndex(g.value(ofObject: p, forKey: "UIObject")) else {
                throw ArchiveError(.valueNotFound, "UINibKeyValuePair has no UIObject", objectIndex: p, keyPath: ["UINibKeyValuePairsKey", "UIObject"])
            }
            let keyPath = try g.nibRequiredString(p, "UIKeyPath") ?? ""
            runtimeAttributes.append(NibRuntimeAttribute(object: reference(target), keyPath: keyPath,
                                                         value: archivedValue(g.value(ofObject: p, forKey: "UIValue")),
                                                         holder: reference(p)))
        }
    }

    /// Every `UIProxyObject` in the archive (storyboards write proxies that only connections reach).
    private func proxyIndices() -> [Int] {
        var out: [Int] = []
        for i in graph.objects.indices where graph.className(ofObject: i) == "UIProxyObject" { out.append(i) }
        return out
    }

    private func uikitConnection(_ c: Int) throws(ArchiveError) -> NibConnection {
        let g = graph
        let cls = g.className(ofObject: c) ?? ""
        let kind: NibConnection.Kind = switch cls {
        case "UIRuntimeOutletConnection": .outlet
        case "UIRuntimeEventConnection": .action
        case "UIRuntimeOutletCollectionConnection": .outletCollection
        default: .other
        }
        var conn = NibConnection(object: reference(c), kind: kind, label: try g.nibRequiredString(c, "UILabel") ?? "")
        conn.source = g.nibObjectIndex(g.value(ofObject: c, forKey: "UISource")).map { reference($0) }
        let dest = g.value(ofObject: c, forKey: "UIDestination")
        if kind == .outletCollection {
            conn.destinations = (g.nibElements(dest) ?? []).compactMap { g.nibObjectIndex($0) }.map { reference($0) }
            conn.appendsToCollection = g.nibBool(c, "addsContentToExistingCollection") ?? false
            conn.collectionClassName = g.nibString(c, "runtimeCollectionClassName")
        } else {
            conn.destination = g.nibObjectIndex(dest).map { reference($0) }
        }
        if kind == .action {
            if let m = g.nibInt(c, "UIEventMask") {
                guard let u = UInt64(exactly: m) else {
                    throw ArchiveError(.overflow, "UIEventMask \(m) is negative", objectIndex: c, keyPath: ["UIEventMask"])
                }
                conn.eventMask = u
            } else {
                conn.eventMask = 0
            }
        }
        return conn
    }

    /// A display form of an archived value.
    func archivedValue(_ value: ArchiveValue?) -> NibArchivedValue {
        guard let value else { return .null }
        let g = graph
        if let s = g.nibString(value) { return .string(s) }
        let v = g.nibResolved(value)
        switch v {
        case .nil: return .null
        case let .bool(b): return .bool(b)
        case let .int(i, _): return .int(i)
        case let .unsignedInt(u): return Int64(exactly: u).map(NibArchivedValue.int) ?? .double(Double(u))
        case let .float(f): return .double(Double(f))
        case let .double(d), let .date(d): return .double(d)
        case let .bytes(r): return .data(count: r.count)
        case .wideInt: return .null
        case .string: return .string(g.string(v) ?? "")
        case .array, .set, .dict:
            return .array(g.items(v).compactMap { g.nibObjectIndex($0) }.map { reference($0) })
        case let .ref(i):
            if let n = number(i) { return n }
            if let elements = g.nibElements(v) {
                return .array(elements.compactMap { g.nibObjectIndex($0) }.map { reference($0) })
            }
            return .object(reference(i))
        }
    }

    /// An `NSNumber` object's value (`NS.intval`, `NS.dblval`, …).
    private func number(_ i: Int) -> NibArchivedValue? {
        guard graph.className(ofObject: i) == "NSNumber" else { return nil }
        for kv in graph.values(ofObject: i) {
            switch graph.nibResolved(kv.value) {
            case let .int(n, _): return .int(n)
            case let .bool(b): return .bool(b)
            case let .double(d): return .double(d)
            case let .float(f): return .double(Double(f))
            default: continue
            }
        }
        return nil
    }
}
