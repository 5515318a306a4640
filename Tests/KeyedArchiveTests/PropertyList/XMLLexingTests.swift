import Testing
@testable import KeyedArchive

/// The word-at-a-time byte finder agrees with a byte loop wherever the byte is, including bytes that
/// differ from it by one bit or carry, and at every alignment.
@Suite struct XMLLexingTests {
    @Test func firstByteAgreesWithALoop() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0 ..< 2_000 {
            let n = Int.random(in: 0 ..< 40, using: &rng)
            // Neighbours of '<' (0x3C) and 0x80-range bytes are the cases a zero-byte test could confuse.
            let alphabet: [UInt8] = [0x3C, 0x3B, 0x3D, 0x3E, 0xBC, 0x00, 0x01, 0xFF, 0x41, 0x7C]
            let bytes = (0 ..< n).map { _ in alphabet[Int.random(in: 0 ..< alphabet.count, using: &rng)] }
            bytes.withUnsafeBufferPointer { b in
                guard let base = b.baseAddress else { return }
                for from in 0 ... n {
                    var expected = from
                    while expected < n, bytes[expected] != 0x3C { expected += 1 }
                    #expect(XMLLexing.first(0x3C, base, from: from, end: n) == expected, "\(bytes) from \(from)")
                }
            }
        }
    }
}
