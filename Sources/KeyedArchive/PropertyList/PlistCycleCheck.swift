/// Proves a node table acyclic and not too deep, without recursion.
///
/// An iterative depth-first walk over every container colours nodes: unvisited, on the current path,
/// or finished with a known height (containers nested below it, itself included). Reaching a node that
/// is on the path is a container cycle; a height or path above `limits.maxDepth` is too deep. Each
/// container's members are walked once, so the cost is linear in the number of refs.
enum PlistCycleCheck {
    /// Marks a node whose walk is in progress (on the current path).
    private static let onPath = UInt32.max

    static func run(_ list: inout PropertyList, limits: DecodingLimits) throws(ArchiveError) {
        let nodes = list.nodes
        let refs = list.refs
        let maxDepth = max(limits.maxDepth, 1)
        // 0 = not yet visited (or a scalar); onPath = on the stack; else 1 + height.
        var state = [UInt32](repeating: 0, count: nodes.count)
        // The walk: (container, next member position). Bounded by maxDepth + 1 entries.
        var stack: [(node: Int, next: Int)] = []
        for start in 0 ..< nodes.count {
            guard isContainer(nodes[start].kind), state[start] == 0 else { continue }
            state[start] = onPath
            stack.append((start, 0))
            while let top = stack.last {
                let n = nodes[top.node]
                let first = Int(truncatingIfNeeded: n.payload)
                let total = n.kind == .dict ? 2 * Int(n.count) : Int(n.count)
                if top.next == total {
                    // Every member is finished: this container's height is 1 + its tallest member's.
                    var height: UInt32 = 1
                    for i in first ..< first + total {
                        let s = state[Int(refs[i])]
                        if s != 0 && s != onPath { height = max(height, s) }
                    }
                    state[top.node] = height + 1
                    stack.removeLast()
                    if Int(height) > maxDepth {
                        throw ArchiveError(.limitExceeded, "containers nest \(height) deep, more than the limit \(maxDepth)",
                                           objectIndex: top.node)
                    }
                    continue
                }
                stack[stack.count - 1].next += 1
                let child = Int(refs[first + top.next])
                guard isContainer(nodes[child].kind) else { continue }
                let s = state[child]
                if s == onPath {
                    throw ArchiveError(.containerCycle, "container \(child) contains itself (through container \(top.node))",
                                       objectIndex: child)
                }
                if s != 0 { continue }
                // The path so far is stack.count containers deep; one more must stay within the limit.
                guard stack.count < maxDepth else {
                    throw ArchiveError(.limitExceeded, "containers nest more than \(maxDepth) deep", objectIndex: child)
                }
                state[child] = onPath
                stack.append((child, 0))
            }
        }
    }

    @inline(__always)
    static func isContainer(_ kind: PlistKind) -> Bool {
        kind == .array || kind == .dict || kind == .set
    }
}
