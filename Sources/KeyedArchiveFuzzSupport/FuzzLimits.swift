import KeyedArchive

/// Decoding limits used under fuzzing: the library defaults, with total materialised bytes kept well
/// below libFuzzer's `-rss_limit_mb=2048` so that only a real leak or blow-up reports an OOM.
public enum FuzzLimits {
    /// The limits every harness decodes with.
    public static let standard: DecodingLimits = {
        var limits = DecodingLimits.default
        limits.maxTotalBytes = 256 << 20
        limits.maxStringLength = 16 << 20
        limits.maxDataLength = 64 << 20
        return limits
    }()
}
