import Foundation

/// Probe commands over NSKeyedArchiver/NSKeyedUnarchiver (owned by the Archiver/Unarchiver tests).
///
/// - `keyed-write <dir>`: archives a fixed set of objects and values with NSKeyedArchiver, one binary
///   archive per case (`<case>.archive`), so the tests can decode them with our Unarchiver.
/// - `keyed-describe <file>`: decodes `root` with NSKeyedUnarchiver (not secure; no cycles: Foundation on
///   Linux crashes on them) and prints a canonical, order-independent description.
let keyedProbeCommands: [String: @Sendable ([String]) throws -> Void] = [
    "keyed-write": { args in
        guard let dir = args.first else { throw ProbeError("usage: keyed-write <dir>") }
        for (name, object) in KeyedProbeCases.all() {
            let data = try NSKeyedArchiver.archivedData(withRootObject: object, requiringSecureCoding: false)
            try data.write(to: URL(fileURLWithPath: dir).appendingPathComponent(name + ".archive"))
        }
    },
    "keyed-describe": { args in
        guard let path = args.first else { throw ProbeError("usage: keyed-describe <file>") }
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let u = try NSKeyedUnarchiver(forReadingFrom: data)
        u.requiresSecureCoding = false
        u.decodingFailurePolicy = .setErrorAndReturn
        let root = u.decodeObject(forKey: NSKeyedArchiveRootObjectKey)
        if let e = u.error { throw ProbeError("\(e)") }
        print(KeyedCanonical.render(root as Any))
    },
]

/// A plain NSCoding class; our tests map their own class onto its name (`FoundationProbe.ProbePerson`).
final class ProbePerson: NSObject, NSCoding {
    var name: String
    var age: Int
    var friends: [ProbePerson]

    init(name: String, age: Int, friends: [ProbePerson] = []) {
        self.name = name
        self.age = age
        self.friends = friends
    }

    init?(coder: NSCoder) {
        name = coder.decodeObject(forKey: "name") as? String ?? ""
        age = coder.decodeInteger(forKey: "age")
        friends = coder.decodeObject(forKey: "friends") as? [ProbePerson] ?? []
    }

    func encode(with coder: NSCoder) {
        coder.encode(name, forKey: "name")
        coder.encode(age, forKey: "age")
        coder.encode(friends, forKey: "friends")
    }
}

/// An NSCoding class with a field of each common kind; the Codable bridge's tests mirror it as a struct.
final class ProbeRecord: NSObject, NSCoding {
    var title: String
    var count: Int
    var ratio: Double
    var flag: Bool
    var when: Date
    var blob: Data
    var tags: [String]
    var note: String?
    var scores: [String: Int]
    var children: [ProbeRecord]

    init(title: String, count: Int, ratio: Double, flag: Bool, when: Date, blob: Data, tags: [String], note: String?,
         scores: [String: Int], children: [ProbeRecord] = []) {
        self.title = title
        self.count = count
        self.ratio = ratio
        self.flag = flag
        self.when = when
        self.blob = blob
        self.tags = tags
        self.note = note
        self.scores = scores
        self.children = children
    }

    init?(coder: NSCoder) {
        title = coder.decodeObject(forKey: "title") as? String ?? "?"
        count = coder.decodeInteger(forKey: "count")
        ratio = coder.decodeDouble(forKey: "ratio")
        flag = coder.decodeBool(forKey: "flag")
        when = coder.decodeObject(forKey: "when") as? Date ?? Date(timeIntervalSinceReferenceDate: -1)
        blob = coder.decodeObject(forKey: "blob") as? Data ?? Data()
        tags = coder.decodeObject(forKey: "tags") as? [String] ?? ["?"]
        note = coder.decodeObject(forKey: "note") as? String
        scores = coder.decodeObject(forKey: "scores") as? [String: Int] ?? ["?": -1]
        children = coder.decodeObject(forKey: "children") as? [ProbeRecord] ?? []
    }

    func encode(with coder: NSCoder) {
        coder.encode(title, forKey: "title")
        coder.encode(count, forKey: "count")
        coder.encode(ratio, forKey: "ratio")
        coder.encode(flag, forKey: "flag")
        coder.encode(when, forKey: "when")
        coder.encode(blob, forKey: "blob")
        coder.encode(tags, forKey: "tags")
        if let note { coder.encode(note, forKey: "note") }
        coder.encode(scores, forKey: "scores")
        coder.encode(children, forKey: "children")
    }
}

/// Geometry as Cocoa archives it: rects, points and sizes under keys as strings (`encode(_:forKey:)` of a
/// `CGRect`), and in an array as `NSValue`s, with a range among them.
final class ProbeShape: NSObject, NSCoding {
    var frame = CGRect(x: 1, y: 2.5, width: 30, height: 40)
    var anchor = CGPoint(x: -3, y: 4)
    var size = CGSize(width: 5, height: 6)
    var values: [NSValue] = [NSValue(rect: CGRect(x: 0, y: 0, width: 10, height: 20)), NSValue(point: CGPoint(x: 7, y: 8)),
                             NSValue(size: CGSize(width: 9, height: 10))]
    var range = NSRange(location: 3, length: 4)

    override init() {}

    init?(coder: NSCoder) {
        frame = coder.decodeRect(forKey: "frame")
        anchor = coder.decodePoint(forKey: "anchor")
        size = coder.decodeSize(forKey: "size")
        values = coder.decodeObject(forKey: "values") as? [NSValue] ?? []
        range = (coder.decodeObject(forKey: "range") as? NSValue)?.rangeValue ?? NSRange(location: -1, length: -1)
    }

