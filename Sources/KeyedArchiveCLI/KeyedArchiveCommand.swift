import ArgumentParser
import KeyedArchive
import Nib

@main
struct KeyedArchiveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keyed-archive",
        abstract: "Inspect, validate and convert property lists, keyed archives and nibs.",
        discussion: """
        Every INPUT may be a file, a nib or .storyboardc directory, - for standard input, or a member \
        of a zip archive such as App.ipa#Payload/App.app/Base.lproj/Main.storyboardc.
        """,
        version: "0.1.0",
        subcommands: [ValidateCommand.self, DumpCommand.self, ConvertCommand.self, LsCommand.self, DiffCommand.self, NibCommand.self,
                      CompileCommand.self, IbtoolCommand.self, GoldenCommand.self, TextCommand.self]
    )
}
