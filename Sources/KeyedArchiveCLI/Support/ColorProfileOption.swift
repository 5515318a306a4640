import ArgumentParser
import Foundation
import NibCompiler

/// Where `compile`, `ibtool` and `xib-golden` find the ICC profiles ibtool embeds: the
/// `--color-profiles` path, else `KEYED_ARCHIVE_COLOR_PROFILES`, else none.
enum ColorProfileOption {
    static let environmentVariable = "KEYED_ARCHIVE_COLOR_PROFILES"

    static func load(_ path: String?) throws -> NibColorProfiles {
        guard let path = path ?? ProcessInfo.processInfo.environment[environmentVariable], !path.isEmpty else { return .init() }
        do {
            return try NibColorProfiles(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw ValidationError("\(error)")
        }
    }

    static let help = ArgumentHelp(
        "ICC profiles to embed in AppKit colour spaces, as ibtool does: .icc files, a directory of them, or a nib ibtool compiled (default: $\(environmentVariable)).",
        valueName: "path")
}
