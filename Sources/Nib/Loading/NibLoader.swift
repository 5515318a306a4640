import KeyedArchive

/// One instantiation of a ``Nib``: the phases, in order, all in this one place.
///
/// 1. Placeholders are substituted (owner, externals, First Responder stand-in).
/// 2. Every object is created (`init()`), so forward references and cycles resolve.
/// 3. Every object decodes its fields (generic objects keep them; registered classes run
///    ``NibInstantiable/decodeNib(from:)``), in archive order.
/// 4. Steps in order. UIKit: runtime attributes (`UINibKeyValuePairsKey`) first, then connections in archive
///    order. AppKit: `NSConnections` in order, runtime-attribute connectors where they stand.
/// 5. `awakeFromNib` for every non-placeholder of `UINibObjectsKey`/`NSObjectsKeys` in archive order;
///    AppKit then the owner, last.
/// 6. Visible windows go to the `showWindow` hook.
struct NibLoader {
    let nib: NibStorage
    var plan: NibLoadPlan { nib.plan }
    let owner: AnyObject?
    let externals: [String: AnyObject]
    let options: NibInstantiationOptions
    var table: [AnyObject?]
    /// The generic objects of ``table`` (same indices), so hot loops need no dynamic casts.
    var generics: [NibObject?]
    var diagnostics: [NibDiagnostic] = []
    var actions: [(sender: AnyObject, action: NibTargetAction)] = []
    var keysCache: [ObjectIdentifier: NibKeys?] = [:]

    init(nib: NibStorage, owner: AnyObject?, externalObjects: [String: AnyObject], options: NibInstantiationOptions) {
        self.nib = nib
        self.owner = owner
        self.externals = externalObjects
        self.options = options
        self.table = [AnyObject?](repeating: nil, count: nib.plan.objectCount)
        self.generics = [NibObject?](repeating: nil, count: nib.plan.objectCount)
    }

    mutating func run() throws(ArchiveError) -> NibInstantiation {
        try substitutePlaceholders()
        let registered = createObjects()
        try decodeFields(registered)
        try applySteps()
        awake()
        if let show = options.showWindow {
            for w in plan.visibleWindows { if let o = table[w] { show(o) } }
        }
        return NibInstantiation(topLevelObjects: plan.topLevel.compactMap { table[$0] }, owner: owner,
                                diagnostics: diagnostics, actions: actions, table: table)
    }

    // MARK: 1. Placeholders

    private mutating func substitutePlaceholders() throws(ArchiveError) {
        for (index, p) in plan.placeholders {
            switch p.kind {
            case .filesOwner:
                table[index] = owner
            case .firstResponder:
                table[index] = NibFirstResponder.shared
            case .application:
                table[index] = externals[p.identifier] ?? NibObject(
                    plan: NibObjectPlan(index: index, archivedClassName: "NSCustomObject", className: "NSApplication", originalClassName: nil,
                                        construction: .plainInit, isImagePlaceholder: false),
                    className: "NSApplication", customClassName: nil)
            case .storyboard, .upstream, .external:
                guard let o = externals[p.identifier] else {
                    throw ArchiveError(.missingExternalObject,
                                       "\(nib.name): no external object for placeholder '\(p.identifier)'; pass it in externalObjects",
                                       objectIndex: index, keyPath: [p.identifier])
                }
                table[index] = o
            }
        }
    }

    // MARK: 2. Create

    /// Phase 1: every object exists before any field is read. Returns the registered objects to decode.
    private mutating func createObjects() -> [Registered] {
        let entries = options.registry.entries(for: plan.classNames)
        var registered: [Registered] = []
        // Object index → image placeholder record, only when images are provided.
        var imageRecords: [Int: NibImagePlaceholder] = [:]
        if options.imageProvider != nil {
            for r in nib.document.imagePlaceholders where imageRecords[r.object.index] == nil { imageRecords[r.object.index] = r }
        }
        for p in plan.objectPlans {
            if p.isImagePlaceholder, let provide = options.imageProvider,
               let image = provide(imageRecords[p.index] ?? NibImagePlaceholder(object: nib.document.reference(p.index))) {
                table[p.index] = image
                continue
            }
            var entry = entries[Int(p.classSlot)]
            var custom: String?
            var className = p.className
            if entry == nil, let original = p.originalClassName {
                // A swapper to its own original class (ibtool writes one for a plain custom view under
                // direct instantiation) substitutes nothing: no diagnostic, no custom class.
                if p.className != original {
                    diagnostics.append(NibDiagnostic(kind: .unknownClass,
                                                     message: "Unknown class \(p.className) in Interface Builder file; using \(original)",
                                                     objectIndex: p.index))
                    custom = p.className
                }
                className = original
                entry = p.originalSlot >= 0 ? entries[Int(p.originalSlot)] : nil
            }
            if let entry {
                table[p.index] = entry.make()
                if p.construction == .coder { registered.append(Registered(plan: p, entry: entry)) }
            } else {
                let generic = NibObject(plan: p, className: className, customClassName: custom)
                table[p.index] = generic
                generics[p.index] = generic
            }
        }
        return registered
    }

