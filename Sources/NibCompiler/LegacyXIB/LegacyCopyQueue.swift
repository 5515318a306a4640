/// Archive objects of a legacy XIB and the graph objects made for them: each is made once, on first
/// reference, and filled in later in the order made (so a builder never recurses on the archive).
struct LegacyCopyQueue {
    /// Archive object → its graph object.
    private(set) var copies: [Int: Int] = [:]
    private var queue: [Int] = []
    private var next = 0

    /// The graph object made for archive object `o`, if one was.
    subscript(_ o: Int) -> Int? { copies[o] }

    /// Records graph object `c` as archive object `o`'s, to be filled in.
    mutating func add(_ o: Int, _ c: Int) {
        copies[o] = c
        queue.append(o)
    }

    /// The next archive object to fill in and its graph object, or nil when every one is.
    mutating func pop() -> (object: Int, copy: Int)? {
        while next < queue.count {
            let o = queue[next]
            next += 1
            if let c = copies[o] { return (o, c) }
        }
        return nil
    }
}
