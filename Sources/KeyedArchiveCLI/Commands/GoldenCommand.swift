import ArgumentParser
import Foundation
import KeyedArchive
import NibCompiler

struct GoldenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "xib-golden",
        abstract: "Compile every golden pair of a corpus and compare with ibtool's nibs.",
        discussion: """
        Reads a corpus MANIFEST.tsv (xib and storyboard rows with paired_with), compiles each source \
        and compares the result with the nib ibtool made from it, key/value pair by pair (classes, \
        keys, value types with integer width, values and array order; object and key order free). \
        Prints a line per pair and the totals: agreement, fully equal pairs, pairs whose nib loads \
        with the same placeholders, top-level objects, connections and awake order, and the classes \
        that hold the rest back. Scripts/xib-golden runs it over ../shared/corpus/xib.

        Examples:
          keyed-archive xib-golden ../shared/corpus/xib/MANIFEST.tsv
          keyed-archive xib-golden ../shared/corpus/xib/MANIFEST.tsv --filter brooklyn --verbose
          keyed-archive xib-golden ../shared/corpus/xib/MANIFEST.tsv --filter toolbar --verbose --differences 100
        """
    )

    @Argument(help: "A corpus MANIFEST.tsv.") var manifest: String

    @Option(name: .long, help: "Only pairs whose name contains this text.") var filter: String?

    @Flag(name: .long, help: "List the first differences of every pair.") var verbose = false

    @Option(name: .long, help: ColorProfileOption.help) var colorProfiles: String?

    @Option(name: .long, help: "How many differences --verbose lists per pair (default 8).") var differences = 8

    func run() throws {
        var pairs = try XIBGoldenPair.fromManifest(URL(fileURLWithPath: manifest))
        if let filter { pairs = pairs.filter { $0.name.contains(filter) } }
        let profiles = try ColorProfileOption.load(colorProfiles)
        for i in pairs.indices { pairs[i].options.colorProfiles = profiles }
        let report = XIBGoldenReport(pairs: pairs, differenceLimit: max(20, differences))
        StandardStream.write(report.text(verbose: verbose, differences: differences))
    }
}
