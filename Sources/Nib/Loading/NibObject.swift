import KeyedArchive

/// The generic object a nib creates for any class that is not registered: it keeps its class name,
/// every decoded field, the outlets and runtime attributes set on it, and the actions it sends.
///
/// With generic objects any nib instantiates without registering anything.
public final class NibObject: NibActionSource, CustomStringConvertible {
    /// The class the object stands for (a swapper's original class when its custom class is unknown).
    public let className: String
    /// A swapper's custom class that could not be resolved (nil otherwise).
    public let customClassName: String?
    /// The object's index in the nib's archive.
    public let archiveIndex: Int
    let plan: NibObjectPlan
    /// The archived fields' references (slots of `plan.refTargets`), owning or not (see ``NibHeldRef``).
    var heldRefs: [NibHeldRef] = []
    var heldOutlets: [(name: String, value: NibHeldValue)] = []
    /// Outlet name → its last position in `heldOutlets`.
    var lastOutlet: [String: Int] = [:]
    var heldAttributes: [(keyPath: String, value: NibHeldValue)] = []
    var heldBindings: [(binding: String, object: NibHeldRef, keyPath: String?)] = []
    var refs: [AnyObject?] { heldRefs.map(\.object) }

    /// Values set by outlet and outlet-collection connections, in connection order.
    ///
    /// Like Cocoa's, a generic object's references do not keep its ancestors alive: a reference to an
    /// object earlier in the nib's ownership order (its superview, a sibling met first, a placeholder)
    /// is weak and reads as ``NibValue/null`` once that object is gone. Keep the top-level objects (or
    /// the ``NibInstantiation``) to keep the whole graph.
    public var outlets: [(name: String, value: NibValue)] { heldOutlets.map { ($0.name, $0.value.value) } }
    /// Runtime attributes set on the object, in order.
    public var runtimeAttributes: [(keyPath: String, value: NibValue)] { heldAttributes.map { ($0.keyPath, $0.value.value) } }
    /// Target/action pairs the object sends.
    public internal(set) var nibActions: [NibTargetAction] = []
    /// Cocoa bindings (`NSNibBindingConnector`) with this object as source: binding name, observed
    /// object and key path. Recorded, not applied.
    public var bindings: [(binding: String, object: AnyObject?, keyPath: String?)] {
        heldBindings.map { ($0.binding, $0.object.object, $0.keyPath) }
    }
    /// Actions received (selector, sender) through ``NibActionDispatcher``.
    public internal(set) var receivedActions: [(selector: String, sender: AnyObject?)] = []
    /// How many times `awakeFromNib` was delivered (1 after a load).
    public internal(set) var awakeCount = 0
    /// The view this object is a subview of (set from the parent's `UISubviews`/`NSSubviews`).
    public internal(set) weak var superview: NibObject?

    init(plan: NibObjectPlan, className: String, customClassName: String?) {
        self.plan = plan
        self.className = className
        self.customClassName = customClassName
        self.archiveIndex = plan.index
    }

    /// A generic object with no archived fields, e.g. a stand-in owner or external object that accepts
    /// every outlet and action.
    public convenience init(className: String) {
        self.init(plan: NibObjectPlan(index: -1, archivedClassName: className, className: className, originalClassName: nil,
                                      construction: .plainInit, isImagePlaceholder: false),
                  className: className, customClassName: nil)
    }

    /// The archived keys, in archive order.
    public var keys: [String] { plan.keys }

    /// The decoded value of an archived field (``NibValue/null`` when absent).
    public func value(forKey key: String) -> NibValue {
        plan.field(key)?.resolve(refs) ?? .null
    }

    /// Every archived field, decoded, in archive order.
    public var properties: [(key: String, value: NibValue)] {
        let refs = refs
        return plan.keyedFields.map { ($0.key, $0.value.resolve(refs)) }
    }

    /// The last value an outlet connection stored under `name`.
    public func outlet(_ name: String) -> NibValue? {
        lastOutlet[name].map { heldOutlets[$0].value.value }
    }

    /// The objects of `UISubviews` / `NSSubviews`.
    public var subviews: [AnyObject] {
        let v = value(forKey: "UISubviews")
        return v.isNull ? value(forKey: "NSSubviews").objects : v.objects
    }

    /// Records an action (see ``NibActionSource``).
    public func addNibAction(_ action: NibTargetAction) { nibActions.append(action) }

    /// `<UIButton #12>`, with the custom class when there was one.
    public var description: String {
        "<\(className)\(customClassName.map { " (custom \($0))" } ?? "") #\(archiveIndex)>"
    }

    /// Sets or appends an outlet (generic objects accept every name).
    func setOutlet(_ name: String, _ value: NibHeldValue, append: Bool) {
        if append, let i = lastOutlet[name], heldOutlets[i].value.append(value) { return }
        heldOutlets.append((name, value))
        lastOutlet[name] = heldOutlets.count - 1
    }
}

/// Generic objects take part in KeyedArchive decoding, so a registered `KeyedCoding`
/// class can decode references to them (`decodeObject(of: NibObject.self, forKey:)`).
extension NibObject: KeyedCoding {
    /// A generic object of class `NSObject` with no fields.
    public convenience init() { self.init(className: "NSObject") }

    /// Generic objects carry their fields from the nib; there is nothing to read.
    public func decode(with unarchiver: KeyedUnarchiver) throws(ArchiveError) {}

    /// Writes the decoded scalar, string and data fields under their archived keys (object references
    /// are written when they are generic objects too).
    public func encode(with archiver: KeyedArchiver) throws(ArchiveError) {
        for (key, value) in properties {
            switch value {
            case let .bool(b): archiver.encode(b, forKey: key)
            case let .int(i): archiver.encode(i, forKey: key)
            case let .double(d): archiver.encode(d, forKey: key)
            case let .string(s): try archiver.encode(s, forKey: key)
            case let .object(o as NibObject): try archiver.encode(o, forKey: key)
            default: continue
            }
        }
    }
}
