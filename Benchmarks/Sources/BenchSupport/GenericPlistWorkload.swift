import Foundation
import KeyedArchive

/// A generic (non-archive) property list: a root array of `count` dicts, each with a duplicate-heavy
/// string, integers, a real, a bool, 16–256 bytes of data, a date, an array of ints and a nested dict.
/// Built identically as Foundation objects and as our ``PropertyList``, from the same records.
public enum GenericPlistWorkload {
    public static func foundationObject(_ records: [ModelRecord]) -> NSArray {
        let rows: [NSDictionary] = records.map { r in
            [
                "title": r.name,
                "id": NSNumber(value: r.id),
                "big": NSNumber(value: r.big),
                "score": NSNumber(value: r.score),
                "enabled": NSNumber(value: r.flag),
                "payload": Data(r.blob),
                "created": Date(timeIntervalSinceReferenceDate: r.date),
                "tags": r.tags.map { NSNumber(value: $0) } as NSArray,
                "meta": ["friend": NSNumber(value: r.friend ?? -1), "kind": "row"] as NSDictionary,
            ] as NSDictionary
        }
        return rows as NSArray
    }

    /// The same list as ours, keys in Foundation's sorted-key order so both sides hold the same data.
    public static func propertyList(_ records: [ModelRecord], format: PropertyList.Format) -> PropertyList {
        var b = PropertyListBuilder()
        b.reserveCapacity(objects: records.count * 24, bytes: records.count * 200)
        let keyNames = ["big", "created", "enabled", "id", "meta", "payload", "score", "tags", "title"]
        var rows: [Int] = []
        rows.reserveCapacity(records.count)
        for r in records {
            let keys = keyNames.map { b.addString($0) }
            let metaKeys = [b.addString("friend"), b.addString("kind")]
            let metaValues = [b.addInteger(Int64(r.friend ?? -1)), b.addString("row")]
            let meta = b.addDict(keys: metaKeys, values: metaValues)
            let tags = b.addArray(r.tags.map { b.addInteger(Int64($0)) })
            let values = [
                b.addInteger(r.big), b.addDate(r.date), b.addBool(r.flag), b.addInteger(Int64(r.id)), meta,
                b.addData(r.blob), b.addReal(r.score), tags, b.addString(r.name),
            ]
            rows.append(b.addDict(keys: keys, values: values))
        }
        return b.build(root: b.addArray(rows), format: format)
    }
}
