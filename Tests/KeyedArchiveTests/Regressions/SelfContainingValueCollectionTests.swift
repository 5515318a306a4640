import Foundation
import Testing
@testable import KeyedArchive
import CorpusSupport

/// Fuzz finding F3: an NSArray that lists itself in `NS.objects`, decoded as a Swift value
/// (`ArchivedValue`, `[T]`), must end in a typed error under the DEFAULT options, without
/// exhausting a test thread's stack (swift-testing threads are far smaller than the main thread).
@Suite struct SelfContainingValueCollectionTests {
    static func seed() throws -> [UInt8] {
        let url = Corpus.packageRoot.appendingPathComponent("FuzzCorpus/roundtrip/keyed-array-cycle.xml")
        return Array(try Data(contentsOf: url))
    }

    @Test func selfContainingArrayDecodedAsAValueIsATypedError() throws {
        let graph = try ArchiveGraph(keyedArchiveBytes: try Self.seed())
        #expect(throws: ArchiveError.self) {
            _ = try KeyedUnarchiver.unarchivedObject(of: ArchivedValue.self, from: graph)
        }
    }
}
