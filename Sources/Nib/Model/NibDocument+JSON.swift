import KeyedArchive

/// The JSON-friendly summary of a nib or storyboard that the CLI prints.
///
/// Keys: `platform`, `container`, `objectCount`, `placeholders`, `topLevelObjects`, `connections`
/// (each with `kind`, `label`, `source`, `destination`), `runtimeAttributes`, `classSwaps`,
/// `visibleWindows`, `embeddedNibs`, `segueTemplates`, `scenes` and `entryPoint` (always present; empty
/// and null for a plain nib).
public struct NibSummary: Sendable, Encodable {
    /// `iOS` or `macOS`.
    public var platform: NibPlatform
    /// How the nib was stored, when known.
    public var container: NibContainer.Layout?
    /// Objects in the archive (0 for a storyboard summary).
    public var objectCount: Int
    /// See ``NibDocument/placeholders``.
    public var placeholders: [NibPlaceholder]
    /// See ``NibDocument/topLevelObjects``.
    public var topLevelObjects: [NibObjectReference]
    /// See ``NibDocument/connections``.
    public var connections: [NibConnection]
    /// See ``NibDocument/runtimeAttributes``.
    public var runtimeAttributes: [NibRuntimeAttribute]
    /// See ``NibDocument/classSwaps``.
    public var classSwaps: [NibClassSwap]
    /// See ``NibDocument/visibleWindows``.
    public var visibleWindows: [NibObjectReference]
    /// See ``NibDocument/imagePlaceholders``.
    public var imagePlaceholders: [NibImagePlaceholder]
    /// See ``NibDocument/embeddedNibs``.
    public var embeddedNibs: [NibEmbeddedNib]
    /// See ``NibDocument/segueTemplates``.
    public var segueTemplates: [NibSegueTemplate]
    /// Storyboard scenes (empty for a nib).
    public var scenes: [StoryboardScene]
    /// The storyboard's initial controller identifier (null for a nib).
    public var entryPoint: String?

    enum CodingKeys: String, CodingKey {
        case platform, container, objectCount, placeholders, topLevelObjects, connections, runtimeAttributes, classSwaps
        case visibleWindows, imagePlaceholders, embeddedNibs, segueTemplates, scenes, entryPoint
    }

    /// Writes every key, `entryPoint` as null when absent.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(platform, forKey: .platform)
        try c.encodeIfPresent(container, forKey: .container)
        try c.encode(objectCount, forKey: .objectCount)
        try c.encode(placeholders, forKey: .placeholders)
        try c.encode(topLevelObjects, forKey: .topLevelObjects)
        try c.encode(connections, forKey: .connections)
        try c.encode(runtimeAttributes, forKey: .runtimeAttributes)
        try c.encode(classSwaps, forKey: .classSwaps)
        try c.encode(visibleWindows, forKey: .visibleWindows)
        try c.encode(imagePlaceholders, forKey: .imagePlaceholders)
        try c.encode(embeddedNibs, forKey: .embeddedNibs)
        try c.encode(segueTemplates, forKey: .segueTemplates)
        try c.encode(scenes, forKey: .scenes)
        try c.encode(entryPoint, forKey: .entryPoint)
    }
}

extension NibDocument {
    /// The summary of this nib (no scenes, no entry point).
    public func summary(container: NibContainer.Layout? = nil) -> NibSummary {
        NibSummary(platform: platform, container: container, objectCount: graph.objects.count, placeholders: placeholders,
                   topLevelObjects: topLevelObjects, connections: connections, runtimeAttributes: runtimeAttributes,
                   classSwaps: classSwaps, visibleWindows: visibleWindows, imagePlaceholders: imagePlaceholders,
                   embeddedNibs: embeddedNibs, segueTemplates: segueTemplates, scenes: [], entryPoint: nil)
    }
}

extension NibConnection {
    enum CodingKeys: String, CodingKey {
        case object, kind, label, source, destination, destinations, eventMask, appendsToCollection, collectionClassName, bindingKeyPath
    }

    /// Always writes `kind`, `label`, `source` and `destination` (null when absent).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(object, forKey: .object)
        try c.encode(kind, forKey: .kind)
        try c.encode(label, forKey: .label)
        try c.encode(source, forKey: .source)
        try c.encode(destination, forKey: .destination)
        try c.encodeIfPresent(destinations, forKey: .destinations)
        try c.encodeIfPresent(eventMask, forKey: .eventMask)
        try c.encodeIfPresent(appendsToCollection, forKey: .appendsToCollection)
        try c.encodeIfPresent(collectionClassName, forKey: .collectionClassName)
        try c.encodeIfPresent(bindingKeyPath, forKey: .bindingKeyPath)
    }
}
