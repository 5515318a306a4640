/// A reference a generic object keeps: owning (strong) or not (weak).
///
/// Invariant: a generic object owns a reference only when the target ranks strictly later in the plan's
/// ownership order (``NibLoadPlan/ownershipRank``), so owning references never form a cycle and an
/// instantiated nib is freed once its top-level objects and the ``NibInstantiation`` are gone.
struct NibHeldRef {
    private var strong: AnyObject?
    private weak var weakObject: AnyObject?

    init(_ object: AnyObject?, owning: Bool) {
        // The First Responder stand-in is one immortal object: holding it creates no cycle, and a weak
        // reference would give it a side table that is never freed (finding F6).
        if owning || object is NibFirstResponder { strong = object } else { weakObject = object }
    }

    /// Whether the reference is held strongly.
    var isOwning: Bool { strong != nil }

    /// The object, or nil once a non-owning target is gone.
    var object: AnyObject? { strong ?? weakObject }
}

/// A ``NibValue`` as a generic object stores it: the shape with object slots, and the held references.
struct NibHeldValue {
    private(set) var template: NibPlanValue
    private(set) var refs: [NibHeldRef]

    /// Holds `value`; `owns` says which objects are held strongly.
    init(_ value: NibValue, owns: (AnyObject) -> Bool) {
        var refs: [NibHeldRef] = []
        template = Self.template(value, &refs, owns)
        self.refs = refs
    }

    /// The value, with references that are gone read as ``NibValue/null``.
    var value: NibValue { template.resolve(refs.map(\.object)) }

    /// Appends `other`'s members (or `other` itself) to this array in place, as an outlet collection
    /// grows; false (and nothing changes) when this is not an array. Amortised O(new members).
    mutating func append(_ other: NibHeldValue) -> Bool {
        guard case .array(var members) = template else { return false }
        template = .null  // `members` is now the only reference, so appending does not copy
        let shift = refs.count
        if case let .array(tail) = other.template {
            members.append(contentsOf: tail.lazy.map { $0.shiftingSlots(by: shift) })
        } else {
            members.append(other.template.shiftingSlots(by: shift))
        }
        template = .array(members)
        refs.append(contentsOf: other.refs)
        return true
    }

    /// Nesting is bounded by the plan converter's depth limit (values come from the plan or from connections).
    private static func template(_ v: NibValue, _ refs: inout [NibHeldRef], _ owns: (AnyObject) -> Bool) -> NibPlanValue {
        switch v {
        case .null: return .null
        case let .bool(b): return .bool(b)
        case let .int(i): return .int(i)
        case let .double(d): return .double(d)
        case let .string(s): return .string(s)
        case let .data(d): return .data(d)
        case let .object(o):
            refs.append(NibHeldRef(o, owning: owns(o)))
            return .object(slot: refs.count - 1)
        case let .array(a): return .array(a.map { template($0, &refs, owns) })
        case let .set(a): return .set(a.map { template($0, &refs, owns) })
        case let .dictionary(pairs):
            var flat: [NibPlanValue] = []
            flat.reserveCapacity(pairs.count * 2)
            for (k, v) in pairs {
                flat.append(template(k, &refs, owns))
                flat.append(template(v, &refs, owns))
            }
            return .dictionary(flat)
        }
    }
}

extension NibPlanValue {
    /// The same value with every object slot moved up by `shift`.
    func shiftingSlots(by shift: Int) -> NibPlanValue {
        switch self {
        case let .object(slot): .object(slot: slot + shift)
        case let .array(a): .array(a.map { $0.shiftingSlots(by: shift) })
        case let .set(a): .set(a.map { $0.shiftingSlots(by: shift) })
        case let .dictionary(m): .dictionary(m.map { $0.shiftingSlots(by: shift) })
        default: self
        }
    }
}
