// A child-process probe for tests: runs Foundation's own PropertyListSerialization and
// NSKeyedArchiver/NSKeyedUnarchiver on a file, so that a Foundation crash kills only this process.
// Usage: FoundationProbe <command> [arguments…]; exit 0 on success, 1 on a thrown error, a signal on a crash.
import Foundation

let probeCommands: [String: @Sendable ([String]) throws -> Void] = plistProbeCommands.merging(keyedProbeCommands) { a, _ in a }

// Foundation reads hostile inputs as they come: a 566-byte binary plist of arrays that share their
// members describes 2^40 objects, and corelibs' reader builds every one of them. Capping the heap
// turns that into a crash of this process (which the tests expect of Foundation) instead of the
// machine running out of memory. 1 GiB is several times what the largest real input here needs.
var heapLimit = rlimit(rlim_cur: 1 << 30, rlim_max: 1 << 30)
setrlimit(Int32(RLIMIT_DATA.rawValue), &heapLimit)

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
