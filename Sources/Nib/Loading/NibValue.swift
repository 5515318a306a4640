import KeyedArchive

/// A decoded field value of an instantiated nib object.
///
/// Foundation value classes become Swift values: `NSString` → ``string(_:)``, `NSNumber` → ``int(_:)``/
/// ``double(_:)``/``bool(_:)``, `NSData` → ``data(_:)``, `NSArray`/`NSSet`/`NSDictionary` → ``array(_:)``/
/// ``set(_:)``/``dictionary(_:)``. Every other reference is an ``object(_:)`` holding the instantiated
/// object (or the resolved placeholder: owner, external object, First Responder stand-in).
public enum NibValue {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case data([UInt8])
    case object(AnyObject)
    case array([NibValue])
    case set([NibValue])
    case dictionary([(key: NibValue, value: NibValue)])

    /// The object, if this is an ``object(_:)``.
    public var object: AnyObject? { if case let .object(o) = self { o } else { nil } }
    /// The string, if this is a ``string(_:)``.
    public var string: String? { if case let .string(s) = self { s } else { nil } }
    /// The integer of an ``int(_:)`` or ``bool(_:)``.
    public var int: Int64? {
        switch self {
        case let .int(i): i
        case let .bool(b): b ? 1 : 0
        default: nil
        }
    }
    /// The number of an ``int(_:)`` or ``double(_:)``.
    public var double: Double? {
        switch self {
        case let .int(i): Double(i)
        case let .double(d): d
        default: nil
        }
    }
    /// The truth of a ``bool(_:)`` or non-zero ``int(_:)``.
    public var bool: Bool? {
        switch self {
        case let .bool(b): b
        case let .int(i): i != 0
        default: nil
        }
    }
    /// The members of an ``array(_:)`` or ``set(_:)``.
    public var elements: [NibValue]? {
        switch self {
        case let .array(a), let .set(a): a
        default: nil
        }
    }
    /// The objects among the members of an ``array(_:)`` or ``set(_:)``.
    public var objects: [AnyObject] { (elements ?? []).compactMap(\.object) }
    /// The bytes of a ``data(_:)``.
    public var data: [UInt8]? { if case let .data(d) = self { d } else { nil } }
    /// Whether this is ``null``.
    public var isNull: Bool { if case .null = self { true } else { false } }
}

/// A field value precomputed at parse time. Object references are slots: indices into the owning
/// object's ``NibObjectPlan/refTargets`` (resolved to objects once per instantiation).
/// Not `indirect`: members live in arrays already, and a boxed case would cost a malloc per value.
enum NibPlanValue: Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case data([UInt8])
    case object(slot: Int)
    case array([NibPlanValue])
    case set([NibPlanValue])
    case dictionary([NibPlanValue])  // key, value, key, value, …

    /// The members of an array or set (empty otherwise).
    var members: [NibPlanValue] {
        switch self {
        case let .array(a), let .set(a): a
        default: []
        }
    }

    /// Materialises the value against resolved references.
    func resolve(_ refs: [AnyObject?]) -> NibValue {
        switch self {
        case .null: return .null
        case let .bool(b): return .bool(b)
        case let .int(i): return .int(i)
        case let .double(d): return .double(d)
        case let .string(s): return .string(s)
        case let .data(d): return .data(d)
        case let .object(slot):
            guard slot < refs.count, let o = refs[slot] else { return .null }
            return .object(o)
        case let .array(a): return .array(a.map { $0.resolve(refs) })
        case let .set(a): return .set(a.map { $0.resolve(refs) })
        case let .dictionary(m):
            var pairs: [(key: NibValue, value: NibValue)] = []
            pairs.reserveCapacity(m.count / 2)
            var i = 0
            while i + 1 < m.count {
                pairs.append((m[i].resolve(refs), m[i + 1].resolve(refs)))
                i += 2
            }
            return .dictionary(pairs)
        }
    }
}
