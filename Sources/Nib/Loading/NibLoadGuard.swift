import KeyedArchive

/// Detects a nib load re-entering itself on the same task/thread (a custom view whose initializer loads
/// a nib rooted in the same class), and bounds how deeply loads may nest.
enum NibLoadGuard {
    @TaskLocal static var active: [ObjectIdentifier] = []

    static func run<R>(_ identity: NibIdentity, name: String, limit: Int,
                       _ body: () throws(ArchiveError) -> R) throws(ArchiveError) -> R {
        let stack = active
        let id = ObjectIdentifier(identity)
        if stack.contains(id) {
            throw ArchiveError(.recursiveNibLoad, "\(name) is instantiated again while it is being instantiated (an object it creates loads it)",
                               keyPath: [name])
        }
        if stack.count >= limit {
            throw ArchiveError(.recursiveNibLoad, "\(name): more than \(limit) nib loads nested inside one another", keyPath: [name])
        }
        let result: Result<R, ArchiveError> = $active.withValue(stack + [id]) {
            do throws(ArchiveError) { return .success(try body()) } catch { return .failure(error) }
        }
        return try result.get()
    }
}
