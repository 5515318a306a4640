#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs `body` to completion on a fresh thread whose stack is `bytes` long: a recursion per nesting
/// level that would fit the test runner's stack overflows here and crashes the test process.
/// The caller waits for the thread, so `body` never outlives the call.
func onSmallStack(_ bytes: Int = 64 * 1024, _ body: () -> Void) {
    withoutActuallyEscaping(body) { runOnSmallStack(bytes, $0) }
}

private final class SmallStackBox: @unchecked Sendable {
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
}

private func runOnSmallStack(_ bytes: Int, _ body: @escaping () -> Void) {
    // Allocated rather than `pthread_attr_t()`: that initializer's owning module varies with what else
    // the test target imports (Glibc or CDispatch), which MemberImportVisibility rejects.
    let attr = UnsafeMutablePointer<pthread_attr_t>.allocate(capacity: 1)
    pthread_attr_init(attr)
    defer {
        pthread_attr_destroy(attr)
        attr.deallocate()
    }
    pthread_attr_setstacksize(attr, bytes)
    let context = Unmanaged.passRetained(SmallStackBox(body)).toOpaque()
    #if canImport(Darwin)
    var thread: pthread_t?
    #else
    var thread = pthread_t()
    #endif
    let started = pthread_create(&thread, attr, { raw in
        #if canImport(Darwin)
        let box = Unmanaged<SmallStackBox>.fromOpaque(raw).takeRetainedValue()
        #else
        guard let raw else { return nil }
        let box = Unmanaged<SmallStackBox>.fromOpaque(raw).takeRetainedValue()
        #endif
        box.body()
        return nil
    }, context)
    precondition(started == 0, "pthread_create failed: \(started)")
    #if canImport(Darwin)
    if let thread { pthread_join(thread, nil) }
    #else
    pthread_join(thread, nil)
    #endif
}
