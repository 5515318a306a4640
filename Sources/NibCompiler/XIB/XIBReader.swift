import KeyedArchive

/// Builds an ``XIBDocument`` from its XML in one pass over the elements (which are in document order,
/// so a parent always comes before its children and nothing recurses).
struct XIBReader {
    let tree: XMLTree

    /// Element names of `<connections>` entries.
    static let connectionKinds: [String: XIBConnection.Kind] = [
        "outlet": .outlet, "outletCollection": .outletCollection, "action": .action, "segue": .segue, "binding": .binding,
    ]

    /// A legacy Interface Builder 3 XIB: its archived objects, with the header the compiler needs (the
    /// runtime from the archive type, the deployment target from `IBDocument.SystemTarget`).
    func legacyDocument() throws(ArchiveError) -> XIBDocument {
        let root = tree.elements[tree.root]
        let type = root["type"] ?? ""
        let runtime: XIBRuntime
        switch type {
        case "com.apple.InterfaceBuilder3.Cocoa.XIB": runtime = .cocoa
        case "com.apple.InterfaceBuilder3.CocoaTouch.XIB", "com.apple.InterfaceBuilder3.CocoaTouch.iPad.XIB": runtime = .cocoaTouch
        default:
            throw tree.error(.unsupportedFormat, "legacy Interface Builder 3 XIB of type \(type) (<archive> version \(root["version"] ?? "?")): only AppKit (com.apple.InterfaceBuilder3.Cocoa.XIB) and UIKit (com.apple.InterfaceBuilder3.CocoaTouch[.iPad].XIB) ones are compiled; open and save it in a current Xcode", at: tree.root)
        }
        let archive = try LegacyIBArchive(tree: tree)
        var doc = XIBDocument(
            tree: tree, kind: .xib, runtime: runtime, type: type, targetRuntime: runtime == .cocoa ? "MacOSX.Cocoa" : "iOS.CocoaTouch",
            toolsVersion: archive.string(0, "IBDocument.InterfaceBuilderVersion"), useAutolayout: false,
            deploymentIdentifier: runtime == .cocoa ? "macosx" : "iphoneos", deploymentVersion: nil, plugins: [], initialViewController: nil,
            objects: [], topLevel: [], scenes: [], resources: [], objectIndex: [:])
        // An AppKit `IBDocument.SystemTarget` is the OS version's digits: 1060 is 10.6.
        if runtime == .cocoa, let target = archive.int(0, "IBDocument.SystemTarget"), target >= 1000, target < 10_000 {
            doc.deploymentVersion = (Int(target / 100), Int(target % 100 / 10))
        }
        doc.legacyArchive = archive
        return doc
    }

    func read() throws(ArchiveError) -> XIBDocument {
        let rootElement = tree.elements[tree.root]
        guard rootElement.name == "document" else {
            if rootElement.name == "archive" { return try legacyDocument() }
            throw tree.error(.unsupportedFormat, "root element <\(rootElement.name)> is not a XIB or storyboard <document>", at: tree.root)
        }
        guard rootElement["version"] == "3.0" else {
            throw tree.error(.unsupportedFormat, "document version \(rootElement["version"] ?? "(none)") is not supported (only 3.0)", at: tree.root)
        }
        let type = rootElement["type"] ?? ""
        let targetRuntime = rootElement["targetRuntime"] ?? ""
        guard !targetRuntime.isEmpty else { throw tree.error(.corrupt, "<document> has no targetRuntime", at: tree.root) }

        var doc = XIBDocument(
            tree: tree, kind: type.hasSuffix("Storyboard.XIB") ? .storyboard : .xib,
            runtime: targetRuntime.hasPrefix("MacOSX") ? .cocoa : .cocoaTouch,
            type: type, targetRuntime: targetRuntime, toolsVersion: rootElement["toolsVersion"],
            useAutolayout: rootElement["useAutolayout"] == "YES", deploymentIdentifier: nil, deploymentVersion: nil,
            plugins: [], initialViewController: rootElement["initialViewController"], objects: [], topLevel: [],
            scenes: [], resources: [], objectIndex: [:])

        // objectOf[e]: the object element e is, or sits inside (-1 outside every object).
        var objectOf = [Int](repeating: -1, count: tree.elements.count)
        for (e, el) in tree.elements.enumerated() {
            let parentObject = el.parent >= 0 ? objectOf[el.parent] : -1
            objectOf[e] = parentObject
            let parentName = el.parent >= 0 ? tree.elements[el.parent].name : ""
            switch el.name {
            case "deployment" where parentName == "dependencies":
                doc.deploymentIdentifier = el["identifier"]
                doc.deploymentVersion = (el["version"] ?? el["defaultVersion"]).flatMap { Self.deploymentVersion($0, identifier: el["identifier"]) }
                continue
            case "plugIn" where parentName == "dependencies":
                doc.plugins.append((el["identifier"] ?? "", el["version"]))
                continue
            case "userDefinedRuntimeAttribute":
                guard parentObject >= 0 else { throw tree.error(.corrupt, "<userDefinedRuntimeAttribute> outside an object", at: e) }
                guard let keyPath = el["keyPath"] else { throw tree.error(.corrupt, "<userDefinedRuntimeAttribute> without a keyPath", at: e) }
                doc.objects[parentObject].runtimeAttributes.append(
                    XIBRuntimeAttribute(element: e, keyPath: keyPath, type: el["type"] ?? "nil", value: el["value"]))
                continue
            case "scene":
                doc.scenes.append(XIBScene(id: el["sceneID"] ?? "", objects: [], element: e))
                continue
            default:
                break
            }
            if parentName == "resources" {
                doc.resources.append(XIBResource(kind: el.name, name: el["name"] ?? "", element: e))
                continue
            }
            if parentName == "connections", let kind = Self.connectionKinds[el.name] {
                guard parentObject >= 0 else { throw tree.error(.corrupt, "<\(el.name)> outside an object", at: e) }
                doc.objects[parentObject].connections.append(try connection(kind, e, owner: parentObject))
                continue
            }
            guard let id = el["id"] ?? implicitID(of: e, in: parentObject, doc) else { continue }
            if let other = doc.objectIndex[id] {
                let first = tree.elements[doc.objects[other].element]
                throw tree.error(.corrupt, "id \"\(id)\" is used twice (first by <\(first.name)> at line \(first.line))", at: e)
            }
            let index = doc.objects.count
            doc.objects.append(XIBObject(
                element: e, name: el.name, id: id, key: el["key"], parent: parentObject >= 0 ? parentObject : nil,
                customClass: el["customClass"], customModule: el["customModule"], customModuleProvider: el["customModuleProvider"],
                userLabel: el["userLabel"], placeholderIdentifier: el["placeholderIdentifier"]))
            doc.objectIndex[id] = index
            objectOf[e] = index
            if parentObject >= 0 {
                doc.objects[parentObject].children.append(index)
            } else if parentName == "objects" {
                // Top level: a XIB's <objects>, or the <objects> of a storyboard scene.
                let grand = tree.elements[el.parent].parent
                if grand >= 0, tree.elements[grand].name == "scene", !doc.scenes.isEmpty {
                    doc.scenes[doc.scenes.count - 1].objects.append(index)
                } else {
                    doc.topLevel.append(index)
                }
            }
        }
        try checkDestinations(doc)
        return doc
    }

