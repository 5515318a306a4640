/// Canonical key indices of the keys the container conventions read (``ArchiveGraph/NibKeys``), found
/// once per graph so that string, number, data and collection readers never hash a key string.
/// -1 marks a key the archive does not use.
struct ConventionKeys: Sendable {
    let emptyKey: Int32
    let objects: Int32
    let keys: Int32
    let bytes: Int32
    let string: Int32
    let data: Int32
    let intval: Int32
    let dblval: Int32
    let boolval: Int32

    init(_ table: ArchiveKeyTable) {
        typealias K = ArchiveGraph.NibKeys
        emptyKey = table[K.emptyKey] ?? -1
        objects = table[K.objects] ?? -1
        keys = table[K.keys] ?? -1
        bytes = table[K.bytes] ?? -1
        string = table[K.string] ?? -1
        data = table[K.data] ?? -1
        intval = table[K.intval] ?? -1
        dblval = table[K.dblval] ?? -1
        boolval = table[K.boolval] ?? -1
    }
}
