import KeyedArchive

/// The single place the Nib module calls the KeyedArchive readers.
enum NibArchiveParsing {
    static func graph(_ bytes: [UInt8], format: ArchiveFormat, limits: DecodingLimits) throws(ArchiveError) -> ArchiveGraph {
        switch format {
        case .nibArchive, .binaryPlist, .xmlPlist:
            throw ArchiveError(.unsupportedFormat, "reader for \(format.rawValue) not yet available")
        case .typedstream:
            throw ArchiveError(.unsupportedFormat, "pre-10.2 typedstream nibs are unsupported")
        case .binaryPlistPrivate:
            throw ArchiveError(.unsupportedFormat, "private bplist variants are unsupported")
        }
    }
}

extension NibArchiveParsing {
    /// Parses a property list (a storyboard's `Info.plist`).
    static func propertyList(_ bytes: [UInt8], limits: DecodingLimits) throws(ArchiveError) -> PropertyList {
        throw ArchiveError(.unsupportedFormat, "property-list reader not yet available")
    }
}
