/// A value that can fill an object slot of a keyed archive: a class instance (``KeyedCoding``) or a
/// Foundation-shaped value such as `String`, `Date`, `[T]` or `[K: V]`.
///
/// Class instances are uniqued by identity and may form cycles. Values are written as the Foundation
/// object Apple would write (an `NSArray` for `[T]`, a plain string for `String`, …) and read back from
/// the same shapes, in keyed archives and in NIBArchive files alike.
public protocol KeyedArchivable {
    /// Reads a value from the archive object at `objectIndex` (never 0: nil is handled by the caller).
    ///
    /// - Parameters:
    ///   - objectIndex: The index of the object in the unarchiver's graph.
    ///   - unarchiver: The unarchiver; use ``KeyedUnarchiver/withObjectScope(_:_:)`` to read the object's keys.
    /// - Returns: The decoded value.
    /// - Throws: An ``ArchiveError`` when the object does not have a shape this type accepts.
    static func decodeArchived(objectAt objectIndex: Int, from unarchiver: KeyedUnarchiver) throws(ArchiveError) -> Self

    /// Writes the value as an archive object and returns the reference to it.
    ///
    /// - Parameter archiver: The archiver.
    /// - Returns: ``ArchiveValue/ref(_:)`` to the new (or shared) object.
    /// - Throws: An ``ArchiveError`` when the value cannot be encoded.
    func encodeArchived(to archiver: KeyedArchiver) throws(ArchiveError) -> ArchiveValue
}

/// A class that reads and writes itself through keyed coding, in the spirit of `NSCoding`.
///
/// Decoding is two-phase: the unarchiver creates the instance with ``init()``, registers it for its
/// archive reference, and only then calls ``decode(with:)``. A reference met while fields are being
/// decoded (a cycle such as `a.friend.friend === a`) therefore gets the registered instance, which may
/// still be partially initialised: its fields hold whatever ``init()`` set until ``decode(with:)`` has
/// finished. All fields are decoded by the time the top-level decode call returns.
///
/// ```swift
/// final class Person: KeyedCoding {
///     var name = ""
///     var friends: [Person] = []
///     init() {}
///     func encode(with archiver: KeyedArchiver) throws(ArchiveError) {
///         try archiver.encode(name, forKey: "name")
///         try archiver.encode(friends, forKey: "friends")
///     }
///     func decode(with unarchiver: KeyedUnarchiver) throws(ArchiveError) {
///         name = try unarchiver.decodeObject(of: String.self, forKey: "name") ?? ""
///         friends = try unarchiver.decodeObject(of: [Person].self, forKey: "friends") ?? []
///     }
/// }
/// ```
public protocol KeyedCoding: AnyObject, KeyedArchivable {
    /// Creates an empty instance; the unarchiver fills it in with ``decode(with:)``.
    init()

    /// Writes this object's fields.
    ///
    /// - Parameter archiver: The archiver, scoped to this object.
    /// - Throws: An ``ArchiveError`` to abort archiving.
    func encode(with archiver: KeyedArchiver) throws(ArchiveError)

    /// Reads this object's fields. Called once, after the instance was registered.
    ///
    /// - Parameter unarchiver: The unarchiver, scoped to this object.
    /// - Throws: An ``ArchiveError`` to abort unarchiving.
    func decode(with unarchiver: KeyedUnarchiver) throws(ArchiveError)

    /// The class name recorded in archives. Defaults to the module-qualified type name (`MyApp.Person`).
    static var archivedClassName: String { get }

    /// Class names recorded as `$classhints`, tried in order by a reader that cannot find
    /// ``archivedClassName``. Empty by default.
    static var archivedClassFallbacks: [String] { get }

    /// The class to record instead of this object's own (`classForKeyedArchiver`). Nil keeps the own class.
    var classForKeyedArchiver: (any KeyedCoding.Type)? { get }

    /// An object to encode in place of this one (`replacementObject(for:)`). Nil keeps this object.
    /// Asked once per object; every reference to this object then maps to the replacement.
    ///
    /// - Parameter archiver: The archiver asking.
    /// - Returns: The replacement, or nil.
    func replacementObject(for archiver: KeyedArchiver) -> (any KeyedCoding)?

    /// The class to instantiate after this class was found for a class name (`classForKeyedUnarchiver`).
    static var classForKeyedUnarchiver: any KeyedCoding.Type { get }
}

/// A ``KeyedCoding`` class that may be decoded when ``KeyedUnarchiver/requiresSecureCoding`` is on,
/// in the spirit of `NSSecureCoding`.
public protocol SecureKeyedCoding: KeyedCoding {}

extension KeyedCoding {
    /// The module-qualified type name, e.g. `MyApp.Person`.
    public static var archivedClassName: String { String(reflecting: Self.self) }
    /// No `$classhints`.
    public static var archivedClassFallbacks: [String] { [] }
    /// Records the object's own class.
    public var classForKeyedArchiver: (any KeyedCoding.Type)? { nil }
    /// Encodes the object itself.
    public func replacementObject(for archiver: KeyedArchiver) -> (any KeyedCoding)? { nil }
    /// Instantiates the class that was found.
    public static var classForKeyedUnarchiver: any KeyedCoding.Type { Self.self }

    /// Decodes through the unarchiver's object table (identity, cycles, class lookup, secure coding).
    public static func decodeArchived(objectAt objectIndex: Int, from unarchiver: KeyedUnarchiver) throws(ArchiveError) -> Self {
        try unarchiver.instance(of: Self.self, at: objectIndex)
    }

    /// Encodes by identity through the archiver's object table.
    public func encodeArchived(to archiver: KeyedArchiver) throws(ArchiveError) -> ArchiveValue {
        try archiver.reference(to: self)
    }
}

/// Whether class `a` is `b` or a subclass of it.
func isClass(_ a: AnyClass, kindOf b: AnyClass) -> Bool {
    var c: AnyClass? = a
    while let cur = c {
        if ObjectIdentifier(cur) == ObjectIdentifier(b) { return true }
        c = _getSuperclass(cur)
    }
    return false
}
