import KeyedArchive

/// Compiles a legacy UIKit XIB (`com.apple.InterfaceBuilder3.CocoaTouch.XIB`) as Interface Builder 3's
/// compiler wrote its keyed nib: each `IBUI…` object becomes the `UI…` object UIKit's coder would have
/// archived (frames as bounds and centre, `NSvFlags` as the autoresizing keys, `NSColor`s as
/// `UIColor`s, button titles as per-state content, defaults left out), custom classes become
/// `UIClassSwapper`s, and the root holds UIKit's lists (`UINibObjectsKey`, `UINibConnectionsKey`, …).
///
/// File's Owner is object record -1 and First Responder -2 (the other way round from AppKit); both are
/// `UIProxyObject`s of the nib. Keys a class rule does not take are renamed `IBUI…` → `UI…`, which is
/// how Interface Builder 3 named the runtime keys; its own bookkeeping (simulated metrics, responder
/// links) is dropped.
struct LegacyUIKitNibBuilder: LegacyNibDiagnosing {
    let archive: LegacyIBArchive
    let container: LegacyIBContainer
    var graph = NibGraph()
    var diagnostics: [NibCompileDiagnostic] = []
    /// Archive objects and their graph objects, made once each and filled in in order.
    private var copies = LegacyCopyQueue()
    /// The accessibility configurations of the objects filled in so far, for the root's list.
    private var accessibility: [NibGraph.Value] = []
    /// Colours and fonts made so far, by value: Interface Builder 3 archived equal ones once.
    var colors: [[Float]: NibGraph.Value] = [:]
    var fonts: [String: NibGraph.Value] = [:]

    static let ownerID: Int64 = -1
    static let firstResponderID: Int64 = -2

    /// Table cells' content views: Interface Builder 3 archived them as plain `IBUIView`s, UIKit's cells
    /// have a `UITableViewCellContentView` (as the modern encoder writes it).
    private let cellContentViews: Set<Int>

    init(_ archive: LegacyIBArchive) throws(ArchiveError) {
        self.archive = archive
        container = try LegacyIBContainer(archive)
        cellContentViews = Set(archive.objects.indices.filter { archive.objects[$0].className == "IBUITableViewCell" }
            .compactMap { archive.object($0, "IBUIContentView") }.filter { archive.objects[$0].className == "IBUIView" })
    }

    /// The nib graph (NIBArchive conventions) and what the compile had to say.
    static func build(_ archive: LegacyIBArchive) throws(ArchiveError) -> (NibGraph, [NibCompileDiagnostic]) {
        var b = try LegacyUIKitNibBuilder(archive)
        try b.build()
        return (b.graph, b.diagnostics)
    }

    private mutating func build() throws(ArchiveError) {
        let root = graph.add("NSObject")
        guard container.records.contains(where: { $0.objectID == Self.ownerID && $0.object != nil }) else {
            throw archive.tree.error(.corrupt, "the archive has no File's Owner (object record \(Self.ownerID))", at: archive.objects[0].element)
        }
        let documentRoot = container.records.first { $0.objectID == 0 }?.object

        // Top-level objects in the document's order; each is followed in the object list by the objects
        // below it, breadth first (a view's subviews in their order, then its other records).
        var topLevel: [NibGraph.Value] = []
        var listed: [NibGraph.Value] = []
        var children: [Int: [Int]] = [:]
        for r in container.records where r.objectID != 0 {
            guard let o = r.object, let p = r.parent, p != documentRoot else { continue }
            children[p, default: []].append(o)
        }
        var seen = Set<Int>()
        for top in container.rootObjects where seen.insert(top).inserted {
            let value = try copy(top)
            topLevel.append(value)
            listed.append(value)
            var level = [top]
            var next = 0
            while next < level.count {
                let o = level[next]
                next += 1
                for c in orderedChildren(of: o, children[o] ?? []) where seen.insert(c).inserted {
                    listed.append(try copy(c))
                    level.append(c)
                }
            }
        }

        var connections: [NibGraph.Value] = []
        for c in container.connections {
            if let v = try connection(c) { connections.append(v) }
        }
        try drainQueue()

        graph.set(root, "UINibTopLevelObjectsKey", graph.collection("NSArray", topLevel))
        graph.set(root, "UINibObjectsKey", graph.collection("NSArray", listed))
        graph.set(root, "UINibConnectionsKey", graph.collection("NSArray", connections))
        graph.set(root, "UINibVisibleWindowsKey", graph.collection("NSArray", []))
        graph.set(root, "UINibAccessibilityConfigurationsKey", graph.collection("NSArray", accessibility))
    }

