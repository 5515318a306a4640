// NSNumber: a plain int/real/bool entry in a keyed archive; an `NSNumber` object with `NS.intval`,
// `NS.dblval` or `NS.boolval` in a NIBArchive (which may also store numbers inline).

extension KeyedUnarchiver {
    /// The stored number of object `n`: the plain value, or the payload of an `NSNumber` object.
    func numberValue(objectAt n: Int) throws(ArchiveError) -> ArchiveValue {
        let o = graph.objects[n]
        if o.kind == .object, graph.metadata.source == .typedstream {
            try expectClass(n, .number, as: "a number")
            return try TypedstreamShapes.numberValue(n, self)
        }
        if o.kind == .plain {
            switch o.plainValue {
            case .int, .unsignedInt, .wideInt, .float, .double, .bool: return o.plainValue
            default: throw located(.typeMismatch, "expected a number, found a \(o.plainValue.kindName) (object #\(n))", key: nil)
            }
        }
        try expectClass(n, .number, as: "a number")
        return try withObjectScope(n) { () throws(ArchiveError) -> ArchiveValue in
            for key in ["NS.intval", "NS.dblval", "NS.boolval"] {
                if let v = rawValue(forKey: key) { return v }
            }
            throw located(.valueNotFound, "an NSNumber without NS.intval, NS.dblval or NS.boolval", key: nil)
        }
    }
}

/// Integer types archived as NSNumber.
protocol ArchivedInteger: FixedWidthInteger, KeyedArchivable, KeyedInlineDecodable {}

extension ArchivedInteger {
    /// Reads a plain integer (or NSNumber object); a value outside `Self` is an overflow error.
    public static func decodeArchived(objectAt n: Int, from u: KeyedUnarchiver) throws(ArchiveError) -> Self {
        try convert(u.numberValue(objectAt: n), u)
    }

    /// Writes a plain integer entry.
    public func encodeArchived(to archiver: KeyedArchiver) throws(ArchiveError) -> ArchiveValue {
        if let x = Int64(exactly: self) { return archiver.encodePlain(.int(x, width: 0)) }
        return archiver.encodePlain(.unsignedInt(UInt64(truncatingIfNeeded: self)))
    }

    /// Accepts an inline integer or bool (NIBArchive).
    public static func decodeInline(_ value: ArchiveValue, from u: KeyedUnarchiver) throws(ArchiveError) -> Self? {
        switch value {
        case .int, .unsignedInt, .bool: return try convert(value, u)
        default: return nil
        }
    }

    private static func convert(_ v: ArchiveValue, _ u: KeyedUnarchiver) throws(ArchiveError) -> Self {
        if Self.isSigned {
            let x = try u.int64(v, key: "NSNumber")
            guard let t = Self(exactly: x) else { throw u.located(.overflow, "\(x) does not fit \(Self.self)", key: nil) }
            return t
        }
        let x = try u.uint64(v, key: "NSNumber")
        guard let t = Self(exactly: x) else { throw u.located(.overflow, "\(x) does not fit \(Self.self)", key: nil) }
        return t
    }
}

extension Int: ArchivedInteger {}
extension Int8: ArchivedInteger {}
extension Int16: ArchivedInteger {}
extension Int32: ArchivedInteger {}
extension Int64: ArchivedInteger {}
extension UInt: ArchivedInteger {}
extension UInt8: ArchivedInteger {}
extension UInt16: ArchivedInteger {}
extension UInt32: ArchivedInteger {}
extension UInt64: ArchivedInteger {}

extension Double: KeyedArchivable, KeyedInlineDecodable {
    /// Reads a plain real (or an integer that converts exactly).
    public static func decodeArchived(objectAt n: Int, from u: KeyedUnarchiver) throws(ArchiveError) -> Double {
        try u.double(u.numberValue(objectAt: n), key: "NSNumber")
    }
    /// Writes a plain 8-byte real.
    public func encodeArchived(to archiver: KeyedArchiver) throws(ArchiveError) -> ArchiveValue {
        archiver.encodePlain(.double(self))
    }
    /// Accepts an inline real (NIBArchive).
    public static func decodeInline(_ value: ArchiveValue, from u: KeyedUnarchiver) throws(ArchiveError) -> Double? {
        switch value {
        case .double(let d): return d
        case .float(let f): return Double(f)
        default: return nil
        }
    }
}

extension Float: KeyedArchivable, KeyedInlineDecodable {
    /// Reads a plain real; a finite double outside `Float`'s range is an overflow error.
    public static func decodeArchived(objectAt n: Int, from u: KeyedUnarchiver) throws(ArchiveError) -> Float {
        let v = try u.numberValue(objectAt: n)
        if case .float(let f) = v { return f }
        let d = try u.double(v, key: "NSNumber")
        if d.isFinite, d.magnitude > Double(Float.greatestFiniteMagnitude) {
            throw u.located(.overflow, "\(d) is outside Float's range", key: nil)
        }
        return Float(d)
    }
    /// Writes a plain 4-byte real.
    public func encodeArchived(to archiver: KeyedArchiver) throws(ArchiveError) -> ArchiveValue {
        archiver.encodePlain(.float(self))
    }
    /// Accepts an inline real (NIBArchive).
    public static func decodeInline(_ value: ArchiveValue, from u: KeyedUnarchiver) throws(ArchiveError) -> Float? {
        switch value {
        case .float(let f): return f
        case .double(let d): return Float(d)
        default: return nil
        }
    }
}

extension Bool: KeyedArchivable, KeyedInlineDecodable {
    /// Reads a plain bool, or an integer (`!= 0`).
    public static func decodeArchived(objectAt n: Int, from u: KeyedUnarchiver) throws(ArchiveError) -> Bool {
        switch try u.numberValue(objectAt: n) {
        case .bool(let b): return b
        case .int(let x, _): return x != 0
        case let v: throw u.mismatch(v, "a Bool", nil)
        }
    }
    /// Writes a plain bool.
    public func encodeArchived(to archiver: KeyedArchiver) throws(ArchiveError) -> ArchiveValue {
        archiver.encodePlain(.bool(self))
    }
    /// Accepts an inline bool (NIBArchive).
    public static func decodeInline(_ value: ArchiveValue, from u: KeyedUnarchiver) throws(ArchiveError) -> Bool? {
        if case .bool(let b) = value { return b }
        return nil
    }
}
