/// Builds an ``ArchiveGraph``. Used by the keyed-archive and NIBArchive readers, the Archiver and
/// the converters; public so that tools can synthesise graphs for any writer.
public struct ArchiveGraphBuilder: Sendable {
    /// Metadata the built graph carries.
    public var metadata: ArchiveGraph.Metadata
    /// Bytes that `.string` and `.bytes` values refer into.
    public var storage: [UInt8] = []
    /// The key table, in the order keys were added.
    public var keys: [String] = []
    /// The class table, in the order classes were added.
    public var classes: [ArchiveClass] = []
    /// The object table.
    public var objects: [ArchiveObject] = []
    /// Every object's values; each object owns a contiguous range.
    public var values: [ArchiveKeyedValue] = []
    /// Members of inline collections.
    public var items: [ArchiveValue] = []
    /// The archive's top-level entries (`$top`, or object 0's values for a NIBArchive).
    public var top: [ArchiveKeyedValue] = []
    private var keyIndexByName: [String: Int] = [:]
    private var classIndexByName: [String: Int] = [:]

    /// Starts an empty graph with the given metadata.
    public init(metadata: ArchiveGraph.Metadata) {
        self.metadata = metadata
    }

    /// Starts from a copy of `graph`'s tables (to change them and build again); its keys and classes are
    /// known to ``internKey(_:)`` and ``internClass(_:chain:)``, first occurrence first.
    public init(copying graph: ArchiveGraph) {
        self.metadata = graph.metadata
        storage = graph.storage
        keys = graph.keys
        classes = graph.classes
        objects = graph.objects
        values = graph.values
        items = graph.items
        top = graph.top
        for (i, k) in keys.enumerated() where keyIndexByName[k] == nil { keyIndexByName[k] = i }
        for (i, c) in classes.enumerated() where classIndexByName[c.name] == nil { classIndexByName[c.name] = i }
    }

    /// The index of `key`, adding it to the key table on first use.
    public mutating func internKey(_ key: String) -> Int {
        if let i = keyIndexByName[key] { return i }
        keys.append(key)
        keyIndexByName[key] = keys.count - 1
        return keys.count - 1
    }

    /// Append a key even if the same string exists (to mirror a source table exactly).
    public mutating func appendKey(_ key: String) -> Int {
        keys.append(key)
        if keyIndexByName[key] == nil { keyIndexByName[key] = keys.count - 1 }
        return keys.count - 1
    }

    /// The index of a class with this name, adding it on first use.
    public mutating func internClass(_ name: String, chain: [String] = []) -> Int {
        if let i = classIndexByName[name] { return i }
        classes.append(ArchiveClass(name: name, chain: chain))
        classIndexByName[name] = classes.count - 1
        return classes.count - 1
    }

    /// Append a class record as is (to mirror a source table exactly).
    public mutating func appendClass(_ cls: ArchiveClass) -> Int {
        classes.append(cls)
        if classIndexByName[cls.name] == nil { classIndexByName[cls.name] = classes.count - 1 }
        return classes.count - 1
    }

    /// Copy bytes into storage and return their range.
    public mutating func appendBytes<C: Collection>(_ bytes: C) -> ArchiveRange where C.Element == UInt8 {
        let start = storage.count
        storage.append(contentsOf: bytes)
        return ArchiveRange(start: start, count: storage.count - start)
    }

    /// Store a string as UTF-8 (or ASCII) and return the value for it.
    public mutating func stringValue(_ s: String) -> ArchiveValue {
        var s = s
        let (r, ascii) = s.withUTF8 { u in (appendBytes(u), u.allSatisfy { $0 < 0x80 }) }
        return .string(r, encoding: ascii ? .ascii : .utf8)
    }

    /// Append inline collection members and return their range.
    public mutating func appendItems<C: Collection>(_ members: C) -> ArchiveRange where C.Element == ArchiveValue {
        let start = items.count
        items.append(contentsOf: members)
        return ArchiveRange(start: start, count: items.count - start)
    }

    /// Append an object whose values are `objectValues` (stored contiguously); returns its index.
    /// An object with no values gets `valueStart` 0, as Apple's NIBArchive writer does.
    @discardableResult
    public mutating func appendObject(classIndex: Int, values objectValues: [ArchiveKeyedValue]) -> Int {
        let start = objectValues.isEmpty ? 0 : values.count
        values.append(contentsOf: objectValues)
        objects.append(ArchiveObject(kind: .object, classIndex: classIndex, valueStart: start, valueCount: objectValues.count))
        return objects.count - 1
    }

    /// Append a plain value object (a keyed archive's inline NSString/NSNumber/NSData entry).
    @discardableResult
    public mutating func appendPlain(_ value: ArchiveValue) -> Int {
        objects.append(ArchiveObject(kind: .plain, classIndex: -1, valueStart: 0, valueCount: 0, plainValue: value))
        return objects.count - 1
    }

    /// The finished graph (its key lookup tables are built here).
    public func build() -> ArchiveGraph {
        ArchiveGraph(metadata: metadata, storage: storage, keys: keys, classes: classes, objects: objects,
                     values: values, items: items, top: top)
    }
}
