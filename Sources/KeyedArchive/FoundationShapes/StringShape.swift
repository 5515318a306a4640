/// Class names whose objects decode as strings.
let stringClassNames: Set<String> = ["NSString", "NSMutableString", "NSLocalizableString", "__NSCFString", "NSPathStore2"]

extension String: KeyedArchivable, KeyedInlineDecodable {
    /// Reads a plain string entry, or an `NSString`/`NSMutableString` object with an inline `NS.string`
    /// or UTF-8 `NS.bytes`.
    public static func decodeArchived(objectAt n: Int, from u: KeyedUnarchiver) throws(ArchiveError) -> String {
        if u.graph.metadata.source == .typedstream { return try TypedstreamShapes.string(n, u) }
        let o = u.graph.objects[n]
        if o.kind == .plain {
            guard case .string = o.plainValue, let s = u.graph.string(o.plainValue) else {
                throw u.located(.typeMismatch, "expected a string, found a \(o.plainValue.kindName) (object #\(n))", key: nil)
            }
            return s
        }
        try u.expectClass(n, .string, as: "a string")
        return try u.withObjectScope(n) { () throws(ArchiveError) -> String in
            if let v = u.rawValue(forKey: "NS.string") {
                guard case .string = v, let s = u.graph.string(v) else {
                    throw u.located(.typeMismatch, "NS.string must be an inline string, found a \(v.kindName)", key: "NS.string")
                }
                return s
            }
            if let v = u.rawValue(forKey: "NS.bytes") {
                guard case .bytes = v, let s = u.graph.string(v) else {
                    throw u.located(.typeMismatch, "NS.bytes must be inline data, found a \(v.kindName)", key: "NS.bytes")
                }
                return s
            }
            return ""
        }
    }

    /// Writes a plain string entry (shared with equal strings).
    public func encodeArchived(to archiver: KeyedArchiver) throws(ArchiveError) -> ArchiveValue {
        archiver.encodePlainString(self)
    }

    /// An inline string (NIBArchive stores none, but accept one).
    public static func decodeInline(_ value: ArchiveValue, from u: KeyedUnarchiver) throws(ArchiveError) -> String? {
        if case .string = value { return u.graph.string(value) }
        return nil
    }
}

/// A string archived as `NSMutableString` (`NS.string` inline), as Apple writes mutable strings.
public struct MutableStringValue: KeyedArchivable, Hashable, Sendable {
    /// The text.
    public var string: String

    /// Wraps a string.
    /// - Parameter string: The text.
    public init(_ string: String) { self.string = string }

    /// Reads any string shape.
    public static func decodeArchived(objectAt n: Int, from u: KeyedUnarchiver) throws(ArchiveError) -> MutableStringValue {
        MutableStringValue(try String.decodeArchived(objectAt: n, from: u))
    }

    /// Writes `NSMutableString { NS.string = <inline string> }`.
    public func encodeArchived(to a: KeyedArchiver) throws(ArchiveError) -> ArchiveValue {
        try a.encodeFoundationObject(className: "NSMutableString", chain: ["NSMutableString", "NSString", "NSObject"]) {
            a.encodeRaw(a.inlineString(string), forKey: "NS.string")
        }
    }
}
