// NSArray, NSSet and NSDictionary (and their mutable variants) as Swift collections.

let arrayClassNames: Set<String> = ["NSArray", "NSMutableArray", "__NSArrayI", "__NSArrayM", "__NSArray0", "__NSSingleObjectArrayI"]
let setClassNames: Set<String> = ["NSSet", "NSMutableSet", "__NSSetI", "__NSSetM"]
let dictionaryClassNames: Set<String> = ["NSDictionary", "NSMutableDictionary", "__NSDictionaryI", "__NSDictionaryM"]

extension Array: KeyedArchivable where Element: KeyedArchivable {
    /// Reads an `NSArray`/`NSMutableArray` (`NS.objects`, or the NIBArchive inlined form).
    @inlinable  // specialised with the element type, like decodeMembers
    public static func decodeArchived(objectAt n: Int, from u: KeyedUnarchiver) throws(ArchiveError) -> [Element] {
        try u.expectClass(n, .array, as: "an array")
        return try u.withObjectScope(n) { () throws(ArchiveError) -> [Element] in
            try u.decodeMembers(u.memberValues(), as: Element.self, key: "NS.objects")
        }
    }

    /// Writes `NSArray { NS.objects = [UID…] }`.
    @inlinable  // specialised with the element type: no generic array calls per member
    public func encodeArchived(to a: KeyedArchiver) throws(ArchiveError) -> ArchiveValue {
        var refs: [ArchiveValue] = []
        refs.reserveCapacity(count)
        for e in self { refs.append(try e.encodeArchived(to: a)) }
        return try a.encodeFoundationObject(className: "NSArray", chain: ["NSArray", "NSObject"]) {
            a.encodeRaw(a.inlineArray(refs), forKey: "NS.objects")
        }
    }
}

extension Set: KeyedArchivable where Element: KeyedArchivable {
    /// Reads an `NSSet`/`NSMutableSet` (`NS.objects`, `NS.object.<i>`, or the NIBArchive inlined form).
    @inlinable  // specialised with the member types, like decodeMembers
    public static func decodeArchived(objectAt n: Int, from u: KeyedUnarchiver) throws(ArchiveError) -> Set<Element> {
        try u.expectClass(n, .set, as: "a set")
        return try u.withObjectScope(n) { () throws(ArchiveError) -> Set<Element> in
            Set(try u.decodeMembers(u.memberValues(), as: Element.self, key: "NS.objects"))
        }
    }

    /// Writes `NSSet { NS.objects = [UID…] }`; members are encoded in the order the set yields them, so
    /// wrap sets in ``OrderedArchivedSet`` (or sort them) when byte-stable output matters.
    public func encodeArchived(to a: KeyedArchiver) throws(ArchiveError) -> ArchiveValue {
        var refs: [ArchiveValue] = []
        for e in self { refs.append(try e.encodeArchived(to: a)) }
        return try a.encodeFoundationObject(className: "NSSet", chain: ["NSSet", "NSObject"]) {
            a.encodeRaw(a.inlineArray(refs), forKey: "NS.objects")
        }
    }
}

extension Dictionary: KeyedArchivable where Key: KeyedArchivable, Value: KeyedArchivable {
    /// Reads an `NSDictionary`/`NSMutableDictionary`: parallel `NS.keys`/`NS.objects` (equal counts,
    /// no nil keys), or the NIBArchive inlined form (key, value, key, value…).
    @inlinable  // specialised with the member types, like decodeMembers
    public static func decodeArchived(objectAt n: Int, from u: KeyedUnarchiver) throws(ArchiveError) -> [Key: Value] {
        try u.expectClass(n, .dictionary, as: "a dictionary")
        return try u.withObjectScope(n) { () throws(ArchiveError) -> [Key: Value] in
            let (ks, vs) = try u.dictionaryMembers()
            let keys = try u.decodeMembers(ks[...], as: Key.self, key: "NS.keys")
            let vals = try u.decodeMembers(vs[...], as: Value.self, key: "NS.objects")
            var out: [Key: Value] = [:]
            out.reserveCapacity(keys.count)
            for (k, v) in zip(keys, vals) { out[k] = v }
            return out
        }
    }

    /// Writes `NSDictionary { NS.keys, NS.objects }`; entries are written in the dictionary's iteration
    /// order, so use ``OrderedArchivedDictionary`` when byte-stable output matters.
    public func encodeArchived(to a: KeyedArchiver) throws(ArchiveError) -> ArchiveValue {
        var ks: [ArchiveValue] = []
        var vs: [ArchiveValue] = []
        for (k, v) in self {
            ks.append(try k.encodeArchived(to: a))
            vs.append(try v.encodeArchived(to: a))
        }
        return try a.encodeFoundationObject(className: "NSDictionary", chain: ["NSDictionary", "NSObject"]) {
            a.encodeRaw(a.inlineArray(ks), forKey: "NS.keys")
            a.encodeRaw(a.inlineArray(vs), forKey: "NS.objects")
        }
    }
}

