import KeyedArchive

/// One file of any format this package reads, parsed as what its first bytes announce: a property
/// list, a keyed archive (a property list with its object graph), a NIBArchive or a typedstream.
///
/// This is what a tool that is handed "some Apple archive" opens first; ``ArchiveValidation`` says
/// whether it is sound, and ``NibDocument`` reads a nib's meaning from ``graph``.
public enum ArchiveDocument: Sendable {
    /// A property list that is not a keyed archive.
    case plist(PropertyList)
    /// An `NSKeyedArchiver` property list and its object graph.
    case keyedArchive(PropertyList, ArchiveGraph)
    /// A NIBArchive and its object graph.
    case nibArchive(ArchiveGraph)
    /// A typedstream (`NSArchiver`) and its object graph.
    case typedstream(ArchiveGraph)

    /// Parses `bytes` as whatever their first bytes announce. A property list whose root dictionary
    /// has `$archiver` or `$objects` is read as a keyed archive, so a broken archive is reported as one.
    ///
    /// - Throws: the readers' `ArchiveError`s, with a byte offset, object index or line and column.
    public static func open(_ bytes: [UInt8], limits: DecodingLimits = .default) throws(ArchiveError) -> ArchiveDocument {
        switch ArchiveFormat.detect(bytes) {
        case .nibArchive: return .nibArchive(try ArchiveGraph(nibArchive: bytes, limits: limits))
        case .typedstream: return .typedstream(try ArchiveGraph(typedstream: bytes, limits: limits))
        default: break
        }
        let plist = try PropertyList(parsing: bytes, limits: limits)
        guard isKeyedArchive(plist) else { return .plist(plist) }
        return .keyedArchive(plist, try ArchiveGraph(keyedArchive: plist, limits: limits))
    }

    /// Like ``open(_:limits:)``, but a keyed archive that ``ArchiveValidation`` would reject still
    /// opens (as its object graph when that can be built, else as a plain property list), with the
    /// problem beside it. Only input that is not even a property list, NIBArchive or typedstream throws.
    ///
    /// Inspectors use this to show what is there and warn about what is wrong.
    public static func openLeniently(_ bytes: [UInt8], limits: DecodingLimits = .default) throws(ArchiveError) -> (ArchiveDocument, problem: ArchiveError?) {
        let format = ArchiveFormat.detect(bytes)
        if format == .nibArchive || format == .typedstream {
            let document = try open(bytes, limits: limits)
            return (document, ArchiveValidation.problem(in: document, limits: limits))
        }
        let plist = try PropertyList(parsing: bytes, limits: limits)
        guard isKeyedArchive(plist) else { return (.plist(plist), nil) }
        let document: ArchiveDocument
        do {
            document = .keyedArchive(plist, try ArchiveGraph(keyedArchive: plist, limits: limits))
        } catch {
            return (.plist(plist), error)
        }
        return (document, ArchiveValidation.problem(in: document, limits: limits))
    }

    /// Whether the root is a dictionary with `$archiver` or `$objects`: what makes ``open(_:limits:)``
    /// read a property list as a keyed archive.
    public static func isKeyedArchive(_ plist: PropertyList) -> Bool {
        let root = plist.root
        guard root >= 0, root < plist.count, plist.kind(root) == .dict else { return false }
        return plist.dictValue(root, forKey: "$archiver") != nil || plist.dictValue(root, forKey: "$objects") != nil
    }

    /// The object graph, for keyed archives, NIBArchives and typedstreams.
    public var graph: ArchiveGraph? {
        switch self {
        case .plist: nil
        case .keyedArchive(_, let g), .nibArchive(let g), .typedstream(let g): g
        }
    }

    /// `plist`, `keyedArchive`, `nibArchive` or `typedstream` (the spelling JSON output uses).
    public var kindName: String {
        switch self {
        case .plist: "plist"
        case .keyedArchive: "keyedArchive"
        case .nibArchive: "nibArchive"
        case .typedstream: "typedstream"
        }
    }

    /// A short human description: `binary plist`, `keyed archive (xml)`, `NIBArchive (coder 10)`.
    public var summary: String {
        switch self {
        case .plist(let p): "\(p.format.rawValue) plist"
        case .keyedArchive(let p, _): "keyed archive (\(p.format.rawValue))"
        case .nibArchive(let g): "NIBArchive" + (g.metadata.nibCoderVersion.map { " (coder \($0))" } ?? "")
        case .typedstream(let g):
            "typedstream" + (g.metadata.typedstreamHeader.map { " (\($0.isBigEndian ? "big" : "little")-endian, streamer \($0.streamerVersion))" } ?? "")
        }
    }

    /// Number of entries in the object table (property-list objects for a plain property list).
    public var objectCount: Int {
        switch self {
        case .plist(let p): p.count
        case .keyedArchive(_, let g), .nibArchive(let g), .typedstream(let g): g.objects.count
        }
    }
}
