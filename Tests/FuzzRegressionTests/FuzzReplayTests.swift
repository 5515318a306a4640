import KeyedArchiveFuzzSupport
import Testing

/// Replays committed fuzz inputs through the same code the libFuzzer harnesses run.
/// A failure here is a crash, so these tests pass by finishing.
@Suite struct FuzzReplayTests {
    @Test func corpusIsPresent() {
        #expect(!FuzzCorpusFiles.seeds.isEmpty, "no seeds found under \(FuzzCorpusFiles.root)")
    }

    /// Every regression goes through every harness, as the CI replay does.
    @Test(arguments: FuzzCorpusFiles.regressions)
    func regressionReplaysThroughEveryTarget(_ file: FuzzCorpusFile) throws {
        let bytes = try file.bytes()
        for target in FuzzTarget.allCases { target.run(bytes) }
    }

    /// Every seed goes through its own harness (the CI replay also runs it through the others).
    @Test(arguments: FuzzCorpusFiles.seeds)
    func seedReplaysThroughItsTarget(_ file: FuzzCorpusFile) throws {
        file.target.run(try file.bytes())
    }
}
