#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
@_spi(Testing) import KeyedArchive

/// `FuzzCodable`: ``KeyedArchiveDecoder`` over hostile archives.
///
/// The first byte chooses the options (bit 0 an allow-list, bit 1 snake-case keys, bit 2 the root key
/// `$0`); the rest is a keyed archive (binary or XML) or a NIBArchive. The input is decoded as a
/// generic ``CodableMirror``, a typed struct, a class graph and a few collections, each through the
/// graph-based decode and through the direct decode, which must give the same value whenever it takes the
/// input; the mirror is then re-encoded with ``KeyedArchiveEncoder`` and decoded again, which must succeed.
public enum FuzzCodable {
    /// The most values (counted at every use) a decoded mirror may expand to and still be re-encoded. Under
    /// ASan a re-encode and decode costs ~150 µs per value, so 2^19 values (19 doubling levels, from a 1 KB
    /// crossover of a doubling seed) outlast libFuzzer's 10 s timeout; 4,096 stay well under a second.
    public static let maxReencodedValues = 1 << 12

    /// Whether the streamed encode of `value` (the default encoder's `encodedBytes`, and one that batches
    /// its uniquing from the first object), read back and rewritten by the graph writer, is the graph-based
    /// encode's archive (or all fail).
    static func sameArchive<T: Encodable>(_ value: T?) -> RoundTripFailure? {
        guard let value else { return nil }
        let e = KeyedArchiveEncoder()
        var batching = e
        batching.batchesUniquingFromTheStart = true
        let graph = try? e.encodeGraph(value).keyedArchiveBinaryData()
        let streamed = try? ArchiveGraph(keyedArchiveBytes: e.encodedBytes(value)).keyedArchiveBinaryData()
        guard streamed == graph else {
            return RoundTripFailure("KeyedArchiveEncoder", "the streamed encode of a decoded \(T.self) differs from the graph-based one")
        }
        let batched = try? ArchiveGraph(keyedArchiveBytes: batching.encodedBytes(value)).keyedArchiveBinaryData()
        guard batched == graph else {
            return RoundTripFailure("KeyedArchiveEncoder", "the batched streamed encode of a decoded \(T.self) differs from the graph-based one")
        }
        return nil
    }

    /// How many of the harness's typed decodes the direct decode takes `input` for (its first byte the
    /// options, as ``run(_:)`` reads it): tests check that the harness exercises the direct decode.
    public static func directDecodeCount(_ input: [UInt8]) -> Int {
        guard let mode = input.first, let plist = try? PropertyList(parsing: Array(input.dropFirst()), limits: FuzzUnarchiver.limits) else { return 0 }
        var d = KeyedArchiveDecoder()
        d.limits = FuzzUnarchiver.limits
        if mode & 1 != 0 { d.allowedClassNames = ["FuzzPerson", "FuzzNode", "NSObject"] }
        if mode & 2 != 0 { d.keyDecodingStrategy = .convertFromSnakeCase }
        if mode & 4 != 0 { d.rootKey = "$0" }
        let taken = [d.decodeDirectly(FuzzCodableRecord.self, from: plist) != nil, d.decodeDirectly(FuzzCodableNode.self, from: plist) != nil,
                     d.decodeDirectly([String: Int].self, from: plist) != nil, d.decodeDirectly([Date].self, from: plist) != nil,
                     d.decodeDirectly(Set<String>.self, from: plist) != nil, d.decodeDirectly([FuzzCodableShape].self, from: plist) != nil,
                     d.decodeDirectly([FuzzCodableDog].self, from: plist) != nil, d.decodeDirectly([FuzzCodablePolyline].self, from: plist) != nil]
        return taken.filter { $0 }.count
    }

