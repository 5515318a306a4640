import ArgumentParser
import Foundation
import KeyedArchive

struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert a property list, keyed archive or nib to another representation.",
        discussion: """
        binary and xml are lossless for every property list, keyed archives included: converting \
        binary → xml → binary reproduces the same objects. json is a one-way readable rendering \
        (Docs/json-schema.md says exactly how UIDs, data, dates, reals and 128-bit integers appear). \
        For a NIBArchive, json prints its object graph as `dump --format json` does. Output goes to \
        standard output unless -o is given.

        Examples:
          keyed-archive convert Archive.plist --to xml
          keyed-archive convert Archive.xml --to binary -o Archive.plist
          keyed-archive convert Settings.plist --to json | jq .
        """
    )

    enum Target: String, ExpressibleByArgument, CaseIterable {
        case binary, xml, json, nibarchive
    }

    @Argument(help: "A file, - for standard input, or archive.zip#member.")
    var input: String

    @Option(name: .long, help: "The representation to write: binary, xml, json or nibarchive.")
    var to: Target

    @Option(name: .shortAndLong, help: "Write here instead of standard output.")
    var output: String?

    @OptionGroup var common: CommonOptions

    func run() throws {
        let opened = try common.open(input)
        let bytes: [UInt8] = try common.catching(opened) { () throws(ArchiveError) -> [UInt8] in
            switch (opened.document, to) {
            case (.plist(let p), .binary), (.keyedArchive(let p, _), .binary):
                return p.binaryData()
            case (.plist(let p), .xml), (.keyedArchive(let p, _), .xml):
                return p.xmlData()
            case (.plist(let p), .json), (.keyedArchive(let p, _), .json):
                return Array((try PlistJSONRenderer(plist: p).render().serialized() + "\n").utf8)
            case (.nibArchive(let g), .json):
                return Array((try GraphJSONRenderer(graph: g).render().serialized() + "\n").utf8)
            case (.nibArchive(let g), .binary), (.nibArchive(let g), .xml):
                // NIBArchive conventions → keyed conventions, then the keyed-archive layout.
                let keyed = try PropertyList(keyedArchive: try g.convertedToKeyedArchive(), format: to == .xml ? .xml : .binary)
                return to == .xml ? keyed.xmlData() : keyed.binaryData()
            case (.keyedArchive(_, let g), .nibarchive), (.nibArchive(let g), .nibarchive):
                return try g.convertedToNIBArchive().nibArchiveData()
            case (.plist, .nibarchive):
                throw ArchiveError(.unsupportedFormat, "only a nib (a keyed archive or NIBArchive) converts to a NIBArchive")
            }
        }
        try write(bytes)
    }

    private func write(_ bytes: [UInt8]) throws {
        guard let output, output != "-" else {
            StandardStream.writeBytes(bytes)
            return
        }
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: output))
        } catch {
            common.report(CLIError(path: output, what: "cannot write: \(error.localizedDescription)"))
            throw ExitCode.failure
        }
    }
}
