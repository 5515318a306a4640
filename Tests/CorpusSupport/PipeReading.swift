import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension FileHandle {
    /// Everything until end of file, read with `read(2)` and retried on `EINTR`.
    ///
    /// corelibs Foundation's `readDataToEndOfFile()` traps (`try!`) when a read is interrupted by a
    /// signal, which happens under load while child processes exit; test helpers use this instead.
    public func readAllRetryingInterrupts() -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let fd = fileDescriptor
            #if canImport(Glibc)
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            #else
            let n = buffer.withUnsafeMutableBytes { Darwin.read(fd, $0.baseAddress, $0.count) }
            #endif
            if n > 0 {
                data.append(contentsOf: buffer[0 ..< n])
            } else if n == 0 || errno != EINTR {
                return data
            }
        }
    }
}
