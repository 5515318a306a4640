/// `NSValue` holding a geometry struct or range (`NS.special`), or a C array (`$0` objCType + `$1`).
///
/// Points, sizes and rects are Apple strings (`"{{400, 300}, {200, 300}}"`); ranges are references to
/// integer objects; edge insets are inline reals.
public enum ArchivedGeometry: KeyedArchivable, Equatable, Sendable {
    /// `NS.special` 1: `NS.pointval`.
    case point(x: Double, y: Double)
    /// `NS.special` 2: `NS.sizeval`.
    case size(width: Double, height: Double)
    /// `NS.special` 3: `NS.rectval`.
    case rect(x: Double, y: Double, width: Double, height: Double)
    /// `NS.special` 4: `NS.rangeval.location`/`.length`.
    case range(location: UInt64, length: UInt64)
    /// `NS.special` 12: `NS.edgeval.top/left/bottom/right`.
    case edgeInsets(top: Double, left: Double, bottom: Double, right: Double)
    /// A generic value: the Objective-C type string and, for a C array, its elements.
    case cArray(objCType: String, elements: [Int64])

    /// Reads an `NSValue`.
    public static func decodeArchived(objectAt n: Int, from u: KeyedUnarchiver) throws(ArchiveError) -> ArchivedGeometry {
        if u.graph.metadata.source == .typedstream {
            try u.expectClass(n, .value, as: "an NSValue")
            return try TypedstreamShapes.geometry(n, u)
        }
        try u.expectClass(n, .value, as: "an NSValue")
        return try u.withObjectScope(n) { () throws(ArchiveError) -> ArchivedGeometry in
            guard u.containsValue(forKey: "NS.special") else { return try generic(u) }
            func numbers(_ key: String, _ count: Int) throws(ArchiveError) -> [Double] {
                guard let text = try u.decodeObject(of: String.self, forKey: key) else {
                    throw u.located(.valueNotFound, "missing \(key)", key: key)
                }
                guard let v = NibGeometryString.parse(text, as: count == 4 ? .rect : .pair) else {
                    throw u.located(.corruptArchive, "\"\(text)\" is not a geometry string with \(count) numbers", key: key)
                }
                return v
            }
            switch try u.decodeInt(forKey: "NS.special") {
            case 1:
                let v = try numbers("NS.pointval", 2)
                return .point(x: v[0], y: v[1])
            case 2:
                let v = try numbers("NS.sizeval", 2)
                return .size(width: v[0], height: v[1])
            case 3:
                let v = try numbers("NS.rectval", 4)
                return .rect(x: v[0], y: v[1], width: v[2], height: v[3])
            case 4:
                let loc = try u.decodeObject(of: UInt64.self, forKey: "NS.rangeval.location") ?? 0
                let len = try u.decodeObject(of: UInt64.self, forKey: "NS.rangeval.length") ?? 0
                return .range(location: loc, length: len)
            case 12:
                return .edgeInsets(top: try u.decodeDouble(forKey: "NS.edgeval.top"), left: try u.decodeDouble(forKey: "NS.edgeval.left"),
                                   bottom: try u.decodeDouble(forKey: "NS.edgeval.bottom"), right: try u.decodeDouble(forKey: "NS.edgeval.right"))
            case let s:
                throw u.located(.corruptArchive, "unsupported NS.special \(s)", key: "NS.special")
            }
        }
    }

