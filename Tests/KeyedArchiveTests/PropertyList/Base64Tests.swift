import Foundation
import Testing
@testable import KeyedArchive

/// `<data>` base64: every byte string decodes back from its encoding with whitespace anywhere, the
/// result matches Foundation's decoder, and a bad byte is reported at its own offset.
@Suite struct Base64Tests {
    static func decode(_ text: [UInt8]) -> Result<[UInt8], Base64.InvalidByte> {
        var out: [UInt8] = []
        return text.withUnsafeBufferPointer { Base64.decode($0, into: &out) }.map { out }
    }

    @Test func randomBytesRoundTripWithWhitespaceAnywhere() throws {
        var rng = SystemRandomNumberGenerator()
        for length in Array(0 ..< 40) + [255, 256, 257, 767, 768, 769, 2_000] {
            let bytes = (0 ..< length).map { _ in UInt8.random(in: 0 ... 255, using: &rng) }
            var encoded: [UInt8] = []
            bytes.withUnsafeBufferPointer { Base64.encode($0, lineLength: 68, indent: [0x09], into: &encoded) }
            #expect(try Self.decode(encoded).get() == bytes, "length \(length), Apple's line layout")
            // Whitespace dropped in at random places, also inside a quantum.
            var spaced: [UInt8] = []
            for c in encoded where c != 0x0A && c != 0x09 {
                if Int.random(in: 0 ..< 5, using: &rng) == 0 { spaced.append([0x20, 0x0A, 0x0D, 0x09][Int.random(in: 0 ..< 4, using: &rng)]) }
                spaced.append(c)
            }
            #expect(try Self.decode(spaced).get() == bytes, "length \(length), spaced")
            let foundation = Data(base64Encoded: Data(encoded.filter { $0 != 0x0A && $0 != 0x09 }))
            #expect(foundation.map { [UInt8]($0) } == bytes, "length \(length), Foundation")
        }
    }

    @Test func aBadByteIsReportedWhereItIs() throws {
        let good = Array("QUJDREVGR0hJSktM".utf8)  // "ABCDEFGHIJKL"
        for at in 0 ..< good.count {
            var bad = good
            bad[at] = UInt8(ascii: "!")
            guard case .failure(let e) = Self.decode(bad) else { Issue.record("accepted a bad byte at \(at)"); continue }
            #expect(e.offset == at)
        }
        // Text after padding is refused, at the first byte after it.
        guard case .failure(let e) = Self.decode(Array("QQ==QUJD".utf8)) else { Issue.record("accepted text after padding"); return }
        #expect(e.offset == 4)
        #expect(try Self.decode(Array("QQ== \n".utf8)).get() == [0x41])
    }
}
