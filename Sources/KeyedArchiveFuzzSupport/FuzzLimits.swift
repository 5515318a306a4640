import KeyedArchive
import NibCompiler

/// Decoding limits used under fuzzing.
public enum FuzzLimits {
    /// The limits every harness decodes with: the library defaults, with the byte budgets kept well
    /// below libFuzzer's `-rss_limit_mb=2048` so that only a real leak or blow-up reports an OOM.
    public static let standard: DecodingLimits = {
        var limits = DecodingLimits.default
        limits.maxTotalBytes = 256 << 20
        limits.maxStringLength = 16 << 20
        limits.maxDataLength = 64 << 20
        // Inputs are at most a few MB, far below a million objects; the same bound caps how far shared
        // collections may expand, which keeps a hostile DAG to a fraction of a second per run.
        limits.maxObjectCount = 1 << 20
        return limits
    }()

    /// For materialising whole ``PlistValue`` trees: a shared container is materialised once per
    /// appearance, so a small DAG can describe a huge tree; a million values keeps each run short.
    public static let materialise: DecodingLimits = {
        var limits = standard
        limits.maxObjectCount = 1 << 20
        limits.maxTotalBytes = 64 << 20
        return limits
    }()

    /// For XIB sources: the XML defaults with a smaller text budget.
    public static let xib: DecodingLimits = {
        var limits = DecodingLimits.xibDefault
        limits.maxTotalBytes = 64 << 20
        return limits
    }()
}
