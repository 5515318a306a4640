import Foundation

/// The Foundation side of the model workload: the same eight fields and friend reference as
/// ``ModelRecord``, as an `NSSecureCoding` class archived by `NSKeyedArchiver`.
public final class FoundationModel: NSObject, NSSecureCoding {
    public static var supportsSecureCoding: Bool { true }

    var name: String
    var id: Int
    var big: Int64
    var score: Double
    var flag: Bool
    var blob: Data
    var date: Date
    var tags: [Int]
    var friend: FoundationModel?

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

    public func encode(with coder: NSCoder) {
        coder.encode(name as NSString, forKey: "name")
        coder.encode(id, forKey: "id")
        coder.encode(big, forKey: "big")
        coder.encode(score, forKey: "score")
        coder.encode(flag, forKey: "flag")
        coder.encode(blob as NSData, forKey: "blob")
        coder.encode(date as NSDate, forKey: "date")
        // Omitted when empty: the "flat" variant leaves arrays out (see ModelWorkload.flat).
        if !tags.isEmpty { coder.encode(tags.map { NSNumber(value: $0) } as NSArray, forKey: "tags") }
        coder.encode(friend, forKey: "friend")
    }

    public init?(coder: NSCoder) {
        guard let name = coder.decodeObject(of: NSString.self, forKey: "name"),
              let blob = coder.decodeObject(of: NSData.self, forKey: "blob"),
              let date = coder.decodeObject(of: NSDate.self, forKey: "date")
        else { return nil }
        // corelibs treats a missing key as an error under secure coding, so ask first (flat variant).
        let tags = coder.containsValue(forKey: "tags")
            ? coder.decodeObject(of: [NSArray.self, NSNumber.self], forKey: "tags") as? [NSNumber] ?? []
            : []
        self.name = name as String
        id = coder.decodeInteger(forKey: "id")
        big = coder.decodeInt64(forKey: "big")
        score = coder.decodeDouble(forKey: "score")
        flag = coder.decodeBool(forKey: "flag")
        self.blob = blob as Data
        self.date = date as Date
        self.tags = tags.map(\.intValue)
        super.init()
        friend = coder.decodeObject(of: FoundationModel.self, forKey: "friend")
    }
}

public enum FoundationModelWorkload {
    /// The records as Foundation objects, friend links resolved to shared instances.
    public static func objects(_ records: [ModelRecord]) -> [FoundationModel] {
        let objects = records.map(FoundationModel.init)
        for (i, r) in records.enumerated() {
            if let f = r.friend { objects[i].friend = objects[f] }
        }
        return objects
    }

    /// `NSKeyedArchiver` binary-plist archive of the objects (root: an NSArray of them).
    public static func archive(_ objects: [FoundationModel]) throws -> Data {
        try NSKeyedArchiver.archivedData(withRootObject: objects as NSArray, requiringSecureCoding: true)
    }

    /// Secure `NSKeyedUnarchiver` decode of ``archive(_:)``'s output; returns the object count.
    public static func unarchive(_ data: Data) throws -> Int {
        let root = try NSKeyedUnarchiver.unarchivedObject(ofClasses: [NSArray.self, FoundationModel.self], from: data)
        return (root as? NSArray)?.count ?? -1
    }
}

extension FoundationModelWorkload {
    /// Decodes `data` with Foundation and checks every field against `records`; throws on a mismatch.
    /// Setup uses it to prove an input archive means the same thing to Foundation as to us.
    public static func verify(_ data: Data, against records: [ModelRecord]) throws {
        let root = try NSKeyedUnarchiver.unarchivedObject(ofClasses: [NSArray.self, FoundationModel.self], from: data)
        guard let objects = root as? [FoundationModel], objects.count == records.count else {
            throw WorkloadMismatch(what: "root array", index: -1)
        }
        for (i, (o, r)) in zip(objects, records).enumerated() {
            let same = o.name == r.name && o.id == r.id && o.big == r.big && o.score == r.score && o.flag == r.flag
                && o.blob == Data(r.blob) && o.date.timeIntervalSinceReferenceDate == r.date && o.tags == r.tags
                && o.friend?.id == r.friend
            guard same else { throw WorkloadMismatch(what: "model fields", index: i) }
            if let f = r.friend, o.friend !== objects[f] { throw WorkloadMismatch(what: "shared friend", index: i) }
        }
    }
}

public struct WorkloadMismatch: Error, CustomStringConvertible {
    public var what: String
    public var index: Int
    public var description: String { "workload mismatch: \(what) at \(index)" }
    public init(what: String, index: Int) {
        self.what = what
        self.index = index
    }
}
