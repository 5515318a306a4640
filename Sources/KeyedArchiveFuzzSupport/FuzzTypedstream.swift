import KeyedArchive

/// `FuzzTypedstream`: the typedstream reader → ``ArchiveGraph``, the graph walk, every Foundation shape
/// and the attributed-text report; then the writer, whose output must read back to the same graph and
/// write again to the same bytes (a mismatch is a finding).
enum FuzzTypedstream {
    static func run(_ bytes: [UInt8]) throws(RoundTripFailure) {
        guard let graph = try? ArchiveGraph(typedstream: bytes, limits: FuzzLimits.standard) else { return }
        GraphWalk.walk(graph)
        try? graph.validateFoundationShapes()
        _ = try? AttributedTextReport(graph: graph)
        // Positional decoding of the root as any Foundation value.
        _ = try? KeyedUnarchiver(graph: graph).decodeTopLevelObject(of: ArchivedValue.self)
        guard let written = try? graph.typedstreamBytes() else { return }
        let again: ArchiveGraph
        do {
            again = try ArchiveGraph(typedstream: written, limits: FuzzLimits.standard)
        } catch {
            throw RoundTripFailure("typedstream", "the writer's output does not read back: \(error)")
        }
        guard again.objects.count == graph.objects.count, again.classes == graph.classes, again.keys == graph.keys else {
            throw RoundTripFailure("typedstream", "the rewritten stream has other objects, classes or type encodings")
        }
        guard let rewritten = try? again.typedstreamBytes(), rewritten == written else {
            throw RoundTripFailure("typedstream", "writing the rewritten stream again gives other bytes")
        }
    }
}
