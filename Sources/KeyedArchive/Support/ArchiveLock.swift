#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value behind a `pthread_mutex_t`: the package's lock for shared tables (class registries, nested-nib
/// caches).
///
/// Not `Synchronization.Mutex`: on Linux that lock is built on futexes, which ThreadSanitizer cannot
/// see, so every access it guards is reported as a race and a TSan run proves nothing (checked with a
/// two-thread program, see Docs/fuzzing.md). ThreadSanitizer intercepts `pthread_mutex_lock`, so with this
/// lock its reports are real. Uncontended, a lock and unlock cost about 20 ns; these locks are taken
/// per registration, per class lookup and per nested nib, never per value.
package final class ArchiveLock<Value>: @unchecked Sendable {
    // Invariant: `value` is read and written only between lock and unlock of `mutex`.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    package init(_ value: Value) {
        self.value = value
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the value.
    package func withLock<R, E: Error>(_ body: (inout Value) throws(E) -> R) throws(E) -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
