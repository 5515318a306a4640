extension ArchiveGraph {
    /// Parses a keyed archive (binary or XML property list) and maps it onto a graph.
    ///
    /// - Parameters:
    ///   - bytes: The archive's bytes.
    ///   - options: Which `$archiver` names to accept.
    ///   - limits: Bounds for the property-list reader and the mapping.
    /// - Throws: The property-list reader's errors, then those of ``init(keyedArchive:options:limits:)``.
    public init(keyedArchiveBytes bytes: [UInt8], options: KeyedArchiveReadingOptions = .init(),
                limits: DecodingLimits = .default) throws(ArchiveError) {
        var plist = try PropertyList(parsing: bytes, limits: limits)
        defer { plist.parkScratch() }
        try self.init(keyedArchive: plist, options: options, limits: limits)
    }
}

extension ArchiveGraph {
    /// Reads an archive that a `KeyedUnarchiver` can decode: a keyed archive (binary or XML property
    /// list) or a typedstream, by the format its first bytes announce.
    ///
    /// - Parameters:
    ///   - bytes: The archive's bytes.
    ///   - options: Which `$archiver` names to accept (keyed archives).
    ///   - limits: Bounds for the readers.
    /// - Throws: The chosen reader's errors.
    public init(archiveBytes bytes: [UInt8], options: KeyedArchiveReadingOptions = .init(),
                limits: DecodingLimits = .default) throws(ArchiveError) {
        if ArchiveFormat.detect(bytes) == .typedstream {
            try self.init(typedstream: bytes, limits: limits)
        } else {
            try self.init(keyedArchiveBytes: bytes, options: options, limits: limits)
        }
    }
}

extension KeyedUnarchiver {
    /// Creates an unarchiver over a keyed archive's bytes (binary or XML property list) or a
    /// typedstream's (read with the positional methods, see ``allowsKeyedCoding``).
    ///
    /// - Parameters:
    ///   - bytes: The archive.
    ///   - options: Security, failure policy, limits and accepted `$archiver` names.
    /// - Throws: Property-list and header errors (Cocoa 3840).
    public convenience init(bytes: [UInt8], options: Options = .init()) throws(ArchiveError) {
        let graph = try ArchiveGraph(archiveBytes: bytes, options: options.readingOptions, limits: options.limits)
        self.init(graph: graph, options: options)
    }

    /// Decodes the `root` object of a keyed archive's bytes in one call.
    ///
    /// - Parameters:
    ///   - type: The expected type (the allowed class under secure coding).
    ///   - bytes: The archive.
    ///   - options: Security, failure policy and limits.
    /// - Returns: The root object, or nil when the archive's root is nil.
    /// - Throws: Property-list, header and decode errors.
    public static func unarchivedObject<T: KeyedArchivable>(of type: T.Type, from bytes: [UInt8],
                                                            options: Options = .init()) throws(ArchiveError) -> T? {
        var graph = try ArchiveGraph(archiveBytes: bytes, options: options.readingOptions, limits: options.limits)
        // The graph is this call's own: its tables serve the next read.
        defer { graph.parkScratch() }
        return try unarchivedObject(of: T.self, from: graph, options: options)
    }
}

extension KeyedArchiver {
    /// Finishes the archive and writes it in ``outputFormat``.
    ///
    /// - Returns: The archive's bytes.
    /// - Throws: As ``finishEncoding()``.
    public func encodedData() throws(ArchiveError) -> [UInt8] {
        switch outputFormat {
        case .binary: return try finishEncoding().keyedArchiveBinaryData()
        case .xml: return try encodedPropertyList().xmlData()
        }
    }

    /// Finishes the archive and writes it, for an archiver that is dropped afterwards: the graph's tables
    /// move out of the archiver to the writer, which lets go of them before the bytes are laid out (peak
    /// memory of a large encode is the writer's table and the output, not also the graph; tables within
    /// ``TableScratch``'s budget are parked for the next call). The archiver is spent: later calls see an
    /// empty archive.
    func takeEncodedData() throws(ArchiveError) -> [UInt8] {
        guard outputFormat == .binary else {
            let bytes = try encodedData()
            // The graph and property list `encodedData()` built are gone: the tables are this archiver's alone.
            TableScratch.park(&storage, \.storage)
            TableScratch.park(&objects, \.objects)
            TableScratch.park(&values, \.values)
            TableScratch.park(&items, \.items)
            return bytes
        }
        let graph = try finishEncoding()
        storage = []
        objects = []
        values = []
        items = []
        top = []
        current = Scope(object: -1, start: 0)
        scopeValues = []
        scopeCount = 0
        enclosing = []
        return try ArchiveGraph.keyedArchiveBinaryData(releasing: consume graph)
    }

    /// Archives `root` under the key `root`, as `archivedData(withRootObject:requiringSecureCoding:)` does.
    ///
    /// - Parameters:
    ///   - root: The root object or value.
    ///   - requiresSecureCoding: Refuse classes that do not adopt ``SecureKeyedCoding``.
    ///   - format: Binary (default) or XML.
    /// - Returns: The archive's bytes.
    /// - Throws: Secure-coding refusals and errors raised by `encode(with:)`.
    public static func archivedData<T: KeyedArchivable>(withRootObject root: T, requiringSecureCoding requiresSecureCoding: Bool = false,
                                                        format: PropertyList.Format = .binary) throws(ArchiveError) -> [UInt8] {
        let a = KeyedArchiver(requiresSecureCoding: requiresSecureCoding, outputFormat: format, reusingTables: true)
        try a.encode(root, forKey: "root")
        return try a.takeEncodedData()
    }
}
