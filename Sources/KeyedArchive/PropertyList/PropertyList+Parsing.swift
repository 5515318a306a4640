extension PropertyList {
    /// Parses a property list in whichever format its first bytes announce (`bplist00` or XML).
    ///
    /// - Throws: the reader's ``ArchiveError``; for other formats `.unsupportedFormat`
    ///   (NIBArchive: "this is a nib", typedstream, bplist15/16) or `.unknownFormat`.
    public init(parsing bytes: [UInt8], limits: DecodingLimits = .default) throws(ArchiveError) {
        switch ArchiveFormat.detect(bytes) {
        case .binaryPlist:
            try self.init(binary: bytes, limits: limits)
        case .xmlPlist:
            try self.init(xml: bytes, limits: limits)
        case .nibArchive:
            throw ArchiveError(.unsupportedFormat, "this is a NIBArchive (compiled nib), not a property list; read it as a nib", offset: 0)
        case .binaryPlistPrivate:
            throw ArchiveError(.unsupportedFormat, "bplist15/bplist16 are private Apple formats and are not supported", offset: 6)
        case .typedstream:
            throw ArchiveError(.unsupportedFormat, "this is a NeXT typedstream, which is not supported", offset: 0)
        case nil:
            throw ArchiveError(.unknownFormat, "input is neither a bplist00 nor an XML property list", offset: 0)
        }
    }

    /// Parses a property list in either format from any byte collection (copied once).
    public init<C: Collection>(parsing bytes: C, limits: DecodingLimits = .default) throws(ArchiveError) where C.Element == UInt8 {
        try self.init(parsing: Array(bytes), limits: limits)
    }
}
