import KeyedArchive

/// Everything `instantiate` needs, computed once per nib: object recipes, placeholder slots,
/// connection and attribute steps in application order, awake order and top-level objects.
struct NibLoadPlan: Sendable {
    enum Step: Sendable {
        case connection(ConnectionStep)
        case attribute(AttributeStep)
    }
    struct ConnectionStep: Sendable {
        let objectIndex: Int
        let kind: NibConnection.Kind
        let label: String
        let source: Int?
        let destination: Int?
        let destinations: [Int]
        let eventMask: UInt64
        let appends: Bool
        let bindingKeyPath: String?
    }
    struct AttributeStep: Sendable {
        let holderIndex: Int
        let target: Int
        let keyPath: String
        let value: NibPlanValue
        let refTargets: [Int]
    }

    let objectCount: Int
    let objectPlans: [NibObjectPlan]
    /// Every distinct class name of the recipes (archived, tried and swapper originals), by slot.
    let classNames: [String]
    /// Placeholder archive index → placeholder.
    let placeholders: [(index: Int, placeholder: NibPlaceholder)]
    let isPlaceholder: [Bool]
    let steps: [Step]
    let awakeOrder: [Int]
    let awakesOwnerLast: Bool
    let topLevel: [Int]
    let visibleWindows: [Int]
    let ownerIndex: Int?
    /// Ownership order of archive objects (see ``NibHeldRef``): breadth-first over object references from
    /// the top-level objects, then from any object not reached, in archive order. Placeholders and
    /// objects that are never created rank -1.
    let ownershipRank: [Int32]
    /// Classes whose objects the loader consumes itself and never creates.
    static let infrastructure: Set<String> = [
        "NSIBObjectData", "UIProxyObject", "NSNibExternalObjectPlaceholder", "UINibKeyValuePair",
        "UIRuntimeOutletConnection", "UIRuntimeEventConnection", "UIRuntimeOutletCollectionConnection",
        "NSNibOutletConnector", "NSNibControlConnector", "NSNibAuxiliaryActionConnector", "NSNibBindingConnector",
        "NSIBUserDefinedRuntimeAttributesConnector", "NSNibConnector", "NSIBHelpConnector",
    ]

