import ArgumentParser
import KeyedArchive
import Nib

@main
struct KeyedArchiveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keyed-archive",
        abstract: "Inspect, validate and convert property lists, keyed archives and nibs.",
        version: "0.1.0",
        subcommands: []
    )
}
