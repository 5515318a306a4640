import KeyedArchive
import Nib

/// What `validate` means by "this file is fine".
enum Validation {
    /// Parses `bytes` completely: the plist (every object of it), the keyed-archive or NIBArchive graph,
    /// every reference in that graph, and for a nib its document model and load plan.
    static func check(_ bytes: [UInt8]) throws(ArchiveError) {
        let document = try ArchiveDocument.open(bytes)
        if let problem = problem(in: document) { throw problem }
    }

    /// What `validate` finds wrong with a parsed document beyond parsing: a keyed archive's structure
    /// as `NSKeyedUnarchiver` checks it, references in the graph, and for a nib its model and load plan.
    /// `dump` and `convert` print the same problem as a warning, so no command says less than another.
    static func problem(in document: ArchiveDocument) -> ArchiveError? {
        do throws(ArchiveError) {
            switch document {
            case .plist(let plist):
                // Materialise every value once: strings, dates and numbers are decoded lazily otherwise.
                _ = try plist.value(at: nil)
            case .keyedArchive(let plist, let graph):
                try plist.checkKeyedArchiveStructure()
                try checkGraph(graph)
            case .nibArchive(let graph):
                try checkGraph(graph)
            case .typedstream(let graph):
                // The reader resolved every reference; what is left is the Foundation shapes it holds.
                try GraphCheck.verify(graph)
                try graph.validateFoundationShapes()
                // An Interface Builder 2 objects.nib: its nib model must build too.
                if case .ref(let root)? = graph.top.first?.value, graph.className(ofObject: root) == "NSIBObjectData" {
                    _ = try NibDocument(graph: graph)
                }
            }
        } catch {
            return error
        }
        return nil
    }

    private static func checkGraph(_ graph: ArchiveGraph) throws(ArchiveError) {
        try GraphCheck.verify(graph)
        if ArchivePlatform.detect(graph) != nil || graph.metadata.source == .nibArchive {
            _ = try Nib(document: try NibDocument(graph: graph))
        }
    }

    /// Checks a `.storyboardc`'s Info.plist and that every scene it lists has a readable nib.
    static func checkStoryboard(_ tree: FileTree, path: String) throws(CLIError) {
        var files: [String: [UInt8]] = [:]
        for (p, bytes) in try tree.readAll() { files[p] = bytes }
        let dir = MemoryNibDirectory(name: String(path.split(separator: "/").last ?? Substring(path)), files: files)
        let storyboard: StoryboardDocument
        do { storyboard = try StoryboardDocument(directory: dir) } catch { throw CLIError(path: path, error) }
        for (_, nibName) in storyboard.nibNames {
            do { _ = try storyboard.document(nibNamed: nibName) } catch {
                throw CLIError(path: path + "/" + nibName + ".nib", error)
            }
        }
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
