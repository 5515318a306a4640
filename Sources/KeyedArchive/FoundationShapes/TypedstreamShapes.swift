#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// The Foundation shapes of a typedstream, read positionally the way each class's `initWithCoder:`
// reads an `NSUnarchiver`. Nested collections recurse through `withObjectScope`, whose depth is bounded.

enum TypedstreamShapes {
    /// Any object of a typedstream graph, as the keyed ``ArchivedValue`` reader would give it.
    static func value(_ n: Int, _ u: KeyedUnarchiver) throws(ArchiveError) -> ArchivedValue {
        let o = u.graph.objects[n]
        switch o.kind {
        case .plain:
            return u.graph.string(o.plainValue).map(ArchivedValue.string) ?? .data(Array(u.graph.bytes(o.plainValue.rangeValue)))
        case .classDescription:
            return .string(u.graph.classes[o.classIndex].name)
        case .object:
            break
        }
        if u.hasMappedClass(ofObject: n) { return try ArchivedValue.registeredObject(n, u) }
        let name = u.graph.classes[o.classIndex].name
        switch u.family(ofClass: o.classIndex) {
        case .string: return .string(try string(n, u))
        case .attributedString: return .attributedString(try attributedString(n, u))
        case .array: return .array(try members(n, u))
        case .set: return .set(try members(n, u))
        case .dictionary: return .dictionary(try entries(n, u))
        case .number: return try number(n, u)
        case .value: return .geometry(try geometry(n, u))
        case .data: return .data(try data(n, u))
        case .date:
            return .date(Date(timeIntervalSinceReferenceDate: try u.withObjectScope(n) { () throws(ArchiveError) in try u.decodeReal(ofObjCType: "d") }))
        case .null: return .null
        case .url: return .url(try url(n, u))
        default:
            switch name {
            case "NSColor": return .color(try color(n, u))
            case "NSFont": return .font(try font(n, u))
            default: return try ArchivedValue.registeredObject(n, u)
            }
        }
    }

    /// `NSString`: its UTF-8 bytes, written with `encodeBytes:length:` (`+`).
    static func string(_ n: Int, _ u: KeyedUnarchiver) throws(ArchiveError) -> String {
        let o = u.graph.objects[n]
        if o.kind == .plain, let s = u.graph.string(o.plainValue) { return s }
        try u.expectClass(n, .string, as: "a string")
        return try u.withObjectScope(n) { () throws(ArchiveError) -> String in
            let bytes = try u.decodeBytes()
            guard let s = UTF8Text.string(bytes[...]) else {
                throw u.located(.corruptArchive, "the string's \(bytes.count) bytes are not UTF-8", key: "+")
            }
            return s
        }
    }

    /// `NSAttributedString`: the string object, then runs of (`i` attribute-dictionary number,
    /// `I` length in UTF-16 units); a number one past the dictionaries seen so far is followed by that
    /// dictionary (`@`), any other names an earlier one.
    static func attributedString(_ n: Int, _ u: KeyedUnarchiver) throws(ArchiveError) -> ArchivedAttributedString {
        try u.expectClass(n, .attributedString, as: "an attributed string")
        let mutable = u.graph.className(ofObject: n) == "NSMutableAttributedString"
        return try u.withObjectScope(n) { () throws(ArchiveError) -> ArchivedAttributedString in
            let text = try u.decodeObject(of: String.self) ?? ""
            let utf16Count = UInt64(text.utf16.count)
            var dictionaries: [[ArchivedValue.Entry]] = []
            var runs: [ArchivedAttributedString.Run] = []
            var covered: UInt64 = 0
            while u.hasPositionalValues {
                let pair = try u.decodeValues(ofObjCTypes: "iI")
                guard case .int(let number, _) = pair[0], case .int(let length, _) = pair[1], length >= 0 else {
                    throw u.located(.corruptArchive, "a run is not two integers", key: "iI")
                }
                if number == Int64(dictionaries.count) + 1 {
                    guard case .dictionary(let d)? = try u.decodeObject(of: ArchivedValue.self) else {
                        throw u.located(.typeMismatch, "run \(runs.count)'s new attributes are not a dictionary", key: "@")
                    }
                    dictionaries.append(d)
                } else if number < 1 || number > Int64(dictionaries.count) {
                    throw u.located(.badReference, "run \(runs.count) names attribute dictionary \(number) of \(dictionaries.count)", key: "iI")
                }
                covered += UInt64(length)
                guard covered <= utf16Count else {
                    throw u.located(.corruptArchive, "attribute runs cover more than the string's \(utf16Count) UTF-16 units", key: "iI")
                }
                runs.append(.init(length: Int(length), attributes: dictionaries[Int(number) - 1]))
            }
            return ArchivedAttributedString(string: text, runs: runs, isMutable: mutable)
        }
    }

