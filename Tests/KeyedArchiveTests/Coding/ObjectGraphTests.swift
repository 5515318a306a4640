import Testing
@testable import KeyedArchive

@Suite struct ObjectGraphTests {
    init() { KeyedClassRegistry.register(Person.self, Employee.self, RingNode.self, Insecure.self, ScalarProbe.self) }

    @Test func mutualFriendsDecodeWithIdentity() throws {
        let a = Person("Ann"), b = Person("Bob")
        a.friends = [b]
        b.friends = [a]
        a.best = a
        let back = try #require(try roundTrip(a, as: Person.self))
        #expect(back.name == "Ann")
        #expect(back.best === back)
        let bob = try #require(back.friends.first)
        #expect(bob.name == "Bob")
        #expect(bob.friends.first === back)
    }

    @Test func equalButDistinctObjectsStayTwoEntries() throws {
        // pitfall 18: identity, not equality.
        let x = Person("same", age: 1), y = Person("same", age: 1)
        let root = Person("root")
        root.friends = [x, y, x]
        let a = KeyedArchiver()
        try a.encode(root, forKey: "root")
        let g = try a.finishEncoding()
        #expect(g.objects.filter { $0.kind == .object && g.classes[$0.classIndex].name == Person.archivedClassName }.count == 3)
        let back = try #require(try KeyedUnarchiver(keyedArchive: PropertyList(keyedArchive: g)).decodeTopLevelObject(of: Person.self))
        #expect(back.friends.count == 3)
        #expect(back.friends[0] !== back.friends[1])
        #expect(back.friends[0] === back.friends[2])
    }

    @Test func millionNodeRingDecodesIteratively() throws {
        let n = 1_000_000
        let nodes = (0 ..< n).map { i -> RingNode in let r = RingNode(); r.value = i; return r }
        for i in 0 ..< n { nodes[i].next = nodes[(i + 1) % n] }
        let a = KeyedArchiver()
        try a.encode(nodes[0], forKey: "root")
        let g = try a.finishEncoding()
        for r in nodes { r.next = nil }  // break the cycle so the originals can be freed
        let u = KeyedUnarchiver(graph: g, options: .init(limits: DecodingLimits(maxDepth: 64)))
        let first = try #require(try u.decodeTopLevelObject(of: RingNode.self))
        var cur = first
        var count = 0
        var sumOK = true
        repeat {
            if cur.value != count { sumOK = false }
            guard let nx = cur.next else { break }
            cur = nx
            count += 1
        } while cur !== first && count <= n
        #expect(count == n)
        #expect(sumOK)
        var c: RingNode? = first  // break the decoded ring iteratively
        while let x = c, x.next != nil { c = x.next; x.next = nil }
    }

    @Test func deferredObjectsAreCompleteWhenTopLevelReturns() throws {
        // A chain 200 long: beyond the eager depth, fields come from the worklist.
        var head = RingNode()
        head.value = 199
        for i in stride(from: 198, through: 0, by: -1) { let r = RingNode(); r.value = i; r.next = head; head = r }
        let back = try #require(try roundTrip(head, as: RingNode.self))
        var cur: RingNode? = back
        var i = 0
        while let c = cur { #expect(c.value == i); i += 1; cur = c.next }
        #expect(i == 200)
    }
}
