@testable import KeyedArchive
import Testing

/// `UTF8Text.string` replaces the standard library's generic validator on hot paths; it must accept and
/// reject exactly what `String(validating:as:)` does.
@Suite struct UTF8TextTests {
    /// Sequences at the edges of UTF-8: overlong forms, surrogates, the top of the code space,
    /// truncated and stray continuation bytes, and ASCII runs longer than a word.
    static let edges: [[UInt8]] = [
        [], Array("plain ascii over eight bytes".utf8), Array("héllo wörld".utf8), Array("日本語のテキスト".utf8),
        Array("🙂 emoji".utf8), [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xED, 0x9F, 0xBF],
        [0xF4, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0x80], [0xBF, 0x41],
        [0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x47, 0xE2, 0x82], [0xEF, 0xBF, 0xBD], [0x61, 0xEF, 0xBF], [0xFF], [0xFE, 0xFF],
        Array("abcdefgh".utf8) + [0x80] + Array("ijklmnop".utf8),
    ]

    @Test func agreesWithTheStandardLibraryOnEdgeCases() {
        for bytes in Self.edges {
            #expect(UTF8Text.string(bytes[...]) == String(validating: bytes, as: UTF8.self), "\(bytes)")
        }
    }

    /// Random byte strings biased towards UTF-8's lead and continuation bytes, with a fixed seed.
    @Test func agreesWithTheStandardLibraryOnRandomBytes() {
        var state: UInt64 = 0x5EED_0F_0D_A7A
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        let alphabet: [UInt8] = [0x41, 0x7A, 0x7F, 0x80, 0x8F, 0xA0, 0xBF, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF]
        var accepted = 0
        for _ in 0 ..< 20_000 {
            let n = Int(next() % 12)
            let bytes = (0 ..< n).map { _ in alphabet[Int(next() % UInt64(alphabet.count))] }
            let expected = String(validating: bytes, as: UTF8.self)
            #expect(UTF8Text.string(bytes[...]) == expected, "\(bytes)")
            if expected != nil { accepted += 1 }
        }
        // Both outcomes are exercised.
        #expect(accepted > 1_000 && accepted < 19_000)
    }

    /// `decoding` builds short strings in place; for every input, valid or not, ASCII or not, up to and
    /// past the 15-byte inline limit, it must give what `String(decoding:as:)` gives (repairs included).
    @Test func decodingAgreesWithTheStandardLibrary() {
        var inputs = Self.edges
        for n in [0, 1, 14, 15, 16, 17, 40] {
            inputs.append([UInt8](repeating: 0x61, count: n))
            inputs.append([UInt8](repeating: 0x61, count: max(0, n - 2)) + [0xC3, 0xA9])
            inputs.append([UInt8](repeating: 0x61, count: max(0, n - 1)) + [0xFF])
        }
        for bytes in inputs {
            // `string` copies ASCII into place at any length: the same string as the validator's.
            let checked = UTF8Text.string(bytes[...])
            #expect(checked == String(validating: bytes, as: UTF8.self), "\(bytes)")
            #expect(checked.map { Array($0.utf8) } == String(validating: bytes, as: UTF8.self).map { Array($0.utf8) }, "\(bytes)")
            let ours = bytes.withUnsafeBufferPointer { UTF8Text.decoding($0) }
            #expect(ours == String(decoding: bytes, as: UTF8.self), "\(bytes)")
            #expect(Array(ours.utf8) == Array(String(decoding: bytes, as: UTF8.self).utf8), "\(bytes)")
        }
    }
}
