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
