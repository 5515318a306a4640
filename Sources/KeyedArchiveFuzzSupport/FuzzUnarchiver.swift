import KeyedArchive

/// The `Unarchiver` harness body (see FuzzTarget).
enum FuzzUnarchiver {
    static func run(_ bytes: [UInt8]) {
        // Filled in once the decoder surface lands; until then only the sniffer runs.
        _ = ArchiveFormat.detect(bytes)
    }
}
