extension BinaryPlistReader {
    /// Pass 2: copies every container's member refs into one exactly-sized `refs`, checks that each names
    /// an object, and changes container payloads from "refs at this byte offset" to "first index in `refs`".
    ///
    /// The same pass proves the containers acyclic when the table lists every container before the
    /// containers it holds, as CF and every writer we know do: then a cycle would need a member at or before
    /// its container, and the longest chain of nested containers is measured on the way (`above[c]` is
    /// the longest chain of containers holding `c`, complete once every container before `c` is copied).
    /// Returns false when some container holds an earlier one (or itself); the caller then runs
    /// ``PlistCycleCheck``. Bad refs are reported before depth, as the cycle check would.
    mutating func copyRefs(maxDepth: Int) throws(ArchiveError) -> Bool {
        switch trailer.objectRefSize {
        case 1: return try copyRefs(BinaryPlistWidth1(), maxDepth: maxDepth)
        case 2: return try copyRefs(BinaryPlistWidth2(), maxDepth: maxDepth)
        // Above 65,535 objects CoreFoundation writes 4-byte refs: every large archive.
        case 4: return try copyRefs(BinaryPlistWidth4(), maxDepth: maxDepth)
        default: return try copyRefs(BinaryPlistAnyWidth(width: trailer.objectRefSize), maxDepth: maxDepth)
        }
    }

    private mutating func copyRefs<W: BinaryPlistWidth>(_ w: W, maxDepth: Int) throws(ArchiveError) -> Bool {
        let total = pendingRefs
        let count = UInt64(truncatingIfNeeded: trailer.objectCount)
        let base = self.base
        // Chains are counted in UInt16; a larger limit leaves the depth to the cycle check.
        var ordered = maxDepth < Int(UInt16.max)
        let cap = min(maxDepth, Int(UInt16.max) - 1) + 1
        var above = TableScratch.filled(\.depths, count: trailer.objectCount, with: 0)
        defer { TableScratch.give(above, \.depths) }
        var tooDeep = -1
        var failure: ArchiveError?
        // total ≤ refBudget ≤ input length / refSize, checked while scanning; pass 1 counted exactly the
        // members written below, from index 0 on.
        var refs = TableScratch.overwritable(\.refs, count: total)
        var written = 0
        nodes.withUnsafeMutableBufferPointer { nodes in
            above.withUnsafeMutableBufferPointer { above in
                guard let nodes = nodes.baseAddress, let above = above.baseAddress else { return }
                refs.withUnsafeMutableBufferPointer { buf in
                    guard let out = buf.baseAddress else { return }
                    var at = 0
                    for i in 0 ..< Int(truncatingIfNeeded: count) {
                        let kind = nodes[i].kind
                        guard kind.isContainer else { continue }
                        let members = Int(truncatingIfNeeded: nodes[i].count) &* (kind == .dict ? 2 : 1)
                        var q = base + Int(truncatingIfNeeded: nodes[i].payload)
                        nodes[i].payload = UInt64(truncatingIfNeeded: at)
                        // This container is the last link of a chain `mine` long (capped past the limit).
                        let mine = min(Int(above[i]) &+ 1, cap)
                        if mine > maxDepth, tooDeep < 0 { tooDeep = i }
                        for _ in 0 ..< members {
                            let r = w.load(q)
                            // Every member ref names an object in the table.
                            guard r < count else {
                                failure = Self.badRef(r, i, at: q - base, count: count)
                                return
                            }
                            let member = Int(truncatingIfNeeded: r)
                            (out + at).initialize(to: UInt32(truncatingIfNeeded: r))
                            at &+= 1
                            q += w.width
                            guard nodes[member].kind.isContainer else { continue }
                            if member <= i {
                                ordered = false
                            } else if Int(above[member]) < mine {
                                above[member] = UInt16(truncatingIfNeeded: mine)
                            }
                        }
                    }
                    written = at
                }
            }
        }
        if let failure { throw failure }
        if written < refs.count { refs.removeLast(refs.count - written) }
        self.refs = refs
        guard ordered else { return false }
        if tooDeep >= 0 {
            throw ArchiveError(.limitExceeded, "containers nest more than \(maxDepth) deep",
                               offset: objectOffset(tooDeep), objectIndex: tooDeep)
        }
        return true
    }

    @inline(never)
    static func badRef(_ r: UInt64, _ index: Int, at offset: Int, count: UInt64) -> ArchiveError {
        ArchiveError(.badReference, "object \(index) refers to object \(r), but there are only \(count)",
                     offset: offset, objectIndex: index)
    }
}

extension PlistKind {
    /// Array, set or dict: the kinds whose members are refs (the last three cases).
    @inline(__always)
    var isContainer: Bool { rawValue >= PlistKind.array.rawValue }
}