    /// `NSArray` (`i` count) and `NSSet` (`I` count): the count, then each member as `@`.
    static func members(_ n: Int, _ u: KeyedUnarchiver) throws(ArchiveError) -> [ArchivedValue] {
        try u.withObjectScope(n) { () throws(ArchiveError) -> [ArchivedValue] in
            var out: [ArchivedValue] = []
            for (i, ref) in try memberReferences(u).enumerated() {
                out.append(try u.decodeReferenced(ref, as: ArchivedValue.self, key: "@", element: i) ?? .null)
            }
            return out
        }
    }

    /// `NSDictionary`: `i` count, then key and value as two `@` each.
    static func entries(_ n: Int, _ u: KeyedUnarchiver) throws(ArchiveError) -> [ArchivedValue.Entry] {
        try u.withObjectScope(n) { () throws(ArchiveError) -> [ArchivedValue.Entry] in
            let (keys, values) = try entryReferences(u)
            var out: [ArchivedValue.Entry] = []
            for i in keys.indices {
                let key = try u.decodeReferenced(keys[i], as: ArchivedValue.self, key: "@", element: 2 * i) ?? .null
                let value = try u.decodeReferenced(values[i], as: ArchivedValue.self, key: "@", element: 2 * i + 1) ?? .null
                out.append(.init(key: key, value: value))
            }
            return out
        }
    }

    /// The Objective-C type (`*`) that `NSValue` and `NSNumber` write before their value.
    static func objCType(_ u: KeyedUnarchiver) throws(ArchiveError) -> String {
        let v = try u.decodeValue(ofObjCType: "*")
        guard case .ref(let s) = v, s >= 0, s < u.graph.objects.count, let type = u.graph.string(u.graph.objects[s].plainValue) else {
            throw u.located(.typeMismatch, "the value's type is not a C string", key: "*")
        }
        return type
    }

    /// `NSNumber`: its type, then one value of that type.
    static func number(_ n: Int, _ u: KeyedUnarchiver) throws(ArchiveError) -> ArchivedValue {
        let stored = try numberValue(n, u)
        switch stored {
        case .int(let v, _): return .int(v)
        case .unsignedInt(let v): return .unsignedInt(v)
        case .float(let f): return .float(f)
        default: return .double(try u.double(stored, key: "NSNumber"))
        }
    }

    /// The stored value of an `NSNumber`: an integer or real of the type it records.
    static func numberValue(_ n: Int, _ u: KeyedUnarchiver) throws(ArchiveError) -> ArchiveValue {
        try u.withObjectScope(n) { () throws(ArchiveError) -> ArchiveValue in
            let type = try objCType(u)
            let v = try u.decodeValue(ofObjCType: type)
            switch v {
            case .int, .unsignedInt, .float, .double: return v
            default: throw u.located(.typeMismatch, "an NSNumber of type \"\(type)\" holds a \(v.kindName)", key: type)
            }
        }
    }

