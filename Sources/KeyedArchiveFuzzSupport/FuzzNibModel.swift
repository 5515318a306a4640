import KeyedArchive

/// The `NibModel` harness body (see FuzzTarget).
enum FuzzNibModel {
    static func run(_ bytes: [UInt8]) {
        // Filled in once the decoder surface lands; until then only the sniffer runs.
        _ = ArchiveFormat.detect(bytes)
    }
}
