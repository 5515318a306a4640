import Foundation
@_spi(Testing) import KeyedArchive

/// The model record as a `Codable` struct: the Codable bridge's workload. `friend` is the referenced
/// record's index (a struct cannot share), so the same values go through every coder.
public struct CodableModel: Codable, Equatable, KeyedArchiveClassNamed {
    public static let archivedClassName = "BenchModel"
    var name: String
    var id: Int
    var big: Int64
    var score: Double
    var flag: Bool
    var blob: Data
    var date: Date
    var tags: [Int]
    var friend: Int?

    init(_ r: ModelRecord) {
        name = r.name
        id = r.id
        big = r.big
        score = r.score
        flag = r.flag
        blob = Data(r.blob)
        date = Date(timeIntervalSinceReferenceDate: r.date)
        tags = r.tags
        friend = r.friend
    }
}

/// The same record as a ``KeyedCoding`` class with the same keys: our typed coder on identical values.
public final class KeyedCodingModel: SecureKeyedCoding {
    public static var archivedClassName: String { CodableModel.archivedClassName }
    var fields: CodableModel?

    public init() {}
    init(_ m: CodableModel) { fields = m }

    public func encode(with a: KeyedArchiver) throws(ArchiveError) {
        guard let m = fields else { return }
        try a.encode(m.name, forKey: "name")
        a.encode(m.id, forKey: "id")
        a.encode(m.big, forKey: "big")
        a.encode(m.score, forKey: "score")
        a.encode(m.flag, forKey: "flag")
        try a.encode(m.blob, forKey: "blob")
        try a.encode(m.date, forKey: "date")
        try a.encode(m.tags, forKey: "tags")
        if let f = m.friend { a.encode(f, forKey: "friend") } else { try a.encode(nil as String?, forKey: "friend") }
    }

    public func decode(with u: KeyedUnarchiver) throws(ArchiveError) {
        let name = try u.decodeObject(of: String.self, forKey: "name") ?? ""
        let id = try u.decodeInt(forKey: "id")
        let big = try u.decodeInt64(forKey: "big")
        let score = try u.decodeDouble(forKey: "score")
        let flag = try u.decodeBool(forKey: "flag")
        let blob = try u.decodeObject(of: Data.self, forKey: "blob") ?? Data()
        let date = try u.decodeObject(of: Date.self, forKey: "date") ?? Date(timeIntervalSinceReferenceDate: 0)
        let tags = try u.decodeObject(of: [Int].self, forKey: "tags") ?? []
        let friend: Int? = u.rawValue(forKey: "friend") == .nil ? nil : try u.decodeInt(forKey: "friend")
        fields = CodableModel(name: name, id: id, big: big, score: score, flag: flag, blob: blob, date: date, tags: tags, friend: friend)
    }
}

extension CodableModel {
    init(name: String, id: Int, big: Int64, score: Double, flag: Bool, blob: Data, date: Date, tags: [Int], friend: Int?) {
        self.name = name
        self.id = id
        self.big = big
        self.score = score
        self.flag = flag
        self.blob = blob
        self.date = date
        self.tags = tags
        self.friend = friend
    }
}

public enum CodableModelWorkload {
    public static func values(_ records: [ModelRecord]) -> [CodableModel] { records.map(CodableModel.init) }

    /// 1M records are ~20 M archive objects, above the default 16 M object limit.
    static let limits = DecodingLimits(maxObjectCount: 64_000_000)

    public static func encode(_ values: [CodableModel]) throws -> [UInt8] { try KeyedArchiveEncoder().encodedBytes(values) }

    public static func decode(_ bytes: [UInt8], direct: Bool = true) throws -> [CodableModel] {
        var d = KeyedArchiveDecoder()
        d.limits = limits
        d.decodesDirectlyWhenItCan = direct
        return try d.decode([CodableModel].self, from: bytes)
    }

    public static func encodeKeyedCoding(_ objects: [KeyedCodingModel]) throws(ArchiveError) -> [UInt8] {
        // The one-shot API: the archiver's graph is freed before the bytes are laid out.
        try KeyedArchiver.archivedData(withRootObject: objects, requiringSecureCoding: true)
    }

    public static func decodeKeyedCoding(_ bytes: [UInt8]) throws(ArchiveError) -> [KeyedCodingModel] {
        KeyedClassRegistry.register(KeyedCodingModel.self)
        let graph = try ArchiveGraph(keyedArchive: PropertyList(binary: bytes, limits: limits), limits: limits)
        return try KeyedUnarchiver.unarchivedObject(of: [KeyedCodingModel].self, from: graph, options: .init(requiresSecureCoding: true)) ?? []
    }

    public static func objects(_ values: [CodableModel]) -> [KeyedCodingModel] { values.map(KeyedCodingModel.init) }

    public static func fields(_ objects: [KeyedCodingModel]) -> [CodableModel?] { objects.map(\.fields) }

    public static func encodeFoundation(_ values: [CodableModel]) throws -> Data {
        let e = PropertyListEncoder()
        e.outputFormat = .binary
        return try e.encode(values)
    }

    public static func decodeFoundation(_ data: Data) throws -> [CodableModel] {
        try PropertyListDecoder().decode([CodableModel].self, from: data)
    }
}
