/// `NSColor` as a typedstream stores it: a colour-space code and its components, or a catalog and
/// colour name with a fallback colour.
///
/// Codes as `NSColor` writes them: 1 calibrated RGB, 2 device RGB (red, green, blue, alpha),
/// 3 calibrated white, 4 device white (white, alpha), 5 device CMYK, 6 named (catalog, name, fallback).
public struct ArchivedColor: Equatable, Sendable {
    /// The colour-space code.
    public var space: Int
    /// The components, in stored order (alpha last).
    public var components: [Double]
    /// The catalog of a named colour (`System`).
    public var catalog: String?
    /// The name of a named colour (`controlColor`).
    public var name: String?
    /// A named colour's fallback colour (zero or one element).
    public var fallback: [ArchivedColor]

    /// Creates a colour.
    public init(space: Int, components: [Double] = [], catalog: String? = nil, name: String? = nil, fallback: [ArchivedColor] = []) {
        self.space = space
        self.components = components
        self.catalog = catalog
        self.name = name
        self.fallback = fallback
    }
}

/// `NSFont` as a typedstream stores it: a name record and a point size.
public struct ArchivedFont: Equatable, Sendable {
    /// The PostScript or family name (`LucidaGrande`), when the name record is readable.
    public var name: String?
    /// The point size.
    public var size: Double?

    /// Creates a font.
    public init(name: String? = nil, size: Double? = nil) {
        self.name = name
        self.size = size
    }

    /// The name in an `NSFont` name record: two little-endian words (a kind, then the byte length of
    /// what follows), then UTF-16 with a byte order mark.
    static func name(fromRecord r: [UInt8]) -> String? {
        guard r.count >= 10 else { return nil }
        let length = Int(r[4]) | Int(r[5]) << 8 | Int(r[6]) << 16 | Int(r[7]) << 24
        guard length >= 2, length <= r.count - 8, length % 2 == 0 else { return nil }
        let body = r[8 ..< 8 + length]
        let big: Bool
        switch (body[body.startIndex], body[body.startIndex + 1]) {
        case (0xFE, 0xFF): big = true
        case (0xFF, 0xFE): big = false
        default: return nil
        }
        var units: [UInt16] = []
        var i = body.startIndex + 2
        while i + 1 < body.endIndex {
            let (a, b) = (UInt16(body[i]), UInt16(body[i + 1]))
            let unit = big ? a << 8 | b : b << 8 | a
            if unit != 0 { units.append(unit) }
            i += 2
        }
        return String(decoding: units, as: UTF16.self)
    }
}

extension ArchivedColor {
    /// Writes the keyed `NSColor` shape: `NSColorSpace`, then `NSRGB`/`NSWhite`/`NSCMYK` as the ASCII
    /// component list AppKit writes (alpha left out when 1), or `NSCatalogName`/`NSColorName`/`NSColor`.
    public func encodeArchived(to a: KeyedArchiver) throws(ArchiveError) -> ArchiveValue {
        let fallbackRef = try fallback.first.map { c throws(ArchiveError) in try c.encodeArchived(to: a) }
        let catalogRef = catalog.map { a.encodePlainString($0) }
        let nameRef = name.map { a.encodePlainString($0) }
        return try a.encodeFoundationObject(className: "NSColor", chain: ["NSColor", "NSObject"]) {
            a.encode(space, forKey: "NSColorSpace")
            var parts = components
            if parts.count > 1, parts.last == 1 { parts.removeLast() }
            let text = Array(parts.map { Self.componentText($0) }.joined(separator: " ").utf8) + [0]
            switch space {
            case 1, 2: a.encodeRaw(a.inlineBytes(text), forKey: "NSRGB")
            case 3, 4: a.encodeRaw(a.inlineBytes(text), forKey: "NSWhite")
            case 5: a.encodeRaw(a.inlineBytes(text), forKey: "NSCMYK")
            default:
                if let catalogRef { a.encodeRaw(catalogRef, forKey: "NSCatalogName") }
                if let nameRef { a.encodeRaw(nameRef, forKey: "NSColorName") }
                if let fallbackRef { a.encodeRaw(fallbackRef, forKey: "NSColor") }
            }
        }
    }

    /// A component as AppKit prints it: integral values without a fraction, others to 12 digits.
    static func componentText(_ v: Double) -> String {
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        var s = String(v)
        if s.count > 14, let dot = s.firstIndex(of: ".") {
            let keep = s.distance(from: s.startIndex, to: dot) + 13
            s = String(s.prefix(keep))
            while s.hasSuffix("0") { s.removeLast() }
        }
        return s
    }
}

extension ArchivedFont {
    /// Writes the keyed `NSFont` shape: `NSName` and `NSSize`.
    public func encodeArchived(to a: KeyedArchiver) throws(ArchiveError) -> ArchiveValue {
        let nameRef = name.map { a.encodePlainString($0) }
        return try a.encodeFoundationObject(className: "NSFont", chain: ["NSFont", "NSObject"]) {
            if let nameRef { a.encodeRaw(nameRef, forKey: "NSName") }
            if let size { a.encode(size, forKey: "NSSize") }
        }
    }
}

extension ArchivedColor {
    /// Reads the keyed `NSColor` shape that ``encodeArchived(to:)`` writes (and AppKit writes for
    /// RGB, white, CMYK and catalog colours).
    static func decodeKeyed(objectAt n: Int, from u: KeyedUnarchiver) throws(ArchiveError) -> ArchivedColor {
        try u.withObjectScope(n) { () throws(ArchiveError) -> ArchivedColor in
            var c = ArchivedColor(space: try u.decodeInt(forKey: "NSColorSpace"))
            for key in ["NSRGB", "NSWhite", "NSCMYK"] {
                guard let bytes = try u.dataBytes(forKey: key) else { continue }
                let text = String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
                for part in text.split(separator: " ") {
                    guard let v = Double(part) else {
                        throw u.located(.corruptArchive, "\(key) holds \"\(text)\", not numbers", key: key)
                    }
                    c.components.append(v)
                }
                if key != "NSCMYK" ? c.components.count == (key == "NSRGB" ? 3 : 1) : c.components.count == 4 {
                    c.components.append(1)
                }
            }
            c.catalog = try u.decodeObject(of: String.self, forKey: "NSCatalogName")
            c.name = try u.decodeObject(of: String.self, forKey: "NSColorName")
            if u.containsValue(forKey: "NSColor"), case .color(let f)? = try u.decodeObject(of: ArchivedValue.self, forKey: "NSColor") {
                c.fallback = [f]
            }
            return c
        }
    }
}

extension ArchivedFont {
    /// Reads the keyed `NSFont` shape: `NSName` and `NSSize`.
    static func decodeKeyed(objectAt n: Int, from u: KeyedUnarchiver) throws(ArchiveError) -> ArchivedFont {
        try u.withObjectScope(n) { () throws(ArchiveError) -> ArchivedFont in
            ArchivedFont(name: try u.decodeObject(of: String.self, forKey: "NSName"),
                         size: u.containsValue(forKey: "NSSize") ? try u.decodeDouble(forKey: "NSSize") : nil)
        }
    }
}
