import ArgumentParser
import KeyedArchive
import Nib

struct DumpCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dump",
        abstract: "Print the object graph of a keyed archive or nib (or a plist's tree).",
        discussion: """
        Text output is an indented tree from the archive's top. Every object appears once as `#i Class` \
        (i is its index in the archive's object table); later references to it, including cycles, \
        print as `→ #i`. Data shows a short hex preview and its size. JSON output lists the object \
        table exactly as stored (see Docs/json-schema.md).

        Examples:
          keyed-archive dump Samples/minimal.nib
          keyed-archive dump --depth 2 Archive.plist
          keyed-archive dump --format json Archive.plist | jq '.objects[.top.root]'
        """
    )

    @Argument(help: "A file, nib directory, - for standard input, or archive.zip#member.")
    var input: String

    @Option(name: .long, help: "Output format.")
    var format: OutputFormat = .text

    @Option(name: .long, help: "Expand objects at most this many levels deep (text output).")
    var depth: Int?

    @OptionGroup var common: CommonOptions

    func validate() throws {
        if let depth, depth < 0 { throw ValidationError("--depth must be 0 or more") }
    }

    func run() throws {
        let opened = try common.open(input)
        let terminal = common.terminal
        switch (opened.document, format) {
        case (.plist(let plist), .text):
            StandardStream.write(PlistTextRenderer(plist: plist, terminal: terminal, maxDepth: depth).render())
        case (.plist(let plist), .json):
            let value = try common.catching(opened) { () throws(ArchiveError) in try PlistJSONRenderer(plist: plist).render() }
            let doc = JSONValue.object([
                ("version", .int(Int64(GraphJSONRenderer.schemaVersion))), ("format", .string("plist")),
                ("plistFormat", .string(plist.format.rawValue)), ("value", value),
            ])
            StandardStream.write(doc.serialized() + "\n")
        case (.keyedArchive(_, let graph), .text), (.nibArchive(let graph), .text), (.typedstream(let graph), .text):
            StandardStream.write(GraphTextRenderer(graph: graph, terminal: terminal, maxDepth: depth).render())
        case (.keyedArchive(_, let graph), .json), (.nibArchive(let graph), .json), (.typedstream(let graph), .json):
            let doc = try common.catching(opened) { () throws(ArchiveError) in try GraphJSONRenderer(graph: graph).render() }
            StandardStream.write(doc.serialized() + "\n")
        }
    }
}
