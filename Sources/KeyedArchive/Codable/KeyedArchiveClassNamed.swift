/// A `Codable` type that names the archived class it corresponds to.
///
/// ``KeyedArchiveEncoder`` records ``archivedClassName`` as the `$classname` of every keyed container
/// the type encodes, so that an `NSCoding` class of that name on an Apple platform decodes it.
/// ``KeyedArchiveDecoder`` checks it: an archived object of another class is a
/// `DecodingError.typeMismatch`, unless the name appears in the object's recorded superclass chain or
/// `$classhints` (an archived subclass decodes as its superclass, as in Cocoa).
///
/// ```swift
/// struct Person: Codable, KeyedArchiveClassNamed {
///     static let archivedClassName = "Person"
///     var name: String
///     var age: Int
/// }
/// ```
public protocol KeyedArchiveClassNamed {
    /// The class name recorded in and expected from archives, e.g. `"MyApp.Person"` or `"Person"`.
    static var archivedClassName: String { get }
    /// The superclass chain recorded after ``archivedClassName`` in `$classes` (excluding it and ending in
    /// `NSObject` when left out). Empty by default: the chain is `[archivedClassName, "NSObject"]`.
    static var archivedSuperclassNames: [String] { get }
    /// Other class names ``KeyedArchiveDecoder`` accepts for this type: the names of a class that was
    /// renamed or moved to another module (`OldApp.Person`). Empty by default.
    static var formerArchivedClassNames: [String] { get }
}

extension KeyedArchiveClassNamed {
    /// No superclasses besides `NSObject`.
    public static var archivedSuperclassNames: [String] { [] }
    /// No former names.
    public static var formerArchivedClassNames: [String] { [] }
}