    static func run(_ input: [UInt8]) -> RoundTripFailure? {
        guard let mode = input.first else { return nil }
        let bytes = Array(input.dropFirst())
        var d = KeyedArchiveDecoder()
        d.limits = FuzzUnarchiver.limits
        if mode & 1 != 0 { d.allowedClassNames = ["FuzzPerson", "FuzzNode", "NSObject"] }
        if mode & 2 != 0 { d.keyDecodingStrategy = .convertFromSnakeCase }
        if mode & 4 != 0 { d.rootKey = "$0" }
        let graph: ArchiveGraph
        // The property list the direct decode reads (none for a NIBArchive).
        var plist: PropertyList?
        do {
            if ArchiveFormat.detect(bytes) == .nibArchive {
                graph = try ArchiveGraph(nibArchive: bytes, limits: d.limits)
            } else {
                let list = try PropertyList(parsing: bytes, limits: d.limits)
                graph = try ArchiveGraph(keyedArchive: list, limits: d.limits)
                plist = list
            }
        } catch { return nil }
        /// Whatever the direct decode takes, the graph-based decode takes as the same value; whatever decodes,
        /// the streamed encode writes as the graph-based one does. `writable` bounds what is re-encoded.
        func check<T: Codable>(_ type: T.Type, writable: (T) -> Bool = { _ in true }) -> RoundTripFailure? {
            let viaGraph = try? d.decode(T.self, from: graph)
            if let plist, let direct = d.decodeDirectly(T.self, from: plist) {
                guard let viaGraph else {
                    return RoundTripFailure("KeyedArchiveDecoder", "the direct decode of a \(T.self) took an archive the graph-based decode refuses")
                }
                guard writable(direct), writable(viaGraph) else { return nil }
                let e = KeyedArchiveEncoder()
                guard (try? e.encodeGraph(direct).keyedArchiveBinaryData()) == (try? e.encodeGraph(viaGraph).keyedArchiveBinaryData()) else {
                    return RoundTripFailure("KeyedArchiveDecoder", "the direct and the graph-based decode of a \(T.self) differ")
                }
            }
            guard let viaGraph, writable(viaGraph) else { return nil }
            return sameArchive(viaGraph)
        }
        // A record's friends are values: a shared one is written once per use (the mirror's guard below).
        if let f = check(FuzzCodableRecord.self, writable: { $0.expandedCount(upTo: maxReencodedValues) < maxReencodedValues }) { return f }
        if let f = check(FuzzCodableNode.self) { return f }
        if let f = check([String: Int].self) { return f }
        if let f = check([Int: String].self) { return f }
        if let f = check([Date].self) { return f }
        if let f = check(Set<String>.self) { return f }
        if let f = check([FuzzCodableShape].self) { return f }
        if let f = check([FuzzCodableDog].self) { return f }
        if let f = check([FuzzCodablePolyline].self) { return f }
        if let f = check([UUID: URL].self) { return f }
        if let plist, let direct = d.decodeDirectly(CodableMirror.self, from: plist), (try? d.decode(CodableMirror.self, from: graph)) != direct {
            return RoundTripFailure("KeyedArchiveDecoder", "the direct and the graph-based decode of a mirror differ")
        }
        guard let mirror = try? d.decode(CodableMirror.self, from: graph) else { return nil }
        // The decoder decodes a shared object once; the mirror is a value, so writing it repeats what it
        // shares (40 levels of an array holding one array twice: 2^40 values from a 2 KB archive).
        guard mirror.expandedCount(upTo: maxReencodedValues) < maxReencodedValues else { return nil }
        // What we decoded we can write, and what we write we can read.
        var e = KeyedArchiveEncoder()
        e.keyedContainerEncoding = .dictionaries
        do {
            let again = try e.encodedBytes(mirror)
            blackHole(try KeyedArchiveDecoder().decode(CodableMirror.self, from: again))
        } catch {
            return RoundTripFailure("KeyedArchiveEncoder/KeyedArchiveDecoder", "a decoded mirror did not re-encode and decode: \(error)")
        }
        // As archived objects the mirror takes the streamed encode.
        if let f = sameArchive(mirror) { return f }
        return nil
    }
}

/// Any archived value, decoded without knowing its type: what a tool that mirrors an archive holds.
public indirect enum CodableMirror: Codable, Equatable, Sendable {
    case null
    case int(Int64)
    case uint(UInt64)
    case double(Double)
    case bool(Bool)
    case string(String)
    case data(Data)
    case date(Date)
    case array([CodableMirror])
    /// An object's or dictionary's entries, in stored order.
    case object([Entry])

    /// One entry of ``object(_:)``.
    public struct Entry: Codable, Equatable, Sendable {
        public var key: String
        public var value: CodableMirror
    }

    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null; return }
        if let v = try? c.decode(String.self) { self = .string(v); return }
        if let v = try? c.decode(Int64.self) { self = .int(v); return }
        if let v = try? c.decode(UInt64.self) { self = .uint(v); return }
        if let v = try? c.decode(Double.self) { self = .double(v); return }
        if let v = try? c.decode(Bool.self) { self = .bool(v); return }
        if let v = try? c.decode(Data.self) { self = .data(v); return }
        if let v = try? c.decode(Date.self) { self = .date(v); return }
        if let k = try? decoder.container(keyedBy: AnyKey.self) {
            self = .object(try k.allKeys.map { Entry(key: $0.stringValue, value: try k.decode(CodableMirror.self, forKey: $0)) })
            return
        }
        var u = try decoder.unkeyedContainer()
        var items: [CodableMirror] = []
        while !u.isAtEnd { items.append(try u.decode(CodableMirror.self)) }
        self = .array(items)
    }

    /// The number of values in this tree counted at every use, or `limit` when it has at least that many.
    public func expandedCount(upTo limit: Int) -> Int {
        var count = 0
        var stack = [self]
        while let v = stack.popLast() {
            count += 1
            if count >= limit { return limit }
            switch v {
            case .array(let items): stack.append(contentsOf: items)
            case .object(let entries): stack.append(contentsOf: entries.map(\.value))
            default: continue
            }
        }
        return count
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .null: try c.encodeNil()
        case .int(let v): try c.encode(v)
        case .uint(let v): try c.encode(v)
        case .double(let v): try c.encode(v)
        case .bool(let v): try c.encode(v)
        case .string(let v): try c.encode(v)
        case .data(let v): try c.encode(v)
        case .date(let v): try c.encode(v)
        case .array(let items):
            // Members straight into this value's container: one level per level, as they were decoded.
            var u = encoder.unkeyedContainer()
            for i in items { try u.encode(i) }
        case .object(let entries):
            var k = encoder.container(keyedBy: AnyKey.self)
            for e in entries { try k.encode(e.value, forKey: AnyKey(stringValue: e.key)) }
        }
    }
}

