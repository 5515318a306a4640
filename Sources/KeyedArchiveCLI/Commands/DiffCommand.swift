import ArgumentParser
import KeyedArchive
import Nib

struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two archives as object graphs.",
        discussion: """
        Compares what the archives mean, not their bytes: objects are matched by walking both graphs \
        from the top, so object, key and class table order do not matter, but classes, keys, value \
        types (integer widths included), values, element order and object sharing do. A keyed nib and \
        a NIBArchive compare equal when they hold the same nib. Lists changed, added and removed keys \
        and values, the classes whose object counts differ, and for nibs the connections only one side \
        has. Exit status: 0 when the inputs are equivalent, 1 when they differ, 2 when an input cannot \
        be read.

        Examples:
          keyed-archive diff Main.nib Main-new.nib
          keyed-archive diff --format json old.plist new.plist | jq '.differences[]'
        """
    )

    @Argument(help: "The first input.") var a: String
    @Argument(help: "The second input.") var b: String

    @Option(name: .long, help: "Output format.")
    var format: OutputFormat = .text

    @Option(name: .long, help: "Stop after this many differences.")
    var limit: Int = 200

    @OptionGroup var common: CommonOptions

    func validate() throws {
        if limit < 1 { throw ValidationError("--limit must be at least 1") }
    }

    func run() throws {
        let left: OpenedInput, right: OpenedInput
        do {
            left = try common.open(a)
            right = try common.open(b)
        } catch {
            throw ExitCode(2)
        }
        let report: DiffReport
        do {
            report = try DiffReport.compare(left, right, limit: limit)
        } catch {
            common.report(error)
            throw ExitCode(2)
        }
        switch format {
        case .text: StandardStream.write(report.text(terminal: common.terminal))
        case .json: StandardStream.write(report.json().serialized() + "\n")
        }
        if !report.isEmpty { throw ExitCode(1) }
    }
}