    init(document doc: NibDocument, limits: DecodingLimits) throws(ArchiveError) {
        let g = doc.graph
        objectCount = g.objects.count
        var isPlaceholder = [Bool](repeating: false, count: g.objects.count)
        for p in doc.placeholders { isPlaceholder[p.object.index] = true }
        placeholders = doc.placeholders.map { ($0.object.index, $0) }
        ownerIndex = doc.filesOwner?.index
        self.isPlaceholder = isPlaceholder

        var converter = NibPlanConverter(graph: g, roles: doc.classRoles, maxDepth: min(limits.maxDepth, 256),
                                         maxValues: limits.maxObjectCount)
        // The root object (object 0 of a NIBArchive or built graph, holding the UINib*/IB.objectdata keys) is
        // not part of the nib's content; a keyed archive keeps those keys in `$top` instead.
        let rootIndex = g.metadata.source == .keyedArchive ? -1 : 0
        var plans: [NibObjectPlan] = []
        plans.reserveCapacity(g.objects.count)
        var names = NibClassSlots(classCount: g.classes.count)
        for i in g.objects.indices where i != rootIndex && !isPlaceholder[i] {
            let o = g.objects[i]
            let role = converter.roles.role(ofObject: i, in: g)
            guard role.isDisjoint(with: [.value, .infrastructure]), o.kind == .object, o.classIndex >= 0,
                  o.classIndex < g.classes.count else { continue }
            // Most objects try their archived class: one slot per class record, no string hashing or copying.
            let archivedSlot = names.slot(forClass: o.classIndex, in: g)
            // Only swappers and NSClassName holders may try another class (slot(_:) finds a name already numbered).
            let classSlot = role.isDisjoint(with: [.uiClassSwapper, .nsClassNamed]) ? archivedSlot : names.slot(doc.effectiveClassName(i))
            plans.append(try converter.objectPlan(i, archivedSlot: archivedSlot, classSlot: classSlot, slotOf: { names.slot($0) }))
        }
        objectPlans = converter.arena(placing: consume plans, names: names.names)
        classNames = names.names

        var steps: [Step] = []
        // Runtime attributes of UIKit nibs are applied BEFORE connections (as measured on iOS); AppKit's
        // runtime-attribute connectors sit in NSConnections and are applied in that order.
        // Each holder's attributes in order, grouped once (a per-holder scan would be quadratic).
        var attributesOfHolder: [Int: [NibRuntimeAttribute]] = [:]
        for a in doc.runtimeAttributes { attributesOfHolder[a.holder.index, default: []].append(a) }
        func attributeSteps(_ holder: Int) throws(ArchiveError) -> [Step] {
            try (attributesOfHolder[holder] ?? []).enumerated().map { (position, a) throws(ArchiveError) -> Step in
                let raw = Self.rawValue(doc, a, position: position)
                var slots = NibSlotList()
                let v = try converter.convert(raw, slots: &slots, objectIndex: a.holder.index, key: .text(a.keyPath))
                return .attribute(AttributeStep(holderIndex: a.holder.index, target: a.object.index, keyPath: a.keyPath,
                                                value: v, refTargets: slots.targets))
            }
        }
        var holders: [Int] = []
        for a in doc.runtimeAttributes where holders.last != a.holder.index { holders.append(a.holder.index) }
        if doc.platform == .iOS {
            for h in holders { steps += try attributeSteps(h) }
            steps += doc.connections.map { .connection(Self.step($0)) }
        } else {
            // Rebuild NSConnections order with the attribute connectors in place.
            let holderSet = Set(holders)
            // Connector object → its position in doc.connections (positions, so no connection is copied).
            var position = [Int: Int](minimumCapacity: doc.connections.count)
            for (k, c) in doc.connections.enumerated() { position[c.object.index] = k }
            if let data = doc.objectDataIndex {
                steps.reserveCapacity(doc.connections.count + doc.runtimeAttributes.count)
                for c in g.nibObjectIndices(data, "NSConnections") {
                    if holderSet.contains(c) {
                        steps += try attributeSteps(c)
                    } else if let k = position[c] {
                        steps.append(.connection(Self.step(doc.connections[k])))
                    }
                }
            }
        }
        self.steps = steps

        // Sized once: filtering a mapped array grew both by doubling. Listed objects are archive indices
        // (as isPlaceholder's subscript already relies on), so a flag per object replaces a hashed set.
        var seen = [Bool](repeating: false, count: g.objects.count)
        var order: [Int] = []
        order.reserveCapacity(doc.objects.count)
        for o in doc.objects where !isPlaceholder[o.index] && !seen[o.index] {
            seen[o.index] = true
            order.append(o.index)
        }
        awakeOrder = order
        awakesOwnerLast = doc.platform == .macOS
        topLevel = doc.topLevelObjects.map(\.index)
        visibleWindows = doc.visibleWindows.map(\.index)
        ownershipRank = Self.ownershipRanks(objectPlans, targets: converter.targets, seeds: topLevel, count: objectCount)
    }

    /// Breadth-first discovery order over the plans' references (their `refRange`s in `targets`, the
    /// converter's table); every index reached is a plan's. Plans are read for their ranges only.
    static func ownershipRanks(_ plans: [NibObjectPlan], targets: [Int], seeds: [Int], count: Int) -> [Int32] {
        var rank = [Int32](repeating: -1, count: count)
        var planAt = [Int32](repeating: -1, count: count)
        for k in plans.indices where plans[k].index >= 0 && plans[k].index < count { planAt[plans[k].index] = Int32(k) }
        var queue: [Int] = []
        queue.reserveCapacity(plans.count)
        var head = 0
        func discover(_ i: Int) {
            guard i >= 0, i < count, rank[i] < 0, planAt[i] >= 0 else { return }
            rank[i] = Int32(queue.count)
            queue.append(i)
        }
        func drain() {
            while head < queue.count {
                let refs = plans[Int(planAt[queue[head]])].refRange
                head += 1
                for t in targets[refs] { discover(t) }
            }
        }
        for s in seeds { discover(s) }
        drain()
        for k in plans.indices {
            discover(plans[k].index)
            drain()
        }
        return rank
    }

    private static func step(_ c: NibConnection) -> ConnectionStep {
        ConnectionStep(objectIndex: c.object.index, kind: c.kind, label: c.label, source: c.source?.index,
                       destination: c.destination?.index, destinations: (c.destinations ?? []).map(\.index),
                       eventMask: c.eventMask ?? 0, appends: c.appendsToCollection ?? false, bindingKeyPath: c.bindingKeyPath)
    }

    /// The archived value of a runtime attribute: the holder's `UIValue`, or entry `position` (the
    /// attribute's place among its holder's attributes) of the holder's `NSValues`.
    private static func rawValue(_ doc: NibDocument, _ a: NibRuntimeAttribute, position: Int) -> ArchiveValue {
        let g = doc.graph
        if let v = g.value(ofObject: a.holder.index, forKey: "UIValue") { return v }
        let values = g.nibElements(a.holder.index, "NSValues") ?? []
        return position < values.count ? values[position] : .nil
    }
}

