#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Any Foundation-shaped value, decoded without knowing its type in advance: what
/// `decodeObject(forKey:)` returns in Cocoa, as a typed enum.
///
/// Known Foundation classes become their Swift values; a class registered with the unarchiver (or
/// mapped with `setClass`) becomes ``object(_:)``; an unknown class is an
/// ``ArchiveError/Code/invalidClass`` error unless the delegate supplies a class. Under secure coding,
/// ``object(_:)`` is refused: list classes explicitly with ``KeyedUnarchiver/decodeObject(of:forKey:)-(_,String)``.
public enum ArchivedValue: KeyedArchivable, Equatable {
    /// `NSNull`.
    case null
    case bool(Bool)
    case int(Int64)
    /// An integer above `Int64.max`.
    case unsignedInt(UInt64)
    case float(Float)
    case double(Double)
    case string(String)
    case data([UInt8])
    case date(Date)
    case url(URL)
    case uuid(UUID)
    /// `NSArray`/`NSMutableArray`.
    case array([ArchivedValue])
    /// `NSSet`/`NSMutableSet`, in stored order.
    case set([ArchivedValue])
    /// `NSOrderedSet`/`NSMutableOrderedSet`.
    case orderedSet([ArchivedValue])
    /// `NSCountedSet`: each distinct member with its count.
    case countedSet([Counted])
    /// `NSDictionary`/`NSMutableDictionary`, in stored order (keys may be any value).
    case dictionary([Entry])
    case indexSet(ArchivedIndexSet)
    case indexPath(ArchivedIndexPath)
    case attributedString(ArchivedAttributedString)
    case error(ArchivedError)
    /// `NSValue` holding a point, size, rect, range or edge insets.
    case geometry(ArchivedGeometry)
    /// An instance of a registered ``KeyedCoding`` class (compared by identity).
    case object(any KeyedCoding)

    /// A dictionary entry.
    public struct Entry: Equatable {
        public var key: ArchivedValue
        public var value: ArchivedValue
        /// Creates an entry.
        public init(key: ArchivedValue, value: ArchivedValue) {
            self.key = key
            self.value = value
        }
    }

    /// A counted-set member.
    public struct Counted: Equatable {
        public var element: ArchivedValue
        public var count: Int
        /// Creates a counted member.
        public init(element: ArchivedValue, count: Int) {
            self.element = element
            self.count = count
        }
    }

