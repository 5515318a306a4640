import Foundation
import Testing
@testable import KeyedArchive

/// Equal strings and numbers share one `$objects` entry; strings are equal by their bytes, so canonically
/// equivalent spellings stay distinct and round-trip as they were given.
@Suite struct PlainEntrySharingTests {
    static let precomposed = "caf\u{E9}"
    static let decomposed = "cafe\u{301}"

    @Test func equalStringsShareOneEntryAndEquivalentSpellingsDoNot() throws {
        let a = KeyedArchiver()
        try a.encode([Self.precomposed, Self.decomposed, Self.precomposed, "plain", "plain"], forKey: "root")
        let graph = try a.finishEncoding()
        let strings = graph.objects.filter { $0.kind == .plain }.compactMap { graph.string($0.plainValue) }
        #expect(strings.filter { $0 == "plain" }.count == 1)
        // Swift's == calls these equal; the archive keeps both spellings, byte for byte.
        #expect(Self.precomposed == Self.decomposed)
        #expect(strings.filter { Array($0.utf8) == Array(Self.precomposed.utf8) }.count == 1)
        #expect(strings.filter { Array($0.utf8) == Array(Self.decomposed.utf8) }.count == 1)

        let back = try #require(try KeyedUnarchiver.unarchivedObject(of: [String].self, from: a.encodedData()))
        #expect(back.map { Array($0.utf8) } == [Self.precomposed, Self.decomposed, Self.precomposed, "plain", "plain"].map { Array($0.utf8) })
    }

    @Test func numbersShareByTypeAndBits() throws {
        let a = KeyedArchiver()
        try a.encode([1, 1, 2] as [Int], forKey: "ints")
        try a.encode([1.0, -0.0, 0.0] as [Double], forKey: "doubles")
        let graph = try a.finishEncoding()
        let plain = graph.objects.filter { $0.kind == .plain }.map(\.plainValue)
        #expect(plain.filter { $0 == .int(1, width: 0) }.count == 1)
        #expect(plain.contains(.int(2, width: 0)))
        // 1.0 as a double is not the integer 1, and -0.0 is not 0.0.
        #expect(plain.filter { if case .double = $0 { true } else { false } }.count == 3)
    }

    @Test func finishingFreezesTheArchive() throws {
        let a = KeyedArchiver()
        try a.encode(["x", "y"], forKey: "root")
        let first = try a.finishEncoding()
        let bytes = try a.encodedData()
        // The sharing tables are gone after finishing; what is encoded then is not in the archive's top.
        try a.encode(["x"], forKey: "late")
        let again = try a.finishEncoding()
        #expect(again.top == first.top)
        #expect(try a.encodedData().count >= bytes.count)
        #expect(try KeyedUnarchiver.unarchivedObject(of: [String].self, from: a.encodedData()) == ["x", "y"])
    }
}
