#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import KeyedArchive

/// A parsed nib, ready to instantiate any number of times (the `UINib`/`NSNib` equivalent).
///
/// Parsing reads the container, builds the ``NibDocument`` and precomputes a load plan (object recipes,
/// connection steps, awake order). Each ``instantiate(owner:externalObjects:)`` then only creates fresh
/// objects and wires them: no bytes are read again.
public struct Nib: Sendable {
    /// Everything parsed, shared by copies of this value (copying a `Nib` is one retain).
    let storage: NibStorage

    /// The nib's model.
    public var document: NibDocument { storage.document }
    /// How the nib was stored (nil when built from a graph or document).
    public var container: NibContainer? { storage.container }
    /// A name used in errors and diagnostics (file name when known).
    public var name: String { storage.name }
    var plan: NibLoadPlan { storage.plan }
    var limits: DecodingLimits { storage.limits }
    /// The identity of this parse (the recursion guard's key).
    var identity: NibStorage { storage }

    /// Builds a nib from a parsed document.
    public init(document: NibDocument, name: String = "nib", limits: DecodingLimits = .default) throws(ArchiveError) {
        try self.init(document: document, container: nil, name: name, limits: limits)
    }

    init(document: NibDocument, container: NibContainer?, name: String, limits: DecodingLimits) throws(ArchiveError) {
        // The load plan decodes objects by key; an Interface Builder 2 nib's objects are positional.
        guard document.graph.metadata.source != .typedstream else {
            throw ArchiveError(.unsupportedFormat, "\(name): an Interface Builder 2 objects.nib (typedstream) opens as a NibDocument "
                               + "(placeholders, objects, connections) but does not instantiate: its AppKit objects are written positionally")
        }
        storage = NibStorage(document: document, container: container, name: name, limits: limits,
                             plan: try NibLoadPlan(document: document, limits: limits))
    }

    /// Opens a nib from a file, a directory or bytes (see ``NibSource``).
    public init(source: NibSource, options: NibOpenOptions = .default) throws(ArchiveError) {
        let container = try NibContainer.open(source, options: options)
        let name = source.name ?? "nib"
        do {
            let doc = try NibDocument(graph: container.graph(limits: options.limits))
            try self.init(document: doc, container: container, name: name, limits: options.limits)
        } catch {
            throw error.prefixingKeyPath(name)
        }
    }

    /// Opens the nib at `url`: a flat file or a nib directory.
    public init(contentsOf url: URL, options: NibOpenOptions = .default) throws(ArchiveError) {
        try self.init(source: .url(url), options: options)
    }

    /// Parses nib bytes (NIBArchive or keyed archive; sniffed).
    public init(data: [UInt8], options: NibOpenOptions = .default) throws(ArchiveError) {
        try self.init(source: .data(data, name: nil), options: options)
    }

    /// Parses nib bytes (NIBArchive or keyed archive; sniffed).
    public init(data: Data, options: NibOpenOptions = .default) throws(ArchiveError) {
        try self.init(data: Array(data), options: options)
    }

    /// Creates fresh objects and returns the top-level objects (placeholders excluded), in archive order.
    ///
    /// - Parameters:
    ///   - owner: File's Owner. With nil, connections that touch the owner are skipped.
    ///   - externalObjects: objects for placeholders, by identifier (`UIStoryboardPlaceholder`,
    ///     `UpstreamPlaceholder-…`, custom identifiers; `NSApplication` for AppKit's Application).
    /// - Throws: `missingExternalObject` naming a placeholder with no object,
    ///   `undeclaredOutlet` for an outlet the source class does not declare,
    ///   `recursiveNibLoad` when the nib is loaded from inside its own loading.
    public func instantiate(owner: AnyObject?, externalObjects: [String: AnyObject] = [:]) throws(ArchiveError) -> [AnyObject] {
        try instantiate(owner: owner, externalObjects: externalObjects, options: NibInstantiationOptions()).topLevelObjects
    }

    /// Creates fresh objects and returns the full result: top-level objects, every object by archive
    /// index, recorded actions and diagnostics. See ``instantiate(owner:externalObjects:)``.
    public func instantiate(owner: AnyObject?, externalObjects: [String: AnyObject] = [:],
                            options: NibInstantiationOptions) throws(ArchiveError) -> NibInstantiation {
        try NibLoadGuard.run(storage, name: storage.name, limit: options.maxNestedLoads) { () throws(ArchiveError) in
            var loader = NibLoader(nib: storage, owner: owner, externalObjects: externalObjects, options: options)
            return try loader.run()
        }
    }