    /// The member references of the array or set in the current scope: a count (`i` or `I`), then `@`s.
    static func memberReferences(_ u: KeyedUnarchiver) throws(ArchiveError) -> [ArchiveValue] {
        let countType = u.nextObjCType == "I" ? "I" : "i"
        let count = try u.decodeInteger(ofObjCType: countType)
        guard count >= 0, count <= Int64(u.currentValues.count) else {
            throw u.located(.corruptArchive, "a count of \(count) for \(u.currentValues.count) stored values", key: countType)
        }
        var out: [ArchiveValue] = []
        out.reserveCapacity(Int(count))
        for _ in 0 ..< count { out.append(try u.decodeValue(ofObjCType: "@")) }
        return out
    }

    /// The key and value references of the dictionary in the current scope: `i` count, then pairs of `@`.
    static func entryReferences(_ u: KeyedUnarchiver) throws(ArchiveError) -> (keys: [ArchiveValue], values: [ArchiveValue]) {
        let count = try u.decodeInteger(ofObjCType: "i")
        guard count >= 0, count <= Int64(u.currentValues.count / 2) else {
            throw u.located(.corruptArchive, "a count of \(count) pairs for \(u.currentValues.count) stored values", key: "i")
        }
        var keys: [ArchiveValue] = [], values: [ArchiveValue] = []
        for _ in 0 ..< count {
            keys.append(try u.decodeValue(ofObjCType: "@"))
            values.append(try u.decodeValue(ofObjCType: "@"))
        }
        return (keys, values)
    }

    /// `NSValue`: its type, then one value of that type; points, sizes, rects and ranges by struct name.
    static func geometry(_ n: Int, _ u: KeyedUnarchiver) throws(ArchiveError) -> ArchivedGeometry {
        try u.withObjectScope(n) { () throws(ArchiveError) -> ArchivedGeometry in
            let type = try objCType(u)
            let v = try u.decodeValue(ofObjCType: type)
            var leaves: [ArchiveValue] = []
            var work = [v]
            while let x = work.popLast() {
                if case .array = x { work.append(contentsOf: u.graph.items(x).reversed()) } else { leaves.append(x) }
            }
            let reals = leaves.compactMap { x -> Double? in
                switch x {
                case .float(let f): Double(f)
                case .double(let d): d
                case .int(let i, _): Double(i)
                case .unsignedInt(let i): Double(i)
                default: nil
                }
            }
            let name = type.dropFirst().prefix { $0 != "=" }
            switch (name, reals.count) {
            case ("_NSPoint", 2), ("CGPoint", 2): return .point(x: reals[0], y: reals[1])
            case ("_NSSize", 2), ("CGSize", 2): return .size(width: reals[0], height: reals[1])
            case ("_NSRect", 4), ("CGRect", 4): return .rect(x: reals[0], y: reals[1], width: reals[2], height: reals[3])
            case ("_NSRange", 2) where reals.allSatisfy({ $0 >= 0 }):
                return .range(location: UInt64(reals[0]), length: UInt64(reals[1]))
            default:
                let ints = leaves.compactMap { x -> Int64? in if case .int(let i, _) = x { i } else { nil } }
                guard ints.count == leaves.count else {
                    throw u.located(.typeMismatch, "an NSValue of type \"\(type)\" that is not a point, size, rect, range or integers", key: type)
                }
                return .cArray(objCType: type, elements: ints)
            }
        }
    }

