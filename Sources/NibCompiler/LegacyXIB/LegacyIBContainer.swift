import KeyedArchive

/// Interface Builder 3's bookkeeping in a legacy XIB (`IBDocument.Objects`, an `IBObjectContainer`):
/// the object records (id, parent, name), the connection records and the flattened properties
/// (`"<id>.CustomClassName"`, `"<id>.NSWindowTemplate.visibleAtLaunch"`, …).
struct LegacyIBContainer {
    /// One `IBObjectRecord`.
    struct Record {
        /// Interface Builder's object id: 0 the document root, -1 File's Owner, -2 First Responder,
        /// -3 the application; positive ids for everything else.
        var objectID: Int64
        /// The archive object (nil for a record of nothing).
        var object: Int?
        /// The parent's archive object (the root record's object for top-level objects).
        var parent: Int?
        /// The name the user gave it in Interface Builder.
        var name: String?
    }

    /// One `IBConnectionRecord`.
    struct Connection {
        /// `IBOutletConnection`, `IBActionConnection`, `IBBindingConnection`, ….
        var className: String
        /// The connection object in the archive.
        var object: Int
        var label: String?
        var source: Int?
        var destination: Int?
        /// Its `connectionID`, which becomes its object id.
        var id: Int64
    }

    /// `IBDocument.RootObjects`, in order.
    var rootObjects: [Int]
    var records: [Record]
    var connections: [Connection]
    /// Flattened property values by their key, `"<id>.<name>"`.
    var properties: [String: LegacyIBArchive.Value]
    /// The largest id given out (`maxID`).
    var maxID: Int64
    /// Archive object → its record's Interface Builder object id.
    var ids: [Int: Int64] = [:]

    init(_ a: LegacyIBArchive) throws(ArchiveError) {
        guard let roots = a.object(0, "IBDocument.RootObjects") else {
            throw a.tree.error(.corrupt, "the archive has no IBDocument.RootObjects", at: a.objects[0].element)
        }
        guard let container = a.object(0, "IBDocument.Objects") else {
            throw a.tree.error(.corrupt, "the archive has no IBDocument.Objects", at: a.objects[0].element)
        }
        rootObjects = a.elements(roots).compactMap { if case .object(let i) = $0 { i } else { nil } }
        maxID = a.int(container, "maxID") ?? 0

        records = []
        if let set = a.object(container, "objectRecords"), let list = a.object(set, "orderedObjects") ?? Optional(set) {
            for case .object(let r) in a.elements(list) {
                guard let id = a.int(r, "objectID") else { throw a.tree.error(.corrupt, "an object record without an objectID", at: a.objects[r].element) }
                records.append(Record(objectID: id, object: a.object(r, "object"), parent: a.object(r, "parent"),
                                      name: a.string(r, "objectName")))
            }
        }

        for r in records { if let o = r.object { ids[o] = r.objectID } }

        connections = []
        if let list = a.object(container, "connectionRecords") {
            for case .object(let r) in a.elements(list) {
                guard let c = a.object(r, "connection") else { throw a.tree.error(.corrupt, "a connection record without its connection", at: a.objects[r].element) }
                connections.append(Connection(className: a.objects[c].className, object: c, label: a.string(c, "label"),
                                              source: a.object(c, "source"), destination: a.object(c, "destination"),
                                              id: a.int(r, "connectionID") ?? 0))
            }
        }

        properties = [:]
        if let flat = a.object(container, "flattenedProperties") {
            for (k, v) in try a.dictionaryEntries(flat) {
                if case .string(let key) = k { properties[key] = v }
            }
        }
    }

    /// The flattened `CustomClassName` of archive object `o`'s record, if it has one.
    func customClassName(of o: Int) -> String? {
        guard let id = ids[o], case .string(let custom)? = property(id, "CustomClassName") else { return nil }
        return custom
    }

    /// Flattened property `name` of the object with id `objectID`.
    func property(_ objectID: Int64, _ name: String) -> LegacyIBArchive.Value? {
        properties["\(objectID).\(name)"]
    }
}

/// What both legacy builders do with a diagnostic: locate it in the source.
protocol LegacyNibDiagnosing {
    var archive: LegacyIBArchive { get }
    var diagnostics: [NibCompileDiagnostic] { get set }
}

extension LegacyNibDiagnosing {
    /// A warning at archive element `element`'s line and column.
    mutating func warn(_ message: String, _ element: Int) {
        let (line, column) = archive.tree.location(of: element)
        diagnostics.append(NibCompileDiagnostic(severity: .warning, message: message, line: line, column: column))
    }
}