    // MARK: 3. Decode fields

    /// An object of a registered class, to decode in phase 3. A struct, not a tuple: arrays of tuples
    /// copy and destroy through the runtime's generic witnesses.
    struct Registered {
        let plan: NibObjectPlan
        let entry: NibClassRegistry.Entry
    }

    private mutating func decodeFields(_ registered: [Registered]) throws(ArchiveError) {
        // Generic objects: resolve their reference slots (every object exists by now).
        for p in plan.objectPlans where !p.refTargets.isEmpty {
            guard let generic = generics[p.index] else { continue }
            generic.heldRefs = p.refTargets.map { NibHeldRef(table[$0], owning: owns(p.index, $0)) }
        }
        let unarchiver = registered.contains { $0.entry.isKeyedCoding } ? keyedUnarchiver() : nil
        for r in registered {
            let p = r.plan, entry = r.entry
            guard let object = table[p.index] else { continue }
            if entry.isKeyedCoding, let unarchiver, let coding = object as? any KeyedCoding {
                try unarchiver.decodeFields(of: coding, forObjectAt: p.index)
                continue
            }
            do {
                try entry.decode(object, NibCoder(plan: p, refs: p.refTargets.map { table[$0] }, graph: nib.document.graph))
            } catch let e as ArchiveError {
                throw e.objectIndex == nil ? ArchiveError(e.code, e.reason, objectIndex: p.index, keyPath: e.keyPath) : e
            } catch {
                throw ArchiveError(.typeMismatch, "\(p.className) failed to decode: \(error)", objectIndex: p.index)
            }
        }
        // The view tree: generic subviews get their superview back-pointer (UIKit does not archive it);
        // registered view stand-ins receive their subviews in archive order.
        for p in plan.objectPlans where !p.subviewTargets.isEmpty {
            if let parent = generics[p.index] {
                for t in p.subviewTargets {
                    if let sub = generics[t], sub.superview == nil { sub.superview = parent }
                }
            } else if let parent = table[p.index] as? any NibViewHierarchy {
                for t in p.subviewTargets { if let sub = table[t] { parent.nibAddSubview(sub) } }
            }
        }
    }

    /// A `KeyedUnarchiver` over the nib's graph with every `KeyedCoding` object of this instantiation
    /// (created objects, generic objects and substituted placeholders) registered at its index.
    private func keyedUnarchiver() -> KeyedUnarchiver {
        var options = KeyedUnarchiver.Options()
        options.limits = nib.limits
        let u = KeyedUnarchiver(graph: nib.document.graph, options: options)
        for (i, o) in table.enumerated() {
            if let coding = o as? any KeyedCoding { u.register(coding, forObjectAt: i) }
        }
        return u
    }

    // MARK: 4. Connections and runtime attributes

    /// Whether a step touches the owner while the owner is nil (such steps are skipped).
    private func touchesNilOwner(_ first: Int?, _ second: Int?, _ more: [Int]) -> Bool {
        guard owner == nil, let o = plan.ownerIndex else { return false }
        return first == o || second == o || more.contains(o)
    }

    private mutating func applySteps() throws(ArchiveError) {
        for step in plan.steps {
            switch step {
            case let .attribute(a):
                if touchesNilOwner(a.target, nil, a.refTargets) {
                    diagnostics.append(NibDiagnostic(kind: .skippedNilOwner, message: "runtime attribute \(a.keyPath) skipped: nil owner", objectIndex: a.holderIndex))
                    continue
                }
                guard let target = table[a.target] else { continue }
                let refs = a.refTargets.map { $0 < table.count ? table[$0] : nil }
                let owned = ownedObjects(from: a.target, a.refTargets)
                try set(a.keyPath, a.value.resolve(refs), on: target, append: false, attribute: true, at: a.holderIndex,
                        owns: { owned.contains(ObjectIdentifier($0)) })
            case let .connection(c):
                if touchesNilOwner(c.source, c.destination, c.destinations) {
                    diagnostics.append(NibDiagnostic(kind: .skippedNilOwner, message: "\(c.kind.rawValue) '\(c.label)' skipped: nil owner", objectIndex: c.objectIndex))
                    continue
                }
                try connect(c)
            }
        }
    }

