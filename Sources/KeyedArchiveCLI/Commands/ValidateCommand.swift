import ArgumentParser
import Foundation
import KeyedArchive

struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Fully parse each input and report the ones that are broken.",
        discussion: """
        Property lists are parsed, keyed archives are mapped onto their object graph and every \
        reference is checked, NIBArchives are read table by table, and nib and .storyboardc \
        directories are checked file by file. Prints one line per bad file, `path: what (where)`, \
        and exits 1 if any input is bad, 0 otherwise. With --recursive, directories and zip/ipa \
        archives are searched for plists and nibs; other files are skipped. On a terminal a progress \
        bar and a summary are shown. With --format json one document lists every checked file and \
        the summary (Docs/json-schema.md); the exit status is the same.

        Examples:
          keyed-archive validate Main.nib Info.plist
          keyed-archive validate --recursive build/MyApp.app
          keyed-archive validate App.ipa#Payload/MyApp.app/Base.lproj/Main.storyboardc
          keyed-archive validate -r MyApp.ipa --format json | jq '.results[] | select(.ok | not)'
          find build -name '*.nib' -print0 | keyed-archive validate --files-from - --null
        """
    )

    @Argument(help: "Files, nib or .storyboardc directories, - for standard input, or archive.zip#member.")
    var inputs: [String] = []

    @Option(name: .customLong("files-from"), help: ArgumentHelp(
        "Also check the inputs listed in this file (- for standard input), one per line.",
        valueName: "list"))
    var filesFrom: String?

    @Flag(name: [.customLong("null"), .customShort("0")], help: "With --files-from: the list is separated by NUL bytes (find -print0), not lines.")
    var nulSeparated = false

    @Flag(name: .shortAndLong, help: "Search directories and zip/ipa archives for plists and nibs.")
    var recursive = false

    @Option(name: .long, help: "Output format: text lines for bad files, or one JSON document for all.")
    var format: OutputFormat = .text

    @OptionGroup var common: CommonOptions

    /// One file to check.
    struct Unit {
        var path: String
        /// False for a file found while searching a tree: skip it silently if it is not an archive.
        var explicit: Bool
        var read: () throws(CLIError) -> [UInt8]
        /// Set for a `.storyboardc` as a whole: its structure is checked instead of one file.
        var storyboard: FileTree?

        init(path: String, explicit: Bool, storyboard: FileTree? = nil, read: @escaping () throws(CLIError) -> [UInt8]) {
            self.path = path
            self.explicit = explicit
            self.storyboard = storyboard
            self.read = read
        }
    }

    func validate() throws {
        if inputs.isEmpty, filesFrom == nil { throw ValidationError("Missing expected argument '<inputs> ...' (or --files-from)") }
        if filesFrom == "-", inputs.contains("-") { throw ValidationError("standard input cannot be both an input and the --files-from list") }
        if nulSeparated, filesFrom == nil { throw ValidationError("--null needs --files-from") }
    }

    func run() throws {
        var arguments = inputs
        if let list = filesFrom {
            do { arguments += try Self.readList(list, nulSeparated: nulSeparated) } catch {
                common.report(error)
                throw ExitCode.failure
            }
        }
        // Each argument becomes its files, or the error that stopped it from being read, in argument order.
        var pending: [Result<Unit, CLIError>] = []
        for argument in arguments {
            do {
                pending.append(contentsOf: try collect(InputReference(argument: argument)).map { .success($0) })
            } catch {
                pending.append(.failure(error))
            }
        }
        let json = format == .json
        var progress = ValidationProgress(terminal: common.terminal, total: pending.count)
        var report = ValidationReport()
        for item in pending {
            let path: String, outcome: Outcome
            switch item {
            case .failure(let error): (path, outcome) = (error.path, .bad(error))
            case .success(let unit):
                if !json { progress.begin(unit.path) }
                (path, outcome) = (unit.path, Self.check(unit))
            }
            report.record(path, outcome)
            if !json {
                if case .bad(let error) = outcome { progress.report(error, verbose: common.verbose) }
                progress.finish()
            }
        }
        if json {
            StandardStream.write(report.json().serialized() + "\n")
        } else {
            progress.summary(ok: report.ok, bad: report.bad, skipped: report.skipped)
        }
        if !report.bad.isEmpty { throw ExitCode.failure }
    }

    enum Outcome { case ok, skipped, bad(CLIError) }

    /// The inputs a `--files-from` list names, in order: one per line (a trailing `\r` dropped) or per
    /// NUL-terminated entry; empty entries are skipped. Lists on the command line would pass through
    /// the argument parser, whose cost grows with the square of their length, and the system's `ARG_MAX`.
    static func readList(_ list: String, nulSeparated: Bool) throws(CLIError) -> [String] {
        let bytes = list == "-" ? try InputLoader.readStandardInput() : try InputLoader.readFile(list, display: list)
        let separator: UInt8 = nulSeparated ? 0 : UInt8(ascii: "\n")
        var out: [String] = []
        for var entry in bytes.split(separator: separator, omittingEmptySubsequences: true) {
            if !nulSeparated, entry.last == UInt8(ascii: "\r") { entry = entry.dropLast() }
            if !entry.isEmpty { out.append(String(decoding: entry, as: UTF8.self)) }
        }
        return out
    }

    static func check(_ unit: Unit) -> Outcome {
        if let tree = unit.storyboard {
            do { try Validation.checkStoryboard(tree, path: unit.path) } catch { return .bad(error) }
            return .ok
        }
        let bytes: [UInt8]
        do { bytes = try unit.read() } catch { return .bad(error) }
        if !unit.explicit, !Recognizer.isCandidate(bytes[...]) { return .skipped }
        if unit.explicit, Recognizer.isZip(bytes) {
            return .bad(CLIError(path: unit.path, what: "is a zip archive: use --recursive, or name a member as archive.zip#member"))
        }
        do {
            try Validation.check(bytes)
            return .ok
        } catch {
            return .bad(CLIError(path: unit.path, error, bytes: bytes))
        }
    }

    /// The files one argument stands for.
    func collect(_ ref: InputReference) throws(CLIError) -> [Unit] {
        let shown = ref.description
        // A named file is read when it is checked, not now: every unit is collected before the first is
        // checked, so reading here held all named files in memory at once. With --recursive only its
        // first bytes are read now, to see whether it is a zip to search like a directory.
        if case .path(let p) = ref.location, isDirectory(p) == false {
            if recursive, Recognizer.isZip(InputLoader.readHead(p, count: 4)) {
                return units(in: try InputLoader.zipTree(p, display: shown), explicit: false)
            }
            return [Unit(path: shown, explicit: true) { () throws(CLIError) in try InputLoader.readFile(p, display: shown) }]
        }
        switch try InputLoader.load(ref) {
        case .file(let bytes):
            return [Unit(path: shown, explicit: true) { () throws(CLIError) in bytes }]
        case .tree(let tree):
            let isBundle = shown.hasSuffix(".nib") || shown.hasSuffix(".storyboardc")
                || shown.hasSuffix(".nib/") || shown.hasSuffix(".storyboardc/")
            guard recursive || isBundle else {
                throw CLIError(path: shown, what: "is a directory: use --recursive to search it")
            }
            return units(in: tree, explicit: false)
        }
    }

    /// Every file of `tree`, then each `.storyboardc` in it (or the tree itself) as a whole.
    private func units(in tree: FileTree, explicit: Bool) -> [Unit] {
        var out = tree.entries.map { Unit(path: tree.displayPath($0), explicit: explicit, read: $0.read) }
        var storyboards: [String] = []
        if tree.name.hasSuffix(".storyboardc") || tree.name.hasSuffix(".storyboardc/") { storyboards.append("") }
        for e in tree.entries {
            guard let prefix = Recognizer.bundlePrefix(e.path), prefix.hasSuffix(".storyboardc"),
                  storyboards.last != prefix else { continue }
            storyboards.append(prefix)
        }
        for prefix in storyboards {
            let sub = prefix.isEmpty ? tree : tree.subtree(prefix, name: prefix)
            let shown = prefix.isEmpty ? (tree.name.hasSuffix("/") ? String(tree.name.dropLast()) : tree.name)
                : tree.displayPath(FileTree.Entry(path: prefix, size: 0) { () throws(CLIError) in [] })
            out.append(Unit(path: shown, explicit: true, storyboard: sub) { () throws(CLIError) in [] })
        }
        return out
    }

    /// Whether `path` is a directory; nil when nothing is there.
    private func isDirectory(_ path: String) -> Bool? {
        var isDir: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDir) ? isDir.boolValue : nil
    }
}
