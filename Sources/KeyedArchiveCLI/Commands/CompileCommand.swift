import ArgumentParser
import Foundation
import KeyedArchive
import NibCompiler

struct CompileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compile",
        abstract: "Compile a XIB or storyboard into what Apple's runtime loads (an open ibtool).",
        discussion: """
        Reads a modern XIB (document version 3.0, UIKit or AppKit) and writes the nib ibtool would: a \
        NIBArchive file, or for macOS deployment targets before 10.13 a nib directory with \
        keyedobjects.nib and keyedobjects-101300.nib. A storyboard becomes a .storyboardc directory \
        (Info.plist, one nib per scene controller and one per controller's view; UIKit segues as \
        templates). Diagnostics go to standard error as \
        `file:line:col: error|warning: message`; warnings name elements the compiler does not encode \
        completely yet. With --format json a summary of the result and every diagnostic is printed. \
        Exit status: 0 compiled, 1 failed. Docs/xib-compiler.md \
        lists what each class encoder covers.

        Examples:
          keyed-archive compile MainMenu.xib -o MainMenu.nib --module MyApp
          keyed-archive compile View.xib -o View.nib --minimum-deployment-target 13.0 --target-device iphone
          keyed-archive compile Main.storyboard -o Main.storyboardc --module MyApp
          keyed-archive compile Prefs.xib -o Prefs.nib --color-profiles Old/MainMenu.nib   # ibtool's ICC profiles
        """
    )

    @Argument(help: "The .xib or .storyboard to compile.") var input: String

    @Option(name: .shortAndLong, help: "Where to write the nib (a file; a directory for the keyedobjects layout or a .storyboardc).")
    var output: String

    @Option(name: .long, help: "Swift module for classes with customModuleProvider=\"target\".")
    var module: String?

    @Option(name: .long, help: "Oldest OS the nib must load on, such as 13.0 or 10.13.")
    var minimumDeploymentTarget: String?

    @Option(name: .long, help: "iphone, ipad or mac.")
    var targetDevice: NibCompilerOptions.TargetDevice?

    @Option(name: .long, help: ColorProfileOption.help)
    var colorProfiles: String?

    @Option(name: .long, help: "Output format of the report: text diagnostics only, or a JSON summary.")
    var format: OutputFormat = .text

    @OptionGroup var common: CommonOptions

    func run() throws {
        let options = NibCompilerOptions(module: module, minimumDeploymentTarget: minimumDeploymentTarget, targetDevice: targetDevice,
                                         colorProfiles: try ColorProfileOption.load(colorProfiles))
        let outcome = NibCompileRun.compile(input: input, output: output, options: options)
        switch format {
        case .text:
            for line in outcome.diagnosticLines { StandardStream.error(line) }
        case .json:
            StandardStream.write(outcome.json().serialized() + "\n")
        }
        if !outcome.succeeded { throw ExitCode.failure }
    }
}

extension NibCompilerOptions.TargetDevice: ExpressibleByArgument {}
