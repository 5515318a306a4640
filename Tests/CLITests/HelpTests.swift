import ArgumentParser
import Testing
@testable import KeyedArchiveCLI

@Suite("help")
struct HelpTests {
    /// Every command path, from the root's configuration (nested subcommands included).
    static func commandPaths() -> [[String]] {
        var out: [[String]] = []
        var work: [([String], any ParsableCommand.Type)] = KeyedArchiveCommand.configuration.subcommands.map { ([], $0) }
        while let (prefix, command) = work.popLast() {
            let name = command.configuration.commandName ?? "?"
            out.append(prefix + [name])
            work.append(contentsOf: command.configuration.subcommands.map { (prefix + [name], $0) })
        }
        return out.sorted { $0.joined(separator: " ") < $1.joined(separator: " ") }
    }

    @Test func everySubcommandsHelpHasAnExample() throws {
        let paths = Self.commandPaths()
        #expect(paths.count >= 4)
        for path in paths {
            let result = try CLI.run(path + ["--help"])
            #expect(result.status == 0, "\(path)")
            #expect(result.stdout.contains("Examples:\n  keyed-archive \(path.joined(separator: " "))"), "\(path): \(result.stdout)")
        }
    }

    @Test func rootHelpListsTheSubcommands() throws {
        let result = try CLI.run(["--help"])
        for path in Self.commandPaths() where path.count == 1 {
            #expect(result.stdout.contains("  \(path[0]) "), "\(path[0])")
        }
    }
}
