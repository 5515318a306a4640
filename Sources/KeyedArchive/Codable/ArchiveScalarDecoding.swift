#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// How archived values coerce to Swift's scalar types: NSNumber to integers and reals without
// truncation, NSString to String, NSData/NSDate/NSURL/NSUUID through the typed coder's own shapes.

/// A type read straight from one archived value, without a `Decoder` of its own.
protocol ArchiveScalarDecodable {
    static func decodeScalar(_ v: ArchiveValue, _ d: ArchiveValueDecoder, _ c: @autoclosure () -> ArchiveCodingPathComponent?) throws -> Self
    /// The same value from the property-list node a slot holds, for the direct decode (DirectScalarDecoding.swift);
    /// it gives up wherever ``decodeScalar(_:_:_:)`` would throw or take the typed coder's shapes.
    static func decodeDirect(_ node: Int, _ d: DirectValueDecoder) throws -> Self
}

extension ArchiveScalarDecodable {
    /// ``decodeScalar(_:_:_:)`` as `T`, which callers found to be `Self` (`T.self as? any
    /// ArchiveScalarDecodable.Type`). Opening the metatype this way returns the value without boxing it
    /// in an existential and casting it back, which in unspecialised code also asked the runtime for
    /// `Optional<T>`'s metadata at every call.
    static func decodeScalar<T>(as type: T.Type, _ v: ArchiveValue, _ d: ArchiveValueDecoder, _ c: @autoclosure () -> ArchiveCodingPathComponent?) throws -> T {
        guard Self.self == T.self else { throw internalCastError(Self.self, T.self) }
        return unsafeBitCast(try decodeScalar(v, d, c()), to: T.self)
    }
}

extension ArchiveValueDecoder {
    /// Fails with `valueNotFound` for a nil value (`$null`, or a reference to `NSNull`).
    func nonNil(_ v: ArchiveValue, _ type: Any.Type, _ c: @autoclosure () -> ArchiveCodingPathComponent?) throws -> ArchiveValue {
        if isNil(v) {
            throw DecodingError.valueNotFound(type, context(c(), "expected \(type), found nil",
                                                            ArchiveError(.valueNotFound, "nil where a \(type) was expected")))
        }
        return state.resolvedScalar(v)
    }

    /// Whether `v` is `$null` or a reference to an `NSNull` object.
    func isNil(_ v: ArchiveValue) -> Bool {
        switch v {
        case .nil: return true
        case .ref(let n): return state.family(ofObject: n) == .null
        default: return false
        }
    }

    func integer<T: FixedWidthInteger>(_ v: ArchiveValue, _ type: T.Type, _ c: @autoclosure () -> ArchiveCodingPathComponent?) throws -> T {
        // An inline integer that fits (what `encodeInteger:forKey:` stores): no nil check or entry lookup.
        if case .int(let x, _) = v, let t = T(exactly: x) { return t }
        let s = try nonNil(v, T.self, c())
        let fits: T?
        switch s {
        case .int(let x, _): fits = T(exactly: x)
        case .unsignedInt(let x): fits = T(exactly: x)
        case .wideInt: fits = nil
        case .double(let x):
            guard x.rounded(.towardZero) == x else { throw scalarMismatch(s, T.self, c(), "\(x) is not a whole number") }
            fits = T(exactly: x)
        case .float(let x):
            guard x.rounded(.towardZero) == x else { throw scalarMismatch(s, T.self, c(), "\(x) is not a whole number") }
            fits = T(exactly: x)
        default:
            throw scalarMismatch(s, T.self, c(), nil)
        }
        guard let fits else {
            throw DecodingError.dataCorrupted(context(c(), "\(describeScalar(s)) does not fit \(T.self)",
                                                      ArchiveError(.overflow, "\(describeScalar(s)) does not fit \(T.self)", objectIndex: objectOf(v))))
        }
        return fits
    }

