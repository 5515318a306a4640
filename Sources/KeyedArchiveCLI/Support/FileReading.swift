#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Whole-file reads straight into one byte array. A file is read into an array of its size (one
/// allocation, one copy out of the kernel); pipes, and files that grow while being read, continue in
/// chunks. Every read is capped.
///
/// Reading through `FileHandle` in 1 MiB `Data` chunks appended to a growing array touched about twice
/// the file's size in fresh pages (each chunk, each doubling): for the 7.6 MB archive of
/// `Scripts/validate-bench`, 1,940 of `validate`'s 9,670 page faults.
enum FileReading {
    /// Reads `fd` to its end (the caller closes it): at most `cap` bytes, else an error naming `display`.
    static func readAll(fd: Int32, display: String, cap: Int) throws(CLIError) -> [UInt8] {
        // The size, where the descriptor can seek (a pipe cannot: it is read in chunks below).
        var expected = 0
        let start = lseek(fd, 0, SEEK_CUR)
        if start >= 0 {
            let end = lseek(fd, 0, SEEK_END)
            if end > start { expected = Int(clamping: end - start) }
            guard lseek(fd, start, SEEK_SET) == start else { throw readFailed(display, errno) }
        }
        guard expected <= cap else { throw tooLarge(display, cap) }
        var failure: Int32 = 0
        // The first `expected` bytes land in place; a file shorter than its size stops early.
        var out = [UInt8](unsafeUninitializedCapacity: expected) { buffer, count in
            count = 0
            guard let base = buffer.baseAddress else { return }
            while count < expected {
                let n = read(fd, base + count, expected - count)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                if n == 0 { return }
                count += n
            }
        }
        if failure != 0 { throw readFailed(display, failure) }
        // Whatever follows: a pipe's whole content, or bytes appended since the size was taken.
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw readFailed(display, errno)
            }
            if n == 0 { return out }
            guard out.count <= cap - n else { throw tooLarge(display, cap) }
            out.append(contentsOf: chunk[..<n])
        }
    }

    /// Reads the file at `path` (see ``readAll(fd:display:cap:)``).
    static func readFile(_ path: String, display: String, cap: Int) throws(CLIError) -> [UInt8] {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw CLIError(path: display, what: "cannot open for reading") }
        defer { close(fd) }
        return try readAll(fd: fd, display: display, cap: cap)
    }

    private static func tooLarge(_ display: String, _ cap: Int) -> CLIError {
        CLIError(path: display, what: "larger than the \(cap >> 20) MiB input limit")
    }

    private static func readFailed(_ display: String, _ code: Int32) -> CLIError {
        CLIError(path: display, what: "read failed: \(String(cString: strerror(code)))")
    }
}
