import Foundation
import Testing
@testable import KeyedArchive

// Nested unkeyed containers in the streamed encode: an `NSArray` under the key or at the index of the
// container that made it, as the graph-based path archives them, or not streamed at all.
extension CodableStreamedEncodeTests {
    /// A point list written through a nested unkeyed container, as hand-written conformances do.
    struct Polyline: Codable, Equatable {
        enum K: String, CodingKey { case name, points, closed }
        var name: String
        var points: [Double]
        var closed: Bool

        init(_ i: Int) {
            name = "line \(i)"
            points = [Double(i), 0.5, Double(i) + 1, -2]
            closed = i % 2 == 0
        }
        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: K.self)
            name = try c.decode(String.self, forKey: .name)
            var u = try c.nestedUnkeyedContainer(forKey: .points)
            var points: [Double] = []
            while !u.isAtEnd { points.append(try u.decode(Double.self)) }
            self.points = points
            closed = try c.decode(Bool.self, forKey: .closed)
        }
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: K.self)
            try c.encode(name, forKey: .name)
            var u = c.nestedUnkeyedContainer(forKey: .points)
            for p in points { try u.encode(p) }
            try c.encode(closed, forKey: .closed)
        }
    }

    /// Every kind of member in a nested unkeyed container, and containers nested in it in turn.
    struct Members: Encodable {
        enum K: String, CodingKey { case list, other }
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: K.self)
            var u = c.nestedUnkeyedContainer(forKey: .list)
            try u.encodeNil()
            try u.encode(true)
            try u.encode("text")
            try u.encode(Int8(-8))
            try u.encode(UInt.max)
            try u.encode(UInt64(7))
            try u.encode(Float(1.5))
            try u.encode(Leaves())
            try u.encode([1, 2, 1])
            var row = u.nestedUnkeyedContainer()
            try row.encode(1)
            try row.encode("row")
            var pair = u.nestedContainer(keyedBy: K.self)
            try pair.encode(2, forKey: .list)
            var inner = pair.nestedUnkeyedContainer(forKey: .other)
            try inner.encode(3.5)
            try u.encode("after")
            try c.encode(count(u), forKey: .other)
        }
        private func count(_ u: any UnkeyedEncodingContainer) -> Int { u.count }
    }

    /// A value's own unkeyed container holding nested containers: a matrix and keyed pairs.
    struct Matrix: Encodable {
        enum K: String, CodingKey { case x, y }
        let rows: [[Int]]
        func encode(to encoder: any Encoder) throws {
            var u = encoder.unkeyedContainer()
            for r in rows {
                var row = u.nestedUnkeyedContainer()
                for x in r { try row.encode(x) }
            }
            var pair = u.nestedContainer(keyedBy: K.self)
            try pair.encode(rows.count, forKey: .x)
            try u.encode(u.count)
        }
    }

    /// Writes through nested unkeyed containers in the order `steps` says: "p" the parent, "n" the first
    /// nested container, "m" a second one made from the parent, "nn" one made from the first.
    struct ScriptedUnkeyed: Encodable {
        enum K: String, CodingKey, CaseIterable { case a, b, c, d, e }
        let steps: [String]
        func encode(to encoder: any Encoder) throws {
            var p = encoder.container(keyedBy: K.self)
            var n = p.nestedUnkeyedContainer(forKey: .a)
            var m: (any UnkeyedEncodingContainer)?
            var nn: (any UnkeyedEncodingContainer)?
            for (count, step) in steps.enumerated() {
                let key = K.allCases[(count + 1) % K.allCases.count]
                switch step {
                case "p": try p.encode("parent \(count)", forKey: key)
                case "n": try n.encode(Leaves())
                case "m":
                    if m == nil { m = p.nestedUnkeyedContainer(forKey: .e) }
                    try m?.encode(count)
                case "nn":
                    if nn == nil { nn = n.nestedUnkeyedContainer() }
                    try nn?.encode(Double(count))
                default: break
                }
            }
        }
    }

    /// A nested keyed container's nested unkeyed one, and a super encoder's unkeyed container.
    struct KeyedThenUnkeyed: Encodable {
        enum K: String, CodingKey { case a, b }
        let superUnkeyed: Bool
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: K.self)
            var n = c.nestedContainer(keyedBy: K.self, forKey: .a)
            try n.encode(1, forKey: .a)
            var u = n.nestedUnkeyedContainer(forKey: .b)
            try u.encode("in a dictionary")
            guard superUnkeyed else { return }
            var s = c.superEncoder(forKey: .b).unkeyedContainer()
            try s.encode(2)
            try s.encode(Leaves())
        }
    }

    /// Its container encodes a value of its own (an object) while a nested container it made is still open.
    struct ValueAfterNested: Encodable {
        enum K: String, CodingKey { case a, b }
        let unkeyed: Bool
        func encode(to encoder: any Encoder) throws {
            if unkeyed {
                var u = encoder.unkeyedContainer()
                var row = u.nestedUnkeyedContainer()
                try row.encode(1)
                try u.encode(Leaves())
                var pair = u.nestedContainer(keyedBy: K.self)
                try pair.encode("x", forKey: .a)
                try u.encode([Leaves()])
            } else {
                var c = encoder.container(keyedBy: K.self)
                var n = c.nestedUnkeyedContainer(forKey: .a)
                try n.encode(2)
                try c.encode(Leaves(), forKey: .b)
            }
        }
    }

    @Test func nestedUnkeyedContainersStreamAsTheGraphPathArchivesThem() throws {
        try expectGraphPathsArchive([ValueAfterNested(unkeyed: true), ValueAfterNested(unkeyed: false)], streamed: true)
        try expectGraphPathsArchive((0 ..< 5).map(Polyline.init), streamed: true)
        try expectGraphPathsArchive([Members(), Members()], streamed: true)
        try expectGraphPathsArchive(Matrix(rows: [[1, 2], [], [3]]), streamed: true)
        try expectGraphPathsArchive(["m": Matrix(rows: [[4]])], streamed: true)
        try expectGraphPathsArchive(KeyedThenUnkeyed(superUnkeyed: false), streamed: true)
        try expectGraphPathsArchive(KeyedThenUnkeyed(superUnkeyed: true), streamed: true)
        // Every order whose writes stay nested…
        for steps in [["n", "n"], ["n", "p"], ["n", "m", "m"], ["n", "nn", "n", "p"], ["nn", "nn", "m", "p"], []] {
            try expectGraphPathsArchive(ScriptedUnkeyed(steps: steps), streamed: true)
        }
        // …and a write to a nested container after its maker wrote again or made a second one: not streamed.
        for steps in [["p", "n"], ["n", "p", "n"], ["m", "n"], ["nn", "n", "nn"]] {
            try expectGraphPathsArchive(ScriptedUnkeyed(steps: steps), streamed: false)
        }
        let lines = (0 ..< 3).map(Polyline.init)
        #expect(try KeyedArchiveDecoder().decode([Polyline].self, from: KeyedArchiveEncoder().encode(lines)) == lines)
    }

    /// Unkeyed containers nested `depth` deep, alternating with keyed ones, a number at the bottom.
    struct DeepNesting: Encodable {
        enum K: String, CodingKey { case next }
        let depth: Int
        func encode(to encoder: any Encoder) throws {
            var u = encoder.unkeyedContainer()
            for level in 0 ..< depth {
                if level % 2 == 0 {
                    var k = u.nestedContainer(keyedBy: K.self)
                    u = k.nestedUnkeyedContainer(forKey: .next)
                } else {
                    u = u.nestedUnkeyedContainer()
                }
            }
            try u.encode(depth)
        }
    }

    @Test func nestingUpToTheFrameLimitStreamsAndDeeperFallsBack() throws {
        // A keyed level opens two nested frames, an unkeyed one one: 21 levels open 32, the most that
        // stream; 22 open 33 and take the graph-based path.
        try expectGraphPathsArchive(DeepNesting(depth: 10), streamed: true)
        try expectGraphPathsArchive(DeepNesting(depth: 21), streamed: true)
        try expectGraphPathsArchive(DeepNesting(depth: 22), streamed: false)
        try expectGraphPathsArchive(DeepNesting(depth: 60), streamed: false)
    }

    struct UnkeyedPathRecorder: Encodable {
        enum K: String, CodingKey { case outer }
        let log: PathLog
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: K.self)
            var u = c.nestedUnkeyedContainer(forKey: .outer)
            log.paths.append(u.codingPath.map(\.stringValue))
            try u.encode(PathRecorder(log: log))
            var uu = u.nestedUnkeyedContainer()
            log.paths.append(uu.codingPath.map(\.stringValue))
            try uu.encode(PathRecorder(log: log))
            let k = u.nestedContainer(keyedBy: K.self)
            log.paths.append(k.codingPath.map(\.stringValue))
        }
    }

    @Test func userCodeInsideNestedUnkeyedContainersSeesTheGraphPathsCodingPath() throws {
        let streamed = try streamedPaths { log in [UnkeyedPathRecorder(log: log)] }
        #expect(streamed == [["Index 0", "outer"], ["Index 0", "outer", "Index 0"], ["Index 0", "outer", "Index 0"],
                             ["Index 0", "outer", "Index 1"], ["Index 0", "outer", "Index 1", "Index 0"],
                             ["Index 0", "outer", "Index 1", "Index 0"], ["Index 0", "outer", "Index 2"]])
    }
}
