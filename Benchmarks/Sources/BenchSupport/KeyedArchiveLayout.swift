import KeyedArchive

/// Lays the model records out as an NSKeyedArchiver archive, exactly as Foundation's archiver
/// structures it (root NSArray, `$class` dicts, NSDate objects, NSArray of NSNumber, uniqued strings
/// and numbers), written with our bplist writer. Used as the decode input for both sides when
/// Foundation's own archiver is too slow to produce it (see ``ModelWorkload/flat(_:)``).
public enum KeyedArchiveLayout {
    public static let foundationClassName = "BenchSupport.FoundationModel"

    public static func archive(_ records: [ModelRecord], className: String = foundationClassName) -> [UInt8] {
        propertyList(records, className: className).binaryData()
    }

    private enum Entry {
        case null, root, model(Int), string(String), data(Int), date(Int), tags(Int), number(Int)
        case classDescription(String)
    }

    public static func propertyList(_ records: [ModelRecord], className: String) -> PropertyList {
        // Pass 1: assign every $objects entry its UID, in the order an archiver meets them.
        var entries: [Entry] = [.null, .root]
        var modelUID = [Int](repeating: 0, count: records.count)
        var stringUID: [String: Int] = [:]
        var numberUID: [Int: Int] = [:]
        var fieldUIDs: [(name: Int, blob: Int, date: Int, tags: Int)] = []
        fieldUIDs.reserveCapacity(records.count)
        for (i, _) in records.enumerated() {
            modelUID[i] = entries.count
            entries.append(.model(i))
            fieldUIDs.append((0, 0, 0, 0))
        }
        for (i, r) in records.enumerated() {
            let name: Int
            if let u = stringUID[r.name] { name = u } else {
                name = entries.count
                stringUID[r.name] = name
                entries.append(.string(r.name))
            }
            let blob = entries.count
            entries.append(.data(i))
            let date = entries.count
            entries.append(.date(i))
            var tags = 0
            if !r.tags.isEmpty {
                tags = entries.count
                entries.append(.tags(i))
                for t in r.tags where numberUID[t] == nil {
                    numberUID[t] = entries.count
                    entries.append(.number(t))
                }
            }
            fieldUIDs[i] = (name, blob, date, tags)
        }
        let classArray = entries.count
        entries.append(.classDescription("NSArray"))
        let classModel = entries.count
        entries.append(.classDescription(className))
        let classDate = entries.count
        entries.append(.classDescription("NSDate"))

        // Pass 2: emit the nodes (members before containers, as the builder requires).
        var b = PropertyListBuilder()
        b.reserveCapacity(objects: entries.count * 8, bytes: records.count * 200)
        let kClass = b.addString("$class")
        let kObjects = b.addString("NS.objects")
        let kTime = b.addString("NS.time")
        let kClassName = b.addString("$classname")
        let kClasses = b.addString("$classes")
        let modelKeys = ["name", "id", "big", "score", "flag", "blob", "date", "tags", "friend"].map { b.addString($0) }
        let nsObject = b.addString("NSObject")
        var nodes: [Int] = []
        nodes.reserveCapacity(entries.count)
        for e in entries {
            switch e {
            case .null:
                nodes.append(b.addString("$null"))
            case .root:
                let members = b.addArray(modelUID.map { b.addUID(UInt64($0)) })
                nodes.append(b.addDict(keys: [kObjects, kClass], values: [members, b.addUID(UInt64(classArray))]))
            case .model(let i):
                let r = records[i]
                let f = fieldUIDs[i]
                var keys = [kClass]
                var values = [b.addUID(UInt64(classModel))]
                func put(_ k: Int, _ v: Int) {
                    keys.append(modelKeys[k])
                    values.append(v)
                }
                put(0, b.addUID(UInt64(f.name)))
                put(1, b.addInteger(Int64(r.id)))
                put(2, b.addInteger(r.big))
                put(3, b.addReal(r.score))
                put(4, b.addBool(r.flag))
                put(5, b.addUID(UInt64(f.blob)))
                put(6, b.addUID(UInt64(f.date)))
                if f.tags != 0 { put(7, b.addUID(UInt64(f.tags))) }
                put(8, b.addUID(UInt64(r.friend.map { modelUID[$0] } ?? 0)))
                nodes.append(b.addDict(keys: keys, values: values))
            case .string(let s):
                nodes.append(b.addString(s))
            case .data(let i):
                nodes.append(b.addData(records[i].blob))
            case .date(let i):
                nodes.append(b.addDict(keys: [kTime, kClass], values: [b.addReal(records[i].date), b.addUID(UInt64(classDate))]))
            case .tags(let i):
                let members = b.addArray(records[i].tags.map { b.addUID(UInt64(numberUID[$0] ?? 0)) })
                nodes.append(b.addDict(keys: [kObjects, kClass], values: [members, b.addUID(UInt64(classArray))]))
            case .number(let v):
                nodes.append(b.addInteger(Int64(v)))
            case .classDescription(let name):
                let chain = b.addArray([b.addString(name), nsObject])
                nodes.append(b.addDict(keys: [kClasses, kClassName], values: [chain, b.addString(name)]))
            }
        }
        let objects = b.addArray(nodes)
        let top = b.addDict(keys: [b.addString("root")], values: [b.addUID(1)])
        let root = b.addDict(
            keys: ["$version", "$archiver", "$top", "$objects"].map { b.addString($0) },
            values: [b.addInteger(Int64(100_000)), b.addString("NSKeyedArchiver"), top, objects])
        return b.build(root: root, format: .binary)
    }
}
