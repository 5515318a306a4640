import CorpusSupport
import Foundation
import KeyedArchive
import Testing

/// Hostile typedstreams: each must end in a typed error with a byte offset, never a crash or a hang.
@Suite("Typedstream reader on hostile input")
struct TypedstreamHostileTests {
    static let header: [UInt8] = [0x04, 0x0B] + Array("streamtyped".utf8) + [0x81, 0xE8, 0x03]

    /// A new shared string: tag, length, bytes.
    static func new(_ s: String) -> [UInt8] { [0x84, UInt8(s.utf8.count)] + Array(s.utf8) }

    func rejects(_ bytes: [UInt8], _ code: ArchiveError.Code, sourceLocation: SourceLocation = #_sourceLocation) {
        let error = #expect(throws: ArchiveError.self, sourceLocation: sourceLocation) { try ArchiveGraph(typedstream: bytes) }
        #expect(error?.code == code, "\(error.map { "\($0)" } ?? "")", sourceLocation: sourceLocation)
        #expect(error?.offset != nil, "no byte offset", sourceLocation: sourceLocation)
    }

    @Test("fuzz finding: a type encoding of qualifiers only (\"O\") describes no value and is refused")
    func qualifierOnlyEncoding() throws {
        let url = Corpus.packageRoot.appendingPathComponent("FuzzCorpus/regressions/typedstream/crash-bf2dad0d7638343f14f81e51ccb371f19653c970")
        let bytes = [UInt8](try Data(contentsOf: url))
        #expect(bytes == [0x04, 0x0B] + Array("streamtyped".utf8) + [0x03, 0x84, 0x01, 0x4F])
        rejects(bytes, .badTypeEncoding)
    }

    @Test("counts that claim more than the stream holds: arrays, strings, bytes")
    func oversizedCounts() {
        rejects(Self.header + Self.new("[999999999i]") + [0x01], .truncated)
        rejects(Self.header + Self.new("[2147483647c]"), .truncated)
        rejects(Self.header + Self.new("+") + [0x82, 0xFF, 0xFF, 0xFF, 0x7F], .truncated)
        rejects(Self.header + [0x84, 0x82, 0x00, 0x00, 0x00, 0x40], .truncated)
        // A negative length.
        rejects(Self.header + Self.new("+") + [0x81, 0x00, 0x80], .truncated)
    }

    @Test("an array of an element that reads nothing would spin: refused at its encoding")
    func zeroWidthArray() {
        rejects(Self.header + Self.new("[2000000000{a=}]"), .badTypeEncoding)
        rejects(Self.header + Self.new("[12345678901234i]"), .badTypeEncoding)
        rejects(Self.header + Self.new("{a=i"), .badTypeEncoding)
        rejects(Self.header + Self.new("^i"), .badTypeEncoding)
    }

    @Test("references: past the table, to a class where an object goes, an object where a class goes")
    func badReferences() {
        rejects(Self.header + [0x99], .badReference)
        // "@" then an object whose class is NSObject; then "@" referring to entry 1 (the class record).
        let obj = Self.new("@") + [0x84, 0x84] + Self.new("NSObject") + [0x00, 0x85, 0x86]
        rejects(Self.header + obj + [0x92, 0x93], .typeMismatch)
        // A class chain whose superclass is the object itself.
        rejects(Self.header + Self.new("@") + [0x84, 0x84] + Self.new("A") + [0x00, 0x92], .typeMismatch)
    }

    @Test("objects nested deeper than the limit fail with limitExceeded, on the heap")
    func deepNesting() {
        var limits = DecodingLimits.default
        limits.maxDepth = 64
        // Each level: a new object of class A (first time new, then a reference) holding "@".
        var bytes = Self.header + Self.new("@") + [0x84, 0x84] + Self.new("A") + [0x00, 0x85]
        for _ in 0 ..< 100 { bytes += [0x92, 0x84, 0x93] }
        let error = #expect(throws: ArchiveError.self) { try ArchiveGraph(typedstream: bytes, limits: limits) }
        #expect(error?.code == .limitExceeded)
    }

    @Test("every prefix of a real stream fails with a located error; single-bit flips never crash")
    func truncationAndBitFlipSweeps() throws {
        // The smallest real streams (365 and 962 bytes), so that the debug-build sweep stays quick.
        let sizes = try TypedstreamFixtures.rows().map { ($0, [UInt8](try Data(contentsOf: $0.url))) }.sorted { $0.1.count < $1.1.count }
        let bytes = sizes[0].1
        #expect(bytes.count < 1000)
        for n in 0 ..< bytes.count {
            do {
                let g = try ArchiveGraph(typedstream: Array(bytes.prefix(n)))
                // The header alone is a stream with nothing in it.
                #expect(n == Self.header.count && g.top.isEmpty && g.objects.isEmpty, "prefix of \(n) bytes read as a whole stream")
            } catch {
                #expect(error.offset != nil, "prefix \(n): \(error)")
            }
        }
        var accepted = 0
        let flipped0 = sizes[1].1
        for i in 0 ..< flipped0.count {
            let bytes = flipped0
            for bit in [0, 3, 7] {
                var flipped = bytes
                flipped[i] ^= UInt8(1 << bit)
                guard let g = try? ArchiveGraph(typedstream: flipped) else { continue }
                accepted += 1
                // What reads must write and read again.
                let again = try ArchiveGraph(typedstream: try g.typedstreamBytes())
                #expect(again.objects.count == g.objects.count)
                _ = try? g.validateFoundationShapes()
            }
        }
        #expect(accepted > 0)
    }
}
