/// A fully materialised property-list value, for convenience and for tests.
///
/// Readers never build these on their own: ask ``PropertyList/value(at:limits:)`` for one.
/// Equality is structural and exact: reals compare by bit pattern (so NaN equals NaN and
/// -0.0 differs from 0.0), float32 differs from float64, and dict entry order matters.
public indirect enum PlistValue: Sendable, Hashable {
    case null
    case fill
    case bool(Bool)
    case integer(Int64)
    case unsignedInteger(UInt64)
    case wideInteger(PlistWideInteger)
    case real(Double)
    case real32(Float)
    case date(Double)
    case data([UInt8])
    case string(String)
    case uid(UInt64)
    case array([PlistValue])
    case set([PlistValue])
    case dict([PlistDictEntry])

    public static func == (a: PlistValue, b: PlistValue) -> Bool {
        switch (a, b) {
        case (.null, .null), (.fill, .fill): return true
        case let (.bool(x), .bool(y)): return x == y
        case let (.integer(x), .integer(y)): return x == y
        case let (.unsignedInteger(x), .unsignedInteger(y)): return x == y
        case let (.wideInteger(x), .wideInteger(y)): return x == y
        case let (.real(x), .real(y)): return x.bitPattern == y.bitPattern
        case let (.real32(x), .real32(y)): return x.bitPattern == y.bitPattern
        case let (.date(x), .date(y)): return x.bitPattern == y.bitPattern
        case let (.data(x), .data(y)): return x == y
        case let (.string(x), .string(y)): return x == y
        case let (.uid(x), .uid(y)): return x == y
        case let (.array(x), .array(y)), let (.set(x), .set(y)): return x == y
        case let (.dict(x), .dict(y)): return x == y
        default: return false
        }
    }

    public func hash(into h: inout Hasher) {
        switch self {
        case .null: h.combine(0)
        case .fill: h.combine(1)
        case .bool(let v): h.combine(v)
        case .integer(let v): h.combine(v)
        case .unsignedInteger(let v): h.combine(v)
        case .wideInteger(let v): h.combine(v)
        case .real(let v): h.combine(v.bitPattern)
        case .real32(let v): h.combine(v.bitPattern)
        case .date(let v): h.combine(v.bitPattern)
        case .data(let v): h.combine(v)
        case .string(let v): h.combine(v)
        case .uid(let v): h.combine(v)
        case .array(let v), .set(let v): h.combine(v)
        case .dict(let v): h.combine(v)
        }
    }
}

/// One dict entry. Keys are usually strings, but the binary format allows any value.
public struct PlistDictEntry: Sendable, Hashable {
    /// The entry's key (a string in every CoreFoundation-written plist).
    public var key: PlistValue
    /// The entry's value.
    public var value: PlistValue
    /// Creates an entry.
    public init(key: PlistValue, value: PlistValue) {
        self.key = key
        self.value = value
    }
}
