import ArgumentParser
import KeyedArchive
import Nib

/// Flags every subcommand accepts.
struct CommonOptions: ParsableArguments {
    @Flag(name: .shortAndLong, help: "On errors, also print a hex excerpt around the offending byte.")
    var verbose = false

    @Flag(name: .customLong("no-color"), help: "Never colour output (colour is only used on a terminal).")
    var noColor = false

    var terminal: Terminal { Terminal.standardOutput(noColor: noColor) }

    /// Prints `error` to standard error in the `path: what (where)` form.
    func report(_ error: CLIError) {
        StandardStream.error(error.report(verbose: verbose))
    }
}

/// `--format text|json`.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

/// An input opened as one document.
struct OpenedInput {
    var path: String
    var bytes: [UInt8]
    var document: ArchiveDocument
}

extension CommonOptions {
    /// Loads and parses one input, or prints its error line and exits 1. A keyed archive or nib that
    /// `validate` would reject still opens, and its problem is printed to standard error as a warning.
    func open(_ argument: String) throws -> OpenedInput {
        let ref = InputReference(argument: argument)
        do throws(CLIError) {
            let bytes = try InputLoader.loadSingleFile(ref)
            do {
                let (document, problem) = try ArchiveDocument.openLeniently(bytes)
                if let problem { warn(CLIError(path: ref.description, problem, bytes: bytes)) }
                return OpenedInput(path: ref.description, bytes: bytes, document: document)
            } catch {
                throw CLIError(path: ref.description, error, bytes: bytes)
            }
        } catch {
            report(error)
            throw ExitCode.failure
        }
    }

    /// Prints `problem` to standard error as `path: warning: what (where)`.
    func warn(_ problem: CLIError) {
        var line = problem
        line.what = "warning: " + line.what
        StandardStream.error(line.report(verbose: verbose))
    }

    /// Runs `body`, turning its error into an error line about `input` and exit status 1.
    func catching<T>(_ input: OpenedInput, _ body: () throws(ArchiveError) -> T) throws -> T {
        do {
            return try body()
        } catch {
            report(CLIError(path: input.path, error, bytes: input.bytes))
            throw ExitCode.failure
        }
    }
}
