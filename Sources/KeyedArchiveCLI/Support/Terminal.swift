#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Facts about where output goes, and ANSI styling that is only used on a terminal.
struct Terminal: Sendable {
    /// Whether standard output is a terminal.
    var isTTY: Bool
    /// Whether to colour output (a TTY, no `--no-color`, no `NO_COLOR` in the environment).
    var color: Bool
    /// Columns available for a progress line.
    var width: Int

    static func standardOutput(noColor: Bool) -> Terminal {
        // KEYED_ARCHIVE_TTY=1 forces terminal behaviour (progress line, summary): used by the tests.
        let forced = getenv("KEYED_ARCHIVE_TTY").map { String(cString: $0) == "1" } ?? false
        let tty = forced || isatty(STDOUT_FILENO) == 1
        let envNoColor = getenv("NO_COLOR") != nil
        return Terminal(isTTY: tty, color: tty && !noColor && !envNoColor, width: columns())
    }

    private static func columns() -> Int {
        if let c = getenv("COLUMNS"), let n = Int(String(cString: c)), n > 10 { return n }
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 10 { return Int(size.ws_col) }
        return 80
    }

    enum Style: String {
        case bold = "1", dim = "2", red = "31", green = "32", yellow = "33", blue = "34", magenta = "35", cyan = "36"
    }

    /// `text` wrapped in the style's escape codes when colouring, else unchanged.
    func paint(_ text: String, _ style: Style) -> String {
        color ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }
}

/// Unbuffered writes to the standard streams (`print` buffers differently on each platform).
enum StandardStream {
    static func write(_ text: String, to fd: Int32 = STDOUT_FILENO) {
        var text = text
        text.withUTF8 { buf in
            var offset = 0
            while offset < buf.count {
                let n = unsafe_write(fd, buf.baseAddress.map { $0 + offset }, buf.count - offset)
                if n <= 0 { return }
                offset += n
            }
        }
    }

    static func writeBytes(_ bytes: [UInt8], to fd: Int32 = STDOUT_FILENO) {
        bytes.withUnsafeBufferPointer { buf in
            var offset = 0
            while offset < buf.count {
                let n = unsafe_write(fd, buf.baseAddress.map { $0 + offset }, buf.count - offset)
                if n <= 0 { return }
                offset += n
            }
        }
    }

    static func error(_ line: String) { write(line + "\n", to: STDERR_FILENO) }

    private static func unsafe_write(_ fd: Int32, _ p: UnsafePointer<UInt8>?, _ count: Int) -> Int {
        guard let p else { return 0 }
        #if canImport(Darwin)
        return Darwin.write(fd, p, count)
        #elseif canImport(Musl)
        return Musl.write(fd, p, count)
        #else
        return Glibc.write(fd, p, count)
        #endif
    }
}
