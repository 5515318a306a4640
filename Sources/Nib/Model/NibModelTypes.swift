import KeyedArchive

/// The UI framework a nib was compiled for.
public enum NibPlatform: String, Sendable, Hashable, Codable {
    /// UIKit: root keys `UINibTopLevelObjectsKey`, `UINibObjectsKey`, `UINibConnectionsKey`, ….
    case iOS
    /// AppKit: root key `IB.objectdata` → `NSIBObjectData`.
    case macOS
}

/// A reference to one object of the nib's archive, with the class it is recorded as.
public struct NibObjectReference: Sendable, Hashable, Codable {
    /// Index in the archive's object table (`ArchiveGraph.objects`).
    public var index: Int
    /// The archived class name (for a swapper: `UIClassSwapper`/`NSClassSwapper`).
    public var className: String
    /// The class the object becomes: a swapper's custom class, a custom object's `NSClassName`, else ``className``.
    public var effectiveClassName: String

    /// A reference; the effective class defaults to the archived one.
    public init(index: Int, className: String, effectiveClassName: String? = nil) {
        self.index = index
        self.className = className
        self.effectiveClassName = effectiveClassName ?? className
    }
}

/// A placeholder (proxy) object: it stands for something supplied at load time.
public struct NibPlaceholder: Sendable, Hashable, Codable {
    /// What the object stands for or does.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// `IBFilesOwner` / AppKit `NSRoot`: the owner passed to `instantiate`.
        case filesOwner
        /// `IBFirstResponder` / AppKit `FirstResponder`: the responder chain (a nil target).
        case firstResponder
        /// AppKit's Application placeholder (an `NSCustomObject` of class `NSApplication` that is not `NSRoot`).
        case application
        /// `UIStoryboardPlaceholder` / `NSStoryboardPlaceholder`: the instantiating storyboard.
        case storyboard
        /// `UpstreamPlaceholder-<id>`: an object of a storyboard scene supplied to its view nib.
        case upstream
        /// Any other identifier: an entry of the external-objects table.
        case external
    }
    /// The archived object.
    public var object: NibObjectReference
    /// What it stands for or does.
    public var kind: Kind
    /// The identifier looked up in the external-objects table (`IBFilesOwner`, `UpstreamPlaceholder-x`, …).
    public var identifier: String

    /// A placeholder record.
    public init(object: NibObjectReference, kind: Kind, identifier: String) {
        self.object = object
        self.kind = kind
        self.identifier = identifier
    }

    static func kind(forIdentifier id: String) -> Kind {
        switch id {
        case "IBFilesOwner": .filesOwner
        case "IBFirstResponder": .firstResponder
        case "UIStoryboardPlaceholder", "NSStoryboardPlaceholder": .storyboard
        default: id.hasPrefix("UpstreamPlaceholder-") ? .upstream : .external
        }
    }
}

/// One connection record, applied at load in archive order.
public struct NibConnection: Sendable, Hashable, Codable {
    /// What the object stands for or does.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// `UIRuntimeOutletConnection`, `NSNibOutletConnector`: set property `label` on the source.
        case outlet
        /// `UIRuntimeOutletCollectionConnection`: set or append a collection.
        case outletCollection
        /// `UIRuntimeEventConnection`, `NSNibControlConnector`: target/action (`label` is the selector).
        case action
        /// `NSNibAuxiliaryActionConnector`: an extra action.
        case auxiliaryAction
        /// `NSNibBindingConnector`: a Cocoa binding (recorded, not applied).
        case binding
        /// Any other connector class (kept for display; ignored at load).
        case other
    }
    /// The connection object itself.
    public var object: NibObjectReference
    /// What it stands for or does.
    public var kind: Kind
    /// Outlet name, selector, or binding name.
    public var label: String
    /// For outlets: the object whose property is set. For actions: the control that sends.
    public var source: NibObjectReference?
    /// For outlets: the value. For actions: the target (nil = First Responder / responder chain).
    public var destination: NibObjectReference?
    /// For outlet collections: every destination, in order.
    public var destinations: [NibObjectReference]?
    /// `UIEventMask` (absent when 0, e.g. gesture recognizer actions).
    public var eventMask: UInt64?
    /// `addsContentToExistingCollection` of an outlet collection.
    public var appendsToCollection: Bool?
    /// `runtimeCollectionClassName` of an outlet collection.
    public var collectionClassName: String?
    /// Binding details (`NSBinding`, `NSKeyPath`) of a binding connector.
    public var bindingKeyPath: String?
}

/// A user-defined runtime attribute (`UINibKeyValuePair`, or one entry of an
/// `NSIBUserDefinedRuntimeAttributesConnector`).
public struct NibRuntimeAttribute: Sendable, Hashable, Codable {
    /// The object the attribute is set on.
    public var object: NibObjectReference
    /// A key path such as `layer.cornerRadius`.
    public var keyPath: String
    /// The archived value (in the nib's graph).
    public var value: NibArchivedValue
    /// The `UINibKeyValuePair` or connector object that holds it.
    public var holder: NibObjectReference
}

/// A simplified, JSON-friendly view of an archived value (used for runtime attributes and display).
public enum NibArchivedValue: Sendable, Hashable, Codable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case data(count: Int)
    case object(NibObjectReference)
    case array([NibObjectReference])
}

/// A lazy image reference (`UIImageNibPlaceholder`).
public struct NibImagePlaceholder: Sendable, Hashable, Codable {
    /// The archived object.
    public var object: NibObjectReference
    /// `UIResourceName`.
    public var resourceName: String?
    /// `UISystemSymbolResourceName`.
    public var systemSymbolName: String?
    /// `UIResourceCatalogName`.
    public var catalogName: String?
    /// `UIImageWidth`.
    public var width: Double?
    /// `UIImageHeight`.
    public var height: Double?
}

/// A class substitution (`UIClassSwapper` / `NSClassSwapper`).
public struct NibClassSwap: Sendable, Hashable, Codable {
    /// The archived object.
    public var object: NibObjectReference
    /// The custom class name as archived (possibly Swift-mangled: `_TtC5Saver26RunningTotalViewController`).
    public var customClassName: String
    /// The class to fall back to (`UIOriginalClassName`/`NSOriginalClassName`).
    public var originalClassName: String
}

/// A nib archived inside another (`UINib` with `archiveData`), e.g. a table-cell prototype.
public struct NibEmbeddedNib: Sendable, Hashable, Codable {
    /// The `UINib` object.
    public var object: NibObjectReference
    /// The dictionary key it is filed under (a cell reuse identifier), when it sits in a dictionary.
    public var key: String?
    /// The object holding the dictionary or reference (e.g. the table view), when known.
    public var owner: NibObjectReference?
    /// Byte count of the nested archive.
    public var byteCount: Int
}

/// An object → parent link (AppKit `NSObjectsKeys` / `NSObjectsValues`).
public struct NibParentLink: Sendable, Hashable, Codable {
    /// The archived object.
    public var object: NibObjectReference
    /// Its parent (`NSRoot` for top-level objects).
    public var parent: NibObjectReference
}
