/// Proves a node table acyclic and not too deep, without recursion.
///
/// An iterative depth-first walk over every container colours nodes: unvisited, on the current path,
/// or finished with a known height (containers nested below it, itself included). Reaching a node that
/// is on the path is a container cycle; a height or path above `limits.maxDepth` is too deep. Each
/// container's members are looked at once, so the cost is linear in the number of refs.
enum PlistCycleCheck {
    /// Marks a node whose walk is in progress (on the current path).
    private static let onPath = UInt32.max

    static func run(_ list: inout PropertyList, limits: DecodingLimits) throws(ArchiveError) {
        let maxDepth = max(limits.maxDepth, 1)
        // 0 = not yet visited (or a scalar); onPath = on the stack; else the height (≥ 1).
        var state = [UInt32](repeating: 0, count: list.nodes.count)
        let failure: ArchiveError? = list.nodes.withUnsafeBufferPointer { nodes in
            list.refs.withUnsafeBufferPointer { refs in
                state.withUnsafeMutableBufferPointer { state in
                    walk(nodes, refs, state, maxDepth: maxDepth)
                }
            }
        }
        if let failure { throw failure }
    }

    private static func walk(_ nodes: UnsafeBufferPointer<PlistNode>, _ refs: UnsafeBufferPointer<UInt32>,
                             _ state: UnsafeMutableBufferPointer<UInt32>, maxDepth: Int) -> ArchiveError? {
        // The path: (container, next member position, tallest finished member). At most maxDepth deep.
        var stack: [(node: Int, next: Int, height: UInt32)] = []
        stack.reserveCapacity(min(maxDepth, 64))
        for start in 0 ..< nodes.count {
            guard isContainer(nodes[start].kind), state[start] == 0 else { continue }
            state[start] = onPath
            stack.append((start, 0, 0))
            while let top = stack.last {
                let n = nodes[top.node]
                let first = Int(truncatingIfNeeded: n.payload)
                let total = n.kind == .dict ? 2 * Int(n.count) : Int(n.count)
                var next = top.next
                var height = top.height
                var descend = -1
                while next < total {
                    let child = Int(refs[first + next])
                    next += 1
                    guard isContainer(nodes[child].kind) else { continue }
                    let s = state[child]
                    if s == onPath {
                        return ArchiveError(.containerCycle, "container \(child) contains itself (through container \(top.node))",
                                            objectIndex: child)
                    }
                    if s != 0 {
                        height = max(height, s)
                        continue
                    }
                    descend = child
                    break
                }
                if descend >= 0 {
                    stack[stack.count - 1].next = next
                    stack[stack.count - 1].height = height
                    // The path is stack.count containers deep; one more must stay within the limit.
                    guard stack.count < maxDepth else {
                        return ArchiveError(.limitExceeded, "containers nest more than \(maxDepth) deep", objectIndex: descend)
                    }
                    state[descend] = onPath
                    stack.append((descend, 0, 0))
                    continue
                }
                // Every member is finished: this container is one taller than its tallest member.
                let mine = height + 1
                if Int(mine) > maxDepth {
                    return ArchiveError(.limitExceeded, "containers nest \(mine) deep, more than the limit \(maxDepth)",
                                        objectIndex: top.node)
                }
                state[top.node] = mine
                stack.removeLast()
                if !stack.isEmpty { stack[stack.count - 1].height = max(stack[stack.count - 1].height, mine) }
            }
        }
        return nil
    }

    @inline(__always)
    static func isContainer(_ kind: PlistKind) -> Bool { kind.isContainer }
}
