import KeyedArchive

/// The `NibInstantiate` harness body (see FuzzTarget).
enum FuzzNibInstantiate {
    static func run(_ bytes: [UInt8]) {
        // Filled in once the decoder surface lands; until then only the sniffer runs.
        _ = ArchiveFormat.detect(bytes)
    }
}
