/// Geometry values and Apple's string forms of them (`NSStringFromCGRect` and friends), as `NSValue`
/// archives and nibs store them. Which nib keys hold geometry is nib meaning: see the `Nib` module.

/// A point as stored in nibs: a UIKit `CGPoint` blob or a `"{x, y}"` string.
public struct ArchivePoint: Sendable, Hashable {
    /// Horizontal coordinate.
    public var x: Double
    /// Vertical coordinate.
    public var y: Double
    /// A point at (`x`, `y`).
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// A size: a UIKit `CGSize` blob or a `"{w, h}"` string.
public struct ArchiveSize: Sendable, Hashable {
    /// Horizontal extent.
    public var width: Double
    /// Vertical extent.
    public var height: Double
    /// A size of `width` × `height`.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// A rectangle: a UIKit `CGRect` blob or a `"{{x, y}, {w, h}}"` string.
public struct ArchiveRect: Sendable, Hashable {
    /// The corner with the smallest coordinates.
    public var origin: ArchivePoint
    /// Width and height.
    public var size: ArchiveSize
    /// A rectangle from its origin and size.
    public init(origin: ArchivePoint, size: ArchiveSize) {
        self.origin = origin
        self.size = size
    }
    /// A rectangle from its four numbers, in Apple's string order.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: ArchivePoint(x: x, y: y), size: ArchiveSize(width: width, height: height))
    }
}

/// The struct shapes geometry is stored in (`NSValue` and nibs), with their element count and Apple's string form.
public enum NibGeometryKind: String, Sendable, Hashable, CaseIterable {
    /// `CGPoint` / `CGSize` / `UIOffset`: `"{a, b}"`.
    case pair
    /// `CGRect`: `"{{x, y}, {w, h}}"`.
    case rect
    /// `UIEdgeInsets` / `NSDirectionalEdgeInsets`: `"{top, left, bottom, right}"`.
    case insets
    /// `CGAffineTransform`: `"[a, b, c, d, tx, ty]"`.
    case transform

    /// Number of CGFloat elements.
    public var elementCount: Int {
        switch self {
        case .pair: 2
        case .rect, .insets: 4
        case .transform: 6
        }
    }

    /// Token template of the string form: `{`, `}`, `[`, `]`, `,` stand for themselves, `#` for a number.
    var template: [UInt8] {
        switch self {
        case .pair: Array("{#,#}".utf8)
        case .rect: Array("{{#,#},{#,#}}".utf8)
        case .insets: Array("{#,#,#,#}".utf8)
        case .transform: Array("[#,#,#,#,#,#]".utf8)
        }
    }
}

/// Apple's geometry strings (`NSStringFromCGRect` and friends): parsing and formatting.
public enum NibGeometryString {
    /// The numbers of a geometry string of the given shape, or nil when the string has another shape.
    /// Accepts spaces anywhere between tokens, signs, fractions and exponents (`"{-1.5e2, .5}"`).
    public static func parse(_ text: String, as kind: NibGeometryKind) -> [Double]? {
        let template = kind.template
        var out: [Double] = []
        out.reserveCapacity(kind.elementCount)
        var t = 0
        var utf8 = Array(text.utf8)[...]
        func skipSpaces() { while let c = utf8.first, c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D { utf8.removeFirst() } }
        while t < template.count {
            skipSpaces()
            let expected = template[t]
            t += 1
            if expected != UInt8(ascii: "#") {
                guard utf8.first == expected else { return nil }
                utf8.removeFirst()
                continue
            }
            let number = utf8.prefix { isNumberByte($0) }
            guard !number.isEmpty, let v = Double(String(decoding: number, as: UTF8.self)), v.isFinite else { return nil }
            out.append(v)
            utf8.removeFirst(number.count)
        }
        skipSpaces()
        return utf8.isEmpty ? out : nil
    }

    private static func isNumberByte(_ c: UInt8) -> Bool {
        (c >= 0x30 && c <= 0x39) || c == UInt8(ascii: ".") || c == UInt8(ascii: "-") || c == UInt8(ascii: "+")
            || c == UInt8(ascii: "e") || c == UInt8(ascii: "E")
    }

    /// Apple's string form: integral values without `.0`, others in shortest round-trip form.
    public static func format(_ values: [Double], as kind: NibGeometryKind) -> String {
        var out = ""
        var i = 0
        for c in kind.template {
            if c == UInt8(ascii: "#") {
                out += i < values.count ? formatNumber(values[i]) : "0"
                i += 1
            } else if c == UInt8(ascii: ",") {
                out += ", "
            } else {
                out.unicodeScalars.append(Unicode.Scalar(c))
            }
        }
        return out
    }

    /// One number the way `NSStringFromCGRect` prints it (`%.17g`-like, shortest form): `320`, `0.5`, `-0`.
    public static func formatNumber(_ v: Double) -> String {
        if v == 0 { return v.sign == .minus ? "-0" : "0" }
        if v == v.rounded(), abs(v) < 1e15, let i = Int64(exactly: v) { return String(i) }
        return "\(v)"
    }
}