/// A struct with a field of each kind, named like ``FuzzPerson``'s keys where they overlap.
struct FuzzCodableRecord: Codable {
    var name: String
    var age: Int?
    var friends: [FuzzCodableRecord]?
    var score: Double?
    var tags: Set<String>?
    var when: Date?
    var blob: Data?
    var link: URL?
    var id: UUID?
    var small: Int8?
    var big: UInt64?
}

extension FuzzCodableRecord {
    /// How many records the value holds, counting each use, up to `limit`.
    func expandedCount(upTo limit: Int) -> Int {
        var count = 0
        var stack = [self]
        while let r = stack.popLast() {
            count += 1
            if count >= limit { return limit }
            stack.append(contentsOf: r.friends ?? [])
        }
        return count
    }
}

/// Enum cases with associated values: synthesised `Codable` writes each case through a nested keyed
/// container (streamed as an `NSDictionary` frame) and reads it back through one.
enum FuzzCodableShape: Codable {
    case circle(radius: Double)
    case label(String, size: Int8?)
    case point(x: Int, y: Int, tags: [String: Int])
    case none
}

/// A class hierarchy: the subclass encodes its superclass through `superEncoder()` (streamed as a nested
/// `NSDictionary` frame under `super`) and decodes it through `superDecoder()`.
class FuzzCodableAnimal: Codable {
    var name: String?
    var legs: Int?
}

final class FuzzCodableDog: FuzzCodableAnimal {
    var breed: String?
    enum K: String, CodingKey { case breed }

    required init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: K.self)
        breed = try c.decodeIfPresent(String.self, forKey: .breed)
        try super.init(from: c.superDecoder())
    }

    override func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: K.self)
        try c.encodeIfPresent(breed, forKey: .breed)
        try super.encode(to: c.superEncoder())
    }
}

/// A hand-written conformance through nested unkeyed containers (streamed as `NSArray` frames): points
/// as one list of numbers, and rows of labels, each row a nested unkeyed container of the rows' one.
struct FuzzCodablePolyline: Codable {
    var name: String?
    var points: [Double] = []
    var rows: [[String]] = []
    enum K: String, CodingKey { case name, points, rows }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: K.self)
        name = try c.decodeIfPresent(String.self, forKey: .name)
        var p = try c.nestedUnkeyedContainer(forKey: .points)
        while !p.isAtEnd { points.append(try p.decode(Double.self)) }
        var r = try c.nestedUnkeyedContainer(forKey: .rows)
        while !r.isAtEnd {
            var row = try r.nestedUnkeyedContainer()
            var labels: [String] = []
            while !row.isAtEnd { labels.append(try row.decode(String.self)) }
            rows.append(labels)
        }
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: K.self)
        try c.encodeIfPresent(name, forKey: .name)
        var p = c.nestedUnkeyedContainer(forKey: .points)
        for x in points { try p.encode(x) }
        var r = c.nestedUnkeyedContainer(forKey: .rows)
        for labels in rows {
            var row = r.nestedUnkeyedContainer()
            for l in labels { try row.encode(l) }
        }
    }
}

/// A class graph: shared instances decode once; cycles are errors.
final class FuzzCodableNode: Codable {
    var name: String?
    var next: FuzzCodableNode?
    var children: [FuzzCodableNode]?
}
