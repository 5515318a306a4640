import Foundation
import Testing
@testable import KeyedArchive
import CorpusSupport

/// Damaged XML never crashes the reader: every prefix and every bit flip of small corpus files
/// either throws an ArchiveError with a position or parses into a table our writers accept.
@Suite struct XMLPlistHostileTests {
    static let smallFiles = [
        "keyed/go-nskeyedarchiver/fixtures__onevalue.xml",
        "keyed/corelibs-fixtures/Tests__Foundation__Resources__NSKeyedUnarchiver-UUIDTest.plist",
    ]

    @Test func everyTruncationThrowsWithAPositionUnlessOnlyWhitespaceIsCut() throws {
        guard Corpus.require() else { return }
        for name in Self.smallFiles {
            let bytes = try Corpus.bytes(Corpus.root.appendingPathComponent(name))
            for n in 0 ..< bytes.count {
                // Dropping only trailing whitespace leaves a complete document.
                let onlyWhitespaceCut = bytes[n...].allSatisfy { $0 == 0x0A || $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
                do {
                    _ = try PropertyList(xml: Array(bytes[..<n]))
                    #expect(onlyWhitespaceCut, "\(name) cut at \(n) parsed")
                } catch {
                    #expect(error.offset != nil && error.line != nil && error.column != nil, "\(name) cut at \(n): \(error)")
                }
            }
        }
    }

    @Test func everyBitFlipThrowsOrParses() throws {
        guard Corpus.require() else { return }
        for name in Self.smallFiles {
            let bytes = try Corpus.bytes(Corpus.root.appendingPathComponent(name))
            var parsed = 0
            for bit in 0 ..< bytes.count * 8 {
                var m = bytes
                m[bit / 8] ^= 1 << UInt8(bit % 8)
                do {
                    let list = try PropertyList(xml: m)
                    parsed += 1
                    let v = try list.value()
                    #expect(try PropertyList(binary: list.binaryData()).value() == v, "\(name) bit \(bit)")
                    _ = try list.xmlData()
                } catch {
                    #expect(error.offset != nil, "\(name) bit \(bit): \(error)")
                }
            }
            // Flips inside text (a letter's case, a digit) still parse.
            #expect(parsed > bytes.count / 2, "\(name): only \(parsed) flips parsed")
        }
    }

    @Test func hugeDictWithRepeatedKeysStaysLinear() throws {
        // 200 000 entries over 10 distinct keys: the hashed duplicate check keeps this fast.
        var s = "<dict>"
        for i in 0 ..< 200_000 { s += "<key>k\(i % 10)</key><true/>" }
        let list = try PropertyList(xml: Array((s + "</dict>").utf8))
        #expect(list.containerCount(list.root) == 10)
    }

    @Test func unclosedTagsAndStrayMarkup() {
        let cases: [(String, ArchiveError.Code)] = [
            ("<plist><string", .truncated),                     // tag never closed
            ("<plist><string attr=\"x>", .truncated),           // quote never closed
            ("<plist><string>a</string", .truncated),           // closing tag never finished
            ("<plist><string>a<b</string></plist>", .corrupt),  // '<' inside a start tag
            ("<!DOCTYPE plist", .truncated),                    // DOCTYPE never closed
            ("<plist><!DOCTYPE [", .corrupt),                   // DOCTYPE inside the root element
            ("<plist><?pi", .truncated),                        // processing instruction never closed
            ("<plist><string><![CDATA[x</string>", .truncated), // CDATA never closed
            ("</plist>", .corrupt),                             // closing with nothing open
            ("<plist><integer>1</integer>junk</plist>", .corrupt),  // text between elements
            ("<plist><data>AAAA=A</data></plist>", .corrupt),   // text after padding
            ("<plist><string>&#xFFFFFFFF;</string></plist>", .corrupt),  // reference beyond U+10FFFF
        ]
        for (text, code) in cases {
            #expect(throws: ArchiveError(code, ""), "\(text)") { try PropertyList(xml: Array(text.utf8)) }
        }
    }
}
