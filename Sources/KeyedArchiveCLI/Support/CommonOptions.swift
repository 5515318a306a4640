import ArgumentParser

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