/// Converts archived values to ``NibPlanValue``s: Foundation value classes become values, other
/// objects become slots. Nesting of value collections is bounded by `maxDepth`; a collection that
/// contains itself is a `containerCycle` error.
struct NibPlanConverter {
    let graph: ArchiveGraph
    let maxDepth: Int
    let roles: NibClassRoles
    /// Value collections being converted (a flag per archive object): one that contains itself is a cycle.
    var inProgress: [Bool]
    /// Values converted so far, counted at every use: value collections may share members (forty
    /// NSArrays each holding the one before twice are 2^40 values), and a plan repeats what they share.
    var convertedValues = 0
    let maxValues: Int

    /// The key a value is converted under, for errors: an archived key (by index, so converting a field
    /// retains no string) or a runtime attribute's key path.
    enum PlanKey {
        case graph(Int)
        case text(String)
    }

    /// The text of `key`.
    func name(_ key: PlanKey) -> String {
        switch key {
        case let .graph(k): k >= 0 && k < graph.keys.count ? graph.keys[k] : "#\(k)"
        case let .text(t): t
        }
    }

    /// Key indices of `UISubviews` and `NSSubviews` (-1 when the archive has neither).
    let subviewKeys: (Int, Int)
    /// Every recipe's fields and targets, in recipe order (the future ``NibPlanArena``).
    var fields: [NibPlanField] = []
    var targets: [Int] = []
    /// One object's reference targets, reused from object to object.
    private var slotBuffer = NibSlotList()
    /// The arena of recipes not yet placed by ``arena(placing:names:)``.
    static let unplaced = NibPlanArena(fields: [], targets: [], names: [], keys: [])

    init(graph: ArchiveGraph, roles: NibClassRoles, maxDepth: Int, maxValues: Int = DecodingLimits.default.maxObjectCount) {
        self.graph = graph
        self.maxDepth = maxDepth
        self.maxValues = maxValues
        self.roles = roles
        inProgress = [Bool](repeating: false, count: graph.objects.count)
        subviewKeys = (graph.keyIndex("UISubviews") ?? -1, graph.keyIndex("NSSubviews") ?? -1)
        // Recipes hold at most one field per archived value, and about one target per field: one
        // allocation each instead of repeated growth.
        fields.reserveCapacity(graph.values.count)
        targets.reserveCapacity(graph.values.count)
    }

    /// Whether key index `k` spells `UISubviews` or `NSSubviews`.
    private func isSubviewKey(_ k: Int) -> Bool {
        guard k >= 0, k < graph.keys.count else { return false }
        return (subviewKeys.0 >= 0 && graph.sameKey(k, subviewKeys.0)) || (subviewKeys.1 >= 0 && graph.sameKey(k, subviewKeys.1))
    }

    /// The recipe of object `i`, whose archived and tried class names have slots `archivedSlot` and
    /// `classSlot`; `slotOf` numbers a swapper's original class. Its fields and targets go to ``fields``
    /// and ``targets``; ``arena(placing:names:)`` makes the plans point there.
    mutating func objectPlan(_ i: Int, archivedSlot: Int, classSlot: Int,
                             slotOf: (String) -> Int) throws(ArchiveError) -> NibObjectPlan {
        // Taken out of the converter, so the buffer is uniquely referenced and emptied in place.
        var slots = slotBuffer
        slotBuffer = NibSlotList()
        slots.removeAll()
        defer { slotBuffer = slots }
        let fieldStart = fields.count
        let vals = graph.values(ofObject: i)
        let keyCount = graph.keys.count
        for kv in vals {
            // Fields name their key by index (read back through the arena's key table), so it must be one;
            // readers' key tables are bounded by their object limit, far below Int32.max.
            guard kv.key >= 0, kv.key < keyCount, let keyIndex = Int32(exactly: kv.key) else {
                throw ArchiveError(.badReference, "value key \(kv.key), but the archive has \(keyCount) keys", objectIndex: i)
            }
            let value = try convert(kv.value, slots: &slots, objectIndex: i, key: .graph(kv.key))
            fields.append(NibPlanField(keyIndex: keyIndex, value: value))
        }
        var original: String?
        var construction = NibObjectPlan.Construction.coder
        let role = roles.role(ofObject: i, in: graph)
        if role.contains(.uiClassSwapper) {
            original = graph.nibString(i, "UIOriginalClassName")
            if original == "UICustomObject" { construction = .plainInit }
        } else if role.contains(.nsClassSwapper) {
            original = graph.nibString(i, "NSOriginalClassName")
            if original == "NSCustomObject" { construction = .plainInit }
        } else if role.contains(.customObject) {
            construction = .plainInit
        }
        let refStart = targets.count
        // A loop: most recipes have a handful of targets, below what the generic append(contentsOf:) pays per call.
        for t in slots.targets { targets.append(t) }
        let subviewStart = targets.count
        for (n, kv) in vals.enumerated() where isSubviewKey(kv.key) {
            for case let .object(slot) in fields[fieldStart + n].value.members where slot < slots.targets.count {
                targets.append(slots.targets[slot])
            }
        }
        // Slots number distinct class names, so they stay far below Int32.max for any nib a reader accepts.
        guard let archived32 = Int32(exactly: archivedSlot), let class32 = Int32(exactly: classSlot),
              let original32 = Int32(exactly: original.map(slotOf) ?? -1) else {
            throw ArchiveError(.limitExceeded, "more class names than a load plan numbers", objectIndex: i)
        }
        return NibObjectPlan(index: i, arena: Self.unplaced, fieldRange: fieldStart ..< fields.count, refRange: refStart ..< subviewStart,
                             subviewRange: subviewStart ..< targets.count, archivedSlot: archived32, classSlot: class32,
                             originalSlot: original32, construction: construction,
                             isImagePlaceholder: role.contains(.imagePlaceholder))
    }

