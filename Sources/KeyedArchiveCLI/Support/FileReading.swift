import KeyedArchive

/// Whole-file reads for the CLI: the library's ``FileBytes`` (one array of the file's size, capped),
/// with its errors said the way the CLI reports inputs.
///
/// Reading through `FileHandle` in 1 MiB `Data` chunks appended to a growing array touched about twice
/// the file's size in fresh pages (each chunk, each doubling): for the 7.6 MB archive of
/// `Scripts/validate-bench`, 1,940 of `validate`'s 9,670 page faults.
enum FileReading {
    /// Reads `fd` to its end (the caller closes it): at most `cap` bytes, else an error naming `display`.
    static func readAll(fd: Int32, display: String, cap: Int) throws(CLIError) -> [UInt8] {
        do { return try FileBytes.read(fileDescriptor: fd, name: display, limit: cap) } catch { throw cliError(error, display, cap) }
    }

    /// Reads the file at `path` (see ``readAll(fd:display:cap:)``).
    static func readFile(_ path: String, display: String, cap: Int) throws(CLIError) -> [UInt8] {
        do { return try FileBytes.read(path: path, limit: cap) } catch { throw cliError(error, display, cap) }
    }

    private static func cliError(_ e: ArchiveError, _ display: String, _ cap: Int) -> CLIError {
        switch e.code {
        case .limitExceeded: CLIError(path: display, what: "larger than the \(cap >> 20) MiB input limit")
        case .fileNotFound: CLIError(path: display, what: "cannot open for reading")
        default: CLIError(path: display, what: e.reason)
        }
    }
}
