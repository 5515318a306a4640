#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The text and attribute runs of an attributed-string archive: what a forensic reader wants from a
/// Messages `attributedBody` (a typedstream) or any keyed archive of an `NSAttributedString`.
///
/// Attribute values are rendered as short text. A value of a class this library has no shape for
/// (an app's class) is shown as `<ClassName>` rather than failing the whole
/// report, so the text of a message is never lost to one attribute.
public struct AttributedTextReport: Sendable, Equatable {
    /// One attribute run.
    public struct Run: Sendable, Equatable {
        /// Offset of the run in UTF-16 units (`NSRange.location`).
        public var start: Int
        /// Length of the run in UTF-16 units.
        public var length: Int
        /// The run's attributes in stored order: name and rendered value.
        public var attributes: [Attribute]
    }

    /// One attribute of a run.
    public struct Attribute: Sendable, Equatable {
        /// The attribute name (`__kIMMessagePartAttributeName`, `NSFont`, …).
        public var name: String
        /// The value, rendered as text.
        public var value: String
    }

    /// The plain text.
    public var text: String
    /// The attribute runs, in order; empty for a plain string archive.
    public var runs: [Run]
    /// `typedstream` or `keyedArchive`.
    public var format: String

    /// Reads the root of a typedstream or keyed archive: an attributed string, or a plain string.
    ///
    /// - Parameters:
    ///   - bytes: The archive.
    ///   - limits: Bounds for the readers.
    /// - Throws: Reader errors, or ``ArchiveError/Code/typeMismatch`` when the root is neither an
    ///   attributed string nor a string.
    public init(archive bytes: [UInt8], limits: DecodingLimits = .default) throws(ArchiveError) {
        let graph = try ArchiveGraph(archiveBytes: bytes, limits: limits)
        try self.init(graph: graph)
    }

    /// Reads the root of an archive graph (see ``init(archive:limits:)``).
    ///
    /// - Parameter graph: A typedstream or keyed-archive graph.
    /// - Throws: As ``init(archive:limits:)``.
    public init(graph: ArchiveGraph) throws(ArchiveError) {
        let u = KeyedUnarchiver(graph: graph)
        let opaque = OpaqueClassDelegate()
        u.delegate = opaque
        format = graph.metadata.source == .typedstream ? "typedstream" : "keyedArchive"
        switch try u.decodeTopLevelObject(of: ArchivedValue.self) {
        case .attributedString(let a)?:
            text = a.string
            var start = 0
            runs = a.runs.map { r in
                defer { start += r.length }
                return Run(start: start, length: r.length, attributes: r.attributes.map {
                    Attribute(name: Self.render($0.key, quoted: false), value: Self.render($0.value, quoted: true))
                })
            }
        case .string(let s)?:
            text = s
            runs = []
        case let other:
            throw ArchiveError(.typeMismatch, "the root is \(other.map { Self.render($0, quoted: false) } ?? "nil"), not an attributed string",
                               keyPath: ["root"])
        }
    }

    /// A value as one line of text: strings quoted (when asked), collections in brackets.
    public static func render(_ v: ArchivedValue, quoted: Bool = true) -> String {
        switch v {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .int(let i): return String(i)
        case .unsignedInt(let i): return String(i)
        case .float(let f): return String(f)
        case .double(let d): return String(d)
        case .string(let s): return quoted ? "\"\(s)\"" : s
        case .data(let d): return "<\(d.count) bytes>"
        case .date(let d): return "date(\(d.timeIntervalSinceReferenceDate))"
        case .url(let u): return u.absoluteString
        case .uuid(let u): return u.uuidString
        case .array(let xs), .set(let xs), .orderedSet(let xs): return "[" + xs.map { render($0) }.joined(separator: ", ") + "]"
        case .countedSet(let xs): return "[" + xs.map { "\(render($0.element)) × \($0.count)" }.joined(separator: ", ") + "]"
        case .dictionary(let es): return "{" + es.map { "\(render($0.key)): \(render($0.value))" }.joined(separator: ", ") + "}"
        case .indexSet(let s): return "indexes(\(s))"
        case .indexPath(let p): return "indexPath(\(p))"
        case .attributedString(let a): return "\"\(a.string)\" (\(a.runs.count) runs)"
        case .error(let e): return "error(\(e.domain) \(e.code))"
        case .geometry(let g): return "\(g)"
        case .color(let c):
            if let name = c.name { return "color(\(c.catalog ?? "?")/\(name))" }
            return "color(space \(c.space): " + c.components.map { String($0) }.joined(separator: " ") + ")"
        case .font(let f): return "font(\(f.name ?? "?") \(f.size.map { String($0) } ?? "?"))"
        case .object(let o): return "<\((o as? OpaqueArchivedObject)?.className ?? String(describing: type(of: o)))>"
        }
    }
}

/// Stands in for an object of a class the report cannot decode; remembers the class name.
final class OpaqueArchivedObject: KeyedCoding {
    var className = "?"
    init() {}
    func encode(with archiver: KeyedArchiver) throws(ArchiveError) {
        throw ArchiveError(.encodingFailed, "an opaque \(className) cannot be archived")
    }
    func decode(with unarchiver: KeyedUnarchiver) throws(ArchiveError) {
        className = unarchiver.currentClassName ?? "?"
    }
}

/// Substitutes ``OpaqueArchivedObject`` for every class that cannot be found.
final class OpaqueClassDelegate: KeyedUnarchiverDelegate {
    func unarchiver(_ unarchiver: KeyedUnarchiver, cannotDecodeObjectOfClassName name: String,
                    originalClasses: [String]) -> (any KeyedCoding.Type)? { OpaqueArchivedObject.self }
}
