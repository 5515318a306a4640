import ArgumentParser
import Foundation
import KeyedArchive
import NibCompiler

struct IbtoolCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ibtool",
        abstract: "A drop-in for the part of Apple's ibtool command line that build systems call.",
        discussion: """
        Accepts ibtool's spelling: --compile OUT IN, --compilation-directory DIR IN (the output is \
        DIR/<name>.nib or DIR/<name>.storyboardc), --module NAME, --minimum-deployment-target VER, \
        --target-device iphone|ipad|mac (repeatable; the first is used), --errors, --warnings and \
        --notices to choose what is reported, and --output-format human-readable-text|xml1|binary1 \
        for the report on standard output, shaped like ibtool's: com.apple.ibtool.errors, \
        com.apple.ibtool.document.warnings and .notices (messages by source location), and \
        com.apple.ibtool.compilation-results with output-files. Options ibtool has that do not change \
        the compiled nib (--auto-activate-custom-fonts, --sdk, --output-partial-info-plist, \
        --flatten and the like) are accepted and ignored, so an existing build rule works by changing \
        the tool path. One option is ours: --color-profiles PATH (or $KEYED_ARCHIVE_COLOR_PROFILES),         the ICC profiles ibtool embeds in AppKit colour spaces, from .icc files or a nib ibtool         compiled. Exit status: 0 compiled, 1 failed.

        Examples:
          keyed-archive ibtool --errors --warnings --notices --output-format human-readable-text \\
              --module MyApp --minimum-deployment-target 13.0 --compile Build/Main.nib Main.xib
          keyed-archive ibtool --compilation-directory Build Base.lproj/Main.storyboard
        """
    )

    @Argument(parsing: .allUnrecognized, help: "ibtool's options and the input document.")
    var arguments: [String] = []

    /// ibtool's options that take a value but do not change what is compiled.
    static let ignoredWithValue: Set<String> = [
        "--sdk", "--output-partial-info-plist", "--platform", "--flatten", "--companion-strings-file", "--localization-locale",
        "--strings-file", "--export-strings-file", "--write", "--generate-stringsfile", "--plugin", "--plugin-dir",
    ]
    static let ignoredFlags: Set<String> = ["--auto-activate-custom-fonts", "--reference-external-strings-file", "--warn-on-missing-images"]

    struct Invocation {
        var input: String?
        var output: String?
        var directory: String?
        var options = NibCompilerOptions()
        var errors = false, warnings = false, notices = false
        var format = "xml1"
        var colorProfiles: String?
    }

    func parse() throws -> Invocation {
        var inv = Invocation()
        var i = 0
        func value(_ name: String) throws -> String {
            i += 1
            guard i < arguments.count else { throw ValidationError("\(name) needs a value") }
            return arguments[i]
        }
        while i < arguments.count {
            let a = arguments[i]
            switch a {
            case "--compile": inv.output = try value(a)
            case "--compilation-directory": inv.directory = try value(a)
            case "--module": inv.options.module = try value(a)
            case "--minimum-deployment-target": inv.options.minimumDeploymentTarget = try value(a)
            case "--target-device":
                let device = try value(a)
                guard let d = NibCompilerOptions.TargetDevice(rawValue: device) else { throw ValidationError("unknown --target-device \(device)") }
                if inv.options.targetDevice == nil { inv.options.targetDevice = d }
            case "--color-profiles": inv.colorProfiles = try value(a)
            case "--errors": inv.errors = true
            case "--warnings": inv.warnings = true
            case "--notices": inv.notices = true
            case "--output-format":
                inv.format = try value(a)
                guard ["human-readable-text", "xml1", "binary1"].contains(inv.format) else {
                    throw ValidationError("--output-format must be human-readable-text, xml1 or binary1")
                }
            default:
                if Self.ignoredWithValue.contains(a) {
                    _ = try value(a)
                } else if Self.ignoredFlags.contains(a) {
                    break
                } else if a.hasPrefix("--") {
                    throw ValidationError("unsupported ibtool option \(a)")
                } else if inv.input == nil {
                    inv.input = a
                } else {
                    throw ValidationError("more than one input document: \(inv.input ?? "") and \(a)")
                }
            }
            i += 1
        }
        return inv
    }

    func run() throws {
        var inv = try parse()
        inv.options.colorProfiles = try ColorProfileOption.load(inv.colorProfiles)
        guard let input = inv.input else { throw ValidationError("no input document") }
        let url = URL(fileURLWithPath: input)
        let output: String
        if let o = inv.output {
            output = o
        } else if let dir = inv.directory {
            let ext = url.pathExtension == "storyboard" ? "storyboardc" : "nib"
            output = URL(fileURLWithPath: dir).appendingPathComponent(url.deletingPathExtension().lastPathComponent + "." + ext).path
        } else {
            throw ValidationError("give --compile OUT or --compilation-directory DIR")
        }
        let run = NibCompileRun.compile(input: input, output: output, options: inv.options)
        let report = IbtoolReport(run: run, errors: inv.errors || !run.succeeded, warnings: inv.warnings, notices: inv.notices)
        StandardStream.writeBytes(report.bytes(format: inv.format))
        if !run.succeeded { throw ExitCode.failure }
    }
}

