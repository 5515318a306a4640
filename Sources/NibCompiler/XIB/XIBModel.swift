/// The runtime a XIB or storyboard targets (`targetRuntime`).
public enum XIBRuntime: String, Sendable, Hashable {
    /// UIKit (`iOS.CocoaTouch`, `AppleTV`, `watchKit` …): NIBArchive output.
    case cocoaTouch
    /// AppKit (`MacOSX.Cocoa`).
    case cocoa
}

/// One object of a XIB: an element with an `id` that is not a connection.
public struct XIBObject: Sendable {
    /// The element in ``XIBDocument/tree``.
    public var element: Int
    /// The element name: `view`, `label`, `customObject`, `placeholder`, `constraint`, ….
    public var name: String
    /// The XIB id (`-1`, `i5M-Pr-FkT`); ids are never stored in the nib.
    public var id: String
    /// The `key` attribute when the object is a property of its parent (`key="view"`).
    public var key: String?
    /// The nearest enclosing object, as an index into ``XIBDocument/objects``.
    public var parent: Int?
    /// Objects nested inside this one, in document order.
    public var children: [Int] = []
    /// `customClass`.
    public var customClass: String?
    /// `customModule`.
    public var customModule: String?
    /// `customModuleProvider` (`target` takes the module from the compiler's `--module`).
    public var customModuleProvider: String?
    /// `userLabel` (an IB annotation; not stored).
    public var userLabel: String?
    /// `placeholderIdentifier` of a `<placeholder>` (`IBFilesOwner`, `IBFirstResponder`, …).
    public var placeholderIdentifier: String?
    /// `<connections>` of this object, in document order.
    public var connections: [XIBConnection] = []
    /// `<userDefinedRuntimeAttributes>` of this object.
    public var runtimeAttributes: [XIBRuntimeAttribute] = []
}

/// One `<connections>` entry.
public struct XIBConnection: Sendable {
    /// What kind of connection.
    public enum Kind: String, Sendable, Hashable {
        /// `<outlet property destination>`.
        case outlet
        /// `<outletCollection property destination collectionClass>`.
        case outletCollection
        /// `<action selector destination eventType>` (UIKit) or `<action selector target>` (AppKit).
        case action
        /// `<segue destination kind identifier>` (storyboards).
        case segue
        /// `<binding destination name keyPath>` (AppKit bindings).
        case binding
    }
    /// What kind of connection.
    public var kind: Kind
    /// The element in ``XIBDocument/tree``.
    public var element: Int
    /// The object the `<connections>` belongs to (index into ``XIBDocument/objects``).
    public var owner: Int
    /// The connection's XIB id.
    public var id: String?
    /// Outlet property, action selector, segue identifier or binding name.
    public var label: String?
    /// The id of the other end: an outlet's destination, a UIKit action's target, an AppKit action's
    /// `target`, a segue's destination, a binding's observed object.
    public var destination: String?
    /// UIKit action `eventType` (`touchUpInside`, `valueChanged`, …).
    public var eventType: String?
    /// Segue `kind`, or outlet collection `collectionClass`.
    public var detail: String?
    /// Binding `keyPath`.
    public var keyPath: String?
}

/// One `<userDefinedRuntimeAttribute type keyPath value>`.
public struct XIBRuntimeAttribute: Sendable {
    /// The element in ``XIBDocument/tree`` (a typed value may be a child such as `<color key="value">`).
    public var element: Int
    /// `keyPath`.
    public var keyPath: String
    /// `type`: `boolean`, `number`, `string`, `color`, `size`, `point`, `rect`, `range`, `image`, `nil`, ….
    public var type: String
    /// `value` when the value is an attribute.
    public var value: String?
}

/// One `<resources>` entry.
public struct XIBResource: Sendable {
    /// `image`, `namedColor`, `systemColor`, ….
    public var kind: String
    /// The resource's `name`.
    public var name: String
    /// The element in ``XIBDocument/tree``.
    public var element: Int
}

/// One storyboard scene.
public struct XIBScene: Sendable {
    /// `sceneID`.
    public var id: String
    /// The scene's top-level objects (index into ``XIBDocument/objects``), in document order.
    public var objects: [Int]
    /// The `<scene>` element.
    public var element: Int
}