    func real(_ v: ArchiveValue, _ c: @autoclosure () -> ArchiveCodingPathComponent?) throws -> Double {
        if case .double(let x) = v { return x }
        let s = try nonNil(v, Double.self, c())
        switch s {
        case .double(let x): return x
        case .float(let x): return Double(x)
        case .int(let x, _):
            guard let d = Double(exactly: x) else { throw inexact(s, Double.self, c(), v) }
            return d
        case .unsignedInt(let x):
            guard let d = Double(exactly: x) else { throw inexact(s, Double.self, c(), v) }
            return d
        default: throw scalarMismatch(s, Double.self, c(), nil)
        }
    }

    func float(_ v: ArchiveValue, _ c: @autoclosure () -> ArchiveCodingPathComponent?) throws -> Float {
        let s = try nonNil(v, Float.self, c())
        switch s {
        case .float(let x): return x
        case .double(let x):
            guard !x.isFinite || abs(x) <= Double(Float.greatestFiniteMagnitude) else {
                throw DecodingError.dataCorrupted(context(c(), "\(x) does not fit Float",
                                                          ArchiveError(.overflow, "\(x) does not fit Float", objectIndex: objectOf(v))))
            }
            return Float(x)
        case .int(let x, _):
            guard let f = Float(exactly: x) else { throw inexact(s, Float.self, c(), v) }
            return f
        case .unsignedInt(let x):
            guard let f = Float(exactly: x) else { throw inexact(s, Float.self, c(), v) }
            return f
        default: throw scalarMismatch(s, Float.self, c(), nil)
        }
    }

    func bool(_ v: ArchiveValue, _ c: @autoclosure () -> ArchiveCodingPathComponent?) throws -> Bool {
        if case .bool(let b) = v { return b }
        let s = try nonNil(v, Bool.self, c())
        switch s {
        case .bool(let b): return b
        // `encodeInt:` of a BOOL, as older archives have it; `decodeBoolForKey:` reads it too.
        case .int(0, _): return false
        case .int(1, _): return true
        default: throw scalarMismatch(s, Bool.self, c(), nil)
        }
    }

    func string(_ v: ArchiveValue, _ c: @autoclosure () -> ArchiveCodingPathComponent?) throws -> String {
        if case .string = v, let s = state.string(v) { return s }
        if let p = plainEntry(v), case .string = p, case .ref(let n) = v, let s = state.string(p, ofPlainEntry: n) { return s }
        return try leaf(v, String.self, c())
    }

    /// The object a reference names, for the fast paths below: a valid index outside typedstream graphs
    /// (which read strings, data and dates through their own shapes); nil takes ``leaf(_:_:_:)``.
    private func fastPathObject(_ v: ArchiveValue) -> ArchiveObject? {
        guard case .ref(let n) = v, n >= 0, n < state.objects.count, state.source != .typedstream else { return nil }
        return state.objects[n]
    }

    /// The plain entry a reference names (how a keyed archive stores every `NSString` and `NSData`),
    /// which the typed coder's shapes would return as it is; nil for anything else, which takes
    /// ``leaf(_:_:_:)``.
    func plainEntry(_ v: ArchiveValue) -> ArchiveValue? {
        guard let o = fastPathObject(v), o.kind == .plain else { return nil }
        return o.plainValue
    }

    /// The seconds of a reference to a plain date entry or to an `NSDate` object with a real `NS.time`, as
    /// the typed coder's `Date` shape reads them; nil for anything else, which takes ``leaf(_:_:_:)``
    /// (and its errors). `NSDate` needs no allow-list entry, so there is nothing else to check.
    func referencedDateTime(_ v: ArchiveValue) -> Double? {
        guard case .ref(let n) = v, let o = fastPathObject(v) else { return nil }
        if o.kind == .plain {
            if case .date(let t) = o.plainValue { return t }
            return nil
        }
        guard o.classIndex >= 0, state.family(ofObject: n) == .date else { return nil }
        var cursor = -1
        switch state.value(ofObject: n, graphKey: "NS.time", cursor: &cursor) {
        case .double(let t)?, .date(let t)?: return t
        case .float(let t)?: return Double(t)
        default: return nil
        }
    }

