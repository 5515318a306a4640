import Testing
@testable import KeyedArchive

/// Pass 2 proves a table acyclic, and measures its nesting, without the general walk in two layouts:
/// containers before their members (CF) and members before their containers (our streamed encoder, whose
/// top object may hold later ones). These tables are built so that a wrong proof would accept a cycle or
/// a chain over the limit; every answer is checked against a plain recursive reference.
@Suite struct BinaryPlistContainerOrderTests {
    /// Object i is an array of `members[i]` or, for nil, `true`. Two-byte refs and offsets.
    static func table(_ members: [[Int]?], top: Int = 0) -> [UInt8] {
        var bytes = BinaryPlistHostileTests.header
        var offsets: [Int] = []
        for object in members {
            offsets.append(bytes.count)
            guard let refs = object else { bytes.append(0x09); continue }
            // Arrays of up to 14 members keep their count in the marker.
            bytes.append(0xA0 | UInt8(refs.count))
            for r in refs { bytes += [UInt8(r >> 8), UInt8(truncatingIfNeeded: r)] }
        }
        let at = bytes.count
        for o in offsets { bytes += [UInt8(o >> 8), UInt8(truncatingIfNeeded: o)] }
        return bytes + BinaryPlistHostileTests.trailer(offsetSize: 2, refSize: 2, count: UInt64(members.count),
                                                       top: UInt64(top), table: UInt64(at))
    }

    /// What reading must conclude: a cycle, or the longest chain of nested containers.
    static func expected(_ members: [[Int]?]) -> (cycle: Bool, depth: Int) {
        var state = [Int](repeating: 0, count: members.count)  // 0 new, -1 on path, else height
        var cycle = false
        func height(_ i: Int) -> Int {
            guard let refs = members[i] else { return 0 }
            if state[i] == -1 { cycle = true; return 0 }
            if state[i] > 0 { return state[i] }
            state[i] = -1
            let h = 1 + (refs.map(height).max() ?? 0)
            state[i] = h
            return h
        }
        let depth = members.indices.map(height).max() ?? 0
        return (cycle, depth)
    }

    func outcome(_ members: [[Int]?], maxDepth: Int) -> ArchiveError.Code? {
        var limits = DecodingLimits.default
        limits.maxDepth = maxDepth
        do {
            _ = try PropertyList(binary: Self.table(members), limits: limits)
            return nil
        } catch {
            #expect(error.offset != nil && error.objectIndex != nil, "error without its object: \(error)")
            return error.code
        }
    }

    @Test func acceptsMembersBeforeTheirContainers() throws {
        // 0 true; 1 [0]; 2 [1, 1]; 3 [2, 1, 0]: every member earlier, 3 deep.
        let members: [[Int]?] = [nil, [0], [1, 1], [2, 1, 0]]
        let list = try PropertyList(binary: Self.table(members, top: 3))
        #expect(try list.value() == .array([.array([.array([.bool(true)]), .array([.bool(true)])]),
                                            .array([.bool(true)]), .bool(true)]))
        #expect(outcome(members, maxDepth: 3) == nil)
        #expect(outcome(members, maxDepth: 2) == .limitExceeded)
    }

    @Test func acceptsATopObjectHoldingLaterContainers() {
        // A keyed archive's shape: 0 (the top) holds 4, which holds 1…3 before it.
        let members: [[Int]?] = [[4, 2], nil, [1], [2, 1], [3, 2]]
        #expect(outcome(members, maxDepth: 4) == nil)
        #expect(outcome(members, maxDepth: 3) == .limitExceeded)
    }

    @Test func measuresChainsThroughAHeldContainerHoldingALaterOne() {
        // 0 → 1 → 3 forward, then 3 → 2 (an empty array) back: 4 deep, no cycle, but 1 (held) holds a later one.
        let members: [[Int]?] = [[1], [3], [], [2]]
        #expect(outcome(members, maxDepth: 4) == nil)
        #expect(outcome(members, maxDepth: 3) == .limitExceeded)
    }

    @Test func rejectsASelfLoopAmongEarlierMembers() {
        #expect(outcome([nil, [0], [1, 2]], maxDepth: 512) == .containerCycle)
    }

    @Test func rejectsACycleClosedThroughAHeldContainerHoldingALaterOne() {
        // 0 → 1 → 2 forward, 2 → 0 back: 1 is held and holds a later container.
        #expect(outcome([[1], [2], [0]], maxDepth: 512) == .containerCycle)
        // 1 → 2 forward, 2 → 1 back, 0 the top holding 2: the root holds a container in the cycle.
        #expect(outcome([[2], [2], [1]], maxDepth: 512) == .containerCycle)
    }

    @Test func enforcesTheDepthLimitOnChainsBuiltMembersFirst() {
        // 600 arrays, each holding the one before it, then a top at index 0 holding the last: 601 deep.
        var members: [[Int]?] = [[601], nil]
        for i in 2 ... 601 { members.append([i - 1]) }
        #expect(outcome(members, maxDepth: 512) == .limitExceeded)
        #expect(outcome(members, maxDepth: 601) == nil)
        #expect(outcome(members, maxDepth: 600) == .limitExceeded)
        // Without the top, 600 deep.
        let chain = [[Int]?]([nil]) + (1 ... 600).map { [$0 - 1] }
        #expect(outcome(chain, maxDepth: 600) == nil)
        #expect(outcome(chain, maxDepth: 599) == .limitExceeded)
    }

    @Test func agreesWithARecursiveReferenceOnRandomTables() {
        var rng = XorShift(seed: 0x5EED_0B1E)
        for _ in 0 ..< 3000 {
            let n = 1 + Int(rng.next() % 9)
            // Mostly one direction, so that both proofs get tables they accept.
            let bias = rng.next() % 3
            let members: [[Int]?] = (0 ..< n).map { i in
                if rng.next() % 4 == 0 { return nil }
                return (0 ..< Int(rng.next() % 4)).map { _ in
                    let r = Int(rng.next() % UInt64(n))
                    // Bias 0 points most refs forward, 1 backward, 2 anywhere.
                    let keep = rng.next() % 8 == 0
                    if bias == 0, !keep, r <= i, i + 1 < n { return i + 1 + r % (n - i - 1) }
                    if bias == 1, !keep, r >= i, i > 0 { return r % i }
                    return r
                }
            }
            let maxDepth = 1 + Int(rng.next() % 8)
            let (cycle, depth) = Self.expected(members)
            let got = outcome(members, maxDepth: maxDepth)
            if cycle {
                #expect(got == .containerCycle || got == .limitExceeded, "\(members) max \(maxDepth): \(String(describing: got))")
            } else {
                #expect(got == (depth > maxDepth ? .limitExceeded : nil), "\(members) max \(maxDepth) depth \(depth)")
            }
        }
    }
}

/// xorshift64*: reproducible tables without a shared generator.
private struct XorShift {
    var state: UInt64
    init(seed: UInt64) { state = seed | 1 }
    mutating func next() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 0x2545_F491_4F6C_DD1D
    }
}
