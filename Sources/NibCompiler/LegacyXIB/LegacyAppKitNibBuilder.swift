import KeyedArchive

/// Compiles a legacy AppKit XIB (`com.apple.InterfaceBuilder3.Cocoa.XIB`) as Interface Builder 3 wrote
/// its `keyedobjects.nib`: the archived objects are already in their runtime form, so they are copied
/// (custom classes become `NSClassSwapper`s), and the `NSIBObjectData` is built from the object and
/// connection records, with that era's tables (`NSNamesKeys`, `NSClassesKeys`, `NSNextOid`, …).
///
/// File's Owner is object record -2, First Responder -1, the application -3. First Responder is no
/// object of the nib: an action sent to it has no `NSDestination`.
struct LegacyAppKitNibBuilder: LegacyNibDiagnosing {
    let archive: LegacyIBArchive
    let container: LegacyIBContainer
    var graph = NibGraph()
    var diagnostics: [NibCompileDiagnostic] = []
    /// Archive objects and their graph objects, made once each and filled in in order.
    private var copies = LegacyCopyQueue()
    private var firstResponder: Int?

    /// AppKit documents' ids of File's Owner and First Responder (UIKit ones have them the other way round).
    static let ownerID: Int64 = -2
    static let firstResponderID: Int64 = -1
    static let arrayClasses: Set<String> = ["NSArray", "NSMutableArray", "NSSet", "NSMutableSet"]
    static let dictionaryClasses: Set<String> = ["NSDictionary", "NSMutableDictionary"]
    /// Classes that name their class themselves (`NSClassName`): a custom class is not swapped in.
    static let selfNamingClasses: Set<String> = ["NSCustomObject", "NSCustomView"]

    /// Views that were in a window when archived: the view trees open in Interface Builder 3's editor.
    private let windowed: Set<Int>

    init(_ archive: LegacyIBArchive) throws(ArchiveError) {
        self.archive = archive
        container = try LegacyIBContainer(archive)
        // A view tree Interface Builder 3 had open in an editor window (one of its objects, or its window,
        // is in `IBDocument.EditedObjectIDs`) was in a window when it was archived.
        firstResponder = container.records.first { $0.objectID == Self.firstResponderID }?.object
        let edited = Set((archive.object(0, "IBDocument.EditedObjectIDs").map { archive.elements($0) } ?? []).compactMap { v -> Int64? in
            if case .int(let n) = v { return n }
            return nil
        })
        var windowed = Set<Int>()
        for o in container.rootObjects {
            let isWindow = archive.objects[o].className == "NSWindowTemplate"
            guard let root = isWindow ? archive.object(o, "NSWindowView") : archive.value(o, "NSvFlags") != nil ? o : nil else { continue }
            var tree: [Int] = []
            var seen = Set<Int>()
            var pending = [root]
            while let v = pending.popLast() {
                guard seen.insert(v).inserted else { continue }
                tree.append(v)
                if let subviews = archive.object(v, "NSSubviews") {
                    for case .object(let s) in archive.elements(subviews) { pending.append(s) }
                }
            }
            let ids = container.ids
            let wasOpen = ids[o].map(edited.contains) == true || tree.contains { ids[$0].map(edited.contains) == true }
            if wasOpen { windowed.formUnion(tree) }
        }
        self.windowed = windowed
    }

    /// The nib graph (NIBArchive conventions) and what the compile had to say.
    static func build(_ archive: LegacyIBArchive) throws(ArchiveError) -> (NibGraph, [NibCompileDiagnostic]) {
        var b = try LegacyAppKitNibBuilder(archive)
        try b.build()
        return (b.graph, b.diagnostics)
    }

