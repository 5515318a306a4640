import ArgumentParser
import KeyedArchive
import Nib

struct TextCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "text",
        abstract: "Print the text and attribute runs of an attributed-string archive.",
        discussion: """
        The input is a typedstream (NSArchiver: a Messages attributedBody, a pasteboard or defaults \
        value) or a keyed archive whose root is an NSAttributedString or a string. Text output is \
        the plain string, then one line per run: its UTF-16 range and its attributes. --plain prints \
        the string alone. A value of a class with no Foundation shape prints as <ClassName>. JSON \
        output: {"format", "text", "runs": [{"start", "length", "attributes": {name: value}}]}.

        Examples:
          keyed-archive text attributedBody.bin
          keyed-archive text --plain attributedBody.bin
          sqlite3 chat.db "select writefile('m.bin', attributedBody) from message where rowid = 1" && keyed-archive text m.bin
        """
    )

    @Argument(help: "A file, - for standard input, or archive.zip#member.")
    var input: String

    @Option(name: .long, help: "Output format.")
    var format: OutputFormat = .text

    @Flag(name: .long, help: "Print only the plain string.")
    var plain = false

    @OptionGroup var common: CommonOptions

    func run() throws {
        let opened = try common.open(input)
        let report = try common.catching(opened) { () throws(ArchiveError) -> AttributedTextReport in
            guard let graph = opened.document.graph, opened.document.kindName != "nibArchive" else {
                throw ArchiveError(.unsupportedFormat, "\(opened.document.summary) is not an archive of an attributed string")
            }
            return try AttributedTextReport(graph: graph)
        }
        if plain {
            StandardStream.write(report.text + "\n")
            return
        }
        switch format {
        case .text:
            var lines = [report.text]
            let terminal = common.terminal
            for r in report.runs {
                let attrs = r.attributes.map { "\($0.name) = \($0.value)" }.joined(separator: ", ")
                lines.append(terminal.paint("[\(r.start), \(r.start + r.length))", .dim) + (attrs.isEmpty ? "" : " " + attrs))
            }
            StandardStream.write(lines.joined(separator: "\n") + "\n")
        case .json:
            let runs = report.runs.map { r in
                JSONValue.object([
                    ("start", .int(Int64(r.start))), ("length", .int(Int64(r.length))),
                    ("attributes", .object(r.attributes.map { ($0.name, JSONValue.string($0.value)) })),
                ])
            }
            let doc = JSONValue.object([("format", .string(report.format)), ("text", .string(report.text)), ("runs", .array(runs))])
            StandardStream.write(doc.serialized() + "\n")
        }
    }
}