    /// Documents of Xcode 10 and earlier leave a box's or a collection view cell's `<view key="contentView">`
    /// without an id; it is an object all the same (its subviews and constraints are inside it). Its id is
    /// its parent's with `#contentView`: `#` is in no id Interface Builder writes.
    func implicitID(of e: Int, in parentObject: Int, _ doc: XIBDocument) -> String? {
        guard parentObject >= 0, tree.elements[e]["key"] == "contentView", tree.elements[e].parent == doc.objects[parentObject].element else { return nil }
        return doc.objects[parentObject].id + "#contentView"
    }

    /// One connection element.
    func connection(_ kind: XIBConnection.Kind, _ e: Int, owner: Int) throws(ArchiveError) -> XIBConnection {
        let el = tree.elements[e]
        var c = XIBConnection(kind: kind, element: e, owner: owner, id: el["id"], label: nil, destination: el["destination"],
                              eventType: nil, detail: nil, keyPath: nil)
        switch kind {
        case .outlet, .outletCollection:
            c.label = el["property"]
            c.detail = el["collectionClass"]
            guard c.label != nil else { throw tree.error(.corrupt, "<\(el.name)> without a property", at: e) }
            guard c.destination != nil else { throw tree.error(.corrupt, "<\(el.name) property=\"\(c.label ?? "")\"> without a destination", at: e) }
        case .action:
            c.label = el["selector"]
            c.eventType = el["eventType"]
            if c.destination == nil { c.destination = el["target"] }
            guard c.label != nil else { throw tree.error(.corrupt, "<action> without a selector", at: e) }
        case .segue:
            c.label = el["identifier"]
            c.detail = el["kind"]
            guard c.destination != nil || c.detail == "unwind" else { throw tree.error(.corrupt, "<segue> without a destination", at: e) }
        case .binding:
            c.label = el["name"]
            c.keyPath = el["keyPath"]
            guard c.label != nil, c.destination != nil else { throw tree.error(.corrupt, "<binding> without a name or destination", at: e) }
        }
        return c
    }

    /// Every connection end names an object of the document (placeholder ids included).
    func checkDestinations(_ doc: XIBDocument) throws(ArchiveError) {
        for o in doc.objects {
            for c in o.connections {
                guard let d = c.destination, doc.objectIndex[d] == nil else { continue }
                throw tree.error(.corrupt, "<\(tree.elements[c.element].name)> refers to id \"\(d)\", which no object has", at: c.element)
            }
        }
    }

    /// IB's deployment version: for iOS the decimal digits of `major << 8 | minor << 4 | patch`
    /// (`2096` → 8.3, `1792` → 7.0); for macOS the digits themselves (`1070` → 10.7, `101300` → 10.13).
    static func deploymentVersion(_ text: String, identifier: String?) -> (major: Int, minor: Int)? {
        guard let v = Int(text), v >= 0, v < 1 << 24 else { return nil }
        if identifier == "macosx" {
            return v >= 100_000 ? (v / 10_000, v / 100 % 100) : (v / 100, v / 10 % 10)
        }
        return (v >> 8, (v >> 4) & 0xF)
    }
}
