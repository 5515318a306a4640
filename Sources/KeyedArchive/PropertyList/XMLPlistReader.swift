extension PropertyList {
    /// Parses an XML property list.
    public init(xml: [UInt8], limits: DecodingLimits = .default) throws(ArchiveError) {
        throw ArchiveError(.unsupportedFormat, "XML property lists are not read yet", offset: 0)
    }
}