    /// A Foundation leaf shape through the typed coder (the shapes `decodeObject(of:forKey:)` reads).
    func leaf<T: KeyedArchivable>(_ v: ArchiveValue, _ type: T.Type, _ c: @autoclosure () -> ArchiveCodingPathComponent?) throws -> T {
        _ = try nonNil(v, T.self, c())
        if case .ref(let n) = v, n >= 0, n < state.objects.count, state.needsAllowance(n),
           let allowed = state.options.allowedClassNames, let name = state.graph.className(ofObject: n), !allowed.contains(name) {
            throw DecodingError.dataCorrupted(context(c(), "class \(name) (object #\(n)) is not in allowedClassNames",
                                                      ArchiveError(.secureCodingViolation, "class \(name) is not allowed", objectIndex: n)))
        }
        let component = c()
        var element = -1
        if case .index(let i)? = component { element = i }
        // The unarchiver reads the key only to report an inline value or a bad reference, and for a
        // member's reach: a good reference outside a collection needs no key text.
        let key: String
        if element < 0, case .ref(let n) = v, n >= 0, n < state.objects.count {
            key = ""
        } else {
            switch component {
            case .index?: key = self.component.map(\.codingKey.stringValue) ?? ""
            case let other?: key = other.codingKey.stringValue
            case nil: key = self.component?.codingKey.stringValue ?? ""
            }
        }
        do throws(ArchiveError) {
            guard let t = try state.unarchiver.decodeReferenced(v, as: T.self, key: key, element: element) else {
                throw ArchiveError(.valueNotFound, "no \(T.self) here")
            }
            return t
        } catch {
            let text = "cannot decode \(T.self): \(error.reason)"
            throw DecodingError.typeMismatch(T.self, context(component, text, error.located(object: objectOf(v) ?? -1)))
        }
    }

    private func objectOf(_ v: ArchiveValue) -> Int? {
        if case .ref(let n) = v { return n }
        return nil
    }

    private func scalarMismatch(_ s: ArchiveValue, _ type: Any.Type, _ c: @autoclosure () -> ArchiveCodingPathComponent?, _ why: String?) -> DecodingError {
        let found: String
        if case .ref(let n) = s, n >= 0, n < state.graph.objects.count { found = describe(n) } else { found = describeScalar(s) }
        let text = "expected \(type), found \(found)" + (why.map { ": \($0)" } ?? "")
        return .typeMismatch(type, context(c(), text, ArchiveError(.typeMismatch, text, objectIndex: objectOf(s))))
    }

    private func inexact(_ s: ArchiveValue, _ type: Any.Type, _ c: @autoclosure () -> ArchiveCodingPathComponent?, _ v: ArchiveValue) -> DecodingError {
        let text = "\(describeScalar(s)) has no exact \(type) value"
        return .dataCorrupted(context(c(), text, ArchiveError(.overflow, text, objectIndex: objectOf(v))))
    }

    private func describeScalar(_ s: ArchiveValue) -> String {
        switch s {
        case .int(let x, _): return "the integer \(x)"
        case .unsignedInt(let x): return "the integer \(x)"
        case .wideInt: return "a 128-bit integer"
        case .double(let x): return "the real \(x)"
        case .float(let x): return "the real \(x)"
        case .bool(let b): return "the boolean \(b)"
        default: return "a \(s.kindName)"
        }
    }
}

