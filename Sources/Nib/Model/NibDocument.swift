import KeyedArchive

/// The typed, read-only model of one compiled nib (UIKit or AppKit), over either container.
///
/// A document is built once from an `ArchiveGraph` and never changes. Objects are named by
/// their archive index (``NibObjectReference``), so the model stays valid for any number of
/// instantiations.
public struct NibDocument: Sendable {
    /// The archive the document reads.
    public let graph: ArchiveGraph
    /// UIKit or AppKit.
    public let platform: NibPlatform
    /// Proxies: File's Owner, First Responder, storyboard, upstream and other external placeholders.
    public internal(set) var placeholders: [NibPlaceholder] = []
    /// The objects `instantiate` returns, in archive order, placeholders excluded.
    public internal(set) var topLevelObjects: [NibObjectReference] = []
    /// iOS: `UINibObjectsKey` (the `awakeFromNib` list, proxies included). macOS: `NSObjectsKeys`.
    public internal(set) var objects: [NibObjectReference] = []
    /// Connections in archive (application) order.
    public internal(set) var connections: [NibConnection] = []
    /// User-defined runtime attributes in archive order.
    public internal(set) var runtimeAttributes: [NibRuntimeAttribute] = []
    /// Windows marked visible at launch.
    public internal(set) var visibleWindows: [NibObjectReference] = []
    /// AppKit object → parent links (empty for UIKit nibs).
    public internal(set) var parents: [NibParentLink] = []
    /// `UINibAccessibilityConfigurationsKey` / `NSAccessibilityConnectors` entries.
    public internal(set) var accessibilityConfigurations: [NibObjectReference] = []
    /// `UIImageNibPlaceholder` objects.
    public internal(set) var imagePlaceholders: [NibImagePlaceholder] = []
    /// Class substitutions.
    public internal(set) var classSwaps: [NibClassSwap] = []
    /// Nested nibs (`UINib.archiveData`, `NSNib.NSNibFileData`), parsed lazily by ``embeddedDocument(_:limits:)``.
    public internal(set) var embeddedNibs: [NibEmbeddedNib] = []
    /// Storyboard segue templates found in this nib.
    public internal(set) var segueTemplates: [NibSegueTemplate] = []
    /// The File's Owner object (`IBFilesOwner` proxy or AppKit `NSRoot`), if archived.
    public internal(set) var filesOwner: NibObjectReference?
    /// AppKit's `NSIBObjectData` object, if any.
    public internal(set) var objectDataIndex: Int?
    /// Object index → position in ``placeholders`` (the first record wins).
    var placeholderPosition: [Int: Int] = [:]
    /// What each class of ``graph`` is to the nib layer.
    let classRoles: NibClassRoles
    /// Object index → the class it becomes, for the objects that name another class (swappers,
    /// `NSClassName` holders): read once here, not at every ``reference(_:)``.
    var namedClasses: [Int: String] = [:]

    /// Reads the nib model from a parsed archive.
    /// - Throws: `notANibArchive` when the root has neither UIKit nor AppKit nib keys,
    ///   and `typeMismatch` (with object index and key path) for malformed records.
    public init(graph: ArchiveGraph) throws(ArchiveError) {
        self.graph = graph
        classRoles = NibClassRoles(graph: graph)
        for i in graph.objects.indices {
            let role = classRoles.role(ofObject: i, in: graph)
            if role.contains(.uiClassSwapper) {
                if let name = graph.nibString(i, "UIClassName") { namedClasses[i] = name }
            } else if role.contains(.nsClassNamed) {
                if let name = graph.nibString(i, "NSClassName") { namedClasses[i] = name }
            }
        }
        if graph.metadata.source == .typedstream {
            // An Interface Builder 2 objects.nib: NSIBObjectData, positional.
            platform = .macOS
            try readTypedstreamAppKit()
        } else if graph.topValue(forKey: "IB.objectdata") != nil {
            platform = .macOS
            try readAppKit()
        } else if graph.topValue(forKey: "UINibTopLevelObjectsKey") != nil || graph.topValue(forKey: "UINibObjectsKey") != nil
                    || graph.topValue(forKey: "UINibConnectionsKey") != nil {
            platform = .iOS
            try readUIKit()
        } else {
            throw ArchiveError(.notANibArchive, "the archive root has neither UINib*Key entries nor IB.objectdata", objectIndex: 0)
        }
        readCommon()
        placeholderPosition.reserveCapacity(placeholders.count)
        for (i, p) in placeholders.enumerated() where placeholderPosition[p.object.index] == nil {
            placeholderPosition[p.object.index] = i
        }
    }

    /// Opens and parses a nib from a file, directory or bytes.
    public init(source: NibSource, options: NibOpenOptions = .default) throws(ArchiveError) {
        let container = try NibContainer.open(source, options: options)
        try self.init(graph: container.graph(limits: options.limits))
    }

    /// A reference to object `index`, with its recorded and effective class names.
    /// Inlined: called from the mutating readers, a call copied the whole document (384 bytes) each time.
    @inline(__always)
    public func reference(_ index: Int) -> NibObjectReference {
        let name = graph.className(ofObject: index) ?? (index >= 0 && index < graph.objects.count ? "(plain)" : "(invalid)")
        return NibObjectReference(index: index, className: name, effectiveClassName: effectiveClassName(index))
    }

    /// The class an object becomes: a swapper's custom class, `NSClassName` of custom objects/views,
    /// else the archived class.
    @inline(__always)
    public func effectiveClassName(_ index: Int) -> String {
        guard let name = graph.className(ofObject: index) else { return "(plain)" }
        guard !classRoles.role(ofObject: index, in: graph).isDisjoint(with: [.uiClassSwapper, .nsClassNamed]) else { return name }
        return namedClasses[index] ?? name
    }

    /// The placeholder record for object `index`, if it is one.
    public func placeholder(at index: Int) -> NibPlaceholder? {
        placeholderPosition[index].map { placeholders[$0] }
    }

    /// Parses a nested nib (lazily; each call parses again — cache the result if you need it twice).
    public func embeddedDocument(_ nib: NibEmbeddedNib, limits: DecodingLimits = .default) throws(ArchiveError) -> NibDocument {
        guard limits.maxNestedArchiveDepth > 0 else {
            throw ArchiveError(.limitExceeded, "nested nibs deeper than maxNestedArchiveDepth", objectIndex: nib.object.index)
        }
        let bytes = try embeddedBytes(nib)
        var inner = limits
        inner.maxNestedArchiveDepth -= 1
        let format = try NibContainer.sniff(bytes, name: "embedded nib #\(nib.object.index)")
        do {
            return try NibDocument(graph: NibArchiveParsing.graph(bytes, format: format, limits: inner))
        } catch {
            throw error.prefixingKeyPath("embedded nib #\(nib.object.index)")
        }
    }

    /// The raw bytes of a nested nib.
    public func embeddedBytes(_ nib: NibEmbeddedNib) throws(ArchiveError) -> [UInt8] {
        guard let b = try graph.nestedArchiveBytes(ofObject: nib.object.index) else {
            throw ArchiveError(.valueNotFound, "embedded nib has no archiveData/NSNibFileData", objectIndex: nib.object.index,
                               keyPath: ArchiveGraph.nestedArchiveKeys)
        }
        return Array(b)
    }
}