    /// The arena holding every recipe made so far and the class names `names`, and those recipes pointing into it.
    func arena(placing plans: consuming [NibObjectPlan], names: [String]) -> [NibObjectPlan] {
        let arena = NibPlanArena(fields: fields, targets: targets, names: names, keys: graph.keys)
        // In place: the caller hands its only copy over, so no second table is allocated.
        for i in plans.indices { plans[i] = plans[i].placed(in: arena) }
        return plans
    }

    mutating func convert(_ value: ArchiveValue, slots: inout NibSlotList, objectIndex: Int, key: PlanKey, depth: Int = 0) throws(ArchiveError) -> NibPlanValue {
        guard depth < maxDepth else {
            throw ArchiveError(.limitExceeded, "collections nested deeper than \(maxDepth)", objectIndex: objectIndex, keyPath: [name(key)])
        }
        convertedValues += 1
        guard convertedValues <= maxValues else {
            throw ArchiveError(.limitExceeded, "the nib's values expand to more than \(maxValues) (shared collections repeat at every use)",
                               objectIndex: objectIndex, keyPath: [name(key)])
        }
        let v = graph.nibResolved(value)
        switch v {
        case .nil: return .null
        case let .bool(b): return .bool(b)
        case let .int(i, _): return .int(i)
        case let .unsignedInt(u): return Int64(exactly: u).map(NibPlanValue.int) ?? .double(Double(u))
        case .wideInt: return .null
        case let .float(f): return .double(Double(f))
        case let .double(d), let .date(d): return .double(d)
        case let .bytes(r): return .data(Array(graph.bytes(r)))
        case .string: return .string(graph.string(v) ?? "")
        case .array, .set, .dict:
            let members = graph.items(v)
            var out: [NibPlanValue] = []
            out.reserveCapacity(members.count)
            for m in members { out.append(try convert(m, slots: &slots, objectIndex: objectIndex, key: key, depth: depth + 1)) }
            if case .array = v { return .array(out) }
            if case .set = v { return .set(out) }
            return .dictionary(out)
        case let .ref(target):
            guard target >= 0, target < graph.objects.count else {
                throw ArchiveError(.badReference, "reference to object \(target), but the archive has \(graph.objects.count)",
                                   objectIndex: objectIndex, keyPath: [name(key)])
            }
            let role = roles.role(ofObject: target, in: graph)
            guard !role.isDisjoint(with: .value) else { return .object(slot: slots.slot(for: target)) }
            return try convertValueObject(target, role: role, slots: &slots, key: key, depth: depth)
        }
    }

