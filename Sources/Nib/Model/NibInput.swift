import KeyedArchive

/// Any nib input: a nib (flat file or bundle directory) or a compiled storyboard. This is the entry
/// point for tools that accept "a nib or a storyboard" (for example `keyed-archive nib <input>`).
public enum NibInput: Sendable {
    /// A nib, with the container it came from.
    case nib(Nib)
    /// A `.storyboardc` directory (recognised by its `Info.plist`, whatever its name).
    case storyboard(StoryboardDocument)

    /// Opens `source`: a directory with an `Info.plist` is a storyboard, anything else a nib.
    /// - Throws: The container, reader and model errors of ``Nib/init(source:options:)`` and
    ///   ``StoryboardDocument/init(directory:options:)``.
    public static func open(_ source: NibSource, options: NibOpenOptions = .default) throws(ArchiveError) -> NibInput {
        if case let .directory(dir) = source, StoryboardDocument.isStoryboard(dir) {
            return .storyboard(try StoryboardDocument(directory: dir, options: options))
        }
        return .nib(try Nib(source: source, options: options))
    }

    /// The JSON-friendly summary (see ``NibSummary``).
    public var summary: NibSummary {
        switch self {
        case let .nib(nib): nib.document.summary(container: nib.container?.layout)
        case let .storyboard(doc): doc.summary()
        }
    }
}

/// What one instantiation produced, in a printable form.
public struct NibInstantiationReport: Sendable, Encodable {
    /// Class names of the returned top-level objects.
    public var topLevelObjects: [String]
    /// How many objects the nib created (placeholders excluded).
    public var createdObjectCount: Int
    /// How many objects were generic ``NibObject``s.
    public var genericObjectCount: Int
    /// How many target/action pairs were recorded.
    public var actionCount: Int
    /// Diagnostics, as text.
    public var diagnostics: [String]
}

extension Nib {
    /// A generic stand-in for every placeholder that needs an external object (storyboard, upstream
    /// and custom identifiers), so that any nib can be instantiated for inspection.
    public func standInExternalObjects() -> [String: AnyObject] {
        var out: [String: AnyObject] = [:]
        for p in document.placeholders where p.kind != .filesOwner && p.kind != .firstResponder {
            out[p.identifier] = NibObject(className: p.identifier)
        }
        return out
    }

    /// Instantiates with generic objects only (an empty registry), a generic owner and stand-in external
    /// objects, and reports what was created.
    /// - Throws: Instantiation errors (see ``instantiate(owner:externalObjects:options:)``).
    public func inspectInstantiation() throws(ArchiveError) -> NibInstantiationReport {
        let owner = NibObject(className: document.filesOwner.map { document.effectiveClassName($0.index) } ?? "NSObject")
        let result = try instantiate(owner: owner, externalObjects: standInExternalObjects(),
                                     options: NibInstantiationOptions(registry: NibClassRegistry(), collectsUndeclaredOutlets: true))
        let created = plan.objectPlans.compactMap { result.object(at: $0.index) }
        return NibInstantiationReport(
            topLevelObjects: result.topLevelObjects.map { ($0 as? NibObject)?.className ?? String(describing: type(of: $0)) },
            createdObjectCount: created.count, genericObjectCount: created.filter { $0 is NibObject }.count,
            actionCount: result.actions.count, diagnostics: result.diagnostics.map(\.message))
    }
}
