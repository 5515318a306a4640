#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

let dataClassNames: Set<String> = ["NSData", "NSMutableData", "__NSCFData", "_NSInlineData", "NSConcreteData", "NSConcreteMutableData"]

extension KeyedUnarchiver {
    /// The bytes of a data-valued object: a plain data entry, or an `NSData`-family object with inline
    /// `NS.data` (keyed archive) or `NS.bytes` (NIBArchive).
    func dataBytes(objectAt n: Int) throws(ArchiveError) -> ArraySlice<UInt8> {
        let o = graph.objects[n]
        if o.kind == .object, graph.metadata.source == .typedstream {
            try expectClass(n, .data, as: "data")
            return ArraySlice(try TypedstreamShapes.data(n, self))
        }
        if o.kind == .plain {
            guard case .bytes(let r) = o.plainValue else {
                throw located(.typeMismatch, "expected data, found a \(o.plainValue.kindName) (object #\(n))", key: nil)
            }
            return graph.storage[r.range]
        }
        try expectClass(n, .data, as: "data")
        return try withObjectScope(n) { () throws(ArchiveError) -> ArraySlice<UInt8> in
            for key in ["NS.data", "NS.bytes"] {
                guard let v = rawValue(forKey: key) else { continue }
                guard case .bytes(let r) = v else {
                    throw located(.typeMismatch, "\(key) must be inline data, found a \(v.kindName)", key: key)
                }
                return graph.storage[r.range]
            }
            return []
        }
    }

    /// Decodes the data object under `key` without copying it more than once.
    func dataBytes(forKey key: String) throws(ArchiveError) -> ArraySlice<UInt8>? {
        guard !poisoned, let v = rawValue(forKey: key) else { return nil }
        switch v {
        case .nil: return nil
        case .bytes(let r): return graph.storage[r.range]
        case .ref(let n):
            guard n >= 0, n < graph.objects.count else {
                throw located(.badReference, "reference to object \(n), but the archive has \(graph.objects.count) objects", key: key)
            }
            reachElement = -1
            return try dataBytes(objectAt: n)
        default:
            throw mismatch(v, "a data object", key)
        }
    }
}

extension Data {
    /// One copy of `bytes` through their buffer (`Data(slice)` goes through a boxed generic sequence path,
    /// and `Data(UnsafeRawBufferPointer)` through the generic sequence initialiser).
    init(copying bytes: ArraySlice<UInt8>) {
        self = bytes.withUnsafeBytes { raw in raw.baseAddress.map { Data(bytes: $0, count: raw.count) } ?? Data() }
    }
}

extension Data: KeyedArchivable, KeyedInlineDecodable {
    /// Reads a plain data entry or an `NSData`/`NSMutableData` object.
    public static func decodeArchived(objectAt n: Int, from u: KeyedUnarchiver) throws(ArchiveError) -> Data {
        Data(copying: try u.dataBytes(objectAt: n))
    }
    /// Writes a plain data entry.
    public func encodeArchived(to a: KeyedArchiver) throws(ArchiveError) -> ArchiveValue {
        a.encodePlain(a.inlineBytes(self))
    }
    /// Accepts inline bytes (NIBArchive).
    public static func decodeInline(_ value: ArchiveValue, from u: KeyedUnarchiver) throws(ArchiveError) -> Data? {
        if case .bytes(let r) = value { return Data(copying: u.graph.storage[r.range]) }
        return nil
    }
}

/// Bytes archived as `NSMutableData` (`NS.data` inline), as Apple writes mutable data.
public struct MutableDataValue: KeyedArchivable, Hashable, Sendable {
    /// The bytes.
    public var bytes: [UInt8]
    /// Wraps bytes.
    /// - Parameter bytes: The bytes.
    public init(_ bytes: [UInt8]) { self.bytes = bytes }
    /// Reads any data shape.
    public static func decodeArchived(objectAt n: Int, from u: KeyedUnarchiver) throws(ArchiveError) -> MutableDataValue {
        MutableDataValue(Array(try u.dataBytes(objectAt: n)))
    }
    /// Writes `NSMutableData { NS.data = <inline data> }`.
    public func encodeArchived(to a: KeyedArchiver) throws(ArchiveError) -> ArchiveValue {
        try a.encodeFoundationObject(className: "NSMutableData", chain: ["NSMutableData", "NSData", "NSObject"]) {
            a.encodeRaw(a.inlineBytes(bytes), forKey: "NS.data")
        }
    }
}

