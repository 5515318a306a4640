import KeyedArchive

/// Maps archived class names to Swift classes.
///
/// Lookup order for a name: the exact name (users may register Swift-mangled names such as
/// `_TtC5Saver26RunningTotalViewController`), then for a simple mangled name `_TtC<len><module><len><class>`
/// its demangled form `Module.Class`, then the bare class name. A name found nowhere is instantiated as a
/// generic ``NibObject``.
public final class NibClassRegistry: Sendable {
    // Closures capture only a class metatype; the table holding them is behind a mutex.
    struct Entry: @unchecked Sendable {
        let make: () -> AnyObject
        let decode: (AnyObject, NibCoder) throws -> Void
        /// Whether the class adopts KeyedArchive's `KeyedCoding` (decoded by a `KeyedUnarchiver`).
        var isKeyedCoding = false
    }

    private let entries = ArchiveLock<[String: Entry]>([:])

    /// The registry `instantiate` uses unless told otherwise.
    public static let shared = NibClassRegistry()

    /// An empty registry (instance registries take priority: pass one in ``NibInstantiationOptions``).
    public init() {}

    /// Registers `type` under `names`; with no names, under its Swift name (`Module.Class`) and bare name.
    public func register<T: NibInstantiable>(_ type: T.Type, as names: String...) {
        let entry = Entry(make: { T() }, decode: { (object: AnyObject, coder: NibCoder) throws in
            try (object as? T)?.decodeNib(from: coder)
        })
        var all = names
        if all.isEmpty {
            let qualified = String(reflecting: type)
            all = [qualified]
            if let bare = qualified.split(separator: ".").last, String(bare) != qualified { all.append(String(bare)) }
        }
        entries.withLock { table in
            for n in all { table[n] = entry }
        }
    }

    /// Registers a KeyedArchive `KeyedCoding` class under `names` (default: its
    /// `archivedClassName` and bare name). Its fields are decoded by a `KeyedUnarchiver`
    /// over the nib's graph, in which every object the nib created is already registered, so
    /// `decodeObject(of:forKey:)` returns the nib's own instances. Adopt ``NibConnectable`` as well to
    /// receive outlets, actions and `awakeFromNib`.
    public func register<T: KeyedCoding>(_ type: T.Type, as names: String...) {
        let entry = Entry(make: { T() }, decode: { _, _ in }, isKeyedCoding: true)
        var all = names
        if all.isEmpty {
            all = [T.archivedClassName]
            if let bare = T.archivedClassName.split(separator: ".").last, String(bare) != T.archivedClassName { all.append(String(bare)) }
        }
        entries.withLock { table in
            for n in all { table[n] = entry }
        }
    }

    /// Removes the registration of `name`.
    public func unregister(_ name: String) {
        _ = entries.withLock { $0.removeValue(forKey: name) }
    }

    /// Whether `name` resolves to a registered class.
    public func isRegistered(_ name: String) -> Bool { entry(for: name) != nil }

    func entry(for name: String) -> Entry? {
        entries.withLock { Self.lookUp(name, in: $0) }
    }

    /// Resolves many names under one lock.
    func entries(for names: [String]) -> [Entry?] {
        entries.withLock { table in names.map { Self.lookUp($0, in: table) } }
    }

    private static func lookUp(_ name: String, in table: [String: Entry]) -> Entry? {
        if let e = table[name] { return e }
        if let (module, cls) = demangle(name) {
            return table[module + "." + cls] ?? table[cls]
        }
        return nil
    }

    /// Splits a simple Swift-mangled class name `_TtC<len><module><len><class>` into module and class.
    /// Longer manglings (nested, private, generic) return nil: register those by their mangled name.
    public static func demangle(_ name: String) -> (module: String, className: String)? {
        guard name.hasPrefix("_TtC") else { return nil }
        var rest = Substring(name.dropFirst(4))
        func component() -> String? {
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, digits.count <= 4, let n = Int(digits), n > 0 else { return nil }
            rest = rest.dropFirst(digits.count)
            guard rest.count >= n else { return nil }
            let part = rest.prefix(n)
            rest = rest.dropFirst(n)
            return String(part)
        }
        guard let module = component(), let cls = component(), rest.isEmpty else { return nil }
        return (module, cls)
    }
}
