import ArgumentParser
import Foundation
import KeyedArchive
import Nib

struct LsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ls",
        abstract: "List the plists, keyed archives, nibs and storyboards in a directory, .app, .ipa or .zip.",
        discussion: """
        Files are recognised by their first bytes, never by their extension. A nib directory and a \
        .storyboardc are one entry each: a nib directory is described by the file a loader would read \
        (the highest objects-N+.nib or keyedobjects-N.nib), a storyboard by its Info.plist and the \
        total object count of its nibs. Unreadable archives are listed with their error.

        Examples:
          keyed-archive ls build/MyApp.app
          keyed-archive ls MyApp.ipa --format json | jq '.items[] | select(.kind == "nib")'
          keyed-archive ls MyApp.ipa#Payload/MyApp.app/Base.lproj
        """
    )

    @Argument(help: "A directory, .app, .ipa, .zip, or archive.zip#directory.")
    var input: String

    @Option(name: .long, help: "Output format.")
    var format: OutputFormat = .text

    @OptionGroup var common: CommonOptions

    func run() throws {
        let ref = InputReference(argument: input)
        let tree: FileTree
        do {
            tree = try Self.tree(ref)
        } catch {
            common.report(error)
            throw ExitCode.failure
        }
        let items = Inventory.scan(tree)
        switch format {
        case .json: StandardStream.write(Self.json(items, tree: tree, root: ref.description).serialized() + "\n")
        case .text: StandardStream.write(Self.table(items, tree: tree, terminal: common.terminal))
        }
    }

    /// The tree an `ls` argument names: a directory, a zip file, a directory member of a zip.
    static func tree(_ ref: InputReference) throws(CLIError) -> FileTree {
        if case .path(let p) = ref.location {
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: p, isDirectory: &isDir), !isDir.boolValue {
                guard Recognizer.isZip(InputLoader.readHead(p, count: 4)) else {
                    throw CLIError(path: ref.description, what: "is a single file: ls lists directories and zip/ipa archives")
                }
                return try InputLoader.zipTree(p, display: ref.description)
            }
        }
        switch try InputLoader.load(ref) {
        case .tree(let t): return t
        case .file: throw CLIError(path: ref.description, what: "is a single file: ls lists directories and zip archives")
        }
    }

    static func json(_ items: [ArchiveInventory.Item], tree: FileTree, root: String) -> JSONValue {
        let rows: [JSONValue] = items.map { item in
            var row: [(String, JSONValue)] = [
                ("path", .string(item.path)), ("kind", .string(item.kind)), ("format", .string(item.format)),
                ("size", .int(Int64(item.size))),
                ("objects", item.objects.map { .int(Int64($0)) } ?? .null),
                ("platform", item.platform.map { .string($0.rawValue) } ?? .null),
            ]
            if let d = item.detail { row.append(("detail", .string(d))) }
            if let p = item.problem { row.append(("error", .string(Inventory.error(p, in: tree).description))) }
            return .object(row)
        }
        return .object([("version", .int(1)), ("root", .string(root)), ("items", .array(rows))])
    }

    static func table(_ items: [ArchiveInventory.Item], tree: FileTree, terminal: Terminal) -> String {
        var rows: [[String]] = [["KIND", "FORMAT", "SIZE", "OBJECTS", "PLATFORM", "PATH"]]
        for i in items {
            rows.append([i.kind, i.format, String(i.size), i.objects.map(String.init) ?? "-",
                         i.platform?.rawValue ?? "-", i.path + (i.problem.map { "  ✗ " + Inventory.error($0, in: tree).what } ?? "")])
        }
        var widths = [Int](repeating: 0, count: 6)
        for r in rows { for (c, cell) in r.enumerated() { widths[c] = max(widths[c], cell.count) } }
        var out = ""
        for (n, r) in rows.enumerated() {
            var line = ""
            for (c, cell) in r.enumerated() {
                let padding = String(repeating: " ", count: widths[c] - cell.count)
                // Numbers right-aligned, text left-aligned; the last column unpadded.
                if c == 5 { line += cell } else if c == 2 || c == 3 { line += padding + cell + "  " } else { line += cell + padding + "  " }
            }
            out += (n == 0 ? terminal.paint(line, .bold) : line) + "\n"
        }
        return out
    }
}
