/// A reference a generic object keeps: owning (strong) or not (weak).
///
/// Invariant: a generic object owns a reference only when the target ranks strictly later in the plan's
/// ownership order (``NibLoadPlan/ownershipRank``), so owning references never form a cycle and an
/// instantiated nib is freed once its top-level objects and the ``NibInstantiation`` are gone.
struct NibHeldRef {
    private var strong: AnyObject?
    private weak var weakObject: AnyObject?

    init(_ object: AnyObject?, owning: Bool) {
        if owning { strong = object } else { weakObject = object }
    }

    /// The object, or nil once a non-owning target is gone.
    var object: AnyObject? { strong ?? weakObject }
}

/// A ``NibValue`` as a generic object stores it: the shape with object slots, and the held references.
struct NibHeldValue {
    let template: NibPlanValue
    let refs: [NibHeldRef]

    /// Holds `value`; `owns` says which objects are held strongly.
    init(_ value: NibValue, owns: (AnyObject) -> Bool) {
        var refs: [NibHeldRef] = []
        template = Self.template(value, &refs, owns)
        self.refs = refs
    }

    private init(template: NibPlanValue, refs: [NibHeldRef]) {
        self.template = template
        self.refs = refs
    }

    /// The value, with references that are gone read as ``NibValue/null``.
    var value: NibValue { template.resolve(refs.map(\.object)) }

    /// This array with `other`'s members (or `other` itself) appended, as an outlet collection grows;
    /// nil when this is not an array.
    func appending(_ other: NibHeldValue) -> NibHeldValue? {
        guard case let .array(head) = template else { return nil }
        let tail: [NibPlanValue]
        if case let .array(members) = other.template { tail = members } else { tail = [other.template] }
        let shift = refs.count
        return NibHeldValue(template: .array(head + tail.map { $0.shiftingSlots(by: shift) }), refs: refs + other.refs)
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
