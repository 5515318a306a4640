// Added for the Nib module's loader (additive; no existing signature changed): a loader that creates
// objects itself registers them here, then lets each registered class decode its own fields through
// this unarchiver, so references between them keep their identity.
extension KeyedUnarchiver {
    /// Registers an instance created elsewhere for object `index`: references to that object decode to
    /// it, and its fields are not decoded automatically.
    ///
    /// - Parameters:
    ///   - object: The instance standing for the object.
    ///   - index: The object's index in ``graph``; out-of-range indices are ignored.
    public func register(_ object: any KeyedCoding, forObjectAt index: Int) {
        guard index >= 0, index < graph.objects.count else { return }
        prepareObjectTables()
        table[index] = object
    }

    /// Runs `object.decode(with:)` scoped to object `index`, then decodes every object that decode
    /// created but deferred, so the fields are complete when this returns.
    ///
    /// - Parameters:
    ///   - object: An instance registered with ``register(_:forObjectAt:)``.
    ///   - index: Its object index.
    /// - Throws: What the decode throws, located at the object.
    public func decodeFields(of object: any KeyedCoding, forObjectAt index: Int) throws(ArchiveError) {
        try decodeFields(of: object, at: index)
        try drainPending()
    }
}
