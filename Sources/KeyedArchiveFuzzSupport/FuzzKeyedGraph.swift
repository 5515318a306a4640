import KeyedArchive

/// `FuzzKeyedGraph`: a binary or XML keyed archive mapped onto an ``ArchiveGraph``, then every object
/// and value walked.
enum FuzzKeyedGraph {
    static func run(_ bytes: [UInt8]) {
        guard let plist = try? PropertyList(parsing: bytes, limits: FuzzLimits.standard),
              let graph = try? ArchiveGraph(keyedArchive: plist, limits: FuzzLimits.standard) else { return }
        GraphWalk.walk(graph)
    }
}
