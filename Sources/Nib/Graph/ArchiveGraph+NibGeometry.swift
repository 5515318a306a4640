import KeyedArchive

/// Nib geometry: which UIKit keys hold structs, and the tagged blobs NIBArchive stores them in.
extension NibGeometryKind {
    /// UIKit keys whose coders write this struct as a tagged blob (NIBArchive) or a string (pre-iOS-6
    /// keyed nibs). AppKit keys (`NSFrame`, `NSWindowRect`, …) are strings in both containers and are
    /// deliberately absent.
    public static let uiKitKeys: [String: NibGeometryKind] = [
        "UIBounds": .rect, "UIFrame": .rect,
        "UICenter": .pair, "UIContentSize": .pair, "UIContentOffset": .pair, "UIShadowOffset": .pair,
        "UIClearButtonOffset": .pair, "UIMinimumSize": .pair, "UIMaximumSize": .pair,
        "UIViewLayoutMargins": .insets, "UIContentInset": .insets, "UIScrollIndicatorInsets": .insets,
        "UIContentEdgeInsets": .insets, "UITitleEdgeInsets": .insets, "UIImageEdgeInsets": .insets,
        "UISeparatorInset": .insets,
        "UITransform": .transform,
    ]
}

extension ArchiveGraph {
    /// The elements of a UIKit geometry blob: tag `0x07` then little-endian doubles, or tag `0x06`
    /// then floats. The length must be exactly `1 + count × size`; anything else is a type mismatch.
    public func geometryBlob(_ value: ArchiveValue, count: Int) throws(ArchiveError) -> [Double] {
        guard case let .bytes(r) = value else {
            throw ArchiveError(.typeMismatch, "expected a geometry blob, found a \(value.kindName)")
        }
        let b = bytes(r)
        guard let tag = b.first else { throw ArchiveError(.typeMismatch, "geometry blob is empty") }
        let size: Int
        switch tag {
        case 0x07: size = 8
        case 0x06: size = 4
        default: throw ArchiveError(.typeMismatch, "geometry blob has element tag 0x\(String(tag, radix: 16)), not 0x06 or 0x07")
        }
        guard b.count - 1 == count * size else {
            throw ArchiveError(.typeMismatch, "geometry blob of \(b.count) bytes cannot hold \(count) × \(size)-byte elements")
        }
        var out: [Double] = []
        out.reserveCapacity(count)
        var p = b.startIndex + 1
        for _ in 0 ..< count {
            var bits: UInt64 = 0
            for j in 0 ..< size { bits |= UInt64(b[p + j]) << UInt64(8 * j) }
            out.append(size == 8 ? Double(bitPattern: bits) : Double(Float(bitPattern: UInt32(truncatingIfNeeded: bits))))
            p += size
        }
        return out
    }

    /// The elements of a geometry value in either form: a tagged blob, or a geometry string (inline,
    /// a plain string object, or an `NSString` object).
    public func geometry(_ value: ArchiveValue, as kind: NibGeometryKind) throws(ArchiveError) -> [Double] {
        if case .bytes = value { return try geometryBlob(value, count: kind.elementCount) }
        guard let text = try string(of: value) else {
            throw ArchiveError(.typeMismatch, "expected a \(kind) geometry value, found a \(value.kindName)")
        }
        guard let v = NibGeometryString.parse(text, as: kind) else {
            throw ArchiveError(.typeMismatch, "\"\(text.prefix(64))\" is not a \(kind) geometry string")
        }
        return v
    }

    /// A point from a 2-element blob or a `"{x, y}"` string; `typeMismatch` otherwise.
    public func point(_ value: ArchiveValue) throws(ArchiveError) -> ArchivePoint {
        let v = try geometry(value, as: .pair)
        return ArchivePoint(x: v[0], y: v[1])
    }

    /// A size from a 2-element blob or a `"{w, h}"` string; `typeMismatch` otherwise.
    public func size(_ value: ArchiveValue) throws(ArchiveError) -> ArchiveSize {
        let v = try geometry(value, as: .pair)
        return ArchiveSize(width: v[0], height: v[1])
    }

    /// A rectangle from a 4-element blob or a `"{{x, y}, {w, h}}"` string; `typeMismatch` otherwise.
    public func rect(_ value: ArchiveValue) throws(ArchiveError) -> ArchiveRect {
        let v = try geometry(value, as: .rect)
        return ArchiveRect(x: v[0], y: v[1], width: v[2], height: v[3])
    }

    /// A `0x07`-tagged blob of doubles, as UIKit's encoder writes geometry.
    public static func geometryBlobBytes(_ values: [Double]) -> [UInt8] {
        var out: [UInt8] = [0x07]
        out.reserveCapacity(1 + 8 * values.count)
        for v in values {
            let bits = v.bitPattern
            for j in 0 ..< 8 { out.append(UInt8(truncatingIfNeeded: bits >> UInt64(8 * j))) }
        }
        return out
    }
}

extension NIBArchiveShapeCheck {
    /// Every violation of Apple's NIBArchive shape in a nib, UIKit geometry keys included.
    public static func nibViolations(_ bytes: [UInt8], allowedCoderVersions: Set<UInt32> = [9, 10]) -> [Violation] {
        violations(bytes, allowedCoderVersions: allowedCoderVersions, geometryKeys: NibGeometryKind.uiKitKeys)
    }
}
