import KeyedArchive

/// The JSON-friendly summary of a nib or storyboard that the CLI prints.
///
/// Keys: `platform`, `container`, `objectCount`, `placeholders`, `topLevelObjects`, `connections`
/// (each with `kind`, `label`, `source`, `destination`), `runtimeAttributes`, `classSwaps`,
/// `visibleWindows`, `embeddedNibs`, `segueTemplates`, `scenes` and `entryPoint` (always present; empty
/// and null for a plain nib).
public struct NibSummary: Sendable, Encodable {
    public var platform: NibPlatform
    public var container: NibContainer.Layout?
    public var objectCount: Int
    public var placeholders: [NibPlaceholder]
    public var topLevelObjects: [NibObjectReference]
    public var connections: [NibConnection]
    public var runtimeAttributes: [NibRuntimeAttribute]
    public var classSwaps: [NibClassSwap]
    public var visibleWindows: [NibObjectReference]
    public var imagePlaceholders: [NibImagePlaceholder]
    public var embeddedNibs: [NibEmbeddedNib]
    public var segueTemplates: [NibSegueTemplate]
    public var scenes: [StoryboardScene]
    public var entryPoint: String?

    enum CodingKeys: String, CodingKey {
        case platform, container, objectCount, placeholders, topLevelObjects, connections, runtimeAttributes, classSwaps
        case visibleWindows, imagePlaceholders, embeddedNibs, segueTemplates, scenes, entryPoint
    }

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
