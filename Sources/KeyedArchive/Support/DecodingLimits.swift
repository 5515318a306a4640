/// Bounds applied while decoding untrusted input. Exceeding one throws ``ArchiveError/Code/limitExceeded``.
///
/// The defaults are safe for hostile input on a machine with a few GiB of memory and still admit
/// every real archive we know of. Callers decoding trusted, unusually large archives may raise them.
public struct DecodingLimits: Sendable, Hashable {
    /// Maximum nesting of containers (plist) or of object decodes in progress (Unarchiver, nib loader).
    public var maxDepth: Int
    /// Maximum number of objects in one archive (bplist objects, `$objects` entries, NIBArchive records).
    public var maxObjectCount: Int
    /// Maximum total number of bytes materialised into strings and data over one decode.
    public var maxTotalBytes: Int
    /// Maximum length of one string, in bytes (UTF-8) or UTF-16 code units.
    public var maxStringLength: Int
    /// Maximum length of one data value, in bytes.
    public var maxDataLength: Int
    /// Maximum nesting of archives inside archives (nested nibs in `UINib.archiveData`).
    public var maxNestedArchiveDepth: Int

    /// Creates limits; every parameter defaults to the safe value documented on its property.
    public init(
        maxDepth: Int = 512,
        maxObjectCount: Int = 16_000_000,
        maxTotalBytes: Int = 1 << 30,
        maxStringLength: Int = 64 << 20,
        maxDataLength: Int = 256 << 20,
        maxNestedArchiveDepth: Int = 8
    ) {
        self.maxDepth = maxDepth
        self.maxObjectCount = maxObjectCount
        self.maxTotalBytes = maxTotalBytes
        self.maxStringLength = maxStringLength
        self.maxDataLength = maxDataLength
        self.maxNestedArchiveDepth = maxNestedArchiveDepth
    }

    /// The defaults: safe for untrusted input.
    public static let `default` = DecodingLimits()
}