    private mutating func convertValueObject(_ target: Int, role: NibClassRoles.Role, slots: inout NibSlotList, key: PlanKey, depth: Int) throws(ArchiveError) -> NibPlanValue {
        func located(_ e: ArchiveError) -> ArchiveError {
            e.objectIndex == nil ? ArchiveError(e.code, e.reason, objectIndex: target, keyPath: [name(key)] + e.keyPath) : e
        }
        do {
            if role.contains(.string) { return .string(try graph.string(of: .ref(target)) ?? "") }
            if role.contains(.data) {
                // Keyed NSMutableData stores its bytes under NS.data (Conventions reads NS.bytes only).
                let inner = graph.value(ofObject: target, forKey: "NS.data") ?? .ref(target)
                return .data(Array(try graph.data(of: inner) ?? []))
            }
            if role.contains(.number) {
                switch try graph.number(of: .ref(target)) {
                case let .int(n, _)?: return .int(n)
                case let .bool(b)?: return .bool(b)
                case let .double(d)?: return .double(d)
                case let .float(f)?: return .double(Double(f))
                case let .unsignedInt(u)?: return Int64(exactly: u).map(NibPlanValue.int) ?? .double(Double(u))
                default: return .null
                }
            }
        } catch {
            throw located(error)
        }
        // `target` was range-checked by convert before it came here.
        guard !inProgress[target] else {
            throw ArchiveError(.containerCycle, "collection object \(target) contains itself", objectIndex: target, keyPath: [name(key)])
        }
        inProgress[target] = true
        defer { inProgress[target] = false }
        var out: [NibPlanValue] = []
        if role.contains(.dictionary) {
            let entries: [(key: ArchiveValue, value: ArchiveValue)]
            do { entries = try graph.dictionaryEntries(ofObject: target) } catch { throw located(error) }
            out.reserveCapacity(2 * entries.count)
            for pair in entries {
                out.append(try convert(pair.key, slots: &slots, objectIndex: target, key: key, depth: depth + 1))
                out.append(try convert(pair.value, slots: &slots, objectIndex: target, key: key, depth: depth + 1))
            }
            return .dictionary(out)
        }
        // Converted as they are read: no intermediate array of archive values.
        let run: ArchiveElementRun
        do { run = try graph.elementRun(ofObject: target) } catch { throw located(error) }
        out.reserveCapacity(run.count)
        for m in run { out.append(try convert(m, slots: &slots, objectIndex: target, key: key, depth: depth + 1)) }
        return role.contains(.set) ? .set(out) : .array(out)
    }
}

/// The reference targets of one recipe, each once, in first-use order (a slot is a position here).
struct NibSlotList {
    private(set) var targets: [Int] = []
    /// Target → slot, built once the list is long enough for a linear search to matter.
    private var position: [Int: Int] = [:]

    /// Empties the list, keeping its storage.
    mutating func removeAll() {
        targets.removeAll(keepingCapacity: true)
        if !position.isEmpty { position.removeAll(keepingCapacity: true) }
    }

    /// The slot of `target`, adding it when new.
    mutating func slot(for target: Int) -> Int {
        if targets.capacity == 0 { targets.reserveCapacity(16) }
        if targets.count <= 16 {
            if let s = targets.firstIndex(of: target) { return s }
        } else {
            if position.isEmpty { for (s, t) in targets.enumerated() where position[t] == nil { position[t] = s } }
            if let s = position[target] { return s }
            position[target] = targets.count
        }
        targets.append(target)
        return targets.count - 1
    }
}

/// The distinct class names a nib's objects may resolve to, numbered in first-use order.
struct NibClassSlots {
    private(set) var names: [String] = []
    private var slotByName: [String: Int] = [:]
    /// Class record → slot of its name, or -1 until first asked.
    private var slotOfClass: [Int]

    /// `classCount` is the graph's class-table size (already bounded by the reader's limits).
    init(classCount: Int) {
        slotOfClass = [Int](repeating: -1, count: max(0, classCount))
        names.reserveCapacity(min(max(0, classCount), 64))
    }

    /// The slot of `name`, adding it when new. A nib names a handful of classes: a linear search
    /// until there are 16, a dictionary (built once) after that.
    mutating func slot(_ name: String) -> Int {
        if names.count <= 16 {
            // Lengths first: an O(1) check that most names fail, before a full comparison.
            let length = name.utf8.count
            for (s, n) in names.enumerated() where n.utf8.count == length && n == name { return s }
        } else {
            if slotByName.isEmpty { for (s, n) in names.enumerated() { slotByName[n] = s } }
            if let s = slotByName[name] { return s }
            slotByName[name] = names.count
        }
        names.append(name)
        return names.count - 1
    }

    /// The slot of the name of `graph`'s class record `c` (callers pass a valid record).
    mutating func slot(forClass c: Int, in graph: ArchiveGraph) -> Int {
        guard c >= 0, c < graph.classes.count else { return slot("(invalid)") }
        guard c < slotOfClass.count else { return slot(graph.classes[c].name) }
        if slotOfClass[c] < 0 { slotOfClass[c] = slot(graph.classes[c].name) }
        return slotOfClass[c]
    }
}
