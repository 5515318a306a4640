import Foundation
import Testing
@testable import KeyedArchive

/// The decode hands a keyed container out again once nothing else holds it
/// (ArchiveDecodingContainerPool.swift): a container still in use is never pointed at another value,
/// and nothing the pool held outlives the decode.
@Suite struct CodableDecodingContainerPoolTests {
    /// A tree whose `init(from:)` reads its own name only after decoding its children through containers
    /// of the same key type: its container is held while theirs are made and released.
    final class Node: Codable, Equatable {
        let children: [Node]
        let name: String
        let depth: Int
        enum CodingKeys: String, CodingKey { case name, children, depth }

        init(name: String, depth: Int, children: [Node]) {
            self.name = name
            self.depth = depth
            self.children = children
        }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            children = try c.decode([Node].self, forKey: .children)
            name = try c.decode(String.self, forKey: .name)
            depth = try c.decode(Int.self, forKey: .depth)
        }

        static func == (a: Node, b: Node) -> Bool { a.name == b.name && a.depth == b.depth && a.children == b.children }
    }

    static func tree(_ name: String, depth: Int) -> Node {
        Node(name: name, depth: depth, children: depth == 0 ? [] : (0 ..< 3).map { tree("\(name).\($0)", depth: depth - 1) })
    }

    @Test func aContainerHeldWhileOthersOfItsKeyTypeComeAndGoReadsItsOwnObject() throws {
        let root = Self.tree("r", depth: 4)
        let bytes = try KeyedArchiveEncoder().encodedBytes(root)
        let decoded = try KeyedArchiveDecoder().decode(Node.self, from: bytes)
        #expect(decoded == root)
        // Siblings after siblings, each a fresh use of the same key type.
        let forest = (0 ..< 20).map { Self.tree("t\($0)", depth: 2) }
        #expect(try KeyedArchiveDecoder().decode([Node].self, from: KeyedArchiveEncoder().encodedBytes(forest)) == forest)
    }

    /// Notes its decoder weakly: gone once the decode returns unless something still holds it.
    final class Watcher: Decodable {
        nonisolated(unsafe) static var decoders: [() -> AnyObject?] = []
        let n: Int
        enum CodingKeys: String, CodingKey { case n }

        init(from decoder: any Decoder) throws {
            let object = decoder as AnyObject
            Self.decoders.append { [weak object] in object }
            n = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .n)
        }
    }

    struct Plain: Encodable {
        let n: Int?
    }

    @Test func nothingThePoolHeldOutlivesTheDecode() throws {
        Watcher.decoders = []
        let bytes = try KeyedArchiveEncoder().encodedBytes((0 ..< 10).map { Plain(n: $0) })
        let values = try KeyedArchiveDecoder().decode([Watcher].self, from: bytes)
        #expect(values.map(\.n) == Array(0 ..< 10))
        #expect(Watcher.decoders.count == 10)
        // Each container's ticket held its decoder; the pool let go of them when the decode ended.
        #expect(Watcher.decoders.allSatisfy { $0() == nil })
        // A failed decode lets go too: the sixth record has no "n". The direct decode gives up there and
        // the graph-based decode, which reports the error, runs to the same record: six decoders each.
        Watcher.decoders = []
        let broken = try KeyedArchiveEncoder().encodedBytes((0 ..< 10).map { Plain(n: $0 == 5 ? nil : $0) })
        #expect(throws: DecodingError.self) { _ = try KeyedArchiveDecoder().decode([Watcher].self, from: broken) }
        #expect(Watcher.decoders.count == 12)
        #expect(Watcher.decoders.allSatisfy { $0() == nil })
    }
}
