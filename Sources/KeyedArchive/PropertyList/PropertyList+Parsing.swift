extension PropertyList {
    /// Parses a property list in whichever format its first bytes announce (`bplist0?`, or XML in
    /// UTF-8, UTF-16 or UTF-32).
    ///
    /// - Throws: the reader's ``ArchiveError``; for other formats `.unsupportedFormat`
    ///   (NIBArchive: "this is a nib", typedstream, bplist15/16 and other bplist versions) or `.unknownFormat`.
    public init(parsing bytes: [UInt8], limits: DecodingLimits = .default) throws(ArchiveError) {
        switch ArchiveFormat.detect(bytes) {
        case .binaryPlist, .binaryPlistPrivate:
            // The binary reader's header check names the version exactly.
            try self.init(binary: bytes, limits: limits)
        case .xmlPlist:
            try self.init(xml: bytes, limits: limits)
        case .nibArchive:
            throw ArchiveError(.unsupportedFormat, "this is a NIBArchive (compiled nib), not a property list; read it as a nib", offset: 0)
        case .typedstream:
            throw ArchiveError.typedstreamUnsupported
        case nil:
            throw ArchiveError(.unknownFormat, "input is neither a binary (bplist0) nor an XML property list", offset: 0)
        }
    }

    /// Parses a property list in either format from any byte collection (copied once).
    public init<C: Collection>(parsing bytes: C, limits: DecodingLimits = .default) throws(ArchiveError) where C.Element == UInt8 {
        try self.init(parsing: Array(bytes), limits: limits)
    }
}

extension ArchiveError {
    /// What the property-list and NIBArchive readers say of a typedstream: it is another format.
    public static var typedstreamUnsupported: ArchiveError {
        ArchiveError(.unsupportedFormat, "typedstream (NSArchiver) archive, not a property list: read it with ArchiveGraph(typedstream:)", offset: 0)
    }
}
