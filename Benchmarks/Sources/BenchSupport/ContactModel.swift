import Foundation
@_spi(Testing) import KeyedArchive

/// A contact record with the shapes app models have beside the benchmark model's scalars: a UUID, an
/// optional string, a string enum, a nested struct, an array of strings, a `[String: String]`, an array
/// of doubles, an optional URL, a `Set<String>` and a date. The Codable bridge's second workload:
/// the benchmark model alone hid that a two-entry dictionary encoded slower than Foundation.
public struct ContactModel: Codable, Equatable, Sendable {
    public enum Kind: String, Codable, Sendable { case person, company, other }
    public struct Address: Codable, Equatable, Sendable {
        var street: String
        var city: String
        var zip: Int
    }

    var id: UUID
    var name: String
    var nickname: String?
    var kind: Kind
    var address: Address
    var emails: [String]
    var attributes: [String: String]
    var scores: [Double]
    var site: URL?
    var labels: Set<String>
    var created: Date
}

public enum ContactWorkload {
    /// `count` contacts, the same on every run.
    public static func values(count: Int, seed: UInt64 = 0xC0FFEE) -> [ContactModel] {
        var rng = SplitMix64(seed: seed)
        let cities = ["Paris", "Lyon", "Nice", "Lille"]
        return (0 ..< count).map { i in
            let id = UUID(uuid: (0 ..< 16).reduce(into: [UInt8]()) { b, _ in b.append(UInt8(truncatingIfNeeded: rng.next())) }
                .withUnsafeBytes { $0.load(as: uuid_t.self) })
            return ContactModel(
                id: id, name: "Name \(i) \(rng.below(1000))", nickname: i % 3 == 0 ? nil : "nick\(i)",
                kind: [.person, .company, .other][rng.below(3)],
                address: .init(street: "\(rng.below(500)) Main Street", city: cities[rng.below(cities.count)], zip: 10_000 + rng.below(900)),
                emails: (0 ..< 1 + rng.below(3)).map { "user\(i).\($0)@example.com" },
                attributes: ["team": "t\(rng.below(7))", "role": "r\(rng.below(5))"],
                scores: (0 ..< 4).map { _ in Double(rng.below(1 << 20)) / 1024 },
                site: i % 2 == 0 ? URL(string: "https://example.com/\(i)") : nil,
                labels: ["a\(rng.below(4))", "b\(rng.below(9))"],
                created: Date(timeIntervalSinceReferenceDate: 700_000_000 + Double(rng.below(100_000_000))))
        }
    }

    public static func encode(_ values: [ContactModel]) throws -> [UInt8] { try KeyedArchiveEncoder().encodedBytes(values) }

    public static func decode(_ bytes: [UInt8], direct: Bool = true) throws -> [ContactModel] {
        var d = KeyedArchiveDecoder()
        d.decodesDirectlyWhenItCan = direct
        return try d.decode([ContactModel].self, from: bytes)
    }

    public static func encodeFoundation(_ values: [ContactModel]) throws -> Data {
        let e = PropertyListEncoder()
        e.outputFormat = .binary
        return try e.encode(values)
    }

    public static func decodeFoundation(_ data: Data) throws -> [ContactModel] {
        try PropertyListDecoder().decode([ContactModel].self, from: data)
    }
}
