import CorpusSupport
import Foundation
import KeyedArchive
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `FileBytes` is how the library (nib sources, XIB files, colour profiles) and the CLI read whole files:
/// every byte exactly once, never more than the cap, and errors that say which file and why.
@Suite struct FileBytesTests {
    private func temporaryFile(_ bytes: [UInt8]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("filebytes-\(UUID().uuidString)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func readsEveryCorpusNibExactly() throws {
        guard Corpus.require() else { return }
        let files = Corpus.files("nib")
        #expect(files.count > 100)
        for url in files {
            #expect(try FileBytes.read(path: url.path) == Array(try Data(contentsOf: url)), "\(url.lastPathComponent)")
        }
    }

    @Test func refusesAFileLongerThanTheLimit() throws {
        let path = try temporaryFile([UInt8](repeating: 7, count: 4096))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try FileBytes.read(path: path, limit: 4096).count == 4096)
        #expect(throws: ArchiveError(.limitExceeded, "")) { try FileBytes.read(path: path, limit: 4095) }
        #expect(throws: ArchiveError(.limitExceeded, "")) { try FileBytes.read(path: path, limit: -1) }
        #expect(try FileBytes.read(path: try temporaryFile([]), limit: 0) == [])
    }

    @Test func namesWhatIsMissingAndWhatCannotBeRead() throws {
        let missing = "/nonexistent-\(UUID().uuidString)/x.nib"
        do {
            _ = try FileBytes.read(path: missing)
            Issue.record("read a missing file")
        } catch {
            #expect(error.code == .fileNotFound)
            #expect(error.reason.contains(missing))
        }
        // A directory opens but cannot be read as a file.
        #expect(throws: ArchiveError(.readFailed, "")) { try FileBytes.read(path: FileManager.default.temporaryDirectory.path) }
    }

    /// A pipe has no size to take: it is read in chunks, and the cap holds across them.
    @Test func readsAPipeInChunksUnderTheCap() throws {
        let payload = (0 ..< 200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        func throughPipe(limit: Int) -> Result<[UInt8], ArchiveError> {
            var fds: [Int32] = [0, 0]
            guard pipe(&fds) == 0 else { return .failure(ArchiveError(.readFailed, "pipe failed")) }
            let (readEnd, writeEnd) = (fds[0], fds[1])
            let writer = Thread {
                payload.withUnsafeBytes { raw in
                    guard let base = raw.baseAddress else { return }
                    var sent = 0
                    while sent < raw.count {
                        let n = write(writeEnd, base + sent, raw.count - sent)
                        if n <= 0 { break }
                        sent += n
                    }
                }
                close(writeEnd)
            }
            writer.start()
            let result = Result { () throws(ArchiveError) in try FileBytes.read(fileDescriptor: readEnd, name: "pipe", limit: limit) }
            // Drained to the writer's end, so the writer never blocks nor writes into a closed pipe.
            var sink = [UInt8](repeating: 0, count: 1 << 16)
            while sink.withUnsafeMutableBytes({ read(readEnd, $0.baseAddress, $0.count) }) > 0 {}
            close(readEnd)
            return result
        }
        #expect(try throughPipe(limit: 1 << 20).get() == payload)
        #expect(throws: ArchiveError(.limitExceeded, "")) { try throughPipe(limit: 100_000).get() }
    }
}
