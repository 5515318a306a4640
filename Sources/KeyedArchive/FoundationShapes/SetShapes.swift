/// `NSOrderedSet`/`NSMutableOrderedSet`: members under `NS.object.0`, `NS.object.1`, ….
public struct ArchivedOrderedSet<Element: KeyedArchivable>: KeyedArchivable {
    /// The members, in order.
    public var elements: [Element]
    /// Whether it is written as `NSMutableOrderedSet`.
    public var isMutable: Bool

    /// Creates an ordered set.
    /// - Parameters:
    ///   - elements: The members (distinct).
    ///   - isMutable: Write `NSMutableOrderedSet`.
    public init(_ elements: [Element], isMutable: Bool = false) {
        self.elements = elements
        self.isMutable = isMutable
    }

    /// Reads `NS.object.<i>` members until the first missing index.
    public static func decodeArchived(objectAt n: Int, from u: KeyedUnarchiver) throws(ArchiveError) -> Self {
        try u.expectClass(n, .orderedSet, as: "an ordered set")
        let mutable = u.graph.className(ofObject: n) == "NSMutableOrderedSet"
        return try u.withObjectScope(n) { () throws(ArchiveError) -> Self in
            var members: [ArchiveValue] = []
            var i = 0
            while let v = u.rawValue(forKey: "NS.object.\(i)") {
                members.append(v)
                i += 1
            }
            return Self(try u.decodeMembers(members[...], as: Element.self, key: "NS.object"), isMutable: mutable)
        }
    }

    /// Writes `NSOrderedSet { NS.object.0, NS.object.1, … }`.
    public func encodeArchived(to a: KeyedArchiver) throws(ArchiveError) -> ArchiveValue {
        var refs: [ArchiveValue] = []
        for e in elements { refs.append(try e.encodeArchived(to: a)) }
        let name = isMutable ? "NSMutableOrderedSet" : "NSOrderedSet"
        let chain = isMutable ? ["NSMutableOrderedSet", "NSOrderedSet", "NSObject"] : ["NSOrderedSet", "NSObject"]
        return try a.encodeFoundationObject(className: name, chain: chain) {
            for (i, r) in refs.enumerated() { a.encodeRaw(r, forKey: "NS.object.\(i)") }
        }
    }
}

/// `NSCountedSet`: `NS.count` distinct members, each as `NS.object<i>` with its count `NS.count<i>`.
public struct ArchivedCountedSet<Element: KeyedArchivable>: KeyedArchivable {
    /// Distinct members with their counts, in stored order.
    public var members: [(element: Element, count: Int)]

    /// Creates a counted set.
    /// - Parameter members: Distinct members with their counts.
    public init(_ members: [(element: Element, count: Int)]) { self.members = members }

    /// Reads an `NSCountedSet`.
    public static func decodeArchived(objectAt n: Int, from u: KeyedUnarchiver) throws(ArchiveError) -> Self {
        try u.expectClass(n, .countedSet, as: "a counted set")
        return try u.withObjectScope(n) { () throws(ArchiveError) -> Self in
            let count = try u.decodeInt(forKey: "NS.count")
            guard count >= 0, count <= u.currentValues.count else {
                throw u.located(.corruptArchive, "NS.count is \(count) but the object has \(u.currentValues.count) values", key: "NS.count")
            }
            var out: [(element: Element, count: Int)] = []
            for i in 0 ..< count {
                guard let v = u.rawValue(forKey: "NS.object\(i)") else {
                    throw u.located(.valueNotFound, "member \(i) of \(count) is missing", key: "NS.object\(i)")
                }
                let m = try u.decodeMembers([v][...], as: Element.self, key: "NS.object\(i)")
                guard let e = m.first else { continue }
                out.append((e, try u.decodeInt(forKey: "NS.count\(i)")))
            }
            return Self(out)
        }
    }

    /// Writes `NSCountedSet { NS.count, NS.object<i>, NS.count<i> }`.
    public func encodeArchived(to a: KeyedArchiver) throws(ArchiveError) -> ArchiveValue {
        var refs: [ArchiveValue] = []
        for m in members { refs.append(try m.element.encodeArchived(to: a)) }
        return try a.encodeFoundationObject(className: "NSCountedSet", chain: ["NSCountedSet", "NSMutableSet", "NSSet", "NSObject"]) {
            a.encode(members.count, forKey: "NS.count")
            for (i, r) in refs.enumerated() {
                a.encodeRaw(r, forKey: "NS.object\(i)")
                a.encode(members[i].count, forKey: "NS.count\(i)")
            }
        }
    }
}
