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
    /// A boolean (plain bool or `NSNumber` of a BOOL).
    case bool(Bool)
    /// An integer that fits `Int64`.
    case int(Int64)
    /// An integer above `Int64.max`.
    case unsignedInt(UInt64)
    /// A 4-byte real.
    case float(Float)
    /// An 8-byte real.
    case double(Double)
    /// A string (plain, `NSString`, `NSMutableString`).
    case string(String)
    /// Bytes (plain data, `NSData`, `NSMutableData`).
    case data([UInt8])
    /// `NSDate`, or a plain plist date.
    case date(Date)
    /// `NSURL`.
    case url(URL)
    /// `NSUUID`.
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
    /// `NSIndexSet`/`NSMutableIndexSet`.
    case indexSet(ArchivedIndexSet)
    /// `NSIndexPath`.
    case indexPath(ArchivedIndexPath)
    /// `NSAttributedString`/`NSMutableAttributedString`.
    case attributedString(ArchivedAttributedString)
    /// `NSError`.
    case error(ArchivedError)
    /// `NSValue` holding a point, size, rect, range or edge insets.
    case geometry(ArchivedGeometry)
    /// `NSColor` (read from typedstreams).
    case color(ArchivedColor)
    /// `NSFont` (read from typedstreams).
    case font(ArchivedFont)
    /// An instance of a registered ``KeyedCoding`` class (compared by identity).
    case object(any KeyedCoding)

    /// A dictionary entry.
    public struct Entry: Equatable {
        /// The key.
        public var key: ArchivedValue
        /// The value.
        public var value: ArchivedValue
        /// Creates an entry.
        public init(key: ArchivedValue, value: ArchivedValue) {
            self.key = key
            self.value = value
        }
    }

    /// A counted-set member.
    public struct Counted: Equatable {
        /// The member.
        public var element: ArchivedValue
        /// How many times it occurs.
        public var count: Int
        /// Creates a counted member.
        public init(element: ArchivedValue, count: Int) {
            self.element = element
            self.count = count
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
    ///
    /// Nested arrays, sets, ordered sets and dictionaries are walked with an explicit stack, so nesting
    /// depth costs heap, not call stack; it is bounded by ``DecodingLimits/maxDepth``.
    public static func decodeArchived(objectAt n: Int, from u: KeyedUnarchiver) throws(ArchiveError) -> ArchivedValue {
        try chargeExpansion(u, key: nil)
        if u.graph.metadata.source == .typedstream { return try TypedstreamShapes.value(n, u) }
        guard let first = try containerFrame(n, u) else { return try leaf(n, u) }
        var stack = [first]
        while let t = stack.indices.last {
            if stack[t].next < stack[t].members.count {
                let i = stack[t].next
                stack[t].next += 1
                try chargeExpansion(u, key: stack[t].key)
                let m = stack[t].members[i]
                let key = stack[t].key
                u.noteReach(key: key, element: i)
                switch m {
                case .ref(let k) where k >= 0 && k < u.graph.objects.count:
                    if let f = try u.withRestoredScope(stack[t].object, { () throws(ArchiveError) in try containerFrame(k, u) }) {
                        guard stack.count < u.options.limits.maxDepth else {
                            throw u.located(.limitExceeded, "collections nest deeper than the depth budget of \(u.options.limits.maxDepth)",
                                            key: "\(key)[\(i)]")
                        }
                        stack.append(f)
                    } else {
                        let v = try u.withRestoredScope(stack[t].object) { () throws(ArchiveError) in
                            try u.decodeReferenced(m, as: ArchivedValue.self, key: key, element: i)
                        }
                        if let v { stack[t].results.append(v) } else if u.poisoned { return .null }
                    }
                case .nil:
                    if u.options.dropsNilCollectionMembers, !stack[t].isDictionary {
                        u.warn("dropped a nil member at \(key)[\(i)] of object #\(stack[t].object)")
                        continue
                    }
                    throw u.withRestoredScopeError(stack[t].object,
                        .corruptArchive, "a collection member is nil (UID 0); Foundation collections cannot hold nil", key: "\(key)[\(i)]")
                default:
                    // Dangling references and inline scalars: the shared path reports them.
                    let v = try u.withRestoredScope(stack[t].object) { () throws(ArchiveError) in
                        try u.decodeReferenced(m, as: ArchivedValue.self, key: key, element: i)
                    }
                    if let v { stack[t].results.append(v) } else { return .null }
                }
                continue
            }
            let done = stack.removeLast()
            let value = done.build()
            guard let parent = stack.indices.last else { return value }
            stack[parent].results.append(value)
        }
        return .null
    }

    /// Counts one more materialised value against ``DecodingLimits/maxObjectCount`` (see
    /// ``KeyedUnarchiver/expandedValues``).
    @inline(__always)
    static func chargeExpansion(_ u: KeyedUnarchiver, key: String?) throws(ArchiveError) {
        u.expandedValues += 1
        guard u.expandedValues <= u.options.limits.maxObjectCount else {
            throw u.located(.limitExceeded,
                            "the archive's values expand to more than \(u.options.limits.maxObjectCount) (shared collections repeat at every use)",
                            key: key)
        }
    }

    /// A container being walked: its members and the values decoded so far.
    struct Frame {
        enum Kind { case array, set, orderedSet, dictionary }
        var kind: Kind
        var object: Int
        var key: String
        var members: [ArchiveValue]
        var next = 0
        var results: [ArchivedValue] = []
        var isDictionary: Bool { kind == .dictionary }

        func build() -> ArchivedValue {
            switch kind {
            case .array: return .array(results)
            case .set: return .set(results)
            case .orderedSet: return .orderedSet(results)
            case .dictionary:
                var entries: [Entry] = []
                var i = 0
                while i + 1 < results.count {
                    entries.append(Entry(key: results[i], value: results[i + 1]))
                    i += 2
                }
                return .dictionary(entries)
            }
        }
    }

    /// The walk frame for a collection object (members read once), or nil for anything else, including
    /// collection classes the caller mapped to a class of its own.
    static func containerFrame(_ n: Int, _ u: KeyedUnarchiver) throws(ArchiveError) -> Frame? {
        let o = u.graph.objects[n]
        guard o.kind == .object, o.classIndex >= 0, !u.hasMappedClass(ofObject: n) else { return nil }
        let kind: Frame.Kind
        switch u.family(ofClass: o.classIndex) {
        case .array: kind = .array
        case .set: kind = .set
        case .orderedSet: kind = .orderedSet
        case .dictionary: kind = .dictionary
        default: return nil
        }
        return try u.withObjectScope(n) { () throws(ArchiveError) -> Frame in
            switch kind {
            case .dictionary:
                let (ks, vs) = try u.dictionaryMembers()
                var members: [ArchiveValue] = []
                members.reserveCapacity(ks.count * 2)
                for (k, v) in zip(ks, vs) {
                    members.append(k)
                    members.append(v)
                }
                return Frame(kind: kind, object: n, key: "NS.keys", members: members)
            case .orderedSet:
                var members: [ArchiveValue] = []
                var i = 0
                while let v = u.rawValue(forKey: "NS.object.\(i)") {
                    members.append(v)
                    i += 1
                }
                return Frame(kind: kind, object: n, key: "NS.object", members: members)
            default:
                return Frame(kind: kind, object: n, key: "NS.objects", members: try u.collectionMembers())
            }
        }
    }

    /// Any non-collection object.
    static func leaf(_ n: Int, _ u: KeyedUnarchiver) throws(ArchiveError) -> ArchivedValue {
        let o = u.graph.objects[n]
        if o.kind == .plain { return try plain(o.plainValue, u) }
        guard o.classIndex >= 0, o.classIndex < u.graph.classes.count else {
            _ = try u.resolveClass(ofObject: n)  // reports the precise corruption
            throw u.located(.corruptArchive, "object #\(n) has no class", key: nil)
        }
        // A class the caller registered or mapped wins over the built-in Foundation shapes.
        if u.hasMappedClass(ofObject: n) { return try object(n, u) }
        switch u.family(ofClass: o.classIndex) {
        case .string: return .string(try String.decodeArchived(objectAt: n, from: u))
        case .data: return .data(Array(try u.dataBytes(objectAt: n)))
        case .number: return try plain(u.numberValue(objectAt: n), u)
        case .countedSet:
            let c = try ArchivedCountedSet<ArchivedValue>.decodeArchived(objectAt: n, from: u)
            return .countedSet(c.members.map { Counted(element: $0.element, count: $0.count) })
        case .date: return .date(try Date.decodeArchived(objectAt: n, from: u))
        case .url: return .url(try URL.decodeArchived(objectAt: n, from: u))
        case .uuid: return .uuid(try UUID.decodeArchived(objectAt: n, from: u))
        case .null: return .null
        case .indexSet: return .indexSet(try ArchivedIndexSet.decodeArchived(objectAt: n, from: u))
        case .indexPath: return .indexPath(try ArchivedIndexPath.decodeArchived(objectAt: n, from: u))
        case .attributedString: return .attributedString(try ArchivedAttributedString.decodeArchived(objectAt: n, from: u))
        case .error: return .error(try ArchivedError.decodeArchived(objectAt: n, from: u))
        case .value: return .geometry(try ArchivedGeometry.decodeArchived(objectAt: n, from: u))
        case .other where !u.requiresSecureCoding:
            switch u.graph.classes[o.classIndex].name {
            case "NSColor": return .color(try ArchivedColor.decodeKeyed(objectAt: n, from: u))
            case "NSFont": return .font(try ArchivedFont.decodeKeyed(objectAt: n, from: u))
            default: return try object(n, u)
            }
        case .array, .set, .orderedSet, .dictionary, .other: return try object(n, u)
        }
    }

    /// A registered class's instance (the typedstream shapes' fallback).
    static func registeredObject(_ n: Int, _ u: KeyedUnarchiver) throws(ArchiveError) -> ArchivedValue { try object(n, u) }

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

    /// Writes the Foundation shape Apple would write for this value. Nested collections are written
    /// with an explicit stack (members before their collection), so nesting depth costs no call stack.
    public func encodeArchived(to a: KeyedArchiver) throws(ArchiveError) -> ArchiveValue {
        guard let members = collectionMembers else { return try encodeLeaf(a) }
        var stack: [(value: ArchivedValue, members: [ArchivedValue], refs: [ArchiveValue])] = [(self, members, [])]
        while let t = stack.indices.last {
            if stack[t].refs.count < stack[t].members.count {
                let m = stack[t].members[stack[t].refs.count]
                if let inner = m.collectionMembers {
                    stack.append((m, inner, []))
                } else {
                    stack[t].refs.append(try m.encodeLeaf(a))
                }
                continue
            }
            let done = stack.removeLast()
            let ref = try done.value.encodeCollection(done.refs, a)
            guard let parent = stack.indices.last else { return ref }
            stack[parent].refs.append(ref)
        }
        return .nil
    }

    /// The members of a collection case, flattened (dictionaries as key, value, key, value…); nil otherwise.
    private var collectionMembers: [ArchivedValue]? {
        switch self {
        case .array(let xs), .set(let xs), .orderedSet(let xs): return xs
        case .dictionary(let es): return es.flatMap { [$0.key, $0.value] }
        default: return nil
        }
    }

    /// Writes a collection whose members are already encoded as `refs`.
    private func encodeCollection(_ refs: [ArchiveValue], _ a: KeyedArchiver) throws(ArchiveError) -> ArchiveValue {
        switch self {
        case .array:
            return try a.encodeFoundationObject(className: "NSArray", chain: ["NSArray", "NSObject"]) {
                a.encodeRaw(a.inlineArray(refs), forKey: "NS.objects")
            }
        case .set:
            return try a.encodeFoundationObject(className: "NSSet", chain: ["NSSet", "NSObject"]) {
                a.encodeRaw(a.inlineArray(refs), forKey: "NS.objects")
            }
        case .orderedSet:
            return try a.encodeFoundationObject(className: "NSOrderedSet", chain: ["NSOrderedSet", "NSObject"]) {
                for (i, r) in refs.enumerated() { a.encodeRaw(r, forKey: "NS.object.\(i)") }
            }
        default:
            var ks: [ArchiveValue] = [], vs: [ArchiveValue] = []
            var i = 0
            while i + 1 < refs.count {
                ks.append(refs[i])
                vs.append(refs[i + 1])
                i += 2
            }
            return try a.encodeFoundationObject(className: "NSDictionary", chain: ["NSDictionary", "NSObject"]) {
                a.encodeRaw(a.inlineArray(ks), forKey: "NS.keys")
                a.encodeRaw(a.inlineArray(vs), forKey: "NS.objects")
            }
        }
    }

    private func encodeLeaf(_ a: KeyedArchiver) throws(ArchiveError) -> ArchiveValue {
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
        case .countedSet(let xs): return try ArchivedCountedSet(xs.map { ($0.element, $0.count) }).encodeArchived(to: a)
        case .indexSet(let x): return try x.encodeArchived(to: a)
        case .indexPath(let x): return try x.encodeArchived(to: a)
        case .attributedString(let x): return try x.encodeArchived(to: a)
        case .error(let x): return try x.encodeArchived(to: a)
        case .geometry(let x): return try x.encodeArchived(to: a)
        case .color(let x): return try x.encodeArchived(to: a)
        case .font(let x): return try x.encodeArchived(to: a)
        case .object(let o): return try a.reference(to: o)
        case .array, .set, .orderedSet, .dictionary: return try encodeArchived(to: a)
        }
    }
}
