import KeyedArchive

/// A registered view class that wants the nib's view tree: after every object is decoded, the loader
/// hands it each member of its `UISubviews`/`NSSubviews`, in archive order.
public protocol NibViewHierarchy: AnyObject {
    /// Adds one subview (called once per subview, before any connection is applied).
    func nibAddSubview(_ subview: AnyObject)
}

/// A ready-made stand-in for view classes (`UIView`, `UILabel`, `NSView`, …): register it under the
/// names you want views for, and subclass it for your own views.
///
/// It decodes the frame (`UIBounds` + `UICenter`, or `NSFrame`/`NSFrameSize`), `UITag`/`NSTag` and
/// `UIHidden`/`NSvFlags`' hidden bit, keeps the archived class name, and builds `subviews`/`superview`.
open class NibView: NibInstantiable, NibViewHierarchy, NibActionSource, CustomStringConvertible {
    /// The archived class name (the swapper's custom class when there was one).
    public internal(set) var archivedClassName = ""
    /// The frame in the superview's coordinates, when archived.
    public var frame: ArchiveRect?
    /// `UITag` / `NSTag`.
    public var tag: Int64 = 0
    /// `UIHidden`, or bit 31 of `NSvFlags`.
    public var isHidden = false
    /// Subviews in archive order.
    public private(set) var subviews: [AnyObject] = []
    /// The view this one was added to.
    public private(set) weak var superview: NibView?
    /// Target/action pairs this view sends.
    public var nibActions: [NibTargetAction] = []

    /// An empty view (fields arrive in ``decodeNib(from:)``).
    public required init() {}

    /// Reads the frame, tag and hidden flag; call `super` when overriding.
    open func decodeNib(from coder: NibCoder) throws(ArchiveError) {
        archivedClassName = coder.archivedClassName
        if let bounds = try coder.decodeRect(forKey: "UIBounds"), let center = try coder.decodePair(forKey: "UICenter") {
            frame = ArchiveRect(x: center.0 - bounds.size.width / 2, y: center.1 - bounds.size.height / 2,
                                width: bounds.size.width, height: bounds.size.height)
        } else if let f = try coder.decodeRect(forKey: "NSFrame") {
            frame = f
        } else if let s = try coder.decodePair(forKey: "NSFrameSize") {
            frame = ArchiveRect(x: 0, y: 0, width: s.0, height: s.1)
        }
        tag = try coder.decodeInteger(forKey: coder.contains("UITag") ? "UITag" : "NSTag")
        // NSvFlags bit 31 is "hidden" (0x80000000).
        let uiHidden = try coder.decodeBool(forKey: "UIHidden")
        let vFlags = try coder.decodeInteger(forKey: "NSvFlags")
        isHidden = uiHidden || vFlags & 0x8000_0000 != 0
    }

    /// Appends the subview and sets its ``superview``.
    open func nibAddSubview(_ subview: AnyObject) {
        subviews.append(subview)
        (subview as? NibView)?.superview = self
    }

    /// Declares nothing; override to add outlets and actions.
    open class var nibKeys: NibKeys { NibKeys() }

    /// Does nothing; override.
    open func awakeFromNib() {}

    /// Records an action (see ``NibActionSource``).
    public func addNibAction(_ action: NibTargetAction) { nibActions.append(action) }

    /// Class name, tag and frame.
    public var description: String { "<\(archivedClassName) tag=\(tag) \(frame.map { "\($0)" } ?? "no frame")>" }
}
