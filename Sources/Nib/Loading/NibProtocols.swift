import KeyedArchive

/// A class that takes part in nib connections: it declares the outlets, attributes and actions it
/// accepts, and may receive `awakeFromNib`. Owners (File's Owner) adopt this; classes the nib
/// creates adopt ``NibInstantiable``.
///
/// Declare `awakeFromNib()` in the first class that conforms so that subclasses can override it.
public protocol NibConnectable: AnyObject {
    /// The outlets, collections, attributes and actions of this class.
    static var nibKeys: NibKeys { get }
    /// Called once after every connection and runtime attribute of the nib has been applied.
    func awakeFromNib()
}

extension NibConnectable {
    /// Default: declares nothing.
    public static var nibKeys: NibKeys { NibKeys() }
    /// Default: does nothing.
    public func awakeFromNib() {}
}

/// A class the nib loader can create, in two phases: ``init()`` (the object is registered before any
/// field is read, so cycles work), then ``decodeNib(from:)`` with every object already created.
public protocol NibInstantiable: NibConnectable {
    /// Creates an empty object (also used as-is for `UICustomObject`/`NSCustomObject`).
    init()
    /// Reads the archived fields (the `init(coder:)` equivalent). Default: reads nothing.
    func decodeNib(from coder: NibCoder) throws(ArchiveError)
}

extension NibInstantiable {
    /// Default: reads nothing.
    public func decodeNib(from coder: NibCoder) throws(ArchiveError) {}
}

/// An object that records target/action connections (`UIRuntimeEventConnection`,
/// `NSNibControlConnector`), so that ``NibActionDispatcher`` can send them later.
public protocol NibActionSource: AnyObject {
    /// Records one target/action pair.
    func addNibAction(_ action: NibTargetAction)
    /// The recorded pairs, in connection order.
    var nibActions: [NibTargetAction] { get }
}

/// The stand-in for the First Responder placeholder: outlets to it receive this object, and actions
/// aimed at it are recorded with ``NibTargetAction/targetsFirstResponder`` set and a nil target.
public final class NibFirstResponder: Sendable {
    /// The single stand-in.
    public static let shared = NibFirstResponder()
    private init() {}
}
