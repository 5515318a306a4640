import ArgumentParser
import Foundation
import KeyedArchive
import Testing
import CorpusSupport
@testable import KeyedArchiveCLI

/// `validate` collects every input before it checks the first: named files must be read when checked,
/// or a long argument list holds every file's bytes at once.
@Suite struct ValidateInputReadingTests {
    @Test(arguments: [false, true])
    func aNamedFileIsReadWhenItIsCheckedNotWhenItIsCollected(recursive: Bool) throws {
        guard Corpus.require() else { return }
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        let good = try Corpus.bytes(Fixtures.keyedSet)
        let file = try scratch.write(good, to: "one.archive")
        // With --recursive a named file is only peeked at (is it a zip?) when collected.
        let command = try ValidateCommand.parse((recursive ? ["-r"] : []) + [file.path])
        let units = try command.collect(InputReference(argument: file.path))
        #expect(units.count == 1)
        let unit = try #require(units.first)

        // Broken after collection: the check sees the bytes on disk now.
        try Data(good.dropLast(8)).write(to: file)
        guard case .bad(let error) = ValidateCommand.check(unit) else {
            Issue.record("the check read the bytes of collection time")
            return
        }
        #expect(error.path == file.path)
        try Data(good).write(to: file)
        guard case .ok = ValidateCommand.check(unit) else {
            Issue.record("a repaired file is still reported bad")
            return
        }

        // Gone after collection: reported by the check, under the name given.
        try FileManager.default.removeItem(at: file)
        guard case .bad(let gone) = ValidateCommand.check(unit) else {
            Issue.record("a removed file validated")
            return
        }
        #expect(gone.path == file.path)
    }

    @Test func aMissingFileIsStillReportedWhenCollected() throws {
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        let missing = scratch.path("missing.nib").path
        let command = try ValidateCommand.parse([missing])
        #expect(throws: CLIError.self) { try command.collect(InputReference(argument: missing)) }
    }
}
