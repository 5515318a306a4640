/// The header of a typedstream: streamer version, byte order and the system version field.
///
/// `NSArchiver` starts every stream with the streamer version byte (4; NeXTSTEP wrote 3), the
/// signature as a length-prefixed string (`typedstream` for big-endian streams, `streamtyped` for
/// little-endian ones) and the system version as a tagged integer (1000 on every Mac OS X release).
public struct TypedstreamHeader: Sendable, Hashable {
    /// The streamer version byte: 3 or 4.
    public var streamerVersion: UInt8
    /// Whether multi-byte integers and reals are big-endian (`typedstream` signature).
    public var isBigEndian: Bool
    /// The system version field (1000 for every `NSArchiver` since Mac OS X 10.0).
    public var systemVersion: Int64

    /// Creates a header; the default is what `NSArchiver` writes on an Intel or Apple silicon Mac.
    public init(streamerVersion: UInt8 = 4, isBigEndian: Bool = false, systemVersion: Int64 = 1000) {
        self.streamerVersion = streamerVersion
        self.isBigEndian = isBigEndian
        self.systemVersion = systemVersion
    }

    /// The signature that announces this byte order.
    public var signature: String { isBigEndian ? "typedstream" : "streamtyped" }
}

/// The tag bytes of a typedstream, read as signed bytes. Any other byte from -110 to 127 is a
/// one-byte integer, or (where a shared string or object is expected) a reference number.
enum TypedstreamTag {
    /// A 2-byte integer follows.
    static let int16: Int8 = -127
    /// A 4-byte integer follows.
    static let int32: Int8 = -126
    /// A 4- or 8-byte IEEE real follows (the type says which).
    static let real: Int8 = -125
    /// A new object, class or shared string follows (and takes the next reference number).
    static let new: Int8 = -124
    /// A nil object, class, string or selector.
    static let `nil`: Int8 = -123
    /// The end of an object's values, or of a class chain's superclasses.
    static let endOfObject: Int8 = -122
    /// Reference number 0; reference *n* is written as the integer `n - 110`.
    static let firstReference: Int64 = -110
    /// Tags run from -128 to -111; a one-byte integer is never one of them.
    static func isTag(_ b: Int8) -> Bool { b < -110 }
}

extension ArchiveError.Code {
    /// A typedstream type encoding the reader cannot follow (unknown type code, unbalanced brackets).
    public static let badTypeEncoding = Self("badTypeEncoding", cocoaCode: 4864)
}