    /// The nested nib (`UINib.archiveData`, e.g. a table-cell prototype) as a ``Nib``; parsed on first
    /// use and cached.
    public func embeddedNib(_ nib: NibEmbeddedNib) throws(ArchiveError) -> Nib {
        if let cached = identity.embedded.withLock({ $0[nib.object.index] }) { return cached }
        let doc = try document.embeddedDocument(nib, limits: limits)
        var inner = limits
        inner.maxNestedArchiveDepth = max(0, inner.maxNestedArchiveDepth - 1)
        let parsed = try Nib(document: doc, container: nil, name: "\(name)#\(nib.object.index)", limits: inner)
        identity.embedded.withLock { $0[nib.object.index] = parsed }
        return parsed
    }

    /// The nested nib filed under `key` (a cell reuse identifier), if any.
    public func embeddedNib(forKey key: String) throws(ArchiveError) -> Nib? {
        guard let e = document.embeddedNibs.first(where: { $0.key == key }) else { return nil }
        return try embeddedNib(e)
    }
}

/// One parse: the model, the load plan and lazily parsed nested nibs. Its identity is the recursion
/// guard's key.
final class NibStorage: Sendable {
    let document: NibDocument
    let container: NibContainer?
    let name: String
    let limits: DecodingLimits
    let plan: NibLoadPlan
    let embedded = ArchiveLock<[Int: Nib]>([:])

    init(document: NibDocument, container: NibContainer?, name: String, limits: DecodingLimits, plan: NibLoadPlan) {
        self.document = document
        self.container = container
        self.name = name
        self.limits = limits
        self.plan = plan
    }
}

/// Options for one instantiation.
public struct NibInstantiationOptions {
    /// Where class names are resolved.
    public var registry: NibClassRegistry
    /// Collect undeclared outlets as diagnostics instead of throwing.
    public var collectsUndeclaredOutlets: Bool
    /// Supplies objects for `UIImageNibPlaceholder`s (nil: a generic object keeps the placeholder's fields).
    public var imageProvider: ((NibImagePlaceholder) -> AnyObject?)?
    /// Called for each visible-at-launch window, after `awakeFromNib` (headless by default).
    public var showWindow: ((AnyObject) -> Void)?
    /// How many nib loads may nest inside one another on this thread before
    /// `recursiveNibLoad` is thrown.
    public var maxNestedLoads: Int

    /// Options; every parameter has the documented default.
    public init(registry: NibClassRegistry = .shared, collectsUndeclaredOutlets: Bool = false,
                imageProvider: ((NibImagePlaceholder) -> AnyObject?)? = nil, showWindow: ((AnyObject) -> Void)? = nil,
                maxNestedLoads: Int = 32) {
        self.registry = registry
        self.collectsUndeclaredOutlets = collectsUndeclaredOutlets
        self.imageProvider = imageProvider
        self.showWindow = showWindow
        self.maxNestedLoads = maxNestedLoads
    }
}

/// A non-fatal observation made while instantiating.
public struct NibDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// What kind of observation this is.
    public enum Kind: String, Sendable, Hashable {
        /// A swapper's custom class is not registered; the original class was used.
        case unknownClass
        /// An outlet or attribute the class does not declare (only with `collectsUndeclaredOutlets`).
        case undeclaredOutlet
        /// A connection was skipped because it touches a nil owner.
        case skippedNilOwner
        /// An action's target does not declare the selector.
        case unknownAction
    }
    /// What kind of observation this is.
    public var kind: Kind
    /// A human-readable description (not stable; do not match on it).
    public var message: String
    /// The archive index of the object or connection concerned.
    public var objectIndex: Int?
    /// The message.
    public var description: String { message }
}

/// The result of one instantiation.
public final class NibInstantiation {
    /// The objects `instantiate(owner:externalObjects:)` returns.
    public let topLevelObjects: [AnyObject]
    /// The owner passed in.
    public let owner: AnyObject?
    /// Non-fatal observations (unknown classes, collected undeclared outlets, skipped connections).
    public let diagnostics: [NibDiagnostic]
    /// Every action connection applied: (sender, action).
    public let actions: [(sender: AnyObject, action: NibTargetAction)]
    let table: [AnyObject?]

    init(topLevelObjects: [AnyObject], owner: AnyObject?, diagnostics: [NibDiagnostic],
         actions: [(sender: AnyObject, action: NibTargetAction)], table: [AnyObject?]) {
        self.topLevelObjects = topLevelObjects
        self.owner = owner
        self.diagnostics = diagnostics
        self.actions = actions
        self.table = table
    }

    /// The object created for (or substituted at) archive index `index`.
    public func object(at index: Int) -> AnyObject? {
        index >= 0 && index < table.count ? table[index] : nil
    }
}