    /// Identity for objects, structural equality (reals by bit pattern) for values.
    public static func == (a: ArchivedValue, b: ArchivedValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case let (.bool(x), .bool(y)): return x == y
        case let (.int(x), .int(y)): return x == y
        case let (.unsignedInt(x), .unsignedInt(y)): return x == y
        case let (.float(x), .float(y)): return x.bitPattern == y.bitPattern
        case let (.double(x), .double(y)): return x.bitPattern == y.bitPattern
        case let (.string(x), .string(y)): return x == y
        case let (.data(x), .data(y)): return x == y
        case let (.date(x), .date(y)): return x == y
        case let (.url(x), .url(y)): return x == y
        case let (.uuid(x), .uuid(y)): return x == y
        case let (.array(x), .array(y)), let (.set(x), .set(y)), let (.orderedSet(x), .orderedSet(y)): return x == y
        case let (.countedSet(x), .countedSet(y)): return x == y
        case let (.dictionary(x), .dictionary(y)): return x == y
        case let (.indexSet(x), .indexSet(y)): return x == y
        case let (.indexPath(x), .indexPath(y)): return x == y
        case let (.attributedString(x), .attributedString(y)): return x == y
        case let (.error(x), .error(y)): return x == y
        case let (.geometry(x), .geometry(y)): return x == y
        case let (.object(x), .object(y)): return x === y
        default: return false
        }
    }

    /// The dictionary value for a string key, when this is a ``dictionary(_:)``.
    public subscript(key: String) -> ArchivedValue? {
        guard case .dictionary(let entries) = self else { return nil }
        return entries.last { $0.key == .string(key) }?.value
    }

    /// The text of a ``string(_:)``.
    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The members of an ``array(_:)``, ``set(_:)`` or ``orderedSet(_:)``.
    public var arrayValue: [ArchivedValue]? {
        switch self {
        case .array(let a), .set(let a), .orderedSet(let a): return a
        default: return nil
        }
    }

    /// Reads whatever object is at `objectIndex`.
    public static func decodeArchived(objectAt n: Int, from u: KeyedUnarchiver) throws(ArchiveError) -> ArchivedValue {
        let o = u.graph.objects[n]
        if o.kind == .plain { return try plain(o.plainValue, u) }
        guard let name = u.graph.className(ofObject: n) else {
            _ = try u.resolveClass(ofObject: n)  // reports the precise corruption
            throw u.located(.corruptArchive, "object #\(n) has no class", key: nil)
        }
        // A class the caller registered or mapped wins over the built-in Foundation shapes.
        if u.lookUp(name) != nil { return try object(n, u) }
        switch name {
        case _ where stringClassNames.contains(name): return .string(try String.decodeArchived(objectAt: n, from: u))
        case _ where dataClassNames.contains(name): return .data(Array(try u.dataBytes(objectAt: n)))
        case "NSNumber": return try plain(u.numberValue(objectAt: n), u)
        case _ where arrayClassNames.contains(name):
            return .array(try [ArchivedValue].decodeArchived(objectAt: n, from: u))
        case _ where setClassNames.contains(name):
            return .set(try OrderedArchivedSet<ArchivedValue>.decodeArchived(objectAt: n, from: u).elements)
        case "NSOrderedSet", "NSMutableOrderedSet":
            return .orderedSet(try ArchivedOrderedSet<ArchivedValue>.decodeArchived(objectAt: n, from: u).elements)
        case "NSCountedSet":
            let c = try ArchivedCountedSet<ArchivedValue>.decodeArchived(objectAt: n, from: u)
            return .countedSet(c.members.map { Counted(element: $0.element, count: $0.count) })
        case _ where dictionaryClassNames.contains(name):
            let d = try OrderedArchivedDictionary<ArchivedValue, ArchivedValue>.decodeArchived(objectAt: n, from: u)
            return .dictionary(d.entries.map { Entry(key: $0.key, value: $0.value) })
        case "NSDate": return .date(try Date.decodeArchived(objectAt: n, from: u))
        case "NSURL": return .url(try URL.decodeArchived(objectAt: n, from: u))
        case "NSUUID": return .uuid(try UUID.decodeArchived(objectAt: n, from: u))
        case "NSNull": return .null
        case "NSIndexSet", "NSMutableIndexSet": return .indexSet(try ArchivedIndexSet.decodeArchived(objectAt: n, from: u))
        case "NSIndexPath": return .indexPath(try ArchivedIndexPath.decodeArchived(objectAt: n, from: u))
        case "NSAttributedString", "NSMutableAttributedString":
            return .attributedString(try ArchivedAttributedString.decodeArchived(objectAt: n, from: u))
        case "NSError": return .error(try ArchivedError.decodeArchived(objectAt: n, from: u))
        case "NSValue", "NSConcreteValue": return .geometry(try ArchivedGeometry.decodeArchived(objectAt: n, from: u))
        default: return try object(n, u)
        }
    }

    /// A class instance through the full lookup (`$classhints`, delegate); refused under secure coding.
    private static func object(_ n: Int, _ u: KeyedUnarchiver) throws(ArchiveError) -> ArchivedValue {
        if u.requiresSecureCoding {
            let name = u.graph.className(ofObject: n) ?? "?"
            throw u.located(.secureCodingViolation,
                            "object #\(n) of class \(name) is not a Foundation value, and no classes were allowed for it", key: nil)
        }
        return .object(try u.instance(at: n) { _ in true } allowedNames: { ["any"] })
    }

    private static func plain(_ v: ArchiveValue, _ u: KeyedUnarchiver) throws(ArchiveError) -> ArchivedValue {
        switch v {
        case .bool(let b): return .bool(b)
        case .int(let x, _): return .int(x)
        case .unsignedInt(let x): return .unsignedInt(x)
        case .float(let f): return .float(f)
        case .double(let d): return .double(d)
        case .date(let t): return .date(Date(timeIntervalSinceReferenceDate: t))
        case .string: return .string(u.graph.string(v) ?? "")
        case .bytes(let r): return .data(Array(u.graph.storage[r.range]))
        default: throw u.located(.typeMismatch, "an unsupported plain \(v.kindName) entry", key: nil)
        }
    }

    /// Writes the Foundation shape Apple would write for this value.
    public func encodeArchived(to a: KeyedArchiver) throws(ArchiveError) -> ArchiveValue {
        switch self {
        case .null: return try ArchivedNull().encodeArchived(to: a)
        case .bool(let b): return a.encodePlain(.bool(b))
        case .int(let x): return a.encodePlain(.int(x, width: 0))
        case .unsignedInt(let x): return a.encodePlain(KeyedArchiver.unsignedValue(x))
        case .float(let f): return a.encodePlain(.float(f))
        case .double(let d): return a.encodePlain(.double(d))
        case .string(let s): return a.encodePlainString(s)
        case .data(let d): return a.encodePlain(a.inlineBytes(d))
        case .date(let d): return try d.encodeArchived(to: a)
        case .url(let x): return try x.encodeArchived(to: a)
        case .uuid(let x): return try x.encodeArchived(to: a)
        case .array(let xs): return try xs.encodeArchived(to: a)
        case .set(let xs): return try OrderedArchivedSet(xs).encodeArchived(to: a)
        case .orderedSet(let xs): return try ArchivedOrderedSet(xs).encodeArchived(to: a)
        case .countedSet(let xs): return try ArchivedCountedSet(xs.map { ($0.element, $0.count) }).encodeArchived(to: a)
        case .dictionary(let es): return try OrderedArchivedDictionary(es.map { (key: $0.key, value: $0.value) }).encodeArchived(to: a)
        case .indexSet(let x): return try x.encodeArchived(to: a)
        case .indexPath(let x): return try x.encodeArchived(to: a)
        case .attributedString(let x): return try x.encodeArchived(to: a)
        case .error(let x): return try x.encodeArchived(to: a)
        case .geometry(let x): return try x.encodeArchived(to: a)
        case .object(let o): return try a.reference(to: o)
        }
    }
}
