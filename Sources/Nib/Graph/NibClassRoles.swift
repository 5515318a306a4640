import KeyedArchive

/// What the nib layer does with each class of one graph, decided once per class (one dictionary
/// lookup) instead of by hashing or comparing a class name for every object and every reference.
struct NibClassRoles: Sendable {
    struct Role: OptionSet, Sendable {
        let rawValue: UInt16
        static let string = Role(rawValue: 1 << 0)
        static let data = Role(rawValue: 1 << 1)
        static let number = Role(rawValue: 1 << 2)
        static let dictionary = Role(rawValue: 1 << 3)
        static let set = Role(rawValue: 1 << 4)
        static let array = Role(rawValue: 1 << 5)
        /// Consumed by the loader itself, never created (``NibLoadPlan/infrastructure``).
        static let infrastructure = Role(rawValue: 1 << 6)
        /// `UIClassSwapper`: the custom class is `UIClassName`.
        static let uiClassSwapper = Role(rawValue: 1 << 7)
        /// `NSClassSwapper`, `NSCustomObject`, `NSCustomView`: the class is `NSClassName`.
        static let nsClassNamed = Role(rawValue: 1 << 8)
        /// `NSCustomObject`, `UICustomObject`: created with `init()` only.
        static let customObject = Role(rawValue: 1 << 9)
        static let nsClassSwapper = Role(rawValue: 1 << 10)
        static let imagePlaceholder = Role(rawValue: 1 << 11)
        static let externalPlaceholder = Role(rawValue: 1 << 12)
        /// A Foundation value class (``NibValueClasses/all``): read as a value, not an object.
        static let value: Role = [.string, .data, .number, .dictionary, .set, .array]
    }

    /// Every class name with a role.
    static let byName: [String: Role] = {
        var m: [String: Role] = [:]
        for n in NibValueClasses.strings { m[n, default: []].insert(.string) }
        for n in NibValueClasses.data { m[n, default: []].insert(.data) }
        for n in NibValueClasses.numbers { m[n, default: []].insert(.number) }
        for n in NibValueClasses.dictionaries { m[n, default: []].insert(.dictionary) }
        for n in NibValueClasses.sets { m[n, default: []].insert(.set) }
        for n in NibValueClasses.arrays { m[n, default: []].insert(.array) }
        for n in NibLoadPlan.infrastructure { m[n, default: []].insert(.infrastructure) }
        m["UIClassSwapper", default: []].insert(.uiClassSwapper)
        m["NSClassSwapper", default: []].formUnion([.nsClassNamed, .nsClassSwapper])
        m["NSCustomObject", default: []].formUnion([.nsClassNamed, .customObject])
        m["NSCustomView", default: []].insert(.nsClassNamed)
        m["UICustomObject", default: []].insert(.customObject)
        m["UIImageNibPlaceholder", default: []].insert(.imagePlaceholder)
        m["NSNibExternalObjectPlaceholder", default: []].insert(.externalPlaceholder)
        return m
    }()

    /// Role of each class index.
    let roles: [Role]

    init(graph: ArchiveGraph) {
        roles = graph.classes.map { Self.byName[$0.name] ?? [] }
    }

    /// The role of object `index` (empty for plain entries, class descriptions and bad indices).
    @inline(__always)
    func role(ofObject index: Int, in graph: ArchiveGraph) -> Role {
        guard index >= 0, index < graph.objects.count else { return [] }
        let o = graph.objects[index]
        guard o.kind == .object, o.classIndex >= 0, o.classIndex < roles.count else { return [] }
        return roles[o.classIndex]
    }
}
