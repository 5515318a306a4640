#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension ArchiveError.Code {
    /// A file or directory could not be found.
    public static let fileNotFound = Self("fileNotFound", cocoaCode: 260)
    /// A file exists but could not be read (permissions, a directory where a file was expected, an I/O error).
    public static let readFailed = Self("readFailed", cocoaCode: 256)
}

/// Whole-file reads into one byte array, capped: a file is read into an array of its size (one
/// allocation, one copy out of the kernel); pipes, and files that grow while being read, continue in
/// chunks. No read holds more than `limit` bytes, whatever the file claims or turns out to be.
public enum FileBytes {
    /// The cap when none is given: ``DecodingLimits/maxTotalBytes`` of the default limits (1 GiB).
    public static let defaultLimit = DecodingLimits.default.maxTotalBytes

    /// The bytes of the file at `path`.
    /// - Throws: `fileNotFound` when nothing is there, `readFailed` when it cannot be opened or read
    ///   (a directory included), `limitExceeded` when it holds more than `limit` bytes.
    public static func read(path: String, limit: Int = defaultLimit) throws(ArchiveError) -> [UInt8] {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else {
            let code = errno
            throw ArchiveError(code == ENOENT || code == ENOTDIR ? .fileNotFound : .readFailed,
                               "cannot open \(path): \(message(code))")
        }
        defer { close(fd) }
        return try read(fileDescriptor: fd, name: path, limit: limit)
    }

    /// Reads `fd` from its current position to its end; the caller closes it. `name` is for messages.
    public static func read(fileDescriptor fd: Int32, name: String, limit: Int = defaultLimit) throws(ArchiveError) -> [UInt8] {
        let cap = max(0, limit)
        // The size of a regular file from its current position; anything else (a pipe, a terminal) is
        // read in chunks below. A directory's seek end is no size (ext4 reports 2^63 - 1).
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw readFailed(name, errno) }
        let type = info.st_mode & S_IFMT
        if type == S_IFDIR { throw readFailed(name, EISDIR) }
        var expected = 0
        if type == S_IFREG {
            let start = lseek(fd, 0, SEEK_CUR)
            if start >= 0, Int64(info.st_size) > Int64(start) { expected = Int(clamping: Int64(info.st_size) - Int64(start)) }
        }
        guard expected <= cap else { throw tooLarge(name, cap) }
        var failure: Int32 = 0
        // The first `expected` bytes land in place; a file shorter than its size stops early.
        var out = [UInt8](unsafeUninitializedCapacity: expected) { buffer, count in
            count = 0
            guard let base = buffer.baseAddress else { return }
            while count < expected {
                let n = systemRead(fd, base + count, expected - count)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                if n == 0 { return }
                count += n
            }
        }
        if failure != 0 { throw readFailed(name, failure) }
        // Whatever follows: a pipe's whole content, or bytes appended since the size was taken. The
        // scratch chunk is not zeroed: only the bytes a read returned are copied out of it (a regular
        // file's one empty read used to pay for clearing 64 KiB).
        var error: ArchiveError?
        withUnsafeTemporaryAllocation(byteCount: 1 << 16, alignment: 1) { chunk in
            while true {
                let n = systemRead(fd, chunk.baseAddress, chunk.count)
                if n < 0 {
                    if errno == EINTR { continue }
                    error = readFailed(name, errno)
                    return
                }
                if n == 0 { return }
                guard out.count <= cap - n else {
                    error = tooLarge(name, cap)
                    return
                }
                out.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[..<n]))
            }
        }
        if let error { throw error }
        return out
    }

    private static func message(_ code: Int32) -> String {
        guard let s = strerror(code) else { return "error \(code)" }
        return String(cString: s)
    }

    private static func tooLarge(_ name: String, _ cap: Int) -> ArchiveError {
        ArchiveError(.limitExceeded, "\(name) is larger than the \(cap >> 20) MiB input limit")
    }

    private static func readFailed(_ name: String, _ code: Int32) -> ArchiveError {
        ArchiveError(.readFailed, "cannot read \(name): \(message(code))")
    }
}

/// The C library's `read`, out of reach of ``FileBytes``'s own `read` methods (which shadow it there).
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(fd, buffer, count)
}