    /// `records` below `o`: its subviews first, in their order, then the rest in record order.
    private func orderedChildren(of o: Int, _ records: [Int]) -> [Int] {
        guard let list = archive.object(o, "NSSubviews") else { return records }
        let subviews = archive.elements(list).compactMap { v -> Int? in if case .object(let i) = v { i } else { nil } }
        let inRecords = Set(records)
        let known = Set(subviews)
        return subviews.filter(inRecords.contains) + records.filter { !known.contains($0) }
    }

    /// `UIRuntimeOutletConnection` or `UIRuntimeEventConnection` of a connection record, or nil (with a
    /// warning) for a kind not compiled.
    private mutating func connection(_ c: LegacyIBContainer.Connection) throws(ArchiveError) -> NibGraph.Value? {
        let cls: String
        switch c.className {
        case "IBCocoaTouchOutletConnection": cls = "UIRuntimeOutletConnection"
        case "IBCocoaTouchEventConnection": cls = "UIRuntimeEventConnection"
        default:
            warn("a \(c.className) is not compiled", archive.objects[c.object].element)
            return nil
        }
        guard let source = c.source, let destination = c.destination else {
            warn("a \(c.className) without its source or destination is not compiled", archive.objects[c.object].element)
            return nil
        }
        let i = graph.add(cls)
        graph.set(i, "UISource", try copy(source))
        graph.set(i, "UIDestination", try copy(destination))
        graph.set(i, "UILabel", graph.string(c.label ?? ""))
        // IBEventType n is UIControlEvents bit n - 1 (7: touch up inside, 64); a bar button item's action
        // has none, and no mask.
        if cls == "UIRuntimeEventConnection", let type = archive.int(c.object, "IBEventType") {
            guard type >= 1, type <= 32 else {
                throw archive.tree.error(.corrupt, "event connection \(c.id) has IBEventType \(type), outside 1…32", at: archive.objects[c.object].element)
            }
            graph.set(i, "UIEventMask", .int(1 << (type - 1)))
        }
        return .ref(i)
    }

    // MARK: Objects

    /// The graph value of archive object `o`: its translation, made now (filled in by ``drainQueue()``).
    mutating func copy(_ o: Int) throws(ArchiveError) -> NibGraph.Value {
        if let c = copies[o] { return .ref(c) }
        let runtime = cellContentViews.contains(o) ? "UITableViewCellContentView" : Self.runtimeClass(archive.objects[o].className)
        // Interface Builder's own objects (simulated metrics, anything else of its classes) are no class
        // the runtime has: archiving one would make the nib fail to load.
        if runtime.hasPrefix("IB") || Self.designTimeClasses.contains(runtime) {
            warn("Interface Builder's \(archive.objects[o].className) is not compiled", archive.objects[o].element)
            return .null
        }
        let custom = customClass(of: o)
        let c = graph.add(custom == nil ? runtime : "UIClassSwapper")
        if let custom {
            graph.set(c, "UIClassName", graph.string(custom))
            graph.set(c, "UIOriginalClassName", graph.string(runtime))
        }
        copies.add(o, c)
        return .ref(c)
    }

    /// Classes of Interface Builder 3's library that only the editor has, named as they would be renamed.
    static let designTimeClasses: Set<String> = [
        "UISimulatedStatusBarMetrics", "UISimulatedOrientationMetrics", "UISimulatedNavigationBarMetrics",
        "UISimulatedToolbarMetrics", "UISimulatedTabBarMetrics", "UISimulatedBottomBarMetrics", "UITextInputTraits",
        "UIAccessibilityConfiguration",
    ]

    /// Whether a traits value is its default (0, NO).
    static func isZero(_ v: LegacyIBArchive.Value) -> Bool { v == .int(0) || v == .bool(false) || v == .null }

    /// `IBUIView` → `UIView`, `IBProxyObject` → `UIProxyObject`; other classes keep their names.
    static func runtimeClass(_ name: String) -> String {
        if name.hasPrefix("IBUI") { return String(name.dropFirst(2)) }
        if name == "IBProxyObject" { return "UIProxyObject" }
        return name
    }

    /// The custom class archive object `o` is swapped for, if any (placeholders are never swapped).
    private func customClass(of o: Int) -> String? {
        guard archive.objects[o].className != "IBProxyObject", let custom = container.customClassName(of: o),
              custom != Self.runtimeClass(archive.objects[o].className) else { return nil }
        return custom
    }

