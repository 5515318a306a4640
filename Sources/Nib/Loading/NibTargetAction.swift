import KeyedArchive

/// One target/action pair recorded from a connection.
public struct NibTargetAction {
    /// The receiver (weak, as controls hold their targets). Nil for First Responder actions.
    public weak var target: AnyObject?
    /// The action selector, e.g. `buttonTapped:`.
    public var selector: String
    /// `UIEventMask` (`UIControl.Event` bits); 0 for gesture recognizers and AppKit connectors.
    public var eventMask: UInt64
    /// Whether the action travels the responder chain (First Responder target or no destination).
    public var targetsFirstResponder: Bool
    /// `.action` or `.auxiliaryAction`.
    public var kind: NibConnection.Kind

    /// A target/action pair.
    public init(target: AnyObject?, selector: String, eventMask: UInt64, targetsFirstResponder: Bool, kind: NibConnection.Kind = .action) {
        self.target = target
        self.selector = selector
        self.eventMask = eventMask
        self.targetsFirstResponder = targetsFirstResponder
        self.kind = kind
    }

    /// Whether sending `events` triggers this action (a mask of 0 matches every send).
    public func matches(_ events: UInt64) -> Bool { eventMask == 0 || eventMask & events != 0 }
}

/// Sends recorded actions: the small target-action machinery that lets tests "tap" a control.
public enum NibActionDispatcher {
    /// `UIControl.Event.touchUpInside`.
    public static let touchUpInside: UInt64 = 1 << 6
    /// `UIControl.Event.valueChanged`.
    public static let valueChanged: UInt64 = 1 << 12

    /// Performs every action of `sender` that matches `events`. First Responder actions go to the first
    /// object in `responderChain` that declares the selector.
    /// - Returns: how many actions reached a receiver.
    @discardableResult
    public static func send(_ events: UInt64, from sender: any NibActionSource, responderChain: [AnyObject] = []) -> Int {
        var delivered = 0
        for action in sender.nibActions where action.matches(events) {
            if action.targetsFirstResponder {
                if let r = responderChain.first(where: { responds($0, to: action.selector) }), perform(action.selector, on: r, sender: sender) {
                    delivered += 1
                }
            } else if let t = action.target, perform(action.selector, on: t, sender: sender) {
                delivered += 1
            }
        }
        return delivered
    }

    /// Calls the action `selector` on `target`: a declared ``NibKeys`` action, or for a generic
    /// ``NibObject`` a record in ``NibObject/receivedActions``.
    /// - Returns: false when the target has no such action.
    @discardableResult
    public static func perform(_ selector: String, on target: AnyObject, sender: AnyObject?) -> Bool {
        if let generic = target as? NibObject {
            generic.receivedActions.append((selector, sender))
            return true
        }
        guard let method = NibKeysCache.keys(for: target)?.actions[selector] else { return false }
        method(target, sender)
        return true
    }

    /// Whether `target` can receive `selector`.
    public static func responds(_ target: AnyObject, to selector: String) -> Bool {
        target is NibObject || NibKeysCache.keys(for: target)?.actions[selector] != nil
    }
}

/// Reads ``NibConnectable/nibKeys`` of an object's class.
enum NibKeysCache {
    static func keys(for object: AnyObject) -> NibKeys? {
        (type(of: object) as? any NibConnectable.Type)?.nibKeys
    }
}
