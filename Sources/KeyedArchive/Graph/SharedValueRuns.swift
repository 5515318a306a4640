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
    /// Value index → the first object whose run starts there, or -1; built the first time a run starts
    /// below an earlier one's end (the Codable encoder writes a container's values after its members').
    private var owner: [Int32]?

    /// A finder that has seen no object yet.
    public init() {}

    /// The earlier object with the same non-empty run and class as object `i`. Call for every `.object`
    /// entry, in index order.
    public mutating func earlierOwner(of i: Int, in graph: ArchiveGraph) -> Int? {
        earlierOwner(of: i, objects: graph.objects, valueCount: graph.values.count)
    }

    /// ``earlierOwner(of:in:)`` over a graph's object table and the size of its value table.
    public mutating func earlierOwner(of i: Int, objects: [ArchiveObject], valueCount: Int) -> Int? {
        guard i >= 0, i < objects.count else { return nil }
        let o = objects[i]
        guard o.valueCount > 0, o.valueStart >= 0, o.valueStart <= valueCount,
              o.valueCount <= valueCount - o.valueStart else { return nil }
        defer { highWater = max(highWater, o.valueStart + o.valueCount) }
        if o.valueStart >= highWater, owner == nil { return nil }
        if owner == nil {
            // Object indices fit Int32: the readers bound object counts by `maxObjectCount`, far below it.
            var runs = [Int32](repeating: -1, count: valueCount)
            for j in 0 ..< i where objects[j].kind == .object && objects[j].valueCount > 0 {
                let start = objects[j].valueStart
                if start >= 0, start < valueCount, runs[start] < 0, let index = Int32(exactly: j) { runs[start] = index }
            }
            owner = runs
        }
        let first = owner?[o.valueStart] ?? -1
        if first >= 0 {
            let j = Int(first)
            if j < i, objects[j].valueCount == o.valueCount, objects[j].classIndex == o.classIndex { return j }
            return nil
        }
        if let index = Int32(exactly: i) { owner?[o.valueStart] = index }
        return nil
    }
}
