import Foundation
import Testing
import CorpusSupport

/// Runs the built `keyed-archive` executable as a child process.
enum CLI {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        var stdoutBytes: [UInt8]
    }

    /// The executable next to the test bundle in the build directory (`.build/debug/keyed-archive`),
    /// or `$KEYED_ARCHIVE_CLI` when set.
    static let executable: URL? = {
        let fm = FileManager.default
        if let env = ProcessInfo.processInfo.environment["KEYED_ARCHIVE_CLI"] { return URL(fileURLWithPath: env) }
        var dirs: [URL] = []
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            dirs.append(bundle.bundleURL.deletingLastPathComponent())
        }
        dirs.append(URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent())
        dirs.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        for dir in dirs {
            // The xctest bundle on Darwin is a directory one level deeper than the products.
            for candidate in [dir, dir.deletingLastPathComponent()] {
                let url = candidate.appendingPathComponent("keyed-archive")
                if fm.isExecutableFile(atPath: url.path) { return url }
            }
        }
        return nil
    }()

    /// Runs the tool with `arguments`, feeding `stdin`, in `directory`.
    static func run(_ arguments: [String], stdin: [UInt8]? = nil, in directory: URL? = nil,
                    environment extra: [String: String] = [:],
                    sourceLocation: SourceLocation = #_sourceLocation) throws -> Result {
        guard let executable else {
            Issue.record("keyed-archive executable not found next to the test bundle; run `swift build` first",
                         sourceLocation: sourceLocation)
            return Result(status: -1, stdout: "", stderr: "", stdoutBytes: [])
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        env["COLUMNS"] = "100"
        env.removeValue(forKey: "KEYED_ARCHIVE_TTY")
        for (k, v) in extra { env[k] = v }
        process.environment = env
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        // Drain both pipes concurrently so a chatty child never blocks on a full pipe.
        let outBox = DataBox(), errBox = DataBox()
        let group = DispatchGroup()
        for (pipe, box) in [(out, outBox), (err, errBox)] {
            group.enter()
            DispatchQueue.global().async {
                box.data = pipe.fileHandleForReading.readAllRetryingInterrupts()
                group.leave()
            }
        }
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin)) }
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        group.wait()
        return Result(status: process.terminationStatus,
                      stdout: String(decoding: outBox.data, as: UTF8.self),
                      stderr: String(decoding: errBox.data, as: UTF8.self),
                      stdoutBytes: Array(outBox.data))
    }

    private final class DataBox: @unchecked Sendable { var data = Data() }
}

/// A fresh temporary directory, removed by `cleanup()`.
struct Scratch {
    let url: URL
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("keyed-archive-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    func path(_ name: String) -> URL { url.appendingPathComponent(name) }
    func write(_ bytes: [UInt8], to name: String) throws -> URL {
        let u = path(name)
        try FileManager.default.createDirectory(at: u.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: u)
        return u
    }
    func cleanup() { try? FileManager.default.removeItem(at: url) }
}
