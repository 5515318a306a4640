/// Hooks into a ``KeyedUnarchiver``'s class lookup and object lifecycle (`NSKeyedUnarchiverDelegate`).
///
/// Every method has a default that does nothing, so adopt only what you need.
public protocol KeyedUnarchiverDelegate: AnyObject {
    /// Called when a class name cannot be found through the class maps, the registry and `$classhints`.
    ///
    /// The returned class still goes through the secure-coding checks.
    /// - Parameters:
    ///   - unarchiver: The unarchiver.
    ///   - name: The recorded class name.
    ///   - originalClasses: The recorded `$classes` chain (empty for NIBArchive).
    /// - Returns: A class to decode the object as, or nil to fail with ``ArchiveError/Code/invalidClass``.
    func unarchiver(_ unarchiver: KeyedUnarchiver, cannotDecodeObjectOfClassName name: String,
                    originalClasses: [String]) -> (any KeyedCoding.Type)?

    /// Called after an object's fields were decoded.
    ///
    /// - Parameters:
    ///   - unarchiver: The unarchiver.
    ///   - object: The decoded object.
    /// - Returns: A replacement for later references, or nil to keep `object`. References already
    ///   handed out (inside cycles) keep the original object.
    func unarchiver(_ unarchiver: KeyedUnarchiver, didDecode object: any KeyedCoding) -> (any KeyedCoding)?

    /// Called when a decoded object is replaced, by `didDecode` or by another hook.
    ///
    /// - Parameters:
    ///   - unarchiver: The unarchiver.
    ///   - object: The object being replaced.
    ///   - newObject: Its replacement.
    func unarchiver(_ unarchiver: KeyedUnarchiver, willReplace object: any KeyedCoding, with newObject: any KeyedCoding)

    /// Called by ``KeyedUnarchiver/finishDecoding()`` before it finishes.
    /// - Parameter unarchiver: The unarchiver.
    func unarchiverWillFinish(_ unarchiver: KeyedUnarchiver)

    /// Called by ``KeyedUnarchiver/finishDecoding()`` when it has finished.
    /// - Parameter unarchiver: The unarchiver.
    func unarchiverDidFinish(_ unarchiver: KeyedUnarchiver)
}

extension KeyedUnarchiverDelegate {
    /// Finds no class.
    public func unarchiver(_ unarchiver: KeyedUnarchiver, cannotDecodeObjectOfClassName name: String,
                           originalClasses: [String]) -> (any KeyedCoding.Type)? { nil }
    /// Keeps the object.
    public func unarchiver(_ unarchiver: KeyedUnarchiver, didDecode object: any KeyedCoding) -> (any KeyedCoding)? { nil }
    /// Does nothing.
    public func unarchiver(_ unarchiver: KeyedUnarchiver, willReplace object: any KeyedCoding, with newObject: any KeyedCoding) {}
    /// Does nothing.
    public func unarchiverWillFinish(_ unarchiver: KeyedUnarchiver) {}
    /// Does nothing.
    public func unarchiverDidFinish(_ unarchiver: KeyedUnarchiver) {}
}

/// What a ``KeyedUnarchiver`` does when a decode fails (`NSDecodingFailurePolicy`).
public enum DecodingFailurePolicy: Sendable, Hashable {
    /// The failing call throws, and the error unwinds to the top-level call (Apple's default).
    case raiseException
    /// The first error is recorded in ``KeyedUnarchiver/error``; that call and every later decode return
    /// 0/false/nil, and the top-level call returns nil.
    case setErrorAndReturn
}
