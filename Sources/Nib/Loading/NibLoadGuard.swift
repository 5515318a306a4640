#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import KeyedArchive

/// Detects a nib load re-entering itself on the same thread (a custom view whose initializer loads a
/// nib rooted in the same class), and bounds how deeply loads may nest on one thread.
///
/// Instantiation is synchronous, so a nested load runs on the thread of the load around it. Each thread
/// keeps its stack of nibs being instantiated in thread-local storage.
enum NibLoadGuard {
    /// The per-thread stack of parses being instantiated.
    final class Stack {
        var active: [ObjectIdentifier] = []
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        // The destructor releases a thread's stack when the thread exits.
        _ = pthread_key_create(&key) { pointer in
            #if canImport(Darwin)
            Unmanaged<Stack>.fromOpaque(pointer).release()
            #else
            if let pointer { Unmanaged<Stack>.fromOpaque(pointer).release() }
            #endif
        }
        return key
    }()

    private static var currentStack: Stack {
        if let p = pthread_getspecific(key) { return Unmanaged<Stack>.fromOpaque(p).takeUnretainedValue() }
        let stack = Stack()
        _ = pthread_setspecific(key, Unmanaged.passRetained(stack).toOpaque())
        return stack
    }

    static func run<R>(_ identity: AnyObject, name: String, limit: Int,
                       _ body: () throws(ArchiveError) -> R) throws(ArchiveError) -> R {
        let stack = currentStack
        let id = ObjectIdentifier(identity)
        if stack.active.contains(id) {
            throw ArchiveError(.recursiveNibLoad, "\(name) is instantiated again while it is being instantiated (an object it creates loads it)",
                               keyPath: [name])
        }
        if stack.active.count >= limit {
            throw ArchiveError(.recursiveNibLoad, "\(name): more than \(limit) nib loads nested inside one another", keyPath: [name])
        }
        stack.active.append(id)
        defer { stack.active.removeLast() }
        return try body()
    }
}
