import KeyedArchive

extension NibDocument {
    /// Reads `IB.objectdata` → `NSIBObjectData`.
    mutating func readAppKit() throws(ArchiveError) {
        let g = graph
        guard let data = g.nibObjectIndex(g.topValue(forKey: "IB.objectdata")) else {
            throw ArchiveError(.typeMismatch, "IB.objectdata does not reference an object", keyPath: ["IB.objectdata"])
        }
        objectDataIndex = data
        let root = g.nibObjectIndex(g.value(ofObject: data, forKey: "NSRoot"))
        // A nib has a handful of placeholders: one allocation.
        placeholders.reserveCapacity(8)
        if let root {
            filesOwner = reference(root)
            placeholders.append(NibPlaceholder(object: reference(root), kind: .filesOwner, identifier: "IBFilesOwner"))
        }

        // Parent links: NSObjectsKeys[i] → NSObjectsValues[i].
        let keys = g.nibElements(data, "NSObjectsKeys") ?? []
        let values = g.nibElements(data, "NSObjectsValues") ?? []
        guard keys.count == values.count else {
            throw ArchiveError(.corrupt, "NSObjectsKeys has \(keys.count) entries but NSObjectsValues has \(values.count)",
                               objectIndex: data, keyPath: ["NSObjectsKeys"])
        }
        // Objects listed in NSObjectsKeys, by archive index (nibObjectIndex only returns indices in range).
        var listed = [Bool](repeating: false, count: g.objects.count)
        objects.reserveCapacity(keys.count)
        parents.reserveCapacity(keys.count)
        for (k, v) in zip(keys, values) {
            guard let child = g.nibObjectIndex(k) else { continue }
            let ref = reference(child)
            objects.append(ref)
            if let parent = g.nibObjectIndex(v) { parents.append(NibParentLink(object: ref, parent: reference(parent))) }
            listed[child] = true
        }

        // Placeholders: NSCustomObject "FirstResponder" / "NSApplication", external-object placeholders;
        // in archive order.
        for i in g.objects.indices where i != root && (listed[i] || classRoles.role(ofObject: i, in: g).contains(.externalPlaceholder)) {
            switch g.className(ofObject: i) {
            case "NSCustomObject":
                switch g.nibString(i, "NSClassName") {
                case "FirstResponder"?:
                    placeholders.append(NibPlaceholder(object: reference(i), kind: .firstResponder, identifier: "IBFirstResponder"))
                case "NSApplication"?:
                    placeholders.append(NibPlaceholder(object: reference(i), kind: .application, identifier: "NSApplication"))
                default: break
                }
            case "NSNibExternalObjectPlaceholder":
                let id = try g.nibRequiredString(i, "NSExternalObjectPlaceholderIdentifier") ?? ""
                placeholders.append(NibPlaceholder(object: reference(i), kind: NibPlaceholder.kind(forIdentifier: id), identifier: id))
            default: break
            }
        }
        let proxies = Set(placeholders.map(\.object.index))
        if let root {
            topLevelObjects = parents.filter { $0.parent.index == root && !proxies.contains($0.object.index) }.map(\.object)
        }
        visibleWindows = (g.nibElements(data, "NSVisibleWindows") ?? []).compactMap { g.nibObjectIndex($0) }.map { reference($0) }
        accessibilityConfigurations = g.nibObjectIndices(data, "NSAccessibilityConnectors").map { reference($0) }

        for c in g.nibObjectIndices(data, "NSConnections") {
            if g.className(ofObject: c) == "NSIBUserDefinedRuntimeAttributesConnector" {
                try readRuntimeAttributes(c)
            } else {
                connections.append(try appKitConnection(c))
            }
        }
    }

    private func appKitConnection(_ c: Int) throws(ArchiveError) -> NibConnection {
        let g = graph
        let kind: NibConnection.Kind = switch g.className(ofObject: c) ?? "" {
        case "NSNibOutletConnector": .outlet
        case "NSNibControlConnector": .action
        case "NSNibAuxiliaryActionConnector": .auxiliaryAction
        case "NSNibBindingConnector": .binding
        default: .other
        }
        var conn = NibConnection(object: reference(c), kind: kind, label: try g.nibRequiredString(c, "NSLabel") ?? "")
        conn.source = g.nibObjectIndex(g.value(ofObject: c, forKey: "NSSource")).map { reference($0) }
        conn.destination = g.nibObjectIndex(g.value(ofObject: c, forKey: "NSDestination")).map { reference($0) }
        if kind == .binding {
            conn.label = g.nibString(c, "NSBinding") ?? conn.label
            conn.bindingKeyPath = g.nibString(c, "NSKeyPath")
        }
        return conn
    }

    private mutating func readRuntimeAttributes(_ c: Int) throws(ArchiveError) {
        let g = graph
        guard let target = g.nibObjectIndex(g.value(ofObject: c, forKey: "NSObject")) else {
            throw ArchiveError(.valueNotFound, "runtime-attributes connector has no NSObject", objectIndex: c, keyPath: ["NSObject"])
        }
        let keyPaths = g.nibElements(c, "NSKeyPaths") ?? []
        let values = g.nibElements(c, "NSValues") ?? []
        guard keyPaths.count == values.count else {
            throw ArchiveError(.corrupt, "NSKeyPaths has \(keyPaths.count) entries but NSValues has \(values.count)",
                               objectIndex: c, keyPath: ["NSKeyPaths"])
        }
        for (k, v) in zip(keyPaths, values) {
            runtimeAttributes.append(NibRuntimeAttribute(object: reference(target), keyPath: g.nibString(k) ?? "",
                                                         value: archivedValue(v), holder: reference(c)))
        }
    }
}
