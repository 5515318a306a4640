import KeyedArchive

/// Options for opening nib containers.
public struct NibOpenOptions: Sendable {
    /// The iOS version to load for: picks the highest `objects-<ver>+.nib` not above it. Nil means the newest.
    public var iOSTarget: NibOSVersion?
    /// The macOS version to load for: picks the highest `keyedobjects-<ver>.nib` not above it. Nil means the newest.
    public var macOSTarget: NibOSVersion?
    /// Bounds applied while parsing (also to nested nibs).
    public var limits: DecodingLimits

    /// Options with the given targets (nil: newest variant) and limits.
    public init(iOSTarget: NibOSVersion? = nil, macOSTarget: NibOSVersion? = nil, limits: DecodingLimits = .default) {
        self.iOSTarget = iOSTarget
        self.macOSTarget = macOSTarget
        self.limits = limits
    }

    /// Newest variants, default limits.
    public static let `default` = NibOpenOptions()
}

/// One nib archive chosen from a container: its bytes, its sniffed format and how it was found.
public struct NibContainer: Sendable {
    /// How the nib was stored.
    public enum Layout: String, Sendable, Hashable, Codable {
        /// A single file (NIBArchive or keyed archive).
        case flatFile
        /// An iOS nib directory (`objects-<ver>+.nib`, `runtime.nib`, legacy `objects.nib`).
        case iOSDirectory
        /// A macOS nib directory (`keyedobjects.nib` plus `keyedobjects-<ver>.nib` variants).
        case macOSDirectory
        /// A legacy Interface Builder 3 bundle (`keyedobjects.nib` + `designable.nib`).
        case legacyBundle
    }

    /// How the nib was stored.
    public var layout: Layout
    /// The file inside a directory that was chosen (nil for a flat file).
    public var chosenEntry: String?
    /// Every archive file the directory offered, in the order they were considered.
    public var candidates: [String]
    /// The sniffed format of ``bytes``.
    public var format: ArchiveFormat
    /// The chosen archive's bytes.
    public var bytes: [UInt8]

    /// Picks the archive to load from `source` (see ``NibOpenOptions``) and sniffs it.
    /// - Throws: `unknownFormat` for unrecognised bytes, `notANib` for a
    ///   directory that holds no nib archive.
    public static func open(_ source: NibSource, options: NibOpenOptions = .default) throws(ArchiveError) -> NibContainer {
        switch source {
        case let .data(bytes, name):
            let format = try sniff(bytes, name: name ?? "nib")
            return NibContainer(layout: .flatFile, chosenEntry: nil, candidates: [], format: format, bytes: bytes)
        case let .directory(dir):
            return try open(directory: dir, options: options)
        }
    }

    static func open(directory dir: any NibDirectory, options: NibOpenOptions) throws(ArchiveError) -> NibContainer {
        let names = try dir.entries().filter { !dir.isDirectory($0) }
        // iOS: objects-<ver>+.nib, highest ≤ target; then objects.nib; then runtime.nib.
        var iOSVariants: [(NibOSVersion, String)] = []
        var macVariants: [(NibOSVersion, String)] = []
        for n in names {
            if n.hasPrefix("objects-"), n.hasSuffix("+.nib"),
               let v = NibOSVersion(dotted: n.dropFirst("objects-".count).dropLast("+.nib".count)) {
                iOSVariants.append((v, n))
            } else if n.hasPrefix("keyedobjects-"), n.hasSuffix(".nib"),
                      let v = NibOSVersion(packed: n.dropFirst("keyedobjects-".count).dropLast(".nib".count)) {
                macVariants.append((v, n))
            }
        }
        iOSVariants.sort { $0.0 > $1.0 }
        macVariants.sort { $0.0 > $1.0 }

        var order: [String] = []
        let layout: Layout
        if !iOSVariants.isEmpty || names.contains("runtime.nib") || names.contains("objects.nib") {
            layout = .iOSDirectory
            order += iOSVariants.filter { v in options.iOSTarget.map { v.0 <= $0 } ?? true }.map(\.1)
            if names.contains("objects.nib") { order.append("objects.nib") }
            if names.contains("runtime.nib") { order.append("runtime.nib") }
        } else if names.contains("designable.nib"), macVariants.isEmpty {
            layout = .legacyBundle
            if names.contains("keyedobjects.nib") { order.append("keyedobjects.nib") }
        } else {
            layout = .macOSDirectory
            order += macVariants.filter { v in options.macOSTarget.map { v.0 <= $0 } ?? true }.map(\.1)
            if names.contains("keyedobjects.nib") { order.append("keyedobjects.nib") }
        }
        guard let chosen = order.first else {
            throw ArchiveError(.notANib, "\(dir.name) holds no nib archive (looked for objects-<ver>+.nib, objects.nib, runtime.nib, keyedobjects[-<ver>].nib)",
                               keyPath: [dir.name])
        }
        let bytes = try dir.read(chosen)
        let format = try sniff(bytes, name: dir.name + "/" + chosen)
        return NibContainer(layout: layout, chosenEntry: chosen, candidates: order, format: format, bytes: bytes)
    }

    /// The format of nib bytes, refusing formats no nib reader handles.
    static func sniff(_ bytes: [UInt8], name: String) throws(ArchiveError) -> ArchiveFormat {
        switch ArchiveFormat.detect(bytes) {
        case .nibArchive?: return .nibArchive
        case .binaryPlist?: return .binaryPlist
        case .xmlPlist?: return .xmlPlist
        case .typedstream?: return .typedstream
        case .binaryPlistPrivate?:
            throw ArchiveError(.unsupportedFormat, "\(name) is a private bplist variant, not a nib", offset: 0, keyPath: [name])
        case nil:
            throw ArchiveError(.unknownFormat, "\(name) is neither a NIBArchive nor a keyed archive", offset: 0, keyPath: [name])
        }
    }

    /// Parses ``bytes`` into the format-neutral graph.
    public func graph(limits: DecodingLimits = .default) throws(ArchiveError) -> ArchiveGraph {
        try NibArchiveParsing.graph(bytes, format: format, limits: limits)
    }
}