    /// `NSURL`: `c` whether a base URL follows, the base (`@`, an `NSURL`) when it does, then the
    /// string (`@`, an `NSString`) relative to it.
    static func url(_ n: Int, _ u: KeyedUnarchiver) throws(ArchiveError) -> URL {
        try u.withObjectScope(n) { () throws(ArchiveError) -> URL in
            let hasBase = try u.decodeInteger(ofObjCType: "c")
            guard hasBase == 0 || hasBase == 1 else {
                throw u.located(.corruptArchive, "an NSURL's base flag is \(hasBase), not 0 or 1", key: "c")
            }
            var base: URL?
            if hasBase == 1 {
                guard case .ref(let b) = try u.decodeValue(ofObjCType: "@") else {
                    throw u.located(.valueNotFound, "an NSURL says it has a base URL but stores nil", key: "@")
                }
                try u.expectClass(b, .url, as: "a base URL")
                base = try url(b, u)
            }
            guard let text = try u.decodeObject(of: String.self), let url = URL(string: text, relativeTo: base) else {
                throw u.located(.corruptArchive, "an NSURL without a valid string", key: "@")
            }
            return url
        }
    }

    /// `NSData`: `i` length, then the bytes as `[N c]` (or `+`).
    static func data(_ n: Int, _ u: KeyedUnarchiver) throws(ArchiveError) -> [UInt8] {
        try u.withObjectScope(n) { () throws(ArchiveError) -> [UInt8] in
            let length = try u.decodeInteger(ofObjCType: "i")
            guard length > 0 else { return [] }
            guard let type = u.nextObjCType else { throw u.located(.valueNotFound, "the data's \(length) bytes are missing", key: nil) }
            let bytes: [UInt8]
            if type == "+" {
                bytes = try u.decodeBytes()
            } else {
                guard case .bytes(let r) = try u.decodeValue(ofObjCType: type) else {
                    throw u.located(.typeMismatch, "the data's bytes are written as \"\(type)\"", key: type)
                }
                bytes = Array(u.graph.storage[r.range])
            }
            guard Int64(bytes.count) == length else {
                throw u.located(.corruptArchive, "the data says \(length) bytes and holds \(bytes.count)", key: type)
            }
            return bytes
        }
    }

    /// `NSColor`: the colour-space code, then its components or catalog and name.
    static func color(_ n: Int, _ u: KeyedUnarchiver) throws(ArchiveError) -> ArchivedColor {
        try u.withObjectScope(n) { () throws(ArchiveError) -> ArchivedColor in
            let space = try u.decodeInteger(ofObjCType: "c")
            var color = ArchivedColor(space: Int(space))
            while let type = u.nextObjCType {
                for v in try u.decodeValues(ofObjCTypes: type) {
                    switch v {
                    case .float(let f): color.components.append(Double(f))
                    case .double(let d): color.components.append(d)
                    case .int(let i, _): color.components.append(Double(i))
                    case .ref:
                        switch try u.decodeReferenced(v, as: ArchivedValue.self, key: type, element: -1) {
                        case .string(let s)?: if color.catalog == nil { color.catalog = s } else { color.name = s }
                        case .color(let fallback)?: color.fallback = [fallback]
                        default: break
                        }
                    default: break
                    }
                }
            }
            return color
        }
    }

    /// `NSFont`: a name record (`i` length, then `[N c]`: two 4-byte words, then a byte-order-marked UTF-16
    /// name), the size (`f`) and flag bytes.
    static func font(_ n: Int, _ u: KeyedUnarchiver) throws(ArchiveError) -> ArchivedFont {
        try u.withObjectScope(n) { () throws(ArchiveError) -> ArchivedFont in
            var font = ArchivedFont()
            while let type = u.nextObjCType {
                for v in try u.decodeValues(ofObjCTypes: type) {
                    switch v {
                    case .bytes(let r) where font.name == nil: font.name = ArchivedFont.name(fromRecord: Array(u.graph.storage[r.range]))
                    case .float(let f) where font.size == nil: font.size = Double(f)
                    case .double(let d) where font.size == nil: font.size = d
                    default: break
                    }
                }
            }
            return font
        }
    }
}

extension ArchiveValue {
    /// The range of a `.string` or `.bytes` value (empty for anything else).
    var rangeValue: ArchiveRange {
        switch self {
        case .string(let r, _), .bytes(let r): r
        default: ArchiveRange(start: 0, count: 0)
        }
    }
}
