/// Finds objects whose value run is an earlier object's: a keyed archive may list one dictionary node
/// as several `$objects` entries, which the reader maps once and lets share a run. Writers name the
/// earlier entry's dictionary again instead of writing the run at every entry, which could multiply a
/// small archive into gigabytes, and so keep the input's shape; checks and renderings visit or build
/// the run once.
///
/// Objects that own their values come in value order, so only a run that starts below the end of every
/// earlier run can be shared; the map of runs is built the first time one does.
public struct SharedValueRuns: Sendable {
    private var highWater = 0
    private var owner: [Int: Int]?

    /// A finder that has seen no object yet.
    public init() {}

    /// The earlier object with the same non-empty run and class as object `i`. Call for every `.object`
    /// entry, in index order.
    public mutating func earlierOwner(of i: Int, in graph: ArchiveGraph) -> Int? {
        let o = graph.objects[i]
        guard o.valueCount > 0, o.valueStart >= 0, o.valueStart <= graph.values.count,
              o.valueCount <= graph.values.count - o.valueStart else { return nil }
        if o.valueStart < highWater {
            if owner == nil {
                var runs: [Int: Int] = [:]
                for j in 0 ..< i where graph.objects[j].kind == .object && graph.objects[j].valueCount > 0 {
                    if runs[graph.objects[j].valueStart] == nil { runs[graph.objects[j].valueStart] = j }
                }
                owner = runs
            }
            if let j = owner?[o.valueStart], graph.objects[j].valueCount == o.valueCount,
               graph.objects[j].classIndex == o.classIndex {
                return j
            }
        }
        if owner != nil, owner?[o.valueStart] == nil { owner?[o.valueStart] = i }
        highWater = max(highWater, o.valueStart + o.valueCount)
        return nil
    }
}
