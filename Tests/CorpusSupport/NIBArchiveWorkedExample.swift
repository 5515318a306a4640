/// The hand-built 176-byte archive of `nibarchive-format.md` §12: object 0 (NSObject) has
/// `title` → NSString "Hi", `enabled` = true, `count` = 300 (int16) and `tint` → UIColor
/// (`UIWhite` = 1.0f); UIColor has the fallback NSColor.
public enum NIBArchiveWorkedExample {
    public static let bytes: [UInt8] = [
        // Header
        0x4E, 0x49, 0x42, 0x41, 0x72, 0x63, 0x68, 0x69, 0x76, 0x65,  // 00: "NIBArchive"
        0x01, 0x00, 0x00, 0x00,  // 0A: formatVersion 1
        0x0A, 0x00, 0x00, 0x00,  // 0E: coderVersion 10
        0x03, 0x00, 0x00, 0x00, 0x32, 0x00, 0x00, 0x00,  // 12: objectCount 3, objectsOffset 50
        0x06, 0x00, 0x00, 0x00, 0x3B, 0x00, 0x00, 0x00,  // 1A: keyCount 6, keysOffset 59
        0x06, 0x00, 0x00, 0x00, 0x65, 0x00, 0x00, 0x00,  // 22: valueCount 6, valuesOffset 101
        0x04, 0x00, 0x00, 0x00, 0x82, 0x00, 0x00, 0x00,  // 2A: classCount 4, classesOffset 130
        // Objects: classIndex, firstValue, valueCount
        0x80, 0x80, 0x84,  // 32: NSObject, values 0..<4
        0x81, 0x84, 0x81,  // 35: NSString, values 4..<5
        0x82, 0x85, 0x81,  // 38: UIColor, values 5..<6
        // Keys: varint length, UTF-8
        0x85, 0x74, 0x69, 0x74, 0x6C, 0x65,  // 3B: "title"
        0x87, 0x65, 0x6E, 0x61, 0x62, 0x6C, 0x65, 0x64,  // 41: "enabled"
        0x85, 0x63, 0x6F, 0x75, 0x6E, 0x74,  // 49: "count"
        0x84, 0x74, 0x69, 0x6E, 0x74,  // 4F: "tint"
        0x88, 0x4E, 0x53, 0x2E, 0x62, 0x79, 0x74, 0x65, 0x73,  // 54: "NS.bytes"
        0x87, 0x55, 0x49, 0x57, 0x68, 0x69, 0x74, 0x65,  // 5D: "UIWhite"
        // Values: keyIndex, type, payload
        0x80, 0x0A, 0x01, 0x00, 0x00, 0x00,  // 65: title → object 1
        0x81, 0x05,  // 6B: enabled = true
        0x82, 0x01, 0x2C, 0x01,  // 6D: count = int16 300
        0x83, 0x0A, 0x02, 0x00, 0x00, 0x00,  // 71: tint → object 2
        0x84, 0x08, 0x82, 0x48, 0x69,  // 77: NS.bytes = data "Hi"
        0x85, 0x06, 0x00, 0x00, 0x80, 0x3F,  // 7C: UIWhite = float32 1.0
        // Classes: varint(length incl. NUL), varint(fallback count), u32 fallbacks, name, NUL
        0x89, 0x80, 0x4E, 0x53, 0x4F, 0x62, 0x6A, 0x65, 0x63, 0x74, 0x00,  // 82: "NSObject"
        0x89, 0x80, 0x4E, 0x53, 0x53, 0x74, 0x72, 0x69, 0x6E, 0x67, 0x00,  // 8D: "NSString"
        0x88, 0x81, 0x03, 0x00, 0x00, 0x00, 0x55, 0x49, 0x43, 0x6F, 0x6C, 0x6F, 0x72, 0x00,  // 98: "UIColor" → class 3
        0x88, 0x80, 0x4E, 0x53, 0x43, 0x6F, 0x6C, 0x6F, 0x72, 0x00,  // A6: "NSColor"
    ]  // B0: end (176 bytes)

    /// A copy with `bytes[offset] = value`.
    public static func patched(_ offset: Int, _ value: UInt8) -> [UInt8] {
        var b = bytes
        b[offset] = value
        return b
    }

    /// Builds a NIBArchive from a header and table bodies placed at the given offsets (gaps zero-filled).
    public static func assemble(formatVersion: UInt32 = 1, coderVersion: UInt32 = 10,
                         objects: (count: UInt32, body: [UInt8]), keys: (count: UInt32, body: [UInt8]),
                         values: (count: UInt32, body: [UInt8]), classes: (count: UInt32, body: [UInt8]),
                         order: [Int] = [0, 1, 2, 3], gap: Int = 0) -> [UInt8] {
        let bodies = [objects.body, keys.body, values.body, classes.body]
        var offsets = [UInt32](repeating: 0, count: 4)
        var pos = 50
        for t in order {
            pos += gap
            offsets[t] = UInt32(pos)
            pos += bodies[t].count
        }
        var out = Array("NIBArchive".utf8)
        func u32(_ v: UInt32) { for s in [0, 8, 16, 24] { out.append(UInt8((v >> UInt32(s)) & 0xFF)) } }
        u32(formatVersion); u32(coderVersion)
        u32(objects.count); u32(offsets[0]); u32(keys.count); u32(offsets[1])
        u32(values.count); u32(offsets[2]); u32(classes.count); u32(offsets[3])
        for t in order {
            out += [UInt8](repeating: 0xEE, count: gap)
            out += bodies[t]
        }
        return out
    }

    /// The example's four table bodies, sliced out of ``bytes``.
    public static var tables: (objects: (count: UInt32, body: [UInt8]), keys: (count: UInt32, body: [UInt8]),
                        values: (count: UInt32, body: [UInt8]), classes: (count: UInt32, body: [UInt8])) {
        ((3, Array(bytes[0x32 ..< 0x3B])), (6, Array(bytes[0x3B ..< 0x65])),
         (6, Array(bytes[0x65 ..< 0x82])), (4, Array(bytes[0x82 ..< 0xB0])))
    }

    /// A minimal archive whose object 0 (NSObject) has the single value `k` = `value` (type byte and
    /// payload), with `extraObjects` more NSObject records that have no values.
    public static func oneValue(_ typeAndPayload: [UInt8], extraObjects: UInt32 = 0) -> [UInt8] {
        var objects: [UInt8] = [0x80, 0x80, 0x81]  // NSObject, values 0..<1
        for _ in 0 ..< extraObjects { objects += [0x80, 0x80, 0x80] }  // NSObject, no values
        return assemble(objects: (1 + extraObjects, objects),
                        keys: (1, [0x81, 0x6B]),  // "k"
                        values: (1, [0x80] + typeAndPayload),  // key 0, then the value
                        classes: (1, [0x89, 0x80] + Array("NSObject".utf8) + [0x00]))
    }
}
