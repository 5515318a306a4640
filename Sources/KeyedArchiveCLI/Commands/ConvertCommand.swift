import ArgumentParser
import Foundation
import KeyedArchive
import Nib

struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert a property list, keyed archive or nib to another representation.",
        discussion: """
        binary holds everything a property list can contain. XML cannot say some of it: float32 \
        width, fractions of a second in dates, sets (written as arrays), unpaired UTF-16 surrogates, \
        null and fill objects, 128-bit integers, and one-entry CF$UID dictionaries (read back as UIDs). \
        When a conversion loses any of these, one line per kind goes to standard error, \
        `path: warning: lossy: <kind>: <count> objects …, first at <key path>`, and the exit status \
        stays 0; with --strict any loss is an error (exit 1, nothing written). A dictionary key that \
        is not a string (legal in binary plists) cannot be written as XML at all: that is an error \
        naming its key path. json is a one-way readable rendering that keeps every type \
        (Docs/json-schema.md says exactly how UIDs, data, dates, reals, 128-bit integers and \
        non-string keys appear). For a NIBArchive or typedstream, json prints its object graph as \
        `dump --format json` does. A typedstream (NSArchiver) whose root is a Foundation value (string, \
        attributed string, number, data, date, array, set, dictionary, colour, font) converts to a keyed \
        archive, and a keyed archive of such a value to a typedstream (--to typedstream); other objects \
        have no counterpart and are an error naming the class. Output goes to standard output unless -o is given.

        Examples:
          keyed-archive convert Archive.plist --to xml
          keyed-archive convert Archive.xml --to binary -o Archive.plist
          keyed-archive convert Settings.plist --to json | jq .
          keyed-archive convert --strict Archive.plist --to xml -o Archive.xml
          keyed-archive convert attributedBody.bin --to xml
          keyed-archive convert Note.plist --to typedstream -o Note.typedstream
        """
    )

    enum Target: String, ExpressibleByArgument, CaseIterable {
        case binary, xml, json, nibarchive, typedstream
    }

    @Argument(help: "A file, - for standard input, or archive.zip#member.")
    var input: String

    @Option(name: .long, help: "The representation to write: binary, xml, json, nibarchive or typedstream.")
    var to: Target

    @Option(name: .shortAndLong, help: "Write here instead of standard output.")
    var output: String?

    @Flag(name: .long, help: "Treat any loss of information (see above) as an error: exit 1 and write nothing.")
    var strict = false

    @OptionGroup var common: CommonOptions

    func run() throws {
        let opened = try common.open(input)
        var losses: [PlistConversionLoss] = []
        let bytes: [UInt8] = try common.catching(opened) { () throws(ArchiveError) -> [UInt8] in
            switch (opened.document, to) {
            case (.plist(let p), .binary), (.keyedArchive(let p, _), .binary):
                return p.binaryData()
            case (.plist(let p), .xml), (.keyedArchive(let p, _), .xml):
                losses = p.conversionLosses(to: .xml)
                return try p.xmlData()
            case (.plist(let p), .json), (.keyedArchive(let p, _), .json):
                return Array((try PlistJSONRenderer(plist: p).render().serialized() + "\n").utf8)
            case (.nibArchive(let g), .json):
                return Array((try GraphJSONRenderer(graph: g).render().serialized() + "\n").utf8)
            case (.nibArchive(let g), .binary), (.nibArchive(let g), .xml):
                // NIBArchive conventions → keyed conventions, then the keyed-archive layout.
                let converted = try g.convertedToKeyedArchive()
                guard to == .xml else { return try converted.keyedArchiveBinaryData() }
                let keyed = try PropertyList(keyedArchive: converted, format: .xml)
                losses = keyed.conversionLosses(to: .xml)
                return try keyed.xmlData()
            case (.keyedArchive(_, let g), .nibarchive), (.nibArchive(let g), .nibarchive):
                return try g.convertedToNIBArchive().nibArchiveData()
            case (.plist, .nibarchive), (.typedstream, .nibarchive):
                throw ArchiveError(.unsupportedFormat, "only a nib (a keyed archive or NIBArchive) converts to a NIBArchive")
            case (.typedstream(let g), .json):
                return Array((try GraphJSONRenderer(graph: g).render().serialized() + "\n").utf8)
            case (.typedstream(let g), .binary), (.typedstream(let g), .xml):
                let root = try Self.rootValue(g)
                return try KeyedArchiver.archivedData(withRootObject: root, format: to == .xml ? .xml : .binary)
            case (.typedstream(let g), .typedstream):
                return try g.typedstreamBytes()
            case (.keyedArchive(_, let g), .typedstream):
                return try Self.rootValue(g).typedstreamBytes()
            case (.plist, .typedstream), (.nibArchive, .typedstream):
                throw ArchiveError(.unsupportedFormat, "only a keyed archive of a Foundation value converts to a typedstream")
            }
        }
        for loss in losses {
            let line = "lossy: \(loss.kind.rawValue): \(loss.count) object\(loss.count == 1 ? "" : "s") lose \(loss.kind.words), first at \(Self.keyPath(loss.firstKeyPath))"
            if strict { common.report(CLIError(path: opened.path, what: line)) } else { common.warn(CLIError(path: opened.path, what: line)) }
        }
        if strict, !losses.isEmpty { throw ExitCode.failure }
        try write(bytes)
    }

    /// The root object as a Foundation value (a keyed archive's `root`, a typedstream's first object).
    static func rootValue(_ g: ArchiveGraph) throws(ArchiveError) -> ArchivedValue {
        let u = KeyedUnarchiver(graph: g)
        guard let root = try u.decodeTopLevelObject(of: ArchivedValue.self) else {
            throw ArchiveError(.valueNotFound, "the archive has no root object")
        }
        return root
    }

    /// `root.$objects[4].NS.time`: keys joined by dots, member positions in brackets.
    static func keyPath(_ components: [String]) -> String {
        var out = ""
        for c in components {
            if c.hasPrefix("[") || out.isEmpty { out += c } else { out += "." + c }
        }
        return out
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