/// ibtool's result document for one compile.
struct IbtoolReport {
    var run: NibCompileRun
    var errors: Bool
    var warnings: Bool
    var notices: Bool

    /// Messages of one severity as ibtool groups them: by source location, each a list of
    /// {`message`, `type`} dictionaries.
    func messages(_ severity: NibCompileDiagnostic.Severity, type: String) -> PlistValue {
        var order: [String] = []
        var groups: [String: [PlistValue]] = [:]
        for d in run.diagnostics where d.severity == severity {
            let location = d.line.map { l in "\(run.input):\(l)" + (d.column.map { ":\($0)" } ?? "") } ?? run.input
            if groups[location] == nil { order.append(location) }
            groups[location, default: []].append(.dict([PlistDictEntry(key: .string("message"), value: .string(d.message)),
                                                        PlistDictEntry(key: .string("type"), value: .string(type))]))
        }
        return .dict(order.map { PlistDictEntry(key: .string($0), value: .array(groups[$0] ?? [])) })
    }

    var document: PlistValue {
        var entries: [PlistDictEntry] = []
        if errors {
            let list: [PlistValue] = run.diagnostics.filter { $0.severity == .error }.map { d in
                .dict([PlistDictEntry(key: .string("description"), value: .string("\(run.input):\(d)"))])
            }
            if !list.isEmpty { entries.append(PlistDictEntry(key: .string("com.apple.ibtool.errors"), value: .array(list))) }
        }
        if warnings { entries.append(PlistDictEntry(key: .string("com.apple.ibtool.document.warnings"), value: messages(.warning, type: "Warning"))) }
        if notices { entries.append(PlistDictEntry(key: .string("com.apple.ibtool.document.notices"), value: messages(.note, type: "Notice"))) }
        if run.succeeded {
            entries.append(PlistDictEntry(key: .string("com.apple.ibtool.compilation-results"), value: .dict([
                PlistDictEntry(key: .string("output-files"), value: .array([.string(run.output)])),
            ])))
        }
        return .dict(entries)
    }

    func bytes(format: String) -> [UInt8] {
        switch format {
        case "binary1": return PropertyList(document).binaryData()
        case "human-readable-text": return Array(text.utf8)
        default: return (try? PropertyList(document).xmlData()) ?? []
        }
    }

    /// `/* com.apple.ibtool.document.warnings */` sections with one line per message, as ibtool prints.
    var text: String {
        var out = ""
        for entry in documentEntries {
            out += "/* \(entry.key) */\n"
            out += entry.lines.joined(separator: "\n") + (entry.lines.isEmpty ? "" : "\n")
        }
        return out
    }

    var documentEntries: [(key: String, lines: [String])] {
        var out: [(String, [String])] = []
        if errors {
            let lines = run.diagnostics.filter { $0.severity == .error }.map { "\(run.input):\($0)" }
            if !lines.isEmpty { out.append(("com.apple.ibtool.errors", lines)) }
        }
        if warnings { out.append(("com.apple.ibtool.document.warnings", run.diagnostics.filter { $0.severity == .warning }.map { "\(run.input):\($0)" })) }
        if notices { out.append(("com.apple.ibtool.document.notices", run.diagnostics.filter { $0.severity == .note }.map { "\(run.input):\($0)" })) }
        if run.succeeded { out.append(("com.apple.ibtool.compilation-results", [run.output])) }
        return out
    }
}