    private mutating func build() throws(ArchiveError) {
        let root = graph.add("NSObject")
        let data = graph.add("NSIBObjectData")
        graph.set(root, "IB.objectdata", .ref(data))
        guard let ownerObject = container.records.first(where: { $0.objectID == Self.ownerID })?.object else {
            throw archive.tree.error(.corrupt, "the archive has no File's Owner (object record \(Self.ownerID))", at: archive.objects[0].element)
        }
        let documentRoot = container.records.first { $0.objectID == 0 }?.object
        let owner = try copy(ownerObject)

        // The objects (all but the document root, File's Owner and First Responder) and their parents.
        var objects: [NibGraph.Value] = [], parents: [NibGraph.Value] = []
        var oids: [(NibGraph.Value, Int64)] = [(owner, 1)]
        var names: [(NibGraph.Value, String)] = []
        let naming = LegacyObjectNames(archive: archive)
        let contentViews = Set(archive.objects.indices.filter { archive.objects[$0].className == "NSWindowTemplate" }.compactMap { archive.object($0, "NSWindowView") })
        let prototypes = Set(archive.objects.indices.compactMap { archive.object($0, "NSProtoCell") })
        for r in container.records {
            guard let o = r.object, r.objectID != 0, r.objectID != Self.firstResponderID else { continue }
            let v = try copy(o)
            if let name = r.name ?? naming.name(of: o, customClass: customClass(of: o), isContentView: contentViews.contains(o),
                                                isPrototype: prototypes.contains(o)) {
                names.append((v, name))
            }
            guard r.objectID != Self.ownerID else { continue }
            objects.append(v)
            parents.append(r.parent == nil || r.parent == documentRoot ? owner : try copy(r.parent ?? ownerObject))
            oids.append((v, r.objectID))
        }

        var connectors: [NibGraph.Value] = []
        for c in container.connections {
            guard let connector = try connector(c) else { continue }
            connectors.append(connector)
            oids.append((connector, c.id))
        }
        // Tool tips are help connectors after the connections, numbered on from the largest id.
        let tips = try toolTips()
        guard container.maxID < Int64.max - Int64(tips.count) else {
            throw archive.tree.error(.corrupt, "maxID \(container.maxID) leaves no ids for \(tips.count) tool tips and the next object", at: archive.objects[0].element)
        }
        var nextOid = container.maxID + 1
        for tip in tips {
            connectors.append(tip)
            oids.append((tip, nextOid))
            nextOid += 1
        }

        var visible: [NibGraph.Value] = []
        for r in container.records where r.objectID > 0 {
            guard let o = r.object, archive.objects[o].className == "NSWindowTemplate" else { continue }
            if case .bool(true)? = container.property(r.objectID, "NSWindowTemplate.visibleAtLaunch") { visible.append(try copy(o)) }
        }
        try drainQueue()

        var classes: [(NibGraph.Value, String)] = []
        for (o, name) in swapped.sorted(by: { $0.key < $1.key }) { classes.append((.ref(o), name)) }

        graph.set(data, "NSRoot", owner)
        graph.set(data, "NSVisibleWindows", graph.collection("NSMutableSet", visible))
        graph.set(data, "NSConnections", graph.collection("NSMutableArray", connectors))
        graph.set(data, "NSObjectsKeys", graph.collection("NSArray", objects))
        graph.set(data, "NSObjectsValues", graph.collection("NSArray", parents))
        graph.set(data, "NSOidsKeys", graph.collection("NSArray", oids.map(\.0)))
        let oidNumbers = oids.map { graph.number($0.1) }
        graph.set(data, "NSOidsValues", graph.collection("NSArray", oidNumbers))
        graph.set(data, "NSNamesKeys", graph.collection("NSArray", names.map(\.0)))
        let nameStrings = LegacyObjectNames.numbered(names.map(\.1)).map { graph.string($0) }
        graph.set(data, "NSNamesValues", graph.collection("NSArray", nameStrings))
        graph.set(data, "NSClassesKeys", graph.collection("NSArray", classes.map(\.0)))
        let classStrings = classes.map { graph.string($0.1) }
        graph.set(data, "NSClassesValues", graph.collection("NSArray", classStrings))
        graph.set(data, "NSNextOid", .int(nextOid))
        graph.set(data, "NSFramework", graph.string("IBCocoaFramework"))
        // Nil even beside a font manager object (nv's MainMenu has one): so in all 12 legacy pairs.
        graph.set(data, "NSFontManager", .null)
        graph.set(data, "NSAccessibilityConnectors", graph.collection("NSMutableArray", []))
        graph.set(data, "NSAccessibilityOidsKeys", graph.collection("NSArray", []))
        graph.set(data, "NSAccessibilityOidsValues", graph.collection("NSArray", []))
    }

    /// Copies of swapped objects → their custom class.
    private var swapped: [Int: String] = [:]

    /// An `NSIBHelpConnector` per tool tip: the flattened `IBAttributePlaceholdersKey` of an object
    /// holds an `IBToolTipAttribute` (its object and text), in the order of the properties' keys.
    private mutating func toolTips() throws(ArchiveError) -> [NibGraph.Value] {
        var out: [NibGraph.Value] = []
        for key in container.properties.keys.sorted() where key.hasSuffix(".IBAttributePlaceholdersKey") {
            guard case .object(let placeholders)? = container.properties[key] else { continue }
            for (name, attribute) in try archive.dictionaryEntries(placeholders) {
                guard name == .string("ToolTip"), case .object(let a) = attribute, archive.objects[a].className == "IBToolTipAttribute",
                      let target = archive.object(a, "object") else { continue }
                let i = graph.add("NSIBHelpConnector")
                graph.set(i, "NSDestination", try copy(target))
                graph.set(i, "NSFile", graph.string("NSToolTipHelpKey"))
                graph.set(i, "NSMarker", graph.string(archive.string(a, "toolTip") ?? ""))
                out.append(.ref(i))
            }
        }
        return out
    }