    /// Fills in every copied object's values, translating what they refer to in turn (no recursion).
    private mutating func drainQueue() throws(ArchiveError) {
        while let (o, c) = copies.pop() {
            if let members = try archive.collectionMembers(o) {
                graph.set(c, "NSInlinedValue", .bool(true))
                for m in members { graph.set(c, NibGraph.elementKey, try member(m)) }
                continue
            }
            var taken = LegacyUIKitClasses.bookkeepingKeys
            try LegacyUIKitClasses.encode(o, into: c, taken: &taken, &self)
            for e in archive.objects[o].entries {
                guard let key = e.key else {
                    warn("an unkeyed value in a \(archive.objects[o].className) is not compiled", e.element)
                    continue
                }
                // Nil and default values are not archived; neither is Interface Builder's simulated chrome.
                guard !taken.contains(key), !key.hasPrefix("IBUISimulated"), e.value != .null,
                      !LegacyUIKitClasses.isDefault(key, e.value) else { continue }
                guard key.hasPrefix("IBUI") else {
                    warn("\(archive.objects[o].className)'s \(key) is not compiled", e.element)
                    continue
                }
                // An accessibility configuration is no value of its object: UIKit applies it from the
                // root's list, as a `UIRuntimeAccessibilityConfiguration` naming the object.
                if case .object(let cfg) = e.value, archive.objects[cfg].className == "IBUIAccessibilityConfiguration" {
                    accessibility.append(try accessibilityConfiguration(cfg, of: c))
                    continue
                }
                // A text field's or text view's traits object: its keys are the owner's own in UIKit.
                if case .object(let traits) = e.value, archive.objects[traits].className == "IBUITextInputTraits" {
                    for t in archive.objects[traits].entries {
                        guard let k = t.key, k.hasPrefix("IBUI"), !Self.isZero(t.value) else { continue }
                        graph.set(c, String(k.dropFirst(2)), try value(t.value))
                    }
                    continue
                }
                graph.set(c, String(key.dropFirst(2)), try value(e.value))
            }
        }
    }

    /// A `UIRuntimeAccessibilityConfiguration` of graph object `c` from Interface Builder 3's configuration
    /// `cfg`: `UIAccessibileObject` (UIKit's spelling), and its `IBUI…` keys renamed, numbers and booleans
    /// as `NSNumber` objects (UIKit decodes every one of them as an object).
    private mutating func accessibilityConfiguration(_ cfg: Int, of c: Int) throws(ArchiveError) -> NibGraph.Value {
        let r = graph.add("UIRuntimeAccessibilityConfiguration")
        graph.set(r, "UIAccessibileObject", .ref(c))
        for t in archive.objects[cfg].entries {
            guard let k = t.key, k.hasPrefix("IBUI"), t.value != .null else { continue }
            let key = String(k.dropFirst(2))
            switch t.value {
            case .int(let n): graph.set(r, key, graph.number(n))
            case .bool(let b): graph.set(r, key, graph.boolNumber(b))
            default: graph.set(r, key, try value(t.value))
            }
        }
        return .ref(r)
    }

    /// An entry's value in the graph: scalars inline; `NSColor`, `NSFont` and image resources as UIKit's
    /// objects; other objects, collections too, translated once through the queue (a collection that
    /// holds itself is one object, not a recursion).
    mutating func value(_ v: LegacyIBArchive.Value) throws(ArchiveError) -> NibGraph.Value {
        switch v {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .int(let n): return .int(n)
        case .double(let d): return .double(d)
        case .float(let f): return .float(f)
        case .string(let s): return graph.string(s)
        case .bytes(let b): return .bytes(b)
        case .object(let o): return try object(o)
        }
    }

    /// ``value(_:)`` of a member of a collection: numbers become `NSNumber` objects.
    private mutating func member(_ v: LegacyIBArchive.Value) throws(ArchiveError) -> NibGraph.Value {
        switch v {
        case .bool(let b): return graph.boolNumber(b)
        case .int(let n): return graph.number(n)
        case .double(let d): return graph.number(d)
        case .float(let f): return graph.number(Double(f))
        case .bytes(let b): return graph.data(b)
        default: return try value(v)
        }
    }

    private mutating func object(_ o: Int) throws(ArchiveError) -> NibGraph.Value {
        switch archive.objects[o].className {
        case "NSColor": return LegacyUIKitValues.color(o, &self)
        case "NSFont": return LegacyUIKitValues.font(o, &self)
        case "NSCustomResource": return LegacyUIKitValues.image(o, &self)
        case "NSString", "NSMutableString": return graph.string(archive.string(o, "NS.bytes") ?? "")
        default: return try copy(o)
        }
    }

}
