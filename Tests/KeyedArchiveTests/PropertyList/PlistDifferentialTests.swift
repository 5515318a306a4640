import Foundation
import Testing
@testable import KeyedArchive
import CorpusSupport

/// Issue #14's differential check: every property-list input the fuzzers keep (`FuzzCorpus/bplist`,
/// `FuzzCorpus/xmlplist` and their regressions) through our reader and through Foundation's
/// `PropertyListSerialization` (the FoundationProbe child process). Where both accept, Foundation must
/// read our binary rewrite of what we read exactly as it reads the original; where one rejects, the other
/// must too, except for the triaged differences in Docs/fuzzing.md ("Differential: our plist reader and
/// Foundation's"), each pinned below.
@Suite struct PlistDifferentialTests {
    enum Verdict: Equatable { case ok(format: String, value: String), rejected(String), crashed }

    /// Why our reader and Foundation's may legitimately part on an input (Docs/fuzzing.md, "Differential").
    enum Triage: String, CaseIterable {
        /// Foundation read it as an OpenStep (old-style ASCII) plist, a format we do not read.
        case openStep = "D1 OpenStep fallback"
        /// XML that is not a plist document as we recognise one: a bare value element as the root, or a
        /// prolog with a malformed processing instruction. CF reads on; our sniffer refuses it.
        case notAPlistDocument = "D2 not a plist document"
        /// A binary plist with damage CF never looks at: CF parses lazily from the root, we validate every
        /// object of the table (and refuse container cycles and dangling references).
        case wholeTableValidation = "D3 whole-table validation"
        /// Binary plists CF refuses ("Conversion of string failed" from its fallbacks) for a reason not yet
        /// identified; the ones with bytes between the offset table and the trailer are refused by us too now.
        case unconvertibleString = "D4 CF refuses, cause open"
        /// XML in UTF-16 or UTF-32 without a byte-order mark, which we detect from its first characters
        /// (XML 1.0, appendix F) and CF does not.
        case xmlEncoding = "D5 XML encoding"
        /// Foundation on Linux crashed.
        case foundationCrash = "D6 Foundation crash"
    }

    static var files: [URL] {
        let root = Corpus.packageRoot.appendingPathComponent("FuzzCorpus")
        return ["bplist", "xmlplist", "regressions/bplist", "regressions/xmlplist"].flatMap { sub -> [URL] in
            let dir = root.appendingPathComponent(sub)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
            return names.sorted().filter { !$0.hasPrefix(".") }.map { dir.appendingPathComponent($0) }
        }
    }

    /// Foundation's verdict on each file, from as few child processes as the files allow.
    static func foundation(_ paths: [String], probe: URL) -> [String: Verdict] {
        var out: [String: Verdict] = [:]
        var pending = paths[...]
        while !pending.isEmpty {
            let batch = Array(pending.prefix(200))
            let (text, crashed) = Self.run(probe, ["plist-canonical-each"] + batch)
            if crashed, batch.count == 1 { out[batch[0]] = .crashed }
            for line in text.split(separator: "\n") {
                let parts = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
                guard parts.count == 3 else { continue }
                if parts[1] == "OK" {
                    let rest = parts[2].split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
                    out[String(parts[0])] = .ok(format: String(rest.first ?? ""), value: String(rest.count > 1 ? rest[1] : ""))
                } else {
                    out[String(parts[0])] = .rejected(String(parts[2]))
                }
            }
            // A crash ends a batch: continue after the last file it answered, the crashing one alone.
            let answered = batch.prefix { out[$0] != nil }.count
            if answered == batch.count {
                pending = pending.dropFirst(batch.count)
            } else if answered == 0 {
                if out[batch[0]] == nil { out[batch[0]] = .crashed }
                pending = pending.dropFirst()
            } else {
                pending = pending.dropFirst(answered)
            }
        }
        return out
    }

    /// The probe's standard output, also when it crashed part-way (the lines it wrote before are kept).
    static func run(_ exe: URL, _ args: [String]) -> (output: String, crashed: Bool) {
        let p = Process()
        p.executableURL = exe
        p.arguments = args
        var env = ProcessInfo.processInfo.environment
        env["SWIFT_BACKTRACE"] = "enable=off"
        p.environment = env
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        do { try p.run() } catch { return ("", true) }
        let o = out.fileHandleForReading.readAllRetryingInterrupts()
        p.waitUntilExit()
        return (String(decoding: o, as: UTF8.self), p.terminationReason == .uncaughtSignal)
    }

    @Test func ourReaderAndFoundationAgreeOnTheFuzzCorpus() throws {
        guard let probe = FoundationInteropTests.probe() else { return }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plist-diff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var ours: [String: Result<String, ArchiveError>] = [:]   // original path → our rewrite's path, or our error
        for (i, url) in Self.files.enumerated() {
            let bytes = try Corpus.bytes(url)
            do {
                let list = try PropertyList(parsing: bytes)
                let rewrite = dir.appendingPathComponent("\(i).bplist")
                try Data(list.binaryData()).write(to: rewrite)
                ours[url.path] = .success(rewrite.path)
            } catch let e as ArchiveError {
                ours[url.path] = .failure(e)
            }
        }
        let verdicts = Self.foundation(Self.files.map(\.path) + ours.values.compactMap { try? $0.get() }, probe: probe)
        var agree = 0
        var triaged: [Triage: [String]] = [:]
        for url in Self.files {
            let name = url.pathComponents.suffix(2).joined(separator: "/")
            let bytes = (try? Corpus.bytes(url)) ?? []
            let f = verdicts[url.path] ?? .crashed
            var why: Triage?
            switch (ours[url.path], f) {
            case (.failure, .rejected), (nil, .rejected):
                agree += 1
            case (.success(let rewrite), .ok(_, let original)):
                // Both accept: Foundation must read our binary rewrite exactly as it read the original.
                let again = verdicts[rewrite]
                if case .ok(_, let v)? = again, v == original { agree += 1 } else {
                    Issue.record("\(name): Foundation reads our rewrite as \(String(describing: again)), the original as \(original)")
                }
            case (.failure, .ok("openStep", _)):
                why = .openStep
            case (.failure(let e), .ok("xml", _)) where e.code == .unknownFormat:
                why = .notAPlistDocument
            case (.failure, .ok("binary", _)):
                why = .wholeTableValidation
            case (.success, .rejected(let error)) where error.contains("Conversion of string failed"):
                why = .unconvertibleString
            case (.success, .rejected(let error)) where bytes.starts(with: [0, 0x3C]) || bytes.starts(with: [0x3C, 0])
                                                        || bytes.starts(with: [0, 0, 0, 0x3C]) || error.contains("determine the encoding"):
                why = .xmlEncoding
            case (_, .crashed):
                why = .foundationCrash
            case let (o, v):
                Issue.record("\(name): an untriaged difference: ours \(String(describing: o)), Foundation \(v)")
            }
            if let why { triaged[why, default: []].append(name) }
        }
        let counts = Triage.allCases.map { "\($0.rawValue): \(triaged[$0]?.count ?? 0)" }.joined(separator: ", ")
        print("plist differential: \(Self.files.count) inputs, \(agree) agree; triaged: \(counts)")
        for t in Triage.allCases { for n in (triaged[t] ?? []).prefix(3) { print("  \(t.rawValue): \(n)") } }
        #expect(Self.files.count > 400)
    }
}
