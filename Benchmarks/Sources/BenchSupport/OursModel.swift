import Foundation
import KeyedArchive

/// Our side of the model workload: the same fields and keys as ``FoundationModel``, recorded under the
/// same class name, so both sides read and write interchangeable archives.
public final class OursModel: SecureKeyedCoding {
    public static var archivedClassName: String { KeyedArchiveLayout.foundationClassName }

    var name = ""
    var id = 0
    var big: Int64 = 0
    var score = 0.0
    var flag = false
    var blob = Data()
    var date = Date(timeIntervalSinceReferenceDate: 0)
    var tags: [Int] = []
    var friend: OursModel?

    public init() {}

    init(_ r: ModelRecord) {
        name = r.name
        id = r.id
        big = r.big
        score = r.score
        flag = r.flag
        blob = Data(r.blob)
        date = Date(timeIntervalSinceReferenceDate: r.date)
        tags = r.tags
    }

    public func encode(with a: KeyedArchiver) throws(ArchiveError) {
        try a.encode(name, forKey: "name")
        a.encode(id, forKey: "id")
        a.encode(big, forKey: "big")
        a.encode(score, forKey: "score")
        a.encode(flag, forKey: "flag")
        try a.encode(blob, forKey: "blob")
        try a.encode(date, forKey: "date")
        if !tags.isEmpty { try a.encode(tags, forKey: "tags") }
        try a.encode(friend, forKey: "friend")
    }

    public func decode(with u: KeyedUnarchiver) throws(ArchiveError) {
        name = try u.decodeObject(of: String.self, forKey: "name") ?? ""
        id = try u.decodeInt(forKey: "id")
        big = try u.decodeInt64(forKey: "big")
        score = try u.decodeDouble(forKey: "score")
        flag = try u.decodeBool(forKey: "flag")
        blob = try u.decodeObject(of: Data.self, forKey: "blob") ?? Data()
        date = try u.decodeObject(of: Date.self, forKey: "date") ?? date
        tags = try u.decodeObject(of: [Int].self, forKey: "tags") ?? []
        friend = try u.decodeObject(of: OursModel.self, forKey: "friend")
    }
}

public enum OursModelWorkload {
    /// The records as our objects, friend links resolved to shared instances (cycles allowed).
    public static func objects(_ records: [ModelRecord]) -> [OursModel] {
        KeyedClassRegistry.register(OursModel.self)
        let objects = records.map(OursModel.init)
        for (i, r) in records.enumerated() {
            if let f = r.friend { objects[i].friend = objects[f] }
        }
        return objects
    }

    /// Typed encode to binary-plist bytes (root: the array of objects).
    public static func archive(_ objects: [OursModel]) throws(ArchiveError) -> [UInt8] {
        // The one-shot API: the archiver's graph is freed before the bytes are laid out.
        try KeyedArchiver.archivedData(withRootObject: objects, requiringSecureCoding: true)
    }

    /// Typed secure decode of an archive of the objects; returns them.
    public static func unarchive(_ bytes: [UInt8]) throws(ArchiveError) -> [OursModel] {
        KeyedClassRegistry.register(OursModel.self)
        // 1M model objects are ~22 M bplist objects, above the default 16 M object limit.
        let limits = DecodingLimits(maxObjectCount: 64_000_000)
        let graph = try ArchiveGraph(keyedArchive: PropertyList(binary: bytes, limits: limits), limits: limits)
        return try KeyedUnarchiver.unarchivedObject(of: [OursModel].self, from: graph,
                                                    options: .init(requiresSecureCoding: true)) ?? []
    }

    /// Drops every friend link so that cyclic graphs can be freed.
    public static func breakCycles(_ objects: [OursModel]) {
        for o in objects { o.friend = nil }
    }

    /// Checks decoded objects against the records (fields, shared identity of friends); throws on a mismatch.
    public static func verify(_ objects: [OursModel], against records: [ModelRecord]) throws {
        guard objects.count == records.count else { throw WorkloadMismatch(what: "root array", index: -1) }
        for (i, (o, r)) in zip(objects, records).enumerated() {
            let same = o.name == r.name && o.id == r.id && o.big == r.big && o.score == r.score && o.flag == r.flag
                && o.blob == Data(r.blob) && o.date.timeIntervalSinceReferenceDate == r.date && o.tags == r.tags
                && o.friend?.id == r.friend
            guard same else { throw WorkloadMismatch(what: "model fields", index: i) }
            if let f = r.friend, o.friend !== objects[f] { throw WorkloadMismatch(what: "shared friend", index: i) }
        }
    }
}
