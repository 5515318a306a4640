import KeyedArchive
import Nib

/// `validate`'s checks: the library's ``ArchiveValidation``, with file paths for errors.
enum Validation {
    /// Checks one file's bytes, as ``ArchiveValidation/validate(_:limits:)`` does.
    static func check(_ bytes: [UInt8]) throws(ArchiveError) {
        try ArchiveValidation.validate(bytes)
    }

    /// Checks a `.storyboardc`'s Info.plist and that every scene it lists has a readable nib.
    static func checkStoryboard(_ tree: FileTree, path: String) throws(CLIError) {
        var files: [String: [UInt8]] = [:]
        for (p, bytes) in try tree.readAll() { files[p] = bytes }
        let dir = InMemoryNibDirectory(name: String(path.split(separator: "/").last ?? Substring(path)), files: files)
        guard let (error, nibName) = ArchiveValidation.problem(inStoryboard: dir) else { return }
        throw CLIError(path: nibName.map { path + "/" + $0 + ".nib" } ?? path, error)
    }
}

/// `validate`'s output: a redrawn progress line and a summary on a terminal; otherwise only the
/// lines for bad files.
struct ValidationProgress {
    let terminal: Terminal
    let total: Int
    private(set) var done = 0
    private var current = ""

    init(terminal: Terminal, total: Int) {
        self.terminal = terminal
        self.total = total
    }

    mutating func begin(_ path: String) {
        current = path
        draw()
    }

    mutating func finish() {
        done += 1
        draw()
    }

    /// Prints a bad file's line (above the progress line on a terminal).
    func report(_ error: CLIError, verbose: Bool) {
        let line = error.report(verbose: verbose)
        if terminal.isTTY {
            StandardStream.write("\r\u{1B}[K" + terminal.paint(line, .red) + "\n")
            draw()
        } else {
            StandardStream.write(line + "\n")
        }
    }

    func summary(ok: Int, bad: [CLIError], skipped: Int) {
        guard terminal.isTTY else { return }
        var kinds: [String: Int] = [:]
        for e in bad { kinds[e.kind, default: 0] += 1 }
        var line = ProgressBar.summary(ok: ok, bad: bad.count, kinds: kinds)
        if skipped > 0 { line += ", \(skipped) skipped (not a plist or nib)" }
        StandardStream.write("\r\u{1B}[K" + terminal.paint(line, bad.isEmpty ? .green : .red) + "\n")
    }

    private func draw() {
        guard terminal.isTTY else { return }
        StandardStream.write("\r\u{1B}[K" + ProgressBar.render(done: done, total: total, current: current, width: terminal.width - 1))
    }
}
