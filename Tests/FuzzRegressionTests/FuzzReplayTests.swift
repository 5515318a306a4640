import KeyedArchiveFuzzSupport
import Testing

/// Replays committed fuzz inputs through the same code the libFuzzer harnesses run.
/// A round-trip mismatch is reported as a failure; any other finding is a crash of the test process.
@Suite struct FuzzReplayTests {
    @Test func corpusIsPresent() {
        #expect(!FuzzCorpusFiles.seeds.isEmpty, "no seeds found under \(FuzzCorpusFiles.root)")
    }

    /// Every regression goes through every harness, as the CI replay does.
    @Test(arguments: FuzzCorpusFiles.regressions)
    func regressionReplaysThroughEveryTarget(_ file: FuzzCorpusFile) throws {
        let bytes = try file.bytes()
        for target in FuzzTarget.allCases {
            let failure = target.replay(bytes)
            #expect(failure == nil, "\(file) through \(target.executableName): \(failure.map { "\($0)" } ?? "")")
        }
    }

    /// Every seed goes through its own harness (the CI replay also runs it through the others).
    @Test(arguments: FuzzCorpusFiles.seeds)
    func seedReplaysThroughItsTarget(_ file: FuzzCorpusFile) throws {
        let failure = file.target.replay(try file.bytes())
        #expect(failure == nil, "\(file): \(failure.map { "\($0)" } ?? "")")
    }

    /// The Codable bridge meets every input the unarchiver was fuzzed with (issue #15's hostile-input
    /// check): only thrown errors, and whatever decodes as a mirror re-encodes and decodes again.
    @Test func unarchiverSeedsReplayThroughTheCodableDecoder() throws {
        let seeds = FuzzCorpusFiles.seeds.filter { $0.target == .unarchiver }
        #expect(seeds.count > 100)
        for file in seeds {
            let failure = FuzzTarget.codable.replay(try file.bytes())
            #expect(failure == nil, "\(file): \(failure.map { "\($0)" } ?? "")")
        }
    }
}
