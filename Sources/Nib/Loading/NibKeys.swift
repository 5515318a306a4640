import KeyedArchive

/// The outlets, outlet collections, runtime attributes, child objects and actions a class accepts:
/// the Linux substitute for Key-Value Coding and `respondsToSelector:`.
///
/// Declare them once per class in ``NibConnectable/nibKeys``:
/// ```swift
/// static var nibKeys: NibKeys {
///     var k = NibKeys()
///     k.outlet("titleLabel", \Self.titleLabel)
///     k.attribute("cornerRadius", \Self.cornerRadius)
///     k.action("buttonTapped:") { (vc: Self, sender) in vc.buttonTapped(sender) }
///     return k
/// }
/// ```
public struct NibKeys {
    typealias Setter = (AnyObject, NibValue) throws -> Void
    var setters: [String: Setter] = [:]
    var appenders: [String: Setter] = [:]
    var children: [String: (AnyObject) -> AnyObject?] = [:]
    var actions: [String: (AnyObject, AnyObject?) -> Void] = [:]

    /// No declarations.
    public init() {}

    /// Declared outlet and attribute names, sorted.
    public var names: [String] { Set(setters.keys).union(appenders.keys).sorted() }
    /// Declared action selectors, sorted.
    public var selectors: [String] { actions.keys.sorted() }

    /// An outlet stored through a key path. A destination of another type is an
    /// `outletTypeMismatch` error; a nil destination stores nil.
    public mutating func outlet<Root: AnyObject, Value>(_ name: String, _ keyPath: ReferenceWritableKeyPath<Root, Value?>) {
        setters[name] = { (object: AnyObject, value: NibValue) throws in
            guard let root = object as? Root else { throw Self.mismatch(name, "\(Root.self)", object) }
            if value.isNull { root[keyPath: keyPath] = nil; return }
            guard let v = (value.object ?? Self.boxed(value)) as? Value else { throw Self.mismatch(name, "\(Value.self)", value) }
            root[keyPath: keyPath] = v
        }
    }

    /// An outlet (or attribute) stored by a closure that receives the decoded value.
    public mutating func outlet<Root: AnyObject>(_ name: String, set: @escaping (Root, NibValue) throws -> Void) {
        setters[name] = { (object: AnyObject, value: NibValue) throws in
            guard let root = object as? Root else { throw Self.mismatch(name, "\(Root.self)", object) }
            try set(root, value)
        }
    }

    /// An outlet collection stored in an array property. `UIRuntimeOutletCollectionConnection`s with
    /// `addsContentToExistingCollection` append; others replace.
    public mutating func outletCollection<Root: AnyObject, Element>(_ name: String, _ keyPath: ReferenceWritableKeyPath<Root, [Element]>) {
        func convert(_ value: NibValue) throws(ArchiveError) -> [Element] {
            var out: [Element] = []
            for e in value.elements ?? [value] {
                guard let o = e.object as? Element else { throw Self.mismatch(name, "\(Element.self)", e) }
                out.append(o)
            }
            return out
        }
        setters[name] = { (object: AnyObject, value: NibValue) throws in
            guard let root = object as? Root else { throw Self.mismatch(name, "\(Root.self)", object) }
            root[keyPath: keyPath] = try convert(value)
        }
        appenders[name] = { (object: AnyObject, value: NibValue) throws in
            guard let root = object as? Root else { throw Self.mismatch(name, "\(Root.self)", object) }
            root[keyPath: keyPath] += try convert(value)
        }
    }

    /// A runtime attribute (or a plain-valued field) stored through a key path.
    public mutating func attribute<Root: AnyObject, Value: NibAttributeValue>(_ name: String, _ keyPath: ReferenceWritableKeyPath<Root, Value>) {
        setters[name] = { (object: AnyObject, value: NibValue) throws in
            guard let root = object as? Root else { throw Self.mismatch(name, "\(Root.self)", object) }
            guard let v = Value(nibValue: value) else { throw Self.mismatch(name, "\(Value.self)", value) }
            root[keyPath: keyPath] = v
        }
    }

    /// A child object reachable by name, so that key paths such as `layer.cornerRadius` can be followed.
    public mutating func child<Root: AnyObject, Child: AnyObject>(_ name: String, _ keyPath: KeyPath<Root, Child?>) {
        children[name] = { ($0 as? Root)?[keyPath: keyPath] }
    }

    /// An action method, called with the sender when a control sends `selector` to this object.
    public mutating func action<Root: AnyObject>(_ selector: String, _ method: @escaping (Root, AnyObject?) -> Void) {
        actions[selector] = { target, sender in
            if let root = target as? Root { method(root, sender) }
        }
    }

    static func boxed(_ value: NibValue) -> Any? {
        switch value {
        case let .string(s): s
        case let .int(i): i
        case let .double(d): d
        case let .bool(b): b
        default: nil
        }
    }

    static func mismatch(_ name: String, _ expected: String, _ found: Any) -> ArchiveError {
        ArchiveError(.outletTypeMismatch, "'\(name)' expects \(expected), found \(found)", keyPath: [name])
    }
}

/// Types a runtime attribute can be converted to.
public protocol NibAttributeValue {
    /// Converts a decoded value, or returns nil when it has the wrong type.
    init?(nibValue: NibValue)
}

extension Int: NibAttributeValue {
    /// See ``NibAttributeValue/init(nibValue:)``.
    public init?(nibValue: NibValue) {
        guard let i = nibValue.int, let v = Int(exactly: i) else { return nil }
        self = v
    }
}
extension Int64: NibAttributeValue {
    /// See ``NibAttributeValue/init(nibValue:)``.
    public init?(nibValue: NibValue) {
        guard let i = nibValue.int else { return nil }
        self = i
    }
}
extension Double: NibAttributeValue {
    /// See ``NibAttributeValue/init(nibValue:)``.
    public init?(nibValue: NibValue) {
        guard let d = nibValue.double else { return nil }
        self = d
    }
}
extension Bool: NibAttributeValue {
    /// See ``NibAttributeValue/init(nibValue:)``.
    public init?(nibValue: NibValue) {
        guard let b = nibValue.bool else { return nil }
        self = b
    }
}
extension String: NibAttributeValue {
    /// See ``NibAttributeValue/init(nibValue:)``.
    public init?(nibValue: NibValue) {
        guard let s = nibValue.string else { return nil }
        self = s
    }
}
extension Optional: NibAttributeValue where Wrapped: NibAttributeValue {
    /// See ``NibAttributeValue/init(nibValue:)``.
    public init?(nibValue: NibValue) {
        if nibValue.isNull { self = .none; return }
        guard let w = Wrapped(nibValue: nibValue) else { return nil }
        self = .some(w)
    }
}
