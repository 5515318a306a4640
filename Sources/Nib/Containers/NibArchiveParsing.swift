import KeyedArchive

/// The single place the Nib module calls the KeyedArchive readers.
enum NibArchiveParsing {
    /// Parses nib bytes of a sniffed format into the format-neutral graph.
    static func graph(_ bytes: [UInt8], format: ArchiveFormat, limits: DecodingLimits) throws(ArchiveError) -> ArchiveGraph {
        switch format {
        case .nibArchive:
            return try ArchiveGraph(nibArchive: bytes, limits: limits)
        case .binaryPlist, .xmlPlist:
            return try ArchiveGraph(keyedArchive: PropertyList(parsing: bytes, limits: limits), limits: limits)
        case .typedstream:
            return try ArchiveGraph(typedstream: bytes, limits: limits)
        case .binaryPlistPrivate:
            // The binary reader's header check names the version exactly.
            return try ArchiveGraph(keyedArchive: PropertyList(parsing: bytes, limits: limits), limits: limits)
        }
    }

    /// Parses a property list (a storyboard's `Info.plist`).
    static func propertyList(_ bytes: [UInt8], limits: DecodingLimits) throws(ArchiveError) -> PropertyList {
        try PropertyList(parsing: bytes, limits: limits)
    }
}