    /// `$0` = objCType string, `$1` = the value (a `_NSKeyedCoderOldStyleArray` for C arrays).
    private static func generic(_ u: KeyedUnarchiver) throws(ArchiveError) -> ArchivedGeometry {
        guard let type = try u.decodeObject(of: String.self) else {
            throw u.located(.valueNotFound, "an NSValue without NS.special or an objCType", key: "$0")
        }
        guard case .ref(let m)? = u.nextUnkeyedValue(), m >= 0, m < u.graph.objects.count,
              u.graph.className(ofObject: m) == "_NSKeyedCoderOldStyleArray" else {
            return .cArray(objCType: type, elements: [])
        }
        return try u.withObjectScope(m) { () throws(ArchiveError) -> ArchivedGeometry in
            let count = try u.decodeInt(forKey: "NS.count")
            let size = try u.decodeInt(forKey: "NS.size")
            // count × size must be plausible before anything is read.
            let (total, overflow) = count.multipliedReportingOverflow(by: max(size, 0))
            guard count >= 0, size > 0, !overflow, count <= u.currentValues.count, total <= 1 << 20 else {
                throw u.located(.corruptArchive, "an old-style array of \(count) × \(size) bytes does not fit its object", key: "NS.count")
            }
            var out: [Int64] = []
            out.reserveCapacity(count)
            for _ in 0 ..< count { out.append(try u.decodeUnkeyedInt64()) }
            return .cArray(objCType: type, elements: out)
        }
    }

    /// Writes the Darwin shape.
    public func encodeArchived(to a: KeyedArchiver) throws(ArchiveError) -> ArchiveValue {
        switch self {
        case .point(let x, let y):
            return try special(a, 1, "NS.pointval", NibGeometryString.format([x, y], as: .pair))
        case .size(let w, let h):
            return try special(a, 2, "NS.sizeval", NibGeometryString.format([w, h], as: .pair))
        case .rect(let x, let y, let w, let h):
            return try special(a, 3, "NS.rectval", NibGeometryString.format([x, y, w, h], as: .rect))
        case .range(let loc, let len):
            let l = a.encodePlain(KeyedArchiver.unsignedValue(loc)), n = a.encodePlain(KeyedArchiver.unsignedValue(len))
            return try a.encodeFoundationObject(className: "NSValue", chain: ["NSValue", "NSObject"]) {
                a.encode(4, forKey: "NS.special")
                a.encodeRaw(l, forKey: "NS.rangeval.location")
                a.encodeRaw(n, forKey: "NS.rangeval.length")
            }
        case .edgeInsets(let t, let l, let b, let r):
            return try a.encodeFoundationObject(className: "NSValue", chain: ["NSValue", "NSObject"]) {
                a.encode(12, forKey: "NS.special")
                a.encode(t, forKey: "NS.edgeval.top")
                a.encode(l, forKey: "NS.edgeval.left")
                a.encode(b, forKey: "NS.edgeval.bottom")
                a.encode(r, forKey: "NS.edgeval.right")
            }
        case .cArray(let type, let elements):
            let typeRef = a.encodePlainString(type)
            let arrayRef = try a.encodeFoundationObject(className: "_NSKeyedCoderOldStyleArray",
                                                        chain: ["_NSKeyedCoderOldStyleArray", "NSObject"]) {
                a.encode(elements.count, forKey: "NS.count")
                a.encode(8, forKey: "NS.size")
                a.encode(113, forKey: "NS.type")  // 'q'
                for e in elements { a.putGraphKey(.int(e, width: 0), KeyedArchiveKeys.unkeyedKey(a.nextUnkeyedIndex())) }
            }
            return try a.encodeFoundationObject(className: "NSValue", chain: ["NSValue", "NSObject"]) {
                a.putGraphKey(typeRef, KeyedArchiveKeys.unkeyedKey(a.nextUnkeyedIndex()))
                a.putGraphKey(arrayRef, KeyedArchiveKeys.unkeyedKey(a.nextUnkeyedIndex()))
            }
        }
    }

    private func special(_ a: KeyedArchiver, _ kind: Int, _ key: String, _ text: String) throws(ArchiveError) -> ArchiveValue {
        let ref = a.encodePlainString(text)
        return try a.encodeFoundationObject(className: "NSValue", chain: ["NSValue", "NSObject"]) {
            a.encode(kind, forKey: "NS.special")
            a.encodeRaw(ref, forKey: key)
        }
    }
}
