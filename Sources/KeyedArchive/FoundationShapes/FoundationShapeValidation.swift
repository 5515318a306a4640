extension ArchiveGraph {
    /// Decodes every object whose class is a Foundation value class (strings, attributed strings,
    /// collections, numbers, values, data, dates, colours, fonts) and throws the first failure: the
    /// check behind `keyed-archive validate` for typedstreams, where the reader alone cannot know that
    /// an `NSString`'s bytes are UTF-8 or that attribute runs fit their string.
    ///
    /// A collection that holds an instance of an app class is not a failure: only its own shape is judged.
    ///
    /// - Throws: The first ``ArchiveError`` a Foundation shape raises, naming its object.
    public func validateFoundationShapes() throws(ArchiveError) {
        let u = KeyedUnarchiver(graph: self)
        for i in objects.indices where objects[i].kind == .object {
            let c = objects[i].classIndex
            guard c >= 0, c < classes.count else { continue }
            let name = classes[c].name
            guard u.family(ofClass: c) != .other || name == "NSColor" || name == "NSFont" else { continue }
            do {
                _ = try ArchivedValue.decodeArchived(objectAt: i, from: u)
            } catch where error.code == .invalidClass {
                continue
            } catch {
                var e = error
                if e.objectIndex == nil { e.objectIndex = i }
                throw e
            }
        }
    }
}