extension Bool: ArchiveScalarDecodable {
    static func decodeScalar(_ v: ArchiveValue, _ d: ArchiveValueDecoder, _ c: @autoclosure () -> ArchiveCodingPathComponent?) throws -> Bool { try d.bool(v, c()) }
}
extension String: ArchiveScalarDecodable {
    static func decodeScalar(_ v: ArchiveValue, _ d: ArchiveValueDecoder, _ c: @autoclosure () -> ArchiveCodingPathComponent?) throws -> String { try d.string(v, c()) }
}
extension Double: ArchiveScalarDecodable {
    static func decodeScalar(_ v: ArchiveValue, _ d: ArchiveValueDecoder, _ c: @autoclosure () -> ArchiveCodingPathComponent?) throws -> Double { try d.real(v, c()) }
}
extension Float: ArchiveScalarDecodable {
    static func decodeScalar(_ v: ArchiveValue, _ d: ArchiveValueDecoder, _ c: @autoclosure () -> ArchiveCodingPathComponent?) throws -> Float { try d.float(v, c()) }
}
extension Int: ArchiveScalarDecodable {}
extension Int8: ArchiveScalarDecodable {}
extension Int16: ArchiveScalarDecodable {}
extension Int32: ArchiveScalarDecodable {}
extension Int64: ArchiveScalarDecodable {}
extension UInt: ArchiveScalarDecodable {}
extension UInt8: ArchiveScalarDecodable {}
extension UInt16: ArchiveScalarDecodable {}
extension UInt32: ArchiveScalarDecodable {}
extension UInt64: ArchiveScalarDecodable {}
extension ArchiveScalarDecodable where Self: FixedWidthInteger {
    static func decodeScalar(_ v: ArchiveValue, _ d: ArchiveValueDecoder, _ c: @autoclosure () -> ArchiveCodingPathComponent?) throws -> Self {
        try d.integer(v, Self.self, c())
    }
}
extension Data: ArchiveScalarDecodable {
    static func decodeScalar(_ v: ArchiveValue, _ d: ArchiveValueDecoder, _ c: @autoclosure () -> ArchiveCodingPathComponent?) throws -> Data {
        if case .bytes(let r) = v { return Data(copying: d.state.storage[r.range]) }
        if case .bytes(let r)? = d.plainEntry(v) { return Data(copying: d.state.storage[r.range]) }
        return try d.leaf(v, Data.self, c())
    }
}
extension Date: ArchiveScalarDecodable {
    static func decodeScalar(_ v: ArchiveValue, _ d: ArchiveValueDecoder, _ c: @autoclosure () -> ArchiveCodingPathComponent?) throws -> Date {
        if case .date(let t) = v { return Date(timeIntervalSinceReferenceDate: t) }
        if let t = d.referencedDateTime(v) { return Date(timeIntervalSinceReferenceDate: t) }
        return try d.leaf(v, Date.self, c())
    }
}
extension URL: ArchiveScalarDecodable {
    static func decodeScalar(_ v: ArchiveValue, _ d: ArchiveValueDecoder, _ c: @autoclosure () -> ArchiveCodingPathComponent?) throws -> URL { try d.leaf(v, URL.self, c()) }
}
extension UUID: ArchiveScalarDecodable {
    static func decodeScalar(_ v: ArchiveValue, _ d: ArchiveValueDecoder, _ c: @autoclosure () -> ArchiveCodingPathComponent?) throws -> UUID { try d.leaf(v, UUID.self, c()) }
}

// The decoder is its own single-value container.
extension ArchiveValueDecoder: SingleValueDecodingContainer {
    func decodeNil() -> Bool { isNil(value) }
    func decode(_ type: Bool.Type) throws -> Bool { try bool(value, nil) }
    func decode(_ type: String.Type) throws -> String { try string(value, nil) }
    func decode(_ type: Double.Type) throws -> Double { try real(value, nil) }
    func decode(_ type: Float.Type) throws -> Float { try float(value, nil) }
    func decode(_ type: Int.Type) throws -> Int { try integer(value, Int.self, nil) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(value, Int8.self, nil) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(value, Int16.self, nil) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(value, Int32.self, nil) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(value, Int64.self, nil) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(value, UInt.self, nil) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(value, UInt8.self, nil) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(value, UInt16.self, nil) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(value, UInt32.self, nil) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(value, UInt64.self, nil) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if let s = state.traits(of: T.self).scalar { return try s.decodeScalar(as: T.self, value, self, nil) }
        // A wrapper decoding its wrapped value: the same value, so no cycle, but one level deeper.
        return try decodeWrapped(T.self)
    }
}
