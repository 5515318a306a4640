/// Hooks into a ``KeyedArchiver`` (`NSKeyedArchiverDelegate`). Every method has a default.
public protocol KeyedArchiverDelegate: AnyObject {
    /// Called once per object before it is encoded (after its own ``KeyedCoding/replacementObject(for:)``).
    ///
    /// - Parameters:
    ///   - archiver: The archiver.
    ///   - object: The object about to be encoded.
    /// - Returns: The object to encode in its place (return `object` to keep it), or nil to encode nil.
    func archiver(_ archiver: KeyedArchiver, willEncode object: any KeyedCoding) -> (any KeyedCoding)?

    /// Called after an object's fields were encoded.
    ///
    /// - Parameters:
    ///   - archiver: The archiver.
    ///   - object: The object encoded.
    func archiver(_ archiver: KeyedArchiver, didEncode object: any KeyedCoding)

    /// Called once per original object that is replaced.
    ///
    /// - Parameters:
    ///   - archiver: The archiver.
    ///   - object: The original object.
    ///   - newObject: Its replacement (nil when it is encoded as nil).
    func archiver(_ archiver: KeyedArchiver, willReplace object: any KeyedCoding, with newObject: (any KeyedCoding)?)

    /// Called for non-fatal problems, such as a key encoded twice in one object (the last value wins).
    ///
    /// - Parameters:
    ///   - archiver: The archiver.
    ///   - warning: What happened.
    func archiver(_ archiver: KeyedArchiver, didWarn warning: String)

    /// Called by ``KeyedArchiver/finishEncoding()`` before it finishes.
    /// - Parameter archiver: The archiver.
    func archiverWillFinish(_ archiver: KeyedArchiver)

    /// Called by ``KeyedArchiver/finishEncoding()`` when it has finished.
    /// - Parameter archiver: The archiver.
    func archiverDidFinish(_ archiver: KeyedArchiver)
}

extension KeyedArchiverDelegate {
    /// Keeps the object.
    public func archiver(_ archiver: KeyedArchiver, willEncode object: any KeyedCoding) -> (any KeyedCoding)? { object }
    /// Does nothing.
    public func archiver(_ archiver: KeyedArchiver, didEncode object: any KeyedCoding) {}
    /// Does nothing.
    public func archiver(_ archiver: KeyedArchiver, willReplace object: any KeyedCoding, with newObject: (any KeyedCoding)?) {}
    /// Does nothing.
    public func archiver(_ archiver: KeyedArchiver, didWarn warning: String) {}
    /// Does nothing.
    public func archiverWillFinish(_ archiver: KeyedArchiver) {}
    /// Does nothing.
    public func archiverDidFinish(_ archiver: KeyedArchiver) {}
}
