// A child-process probe for tests: runs Foundation's own PropertyListSerialization and
// NSKeyedArchiver/NSKeyedUnarchiver on a file, so that a Foundation crash kills only this process.
// Usage: FoundationProbe <command> [arguments…]; exit 0 on success, 1 on a thrown error, a signal on a crash.
import Foundation

let probeCommands: [String: @Sendable ([String]) throws -> Void] = plistProbeCommands.merging(keyedProbeCommands) { a, _ in a }

let args = Array(CommandLine.arguments.dropFirst())
guard let name = args.first, let command = probeCommands[name] else {
    FileHandle.standardError.write(Data("usage: FoundationProbe <\(probeCommands.keys.sorted().joined(separator: "|"))> …\n".utf8))
    exit(2)
}
do {
    try command(Array(args.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