    /// The connector of a connection record, or nil (with a warning) for a kind not compiled.
    private mutating func connector(_ c: LegacyIBContainer.Connection) throws(ArchiveError) -> NibGraph.Value? {
        let cls: String
        switch c.className {
        case "IBOutletConnection": cls = "NSNibOutletConnector"
        case "IBActionConnection": cls = "NSNibControlConnector"
        default:
            // A binding record holds the runtime connector itself.
            if let inner = archive.object(c.object, "connector") { return try copy(inner) }
            warn("a \(c.className) is not compiled", archive.objects[c.object].element)
            return nil
        }
        // An action record's source is the target and its destination the control: the connector's
        // source is the control.
        let (source, destination) = cls == "NSNibControlConnector" ? (c.destination, c.source) : (c.source, c.destination)
        let i = graph.add(cls)
        if let s = source { graph.set(i, "NSSource", try copy(s)) }
        if let d = destination, d != firstResponder { graph.set(i, "NSDestination", try copy(d)) }
        graph.set(i, "NSLabel", graph.string(c.label ?? ""))
        return .ref(i)
    }

    /// The graph value of archive object `o`: its copy, made now (filled in by ``drainQueue()``).
    private mutating func copy(_ o: Int) throws(ArchiveError) -> NibGraph.Value {
        if let c = copies[o] { return .ref(c) }
        let original = archive.objects[o].className
        let custom = customClass(of: o)
        let c = graph.add(custom == nil ? original : "NSClassSwapper")
        if let custom {
            graph.set(c, "NSClassName", graph.string(custom))
            graph.set(c, "NSOriginalClassName", graph.string(original))
            swapped[c] = custom
        }
        copies.add(o, c)
        return .ref(c)
    }

    /// The custom class archive object `o` is swapped for, if any (objects that name their class
    /// themselves are never swapped).
    private func customClass(of o: Int) -> String? {
        let cls = archive.objects[o].className
        guard !Self.selfNamingClasses.contains(cls), let custom = container.customClassName(of: o), custom != cls else { return nil }
        return custom
    }

    /// Fills in every copied object's values, copying what they refer to in turn (no recursion).
    private mutating func drainQueue() throws(ArchiveError) {
        while let (o, c) = copies.pop() {
            let object = archive.objects[o]
            if let members = try archive.collectionMembers(o) {
                graph.set(c, "NSInlinedValue", .bool(true))
                for m in members { graph.set(c, NibGraph.elementKey, try value(m, member: true)) }
            } else if object.className == "NSMutableString" || object.className == "NSString" {
                // The coder's `<characters key="NS.bytes">`: the string's UTF-8.
                let text = archive.string(o, "NS.bytes") ?? ""
                graph.set(c, "NS.bytes", .bytes(Array(text.utf8)))
            } else {
                for e in object.entries {
                    guard let key = e.key else {
                        warn("an unkeyed value in a \(object.className) is not compiled", e.element)
                        continue
                    }
                    graph.set(c, key, try value(e.value, member: false))
                }
                // A view in a window is archived with its window, which a nib's views do not have yet.
                if windowed.contains(o), archive.value(o, "NSWindow") == nil { graph.set(c, "NSWindow", .null) }
                // A tab view's nil delegate is archived, though the XIB leaves it out (nv's NotationPrefsView,
                // the corpus's one legacy tab view; its outlet connections stay connectors).
                if object.className == "NSTabView", archive.value(o, "NSDelegate") == nil { graph.set(c, "NSDelegate", .null) }
            }
        }
    }

    /// An entry's value in the graph: scalars inline, or as `NSNumber`/`NSData` objects when they are
    /// `member`s of a collection; strings are shared `NSString`s.
    private mutating func value(_ v: LegacyIBArchive.Value, member: Bool) throws(ArchiveError) -> NibGraph.Value {
        switch v {
        case .null: return .null
        case .bool(let b): return member ? graph.boolNumber(b) : .bool(b)
        case .int(let n): return member ? graph.number(n) : .int(n)
        case .double(let d): return member ? graph.number(d) : .double(d)
        case .float(let f): return member ? graph.number(Double(f)) : .float(f)
        case .string(let s): return graph.string(s)
        case .bytes(let b): return member ? graph.data(b) : .bytes(b)
        case .object(let o): return o == firstResponder ? .null : try copy(o)
        }
    }

}