    func encode(with coder: NSCoder) {
        coder.encode(frame, forKey: "frame")
        coder.encode(anchor, forKey: "anchor")
        coder.encode(size, forKey: "size")
        coder.encode(values as NSArray, forKey: "values")
        coder.encode(NSValue(range: range), forKey: "range")
    }

    /// `Shape(frame,anchor,size,[values],range)` in Apple's string forms.
    var rendering: String {
        let members = values.map { v -> String in
            switch String(cString: v.objCType) {
            case let t where t.hasPrefix("{CGRect") || t.hasPrefix("{_NSRect"): return NSStringFromRect(v.rectValue)
            case let t where t.hasPrefix("{CGPoint") || t.hasPrefix("{_NSPoint"): return "p" + NSStringFromPoint(v.pointValue)
            default: return "s" + NSStringFromSize(v.sizeValue)
            }
        }
        return "Shape(" + [NSStringFromRect(frame), NSStringFromPoint(anchor), NSStringFromSize(size), "[" + members.joined(separator: ",") + "]",
                           NSStringFromRange(range)].joined(separator: ",") + ")"
    }
}

enum KeyedProbeCases {
    /// The fixed cases `keyed-write` archives. The tests hold the matching expectations.
    static func all() -> [(String, Any)] {
        let bob = ProbePerson(name: "Bob", age: 41)
        let ann = ProbePerson(name: "Ann", age: 30, friends: [bob, bob])
        return [
            ("string", "héllo, wörld" as NSString),
            ("mutable-string", NSMutableString(string: "mutable")),
            ("numbers", [NSNumber(value: -1), NSNumber(value: Int64.max), NSNumber(value: UInt64.max), NSNumber(value: 1.5),
                         NSNumber(value: Float(0.25)), NSNumber(value: true)] as NSArray),
            ("dictionary", ["a": 1, "b": "two", "c": [1, 2, 3]] as NSDictionary),
            ("set", NSSet(array: ["x", "y", "z"])),
            ("date", NSDate(timeIntervalSinceReferenceDate: 700_000_000.5)),
            ("data", Data([0, 1, 2, 0xFF]) as NSData),
            ("url", NSURL(fileURLWithPath: "/tmp/probe/file.txt")),
            ("uuid", NSUUID(uuidString: "0AD863BA-7584-40CF-8896-BD87B3280C34") ?? NSUUID()),
            ("null", NSNull()),
            ("people", ann),
            ("shape", ProbeShape()),
            ("record", ProbeRecord(title: "parent", count: -7, ratio: 2.5, flag: true, when: Date(timeIntervalSinceReferenceDate: 1000.25),
                                   blob: Data([9, 8, 7]), tags: ["a", "b"], note: nil, scores: ["x": 1, "y": 2],
                                   children: [ProbeRecord(title: "kid", count: 1, ratio: -0.5, flag: false,
                                                          when: Date(timeIntervalSinceReferenceDate: 0), blob: Data(), tags: [],
                                                          note: "hi", scores: [:])])),
        ]
    }
}

/// A canonical rendering of decoded Foundation objects, shared by the tests' expectations.
enum KeyedCanonical {
    static func render(_ x: Any) -> String {
        switch x {
        case let p as ProbePerson:
            return "Person(" + render(p.name as NSString) + "," + String(p.age) + "," + render(p.friends as NSArray) + ")"
        case let s as ProbeShape:
            return s.rendering
        case let r as ProbeRecord:
            return "Record(" + [render(r.title as NSString), String(r.count), "r\(r.ratio)", r.flag ? "true" : "false",
                                render(r.when), render(r.blob), render(r.tags as NSArray), r.note.map { render($0 as NSString) } ?? "nil",
                                render(r.scores as NSDictionary), render(r.children as NSArray)].joined(separator: ",") + ")"
        case let s as NSMutableString where type(of: s) == NSMutableString.self:
            return "ms" + render(String(s))
        case let s as String:
            return "\"" + s + "\""
        case let d as Data:
            return "d<" + d.map { String(format: "%02x", $0) }.joined() + ">"
        case let d as Date:
            return "date(\(d.timeIntervalSinceReferenceDate))"
        case let u as URL:
            return "url(\(u.absoluteString))"
        case let u as UUID:
            return "uuid(\(u.uuidString))"
        case is NSNull:
            return "null"
        case let d as NSDictionary:
            var entries: [String] = []
            for (k, v) in d { entries.append(render(k) + ":" + render(v)) }
            return "{" + entries.sorted().joined(separator: ",") + "}"
        case let a as NSArray:
            return "[" + a.map { render($0) }.joined(separator: ",") + "]"
        case let s as NSSet:
            return "(" + s.map { render($0) }.sorted().joined(separator: ",") + ")"
        case let n as NSNumber:
            let t = String(cString: n.objCType)
            if t == "c", n.int64Value == 0 || n.int64Value == 1, type(of: n) != NSNumber.self || "\(n)" == "true" || "\(n)" == "false" {
                return n.boolValue ? "true" : "false"
            }
            if t == "d" || t == "f" { return "r\(n.doubleValue)" }
            if t == "Q" { return "i\(n.uint64Value)" }
            return "i\(n.int64Value)"
        default:
            return "?\(type(of: x))"
        }
    }
}
