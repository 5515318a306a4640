import CorpusSupport
import Foundation
import KeyedArchive
import KeyedArchiveFuzzSupport
import Testing

/// Issue #15's corpus check: every top-level value of every keyed archive in `../shared/corpus/keyed/`
/// whose object graph is property-list shaped (collections, strings, numbers, data, dates) decodes through
/// ``KeyedArchiveDecoder`` into the generic ``CodableMirror``, equal to what ``ArchivedValue`` reads.
@Suite struct CodableCorpusTests {
    @Test func plistShapedCorpusArchivesDecodeThroughCodable() throws {
        guard Corpus.require() else { return }
        var checked = 0, files = 0
        for url in Corpus.files("keyed") where url.lastPathComponent != "MANIFEST.tsv" {
            guard let graph = try? ArchiveGraph(keyedArchiveBytes: Corpus.bytes(url)) else { continue }
            files += 1
            for entry in graph.top.prefix(16) {
                let key = graph.key(entry.key)
                let u = KeyedUnarchiver(graph: graph)
                guard let value = try? u.decodeTopLevelObject(of: ArchivedValue.self, forKey: key), Self.isPlistShaped(value) else { continue }
                var d = KeyedArchiveDecoder()
                d.rootKey = key
                do {
                    let mirror = try d.decode(CodableMirror.self, from: graph)
                    #expect(Self.same(mirror, value), "\(Corpus.name(url)) $top.\(key): the mirror differs from ArchivedValue")
                } catch {
                    Issue.record("\(Corpus.name(url)) $top.\(key): \(error)")
                }
                checked += 1
            }
        }
        print("Codable corpus check: \(checked) plist-shaped top-level values in \(files) keyed archives")
        #expect(checked >= 20)
    }

    static func isPlistShaped(_ v: ArchivedValue) -> Bool {
        switch v {
        case .null, .bool, .int, .unsignedInt, .float, .double, .string, .data, .date: return true
        case .array(let xs), .set(let xs), .orderedSet(let xs): return xs.allSatisfy(isPlistShaped)
        case .dictionary(let es): return es.allSatisfy { $0.key.stringValue != nil && isPlistShaped($0.value) }
        default: return false
        }
    }

    /// Equal values; numbers compare by value, since a mirror cannot see an NSNumber's stored type.
    static func same(_ m: CodableMirror, _ v: ArchivedValue) -> Bool {
        switch (m, v) {
        case (.null, .null): return true
        case let (.string(a), .string(b)): return a == b
        case let (.data(a), .data(b)): return Array(a) == b
        case let (.date(a), .date(b)): return a == b
        case let (.bool(a), .bool(b)): return a == b
        case let (.array(a), .array(b)), let (.array(a), .set(b)), let (.array(a), .orderedSet(b)):
            return a.count == b.count && zip(a, b).allSatisfy { same($0, $1) }
        case let (.object(a), .dictionary(b)):
            var last: [String: ArchivedValue] = [:]
            for e in b { if let k = e.key.stringValue { last[k] = e.value } }
            return a.count == last.count && a.allSatisfy { e in last[e.key].map { same(e.value, $0) } ?? false }
        default:
            guard let x = number(m), let y = number(v) else { return false }
            return x == y || (x.isNaN && y.isNaN)
        }
    }

    static func number(_ m: CodableMirror) -> Double? {
        switch m {
        case .int(let x): Double(x)
        case .uint(let x): Double(x)
        case .double(let x): x
        default: nil
        }
    }

    static func number(_ v: ArchivedValue) -> Double? {
        switch v {
        case .int(let x): Double(x)
        case .unsignedInt(let x): Double(x)
        case .double(let x): x
        case .float(let x): Double(x)
        default: nil
        }
    }
}

/// The direct decode (which reads the property list without building a graph) over hostile input: every
/// `codable` seed and regression through the harness, which checks that whatever the direct decode takes,
/// the graph-based decode takes as the same value; and enough of them that the direct decode is exercised.
@Suite struct CodableDirectDecodeHostileTests {
    @Test func seedsAndRegressionsDecodeDirectlyAsThroughTheGraph() throws {
        let files = (FuzzCorpusFiles.seeds + FuzzCorpusFiles.regressions).filter { $0.target == .codable }
        var taken = 0, inputs = 0
        for file in files {
            let bytes = try file.bytes()
            let n = FuzzCodable.directDecodeCount(bytes)
            if n > 0 { inputs += 1 }
            taken += n
            #expect(FuzzTarget.codable.replay(bytes) == nil, "\(file.testDescription)")
        }
        print("Direct decode: took \(taken) typed decodes of \(inputs) of \(files.count) codable seeds and regressions")
        #expect(inputs >= 5)
    }
}
