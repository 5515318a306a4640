
/// The process-wide class registry and class-name maps: Swift's stand-in for Objective-C's runtime
/// lookup of a class by name.
///
/// A class must be known by name before an archive naming it can be decoded. ``register(_:)`` makes a
/// type known under its ``KeyedCoding/archivedClassName`` and its Objective-C style mangled name
/// (`_TtC5MyApp6Person`). The global maps behave like `NSKeyedUnarchiver.setClass(_:forClassName:)` and
/// `NSKeyedArchiver.setClassName(_:for:)`; per-coder maps take priority over them. All state is behind
/// a lock.
public enum KeyedClassRegistry {
    /// Makes `types` known by their archived class names and mangled names.
    ///
    /// - Parameter types: The classes to register.
    public static func register(_ types: any KeyedCoding.Type...) {
        register(types)
    }

    /// Makes `types` known by their archived class names and mangled names.
    ///
    /// - Parameter types: The classes to register.
    public static func register(_ types: [any KeyedCoding.Type]) {
        state.withLock { s in
            for t in types {
                for name in registeredNames(of: t) { s.registered[name] = ClassBox(t) }
            }
        }
    }

    /// The registered class for `name`, if any.
    ///
    /// - Parameter name: A recorded class name.
    /// - Returns: The class registered under that name.
    public static func registeredClass(named name: String) -> (any KeyedCoding.Type)? {
        state.withLock { $0.registered[name]?.type }
    }

    /// The names a type is registered under: its archived name and, for a plain module-level class,
    /// the Objective-C mangled name Swift records for it.
    static func registeredNames(of t: any KeyedCoding.Type) -> [String] {
        var names = [t.archivedClassName, String(reflecting: t)]
        if let mangled = _mangledTypeName(t), mangled.hasSuffix("C") {
            names.append("_TtC" + mangled.dropLast())
        }
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }

    // MARK: Global maps (what `NSKeyedUnarchiver.setClass` / `NSKeyedArchiver.setClassName` set)

    /// Decode every object recorded as `name` as `cls` (nil removes the mapping).
    ///
    /// - Parameters:
    ///   - cls: The class to instantiate, or nil.
    ///   - name: The recorded class name, e.g. `OldApp.Person`.
    public static func setClass(_ cls: (any KeyedCoding.Type)?, forClassName name: String) {
        state.withLock { $0.classForName[name] = cls.map(ClassBox.init) }
    }

    /// The class set for `name` with ``setClass(_:forClassName:)``.
    ///
    /// - Parameter name: A recorded class name.
    /// - Returns: The mapped class, if any.
    public static func mappedClass(forClassName name: String) -> (any KeyedCoding.Type)? {
        state.withLock { $0.classForName[name]?.type }
    }

    /// Record `cls` under `name` when archiving (nil removes the mapping).
    ///
    /// - Parameters:
    ///   - name: The class name to write, or nil.
    ///   - cls: The class it applies to (exactly this class, not its subclasses).
    public static func setClassName(_ name: String?, for cls: any KeyedCoding.Type) {
        state.withLock { $0.nameForClass[ObjectIdentifier(cls)] = name }
    }

    /// The name set for `cls` with ``setClassName(_:for:)``.
    ///
    /// - Parameter cls: A class.
    /// - Returns: The mapped name, if any.
    public static func mappedClassName(for cls: any KeyedCoding.Type) -> String? {
        state.withLock { $0.nameForClass[ObjectIdentifier(cls)] }
    }

    struct ClassBox: @unchecked Sendable {
        let type: any KeyedCoding.Type
        init(_ type: any KeyedCoding.Type) { self.type = type }
    }

    struct State: Sendable {
        var registered: [String: ClassBox] = [:]
        var classForName: [String: ClassBox] = [:]
        var nameForClass: [ObjectIdentifier: String] = [:]
    }

    static let state = ArchiveLock(State())
}
