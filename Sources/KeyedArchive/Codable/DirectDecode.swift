/// The direct decode: a `Decodable` value read from a keyed archive's property list in place, without
/// building an ``ArchiveGraph`` first.
///
/// It takes the archives and shapes most decodes meet (object dictionaries, inline scalars, plain
/// strings, data and numbers, `NSDate`, `NSArray`/`NSSet`/`NSOrderedSet` members stored in place) and
/// returns exactly what the graph-based decode returns for them. For anything else it gives up and
/// returns nil, and ``KeyedArchiveDecoder`` runs the graph-based decode, which is the reference for
/// every value and the only source of errors: a decode that fails, fails there. A type's `init(from:)`
/// may therefore run twice for one value; the values it sees are the same both times.
enum DirectDecode {
    /// `T` decoded from `plist`, a keyed archive's property list; nil when the direct decode does not take
    /// the archive or meets something it does not mirror (including any error, whoever threw it).
    static func decode<T: Decodable>(_ type: T.Type, from plist: PropertyList, options: KeyedArchiveDecoder) -> T? {
        guard case .useDefaultKeys = options.keyDecodingStrategy, let (objectsAt, objectCount, rootNode) = header(plist, options) else {
            return nil
        }
        let state = DirectDecodingState(plist: plist, objectsAt: objectsAt, objectCount: objectCount, decoder: options)
        defer { state.endDecode() }
        let root = DirectValueDecoder(state: state, node: rootNode, parent: nil, component: nil)
        guard let value = try? root.decodeTop(T.self), !state.abandoned, state.unreachedEntriesAreReadable() else { return nil }
        return value
    }

    /// Where `$objects` lies in the member table, its entry count, and the root value's node, when the
    /// archive's header is one the graph reader accepts and `$top` holds the root key; nil otherwise.
    static func header(_ plist: PropertyList, _ options: KeyedArchiveDecoder) -> (objectsAt: Int, objectCount: Int, root: Int)? {
        let top = plist.root
        guard top >= 0, top < plist.count, plist.kind(top) == .dict,
              let archiverNode = plist.dictValue(top, forKey: "$archiver"), let archiver = plist.string(archiverNode),
              options.readingOptions.accepts(archiverName: archiver),
              let versionNode = plist.dictValue(top, forKey: "$version"),
              plist.int64(versionNode) == Int64(KeyedArchiveConstants.version),
              let objectsNode = plist.dictValue(top, forKey: "$objects"), plist.kind(objectsNode) == .array,
              let topNode = plist.dictValue(top, forKey: "$top"), plist.kind(topNode) == .dict else { return nil }
        let (objectsAt, objectCount) = plist.elementSlots(objectsNode)
        guard objectCount <= options.limits.maxObjectCount else { return nil }
        // What the graph reader checks of every entry, whether a decode reaches it or not: inline collections
        // within the object limit (with no container held twice, they expand to at most one item per ref) and
        // tables within 32-bit indices. (Object dictionaries with string keys only: the keys the decode reads are
        // checked as it reads them, the others by ``DirectDecodingState/unreachedEntriesAreReadable()``.)
        guard !plist.sharesContainers(), plist.refs.count <= options.limits.maxObjectCount,
              plist.refs.count <= ArchiveGraph.maxTableCount, plist.storage.count <= ArchiveGraph.maxTableCount else { return nil }
        // The first `$top` key spelled as the root key, as ``ArchiveGraph/topValue(forKey:)`` finds it; the
        // graph reader refuses a `$top` with any key that is not a string.
        let keys = plist.dictKeys(topNode)
        var root: Int?
        for j in 0 ..< keys.count {
            // ASCII keys only, as in object dictionaries (see ``DirectDecodingState/keySlot(_:)``).
            guard plist.isASCIIString(keys[j]), let raw = plist.string(keys[j]) else { return nil }
            // Compared by bytes, as the graph's key table finds a key.
            if root == nil, KeyedArchiveKeys.graphKey(forArchiveKey: raw).utf8.elementsEqual(options.rootKey.utf8) { root = plist.dictValues(topNode)[j] }
        }
        guard let root else { return nil }
        return (objectsAt, objectCount, root)
    }
}