    private mutating func connect(_ c: NibLoadPlan.ConnectionStep) throws(ArchiveError) {
        guard let sourceIndex = c.source, let source = table[sourceIndex] else { return }
        switch c.kind {
        case .outlet:
            let value: NibValue = c.destination.flatMap { table[$0] }.map(NibValue.object) ?? .null
            let owning = c.destination.map { owns(sourceIndex, $0) } ?? false
            try set(c.label, value, on: source, append: false, attribute: false, at: c.objectIndex, owns: { _ in owning })
        case .outletCollection:
            let members = c.destinations.compactMap { table[$0] }.map(NibValue.object)
            let owned = ownedObjects(from: sourceIndex, c.destinations)
            try set(c.label, .array(members), on: source, append: c.appends, attribute: false, at: c.objectIndex,
                    owns: { owned.contains(ObjectIdentifier($0)) })
        case .action, .auxiliaryAction:
            let target = c.destination.flatMap { table[$0] }
            let viaResponderChain = target == nil || target is NibFirstResponder
            let action = NibTargetAction(target: viaResponderChain ? nil : target, selector: c.label, eventMask: c.eventMask,
                                         targetsFirstResponder: viaResponderChain, kind: c.kind)
            (source as? any NibActionSource)?.addNibAction(action)
            actions.append((source, action))
            if let target, !viaResponderChain, !NibActionDispatcher.responds(target, to: c.label) {
                diagnostics.append(NibDiagnostic(kind: .unknownAction, message: "\(type(of: target)) declares no action \(c.label)", objectIndex: c.objectIndex))
            }
        case .binding:
            let target = c.destination.flatMap { table[$0] }
            let owning = c.destination.map { owns(sourceIndex, $0) } ?? false
            (source as? NibObject)?.heldBindings.append((c.label, NibHeldRef(target, owning: owning), c.bindingKeyPath))
        case .other:
            break
        }
    }

    /// Sets `keyPath` on `object` through its declared setter (the one mechanism for outlets and
    /// attributes). A dotted key path walks declared children first, iteratively.
    /// Generic objects store the value, holding strongly only the objects `owns` accepts.
    private mutating func set(_ keyPath: String, _ value: NibValue, on object: AnyObject, append: Bool, attribute: Bool, at index: Int,
                              owns: (AnyObject) -> Bool) throws(ArchiveError) {
        if let generic = object as? NibObject {
            store(keyPath, NibHeldValue(value, owns: owns), on: generic, append: append, attribute: attribute)
            return
        }
        var target = object
        var rest = Substring(keyPath)
        while true {
            if let generic = target as? NibObject {
                store(String(rest), NibHeldValue(value, owns: owns), on: generic, append: append, attribute: attribute)
                return
            }
            let keys = self.keys(for: target)
            let key = String(rest)
            if let setter = (append ? keys?.appenders[key] : nil) ?? keys?.setters[key] {
                do {
                    try setter(target, value)
                } catch let e as ArchiveError {
                    throw ArchiveError(e.code, "\(nib.name): \(type(of: target)).\(e.reason)", objectIndex: index, keyPath: [keyPath])
                } catch {
                    throw ArchiveError(.outletTypeMismatch, "\(nib.name): setting \(keyPath) on \(type(of: target)) failed: \(error)",
                                       objectIndex: index, keyPath: [keyPath])
                }
                return
            }
            guard let dot = rest.firstIndex(of: "."), let child = keys?.children[String(rest[..<dot])]?(target) else { break }
            target = child
            rest = rest[rest.index(after: dot)...]
        }
        let message = "\(nib.name): class \(type(of: target)) declares no \(attribute ? "attribute" : "outlet") '\(rest)'"
        if options.collectsUndeclaredOutlets {
            diagnostics.append(NibDiagnostic(kind: .undeclaredOutlet, message: message, objectIndex: index))
        } else {
            throw ArchiveError(.undeclaredOutlet, message, objectIndex: index, keyPath: [keyPath])
        }
    }

    private func store(_ keyPath: String, _ value: NibHeldValue, on generic: NibObject, append: Bool, attribute: Bool) {
        if attribute { generic.heldAttributes.append((keyPath, value)) } else { generic.setOutlet(keyPath, value, append: append) }
    }

    // MARK: Ownership

    /// Whether a reference from archive object `source` to archive object `target` is owning: the target
    /// ranks strictly later (placeholders and objects outside the archive rank -1 and are never owned).
    private func owns(_ source: Int, _ target: Int) -> Bool {
        rank(target) > rank(source)
    }

    private func rank(_ index: Int) -> Int32 {
        index >= 0 && index < plan.ownershipRank.count ? plan.ownershipRank[index] : -1
    }

    /// The objects among `targets` that a reference from `source` owns.
    private func ownedObjects(from source: Int, _ targets: [Int]) -> Set<ObjectIdentifier> {
        var owned = Set<ObjectIdentifier>()
        for t in targets where owns(source, t) {
            if t < table.count, let o = table[t] { owned.insert(ObjectIdentifier(o)) }
        }
        return owned
    }

    private mutating func keys(for object: AnyObject) -> NibKeys? {
        let id = ObjectIdentifier(type(of: object))
        if let hit = keysCache[id] { return hit }
        let k = NibKeysCache.keys(for: object)
        keysCache[id] = k
        return k
    }

    // MARK: 5. Awake

    private func awake() {
        // Placeholders are not in the awake order, so every entry is a distinct object created here.
        for i in plan.awakeOrder {
            if let generic = generics[i] {
                generic.awakeCount += 1
            } else if let c = table[i] as? any NibConnectable {
                c.awakeFromNib()
            }
        }
        if plan.awakesOwnerLast, let owner = owner as? any NibConnectable { owner.awakeFromNib() }
        else if plan.awakesOwnerLast, let owner = owner as? NibObject { owner.awakeCount += 1 }
    }
}
