extension BinaryPlistReader {
    /// Pass 2: proves the containers acyclic, and measures their nesting, in the two layouts writers use,
    /// from the refs pass 1 copied (every one names an object) and the containers' spans; any other
    /// table returns false and the caller runs ``PlistCycleCheck``. It reads neither the input nor the nodes.
    /// - *Containers before their members* (CF): a cycle would need a member at or before its container.
    ///   `marks[c]`'s low 16 bits are the longest chain of containers holding `c`, complete once every
    ///   container before `c` is checked.
    /// - *Members before their containers* (our streamed encoder), allowing containers that hold later
    ///   ones as long as nothing holds those (the top object): a cycle would need every edge backward,
    ///   impossible. Bits 16…29 of `marks[c]` are `c`'s height (containers nested in it, itself
    ///   included), complete when `c` is checked; bit 31 says something holds `c`, bit 30 that `c` holds
    ///   a later container. The unheld roots' heights are measured after the pass.
    mutating func checkNesting(maxDepth: Int) throws(ArchiveError) -> Bool {
        defer { TableScratch.park(&spans, \.spans) }
        // Chains are counted in 16 bits and heights in 14; a larger limit leaves the depth to the cycle check.
        var ordered = maxDepth < Int(UInt16.max)
        var reversed = maxDepth < Int(PlistMarks.heightMask)
        let cap = min(maxDepth, Int(UInt16.max) - 1) + 1
        let heightCap = UInt32(truncatingIfNeeded: min(maxDepth, Int(PlistMarks.heightMask) - 1) + 1)
        var marks = TableScratch.filled(\.depths, count: trailer.objectCount, with: 0)
        defer { TableScratch.give(marks, \.depths) }
        var tooDeep = -1
        var tooTall = -1
        // The first and last containers holding a later one (the reversed layout's roots), if any.
        var firstRoot = -1
        var lastRoot = -1
        // Kept: the list keeps the bits (``PropertyList/containerBits``), which are never written again.
        let bits = containerBits
        var shared = false
        marks.withUnsafeMutableBufferPointer { marks in
            guard let marks = marks.baseAddress else { return }
            bits.withUnsafeBufferPointer { containers in
                refs.withUnsafeBufferPointer { refBuf in
                    spans.withUnsafeBufferPointer { spanBuf in
                        guard let containers = containers.baseAddress, let spanBase = spanBuf.baseAddress else { return }
                        // Pass 1 wrote one span per container, in table order, and their refs one after another.
                        var at = 0
                        var k = 0
                        for i in SetBitIndices(containers, words: bits.count) {
                            let members = spanBase[k]
                            k &+= 1
                            // This container is the last link of a chain `mine` long (capped past the limit).
                            let own = marks[i]
                            let mine = min(Int(own & PlistMarks.chainMask) &+ 1, cap)
                            if mine > maxDepth, tooDeep < 0 { tooDeep = i }
                            // The tallest earlier container held here, and whether a later one is.
                            var tallest: UInt32 = 0
                            var holdsLater = false
                            for _ in 0 ..< members {
                                let member = Int(truncatingIfNeeded: refBuf[at])
                                at &+= 1
                                guard SetBitIndices.isSet(member, in: containers) else { continue }
                                let theirs = marks[member]
                                if theirs & PlistMarks.held != 0 { shared = true }
                                if member > i {
                                    holdsLater = true
                                    let chain = Int(theirs & PlistMarks.chainMask) < mine
                                        ? UInt32(truncatingIfNeeded: mine) : theirs & PlistMarks.chainMask
                                    marks[member] = (theirs & ~PlistMarks.chainMask) | chain | PlistMarks.held
                                } else {
                                    ordered = false
                                    // Itself, or an earlier container that holds a later one: a cycle is possible.
                                    if member == i || theirs & PlistMarks.holdsLater != 0 { reversed = false }
                                    tallest = max(tallest, PlistMarks.height(theirs))
                                    marks[member] = theirs | PlistMarks.held
                                }
                            }
                            if holdsLater {
                                // Only unheld roots may hold later containers: a root's height is measured after
                                // the pass from its members' heights, which must then be complete.
                                if own & PlistMarks.held != 0 { reversed = false }
                                if firstRoot < 0 { firstRoot = i }
                                lastRoot = i
                                marks[i] |= PlistMarks.holdsLater
                            } else {
                                let height = min(tallest &+ 1, heightCap)
                                if Int(height) > maxDepth, tooTall < 0 { tooTall = i }
                                marks[i] |= height << PlistMarks.heightShift
                            }
                        }
                    }
                }
            }
        }
        sharesContainers = shared
        if ordered {
            if tooDeep >= 0 { throw tooDeepError(tooDeep, maxDepth: maxDepth) }
            return true
        }
        guard reversed else { return false }
        if tooTall >= 0 { throw tooDeepError(tooTall, maxDepth: maxDepth) }
        // Every container a root holds is held, so holds no later container: its height is complete.
        guard firstRoot >= 0 else { return true }
        for root in firstRoot ... lastRoot where marks[root] & PlistMarks.holdsLater != 0 {
            let first = Int(truncatingIfNeeded: nodes[root].payload)
            let members = Int(truncatingIfNeeded: nodes[root].count) &* (nodes[root].kind == .dict ? 2 : 1)
            var tallest: UInt32 = 0
            for k in first ..< first &+ members {
                let member = Int(truncatingIfNeeded: refs[k])
                if nodes[member].kind.isContainer { tallest = max(tallest, PlistMarks.height(marks[member])) }
            }
            if Int(tallest) &+ 1 > maxDepth { throw tooDeepError(root, maxDepth: maxDepth) }
        }
        return true
    }

    private func tooDeepError(_ index: Int, maxDepth: Int) -> ArchiveError {
        ArchiveError(.limitExceeded, "containers nest more than \(maxDepth) deep",
                     offset: objectOffset(index), objectIndex: index)
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

/// The indices of the set bits of `words` 64-bit words, ascending.
struct SetBitIndices: Sequence, IteratorProtocol {
    let base: UnsafePointer<UInt64>
    let words: Int
    private var word = 0
    private var pending: UInt64

    /// `words` ≥ 1 words at `base`.
    init(_ base: UnsafePointer<UInt64>, words: Int) {
        self.base = base
        self.words = words
        pending = base[0]
    }

    @inline(__always)
    mutating func next() -> Int? {
        while pending == 0 {
            word &+= 1
            guard word < words else { return nil }
            pending = base[word]
        }
        let i = word &<< 6 | pending.trailingZeroBitCount
        pending &= pending &- 1
        return i
    }

    /// Whether bit `i` (inside the words) is set.
    @inline(__always)
    static func isSet(_ i: Int, in base: UnsafePointer<UInt64>) -> Bool {
        base[i &>> 6] & (1 &<< UInt64(truncatingIfNeeded: i & 63)) != 0
    }
}

/// The bits of pass 2's per-object marks (see ``BinaryPlistReader/checkNesting(maxDepth:)``).
enum PlistMarks {
    /// The longest chain of containers holding this one (containers-first layout).
    static let chainMask: UInt32 = 0xFFFF
    /// Containers nested in this one, itself included (members-first layout), in bits 16…29.
    static let heightShift: UInt32 = 16
    static let heightMask: UInt32 = 0x3FFF
    /// This container holds a later container.
    static let holdsLater: UInt32 = 1 << 30
    /// Some container holds this one.
    static let held: UInt32 = 1 << 31

    @inline(__always)
    static func height(_ mark: UInt32) -> UInt32 { (mark >> heightShift) & heightMask }
}
