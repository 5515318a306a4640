import ArgumentParser
import Foundation
import KeyedArchive
import Nib

struct NibCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nib",
        abstract: "Show a nib or storyboard as Interface Builder objects, or lint its connections.",
        discussion: """
        `keyed-archive nib <input>` is `keyed-archive nib show <input>`.

        Examples:
          keyed-archive nib Samples/MainWindow.nib
          keyed-archive nib lint Main.storyboardc --outlets outlets.json
        """,
        subcommands: [NibShowCommand.self, NibLintCommand.self],
        defaultSubcommand: NibShowCommand.self
    )
}

struct NibShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Print a nib's placeholders, top-level objects, connections and view hierarchy.",
        discussion: """
        Like `ibtool --objects --connections --hierarchy` on a compiled nib: File's Owner and the other \
        placeholders, the top-level objects, every connection in the order the loader applies it, and \
        the view hierarchy. Objects are named `#i Class` by their index in the archive. For a \
        .storyboardc, lists the scenes and the entry point; with --instantiate it instantiates the \
        initial controller's scene and then its view nib, as the storyboard would. With --instantiate a nib is loaded with \
        generic objects for every class and a stand-in owner, and the tool prints the top-level \
        objects, each connection as applied (`owner.titleLabel = UILabel#7`), the awakeFromNib order \
        and every diagnostic. JSON fields are described in Docs/json-schema.md.

        Examples:
          keyed-archive nib show Samples/MainWindow.nib
          keyed-archive nib show --instantiate Samples/minimal.nib
          keyed-archive nib show --format json App.ipa#Payload/App.app/Base.lproj/Main.storyboardc
        """
    )

    @Argument(help: "A nib file, nib directory, .storyboardc, - for standard input, or archive.zip#member.")
    var input: String

    @Option(name: .long, help: "Output format.")
    var format: OutputFormat = .text

    @Flag(name: .long, help: "Instantiate with generic objects and a stand-in owner, and report what happened.")
    var instantiate = false

    @OptionGroup var common: CommonOptions

    func run() throws {
        let ref = InputReference(argument: input)
        let opened: NibInput
        do { opened = try NibInput.open(ref) } catch {
            common.report(error)
            throw ExitCode.failure
        }
        let terminal = common.terminal
        switch opened {
        case let .nib(doc, source, container):
            if instantiate {
                try runInstantiation(doc, source: source, path: ref.description, terminal: terminal)
                return
            }
            switch format {
            case .text:
                StandardStream.write(NibTextRenderer(document: doc, terminal: terminal).render(title: ref.description, container: container))
            case .json:
                StandardStream.write(try NibJSON.document(doc, container: container).serialized() + "\n")
            }
        case .storyboard(let sb):
            if instantiate {
                let report = StoryboardInstantiationReport(document: sb, terminal: terminal)
                do throws(ArchiveError) {
                    let outcome = try report.instantiate()
                    switch format {
                    case .text: StandardStream.write(report.render(outcome, title: ref.description))
                    case .json: StandardStream.write(report.json(outcome).serialized() + "\n")
                    }
                } catch {
                    common.report(CLIError(path: ref.description, error))
                    throw ExitCode.failure
                }
                return
            }
            switch format {
            case .text: StandardStream.write(NibJSON.storyboardText(sb, title: ref.description, terminal: terminal))
            case .json: StandardStream.write(try NibJSON.storyboard(sb).serialized() + "\n")
            }
        }
    }

    private func runInstantiation(_ doc: NibDocument, source: NibSource, path: String, terminal: Terminal) throws {
        do throws(ArchiveError) {
            let nib = try Nib(source: source)
            let report = NibInstantiationReport(document: doc, nib: nib, terminal: terminal)
            let outcome = try report.instantiate()
            switch format {
            case .text: StandardStream.write(report.render(outcome, title: path))
            case .json: StandardStream.write(NibJSON.instantiation(report, outcome).serialized() + "\n")
            }
        } catch {
            common.report(CLIError(path: path, error))
            throw ExitCode.failure
        }
    }
}

struct NibLintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check a nib's connections against the outlets and actions classes declare.",
        discussion: """
        The --outlets file maps class names to what they declare:
          {"LogViewController": {"outlets": ["logField", "view"], "actions": ["clear:"]}}
        Reports outlets and actions that name something the class does not declare, custom classes \
        missing from the file, and placeholders (other than First Responder) without connections. \
        Classes not in the file (UIKit and AppKit classes, say) are not checked. UIKit nibs do not \
        record File's Owner's class: name it with --owner. Prints `path: kind: message`, one finding \
        per line, and exits 1 when there are findings.

        Examples:
          keyed-archive nib lint LogViewController.nib --outlets outlets.json --owner LogViewController
          keyed-archive nib lint App.ipa#Payload/App.app/Base.lproj/Main.storyboardc --outlets outlets.json
        """
    )

    @Argument(help: "Nib files, nib directories, .storyboardc directories, or archive.zip#member.")
    var inputs: [String]

    @Option(name: .long, help: "JSON file of class → declared outlet and action names.")
    var outlets: String

    @Option(name: .long, help: "File's Owner's class, for nibs that do not record it.")
    var owner: String?

    @Option(name: .long, help: "Output format.")
    var format: OutputFormat = .text

    @OptionGroup var common: CommonOptions

    func run() throws {
        let declarations: NibOutletDeclarations
        do {
            declarations = try NibOutletDeclarations(json: try InputLoader.readFile(outlets, display: outlets), path: outlets)
        } catch {
            common.report(error)
            throw ExitCode(2)
        }
        var all: [(String, NibLintFinding)] = []
        var failed = false
        for input in inputs {
            let ref = InputReference(argument: input)
            do {
                for (path, doc) in try Self.documents(ref) {
                    for f in NibLint.check(doc, declarations: declarations, ownerClass: owner) { all.append((path, f)) }
                }
            } catch {
                common.report(error)
                failed = true
            }
        }
        switch format {
        case .text:
            for (path, f) in all { StandardStream.write("\(path): \(f.kind.rawValue): \(f.message)\n") }
        case .json:
            let list: [JSONValue] = all.map { path, f in
                .object([("path", .string(path)), ("kind", .string(f.kind.rawValue)), ("message", .string(f.message)),
                         ("object", f.objectIndex.map { .int(Int64($0)) } ?? .null)])
            }
            StandardStream.write(JSONValue.object([("version", .int(1)), ("findings", .array(list))]).serialized() + "\n")
        }
        if failed { throw ExitCode(2) }
        if !all.isEmpty { throw ExitCode.failure }
    }

    /// The nib documents an input stands for: itself, or every nib of a storyboard.
    static func documents(_ ref: InputReference) throws(CLIError) -> [(String, NibDocument)] {
        switch try NibInput.open(ref) {
        case .nib(let doc, _, _):
            return [(ref.description, doc)]
        case .storyboard(let sb):
            var out: [(String, NibDocument)] = []
            let names: [String]
            do { names = try sb.directory.entries().filter { $0.hasSuffix(".nib") } } catch { throw CLIError(path: ref.description, error) }
            for file in names {
                let name = String(file.dropLast(4))
                do { out.append(("\(ref.description)/\(file)", try sb.document(nibNamed: name))) } catch {
                    throw CLIError(path: "\(ref.description)/\(file)", error)
                }
            }
            return out
        }
    }
}
