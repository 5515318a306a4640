import Foundation
import Testing
import CorpusSupport

/// Runs Foundation (through the FoundationProbe child process) and Python's plistlib on plist files,
/// so our output can be compared with the original as read by independent implementations.
enum PlistCrossCheck {
    /// The outcome of one child process.
    enum Outcome: Equatable {
        case output(String)
        case failed(status: Int32, stderr: String)
        case crashed(signal: Int32)
        case unavailable
    }

    /// `FoundationProbe` next to the test bundle (`.build/<config>/`), or in the package's `.build/debug`.
    static let probe: URL? = {
        var candidates: [URL] = []
        if let arg0 = CommandLine.arguments.first {
            var dir = URL(fileURLWithPath: arg0).deletingLastPathComponent()
            for _ in 0 ..< 4 {
                candidates.append(dir.appendingPathComponent("FoundationProbe"))
                dir = dir.deletingLastPathComponent()
            }
        }
        candidates.append(Bundle.main.bundleURL.appendingPathComponent("FoundationProbe"))
        candidates.append(Corpus.packageRoot.appendingPathComponent(".build/debug/FoundationProbe"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    static let python: URL? = ["/usr/bin/python3", "/usr/local/bin/python3"].map(URL.init(fileURLWithPath:))
        .first { FileManager.default.isExecutableFile(atPath: $0.path) }

    /// Canonical rendering by plistlib: dicts and sets sorted, floats by repr, UIDs as uid<n>.
    static let pythonScript = """
    import plistlib, sys
    def r(x):
        if isinstance(x, bool): return 'true' if x else 'false'
        if isinstance(x, plistlib.UID): return 'uid%d' % x.data
        if isinstance(x, int): return 'i%d' % x
        if isinstance(x, float): return 'r' + x.hex()
        if isinstance(x, str): return 's' + repr(x)
        if isinstance(x, (bytes, bytearray)): return 'd' + bytes(x).hex()
        if isinstance(x, dict): return '{' + ','.join(sorted(r(k) + ':' + r(v) for k, v in x.items())) + '}'
        if isinstance(x, list): return '[' + ','.join(r(v) for v in x) + ']'
        if hasattr(x, 'isoformat'): return 't' + x.isoformat()
        return '?' + type(x).__name__
    with open(sys.argv[1], 'rb') as f: print(r(plistlib.load(f)))
    """

    static func foundation(_ file: URL) -> Outcome {
        guard let probe else { return .unavailable }
        return run(probe, ["plist-canonical", file.path])
    }

    static func plistlib(_ file: URL) -> Outcome {
        guard let python else { return .unavailable }
        return run(python, ["-c", pythonScript, file.path])
    }

    static func run(_ exe: URL, _ args: [String]) -> Outcome {
        let p = Process()
        p.executableURL = exe
        p.arguments = args
        var env = ProcessInfo.processInfo.environment
        env["SWIFT_BACKTRACE"] = "enable=off"
        p.environment = env
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        do { try p.run() } catch { return .unavailable }
        let o = out.fileHandleForReading.readAllRetryingInterrupts()
        let e = err.fileHandleForReading.readAllRetryingInterrupts()
        p.waitUntilExit()
        if p.terminationReason == .uncaughtSignal { return .crashed(signal: p.terminationStatus) }
        if p.terminationStatus != 0 { return .failed(status: p.terminationStatus, stderr: String(decoding: e, as: UTF8.self)) }
        return .output(String(decoding: o, as: UTF8.self))
    }

    /// A fresh temporary file holding `bytes`.
    static func temporaryFile(_ bytes: [UInt8], suffix: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("plist-crosscheck-\(UUID().uuidString)\(suffix)")
        try Data(bytes).write(to: url)
        return url
    }
}