extension KeyedUnarchiver {
    /// The keys and values of the dictionary object in the current scope, in either convention.
    @usableFromInline
    func dictionaryMembers() throws(ArchiveError) -> (keys: [ArchiveValue], values: [ArchiveValue]) {
        if graph.metadata.source == .typedstream { return try TypedstreamShapes.entryReferences(self) }
        if rawValue(forKey: "NS.keys") != nil || rawValue(forKey: "NS.objects") != nil {
            let ks = try collectionMembers(key: "NS.keys")
            let vs = try collectionMembers(key: "NS.objects")
            guard ks.count == vs.count else {
                throw located(.corruptArchive, "NS.keys has \(ks.count) members but NS.objects has \(vs.count)", key: "NS.keys")
            }
            return (ks, vs)
        }
        let all = try collectionMembers()
        guard all.count % 2 == 0 else {
            throw located(.corruptArchive, "an inlined dictionary has an odd number of members (\(all.count))", key: nil)
        }
        var ks: [ArchiveValue] = []
        var vs: [ArchiveValue] = []
        var i = 0
        while i + 1 < all.count {
            ks.append(all[i])
            vs.append(all[i + 1])
            i += 2
        }
        return (ks, vs)
    }
}

/// A dictionary that keeps entry order, archived as `NSDictionary` (deterministic output).
public struct OrderedArchivedDictionary<Key: KeyedArchivable, Value: KeyedArchivable>: KeyedArchivable {
    /// The entries, in order.
    public var entries: [(key: Key, value: Value)]

    /// Wraps entries.
    /// - Parameter entries: Key-value pairs in the order they are written.
    public init(_ entries: [(key: Key, value: Value)]) { self.entries = entries }

    /// Reads an `NSDictionary` in stored order.
    public static func decodeArchived(objectAt n: Int, from u: KeyedUnarchiver) throws(ArchiveError) -> Self {
        try u.expectClass(n, .dictionary, as: "a dictionary")
        return try u.withObjectScope(n) { () throws(ArchiveError) -> Self in
            let (ks, vs) = try u.dictionaryMembers()
            let keys = try u.decodeMembers(ks[...], as: Key.self, key: "NS.keys")
            let vals = try u.decodeMembers(vs[...], as: Value.self, key: "NS.objects")
            return Self(Array(zip(keys, vals).map { (key: $0.0, value: $0.1) }))
        }
    }

    /// Writes `NSDictionary { NS.keys, NS.objects }` in entry order.
    public func encodeArchived(to a: KeyedArchiver) throws(ArchiveError) -> ArchiveValue {
        var ks: [ArchiveValue] = []
        var vs: [ArchiveValue] = []
        for e in entries {
            ks.append(try e.key.encodeArchived(to: a))
            vs.append(try e.value.encodeArchived(to: a))
        }
        return try a.encodeFoundationObject(className: "NSDictionary", chain: ["NSDictionary", "NSObject"]) {
            a.encodeRaw(a.inlineArray(ks), forKey: "NS.keys")
            a.encodeRaw(a.inlineArray(vs), forKey: "NS.objects")
        }
    }
}

/// Set members in a fixed order, archived as `NSSet` (deterministic output).
public struct OrderedArchivedSet<Element: KeyedArchivable>: KeyedArchivable {
    /// The members, in order.
    public var elements: [Element]

    /// Wraps members.
    /// - Parameter elements: The members in the order they are written.
    public init(_ elements: [Element]) { self.elements = elements }

    /// Reads an `NSSet` in stored order.
    public static func decodeArchived(objectAt n: Int, from u: KeyedUnarchiver) throws(ArchiveError) -> Self {
        try u.expectClass(n, .set, as: "a set")
        return try u.withObjectScope(n) { () throws(ArchiveError) -> Self in
            Self(try u.decodeMembers(u.memberValues(), as: Element.self, key: "NS.objects"))
        }
    }

    /// Writes `NSSet { NS.objects }` in member order.
    public func encodeArchived(to a: KeyedArchiver) throws(ArchiveError) -> ArchiveValue {
        var refs: [ArchiveValue] = []
        for e in elements { refs.append(try e.encodeArchived(to: a)) }
        return try a.encodeFoundationObject(className: "NSSet", chain: ["NSSet", "NSObject"]) {
            a.encodeRaw(a.inlineArray(refs), forKey: "NS.objects")
        }
    }
}