extension Date: KeyedArchivable {
    /// Reads `NSDate { NS.time }` (a real, seconds since 2001-01-01 UTC; a plist date is accepted too),
    /// or a plain plist date entry.
    public static func decodeArchived(objectAt n: Int, from u: KeyedUnarchiver) throws(ArchiveError) -> Date {
        if u.graph.metadata.source == .typedstream, u.graph.objects[n].kind == .object {
            try u.expectClass(n, .date, as: "a date")
            return Date(timeIntervalSinceReferenceDate: try u.withObjectScope(n) { () throws(ArchiveError) in try u.decodeReal(ofObjCType: "d") })
        }
        let o = u.graph.objects[n]
        if o.kind == .plain, case .date(let t) = o.plainValue { return Date(timeIntervalSinceReferenceDate: t) }
        try u.expectClass(n, .date, as: "a date")
        return try u.withObjectScope(n) { () throws(ArchiveError) -> Date in
            guard let v = u.rawValue(forKey: "NS.time") else {
                throw u.located(.valueNotFound, "an NSDate without NS.time", key: "NS.time")
            }
            switch v {
            case .double(let t): return Date(timeIntervalSinceReferenceDate: t)
            case .float(let t): return Date(timeIntervalSinceReferenceDate: Double(t))
            case .date(let t): return Date(timeIntervalSinceReferenceDate: t)
            default: throw u.mismatch(v, "a real (seconds since 2001)", "NS.time")
            }
        }
    }
    /// Writes `NSDate { NS.time = <real> }`.
    public func encodeArchived(to a: KeyedArchiver) throws(ArchiveError) -> ArchiveValue {
        a.encodeOneValueObject(classIndex: a.classIndex(name: "NSDate", chain: ["NSDate", "NSObject"]), key: "NS.time",
                               .double(timeIntervalSinceReferenceDate))
    }
}

/// `NSNull`: a class with no keys.
public struct ArchivedNull: KeyedArchivable, Hashable, Sendable {
    /// The null value.
    public init() {}
    /// Reads an `NSNull` object.
    public static func decodeArchived(objectAt n: Int, from u: KeyedUnarchiver) throws(ArchiveError) -> ArchivedNull {
        try u.expectClass(n, .null, as: "NSNull")
        return ArchivedNull()
    }
    /// Writes an `NSNull` object.
    public func encodeArchived(to a: KeyedArchiver) throws(ArchiveError) -> ArchiveValue {
        try a.encodeFoundationObject(className: "NSNull", chain: ["NSNull", "NSObject"]) {}
    }
}

extension UUID: KeyedArchivable {
    /// Reads `NSUUID { NS.uuidbytes = <16 bytes> }`.
    public static func decodeArchived(objectAt n: Int, from u: KeyedUnarchiver) throws(ArchiveError) -> UUID {
        try u.expectClass(n, .uuid, as: "a UUID")
        return try u.withObjectScope(n) { () throws(ArchiveError) -> UUID in
            guard let b = try u.withDecodedBytes(forKey: "NS.uuidbytes", { Array($0) }) else {
                throw u.located(.valueNotFound, "an NSUUID without NS.uuidbytes", key: "NS.uuidbytes")
            }
            guard b.count == 16 else {
                throw u.located(.corruptArchive, "NS.uuidbytes holds \(b.count) bytes, not 16", key: "NS.uuidbytes")
            }
            return UUID(uuid: (b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]))
        }
    }
    /// Writes `NSUUID { NS.uuidbytes }`.
    public func encodeArchived(to a: KeyedArchiver) throws(ArchiveError) -> ArchiveValue {
        let u = uuid
        let bytes = [u.0, u.1, u.2, u.3, u.4, u.5, u.6, u.7, u.8, u.9, u.10, u.11, u.12, u.13, u.14, u.15]
        return try a.encodeFoundationObject(className: "NSUUID", chain: ["NSUUID", "NSObject"]) {
            a.encodeBytes(bytes, forKey: "NS.uuidbytes")
        }
    }
}

extension URL: KeyedArchivable {
    /// Reads `NSURL { NS.base → NSURL or nil, NS.relative → string }` as a URL relative to its base.
    public static func decodeArchived(objectAt n: Int, from u: KeyedUnarchiver) throws(ArchiveError) -> URL {
        try u.expectClass(n, .url, as: "a URL")
        if u.graph.metadata.source == .typedstream { return try TypedstreamShapes.url(n, u) }
        return try u.withObjectScope(n) { () throws(ArchiveError) -> URL in
            let base = try u.decodeObject(of: URL.self, forKey: "NS.base")
            guard let relative = try u.decodeObject(of: String.self, forKey: "NS.relative") else {
                throw u.located(.valueNotFound, "an NSURL without NS.relative", key: "NS.relative")
            }
            guard let url = URL(string: relative, relativeTo: base) else {
                throw u.located(.corruptArchive, "NS.relative \"\(relative)\" is not a valid URL", key: "NS.relative")
            }
            return url
        }
    }
    /// Writes `NSURL { NS.base, NS.relative }`, keeping a relative URL's base (Darwin shape).
    public func encodeArchived(to a: KeyedArchiver) throws(ArchiveError) -> ArchiveValue {
        let base = baseURL
        let relative = base == nil ? absoluteString : relativeString
        let baseRef = try base.map { b throws(ArchiveError) in try b.encodeArchived(to: a) } ?? .nil
        let relRef = a.encodePlainString(relative)
        return try a.encodeFoundationObject(className: "NSURL", chain: ["NSURL", "NSObject"]) {
            a.encodeRaw(baseRef, forKey: "NS.base")
            a.encodeRaw(relRef, forKey: "NS.relative")
        }
    }
}
