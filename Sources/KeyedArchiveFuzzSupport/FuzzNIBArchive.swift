import KeyedArchive

/// `FuzzNIBArchive`: the NIBArchive reader → ``ArchiveGraph``, then every object and value walked.
enum FuzzNIBArchive {
    static func run(_ bytes: [UInt8]) {
        guard let graph = try? ArchiveGraph(nibArchive: bytes, limits: FuzzLimits.standard) else { return }
        GraphWalk.walk(graph)
    }
}
