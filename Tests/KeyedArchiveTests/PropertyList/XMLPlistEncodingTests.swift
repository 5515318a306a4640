import Foundation
import Testing
@testable import KeyedArchive

/// XML property lists in every encoding the reader detects: by byte order mark, by the zero bytes of a
/// BOM-less wide encoding, and by the declaration's `encoding`. Each accepted file is cross-checked with
/// Foundation's reader (child process) where Foundation on Linux agrees with Apple.
@Suite struct XMLPlistEncodingTests {
    static let text = "<?xml version=\"1.0\" encoding=\"ENC\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>k</key>\n\t<string>héllo 😀 ∑</string>\n</dict>\n</plist>\n"
    static let expected = PlistValue.dict([PlistDictEntry(key: .string("k"), value: .string("héllo 😀 ∑"))])

    static func utf16(_ s: String, bigEndian: Bool) -> [UInt8] {
        s.utf16.flatMap { u in bigEndian ? [UInt8(u >> 8), UInt8(u & 0xFF)] : [UInt8(u & 0xFF), UInt8(u >> 8)] }
    }

    static func utf32(_ s: String, bigEndian: Bool) -> [UInt8] {
        s.unicodeScalars.flatMap { c -> [UInt8] in
            let v = c.value
            let be = [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
            return bigEndian ? be : be.reversed()
        }
    }

    static func wideCases() -> [(name: String, bytes: [UInt8])] {
        let t16 = text.replacingOccurrences(of: "ENC", with: "UTF-16")
        let t32 = text.replacingOccurrences(of: "ENC", with: "UTF-32")
        return [
            ("UTF-8 with BOM", [0xEF, 0xBB, 0xBF] + Array(text.replacingOccurrences(of: "ENC", with: "UTF-8").utf8)),
            ("UTF-16LE with BOM", [0xFF, 0xFE] + utf16(t16, bigEndian: false)),
            ("UTF-16BE with BOM", [0xFE, 0xFF] + utf16(t16, bigEndian: true)),
            ("UTF-16LE without BOM", utf16(t16, bigEndian: false)),
            ("UTF-16BE without BOM", utf16(t16, bigEndian: true)),
            ("UTF-32LE with BOM", [0xFF, 0xFE, 0, 0] + utf32(t32, bigEndian: false)),
            ("UTF-32BE with BOM", [0, 0, 0xFE, 0xFF] + utf32(t32, bigEndian: true)),
            ("UTF-32LE without BOM", utf32(t32, bigEndian: false)),
            ("UTF-32BE without BOM", utf32(t32, bigEndian: true)),
        ]
    }

    @Test(arguments: wideCases().map(\.name))
    func readsWideEncodings(_ name: String) throws {
        let bytes = try #require(Self.wideCases().first { $0.name == name }?.bytes)
        #expect(ArchiveFormat.detect(bytes) == .xmlPlist, "\(name) is sniffed as XML")
        #expect(try PropertyList(parsing: bytes).value() == Self.expected, "\(name)")
    }

    @Test func foundationReadsTheBOMEncodingsAlike() throws {
        // Foundation on Linux reads BOM-less UTF-16 in host order only; with a mark it agrees with us.
        for (name, bytes) in Self.wideCases() where name.contains("with BOM") {
            let file = try PlistCrossCheck.temporaryFile(bytes, suffix: ".plist")
            switch PlistCrossCheck.foundation(file) {
            case .output(let s): #expect(s.contains("héllo") || s.contains("h\\u{e9}llo"), "\(name): \(s)")
            case .unavailable: break
            case let other: Issue.record("Foundation failed on \(name): \(other)")
            }
        }
    }

    @Test func readsDeclaredEightBitEncodings() throws {
        func doc(_ enc: String, _ content: [UInt8]) -> [UInt8] {
            Array("<?xml version=\"1.0\" encoding=\"\(enc)\"?><plist version=\"1.0\"><string>".utf8) + content + Array("</string></plist>".utf8)
        }
        #expect(try PropertyList(xml: doc("ISO-8859-1", [0x68, 0xE9, 0xFF])).value() == .string("héÿ"))
        #expect(try PropertyList(xml: doc("latin1", [0xE9])).value() == .string("é"))
        #expect(try PropertyList(xml: doc("windows-1252", [0x80, 0x93, 0xE9])).value() == .string("€“é"))
        #expect(try PropertyList(xml: doc("macintosh", [0x8E, 0xDB, 0xF0])).value() == .string("é€\u{F8FF}"))
        #expect(try PropertyList(xml: doc("US-ASCII", [0x41])).value() == .string("A"))
        #expect(try PropertyList(xml: doc("utf-8", Array("é".utf8))).value() == .string("é"))
    }

    @Test func refusesCharactersTheEncodingDoesNotHave() {
        func failure(_ bytes: [UInt8]) -> ArchiveError? {
            do { _ = try PropertyList(xml: bytes); return nil } catch { return error }
        }
        let head = Array("<?xml version=\"1.0\" encoding=\"US-ASCII\"?>\n<string>a".utf8)
        let ascii = failure(head + [0xC3, 0xA9] + Array("</string>".utf8))
        #expect(ascii?.code == .corrupt)
        #expect(ascii?.offset == head.count)
        #expect(ascii?.line == 2 && ascii?.column == 10)

        let cp = Array("<?xml version=\"1.0\" encoding=\"windows-1252\"?><string>".utf8)
        #expect(failure(cp + [0x81] + Array("</string>".utf8))?.offset == cp.count)

        // An unpaired surrogate: the offset is in the original UTF-16 bytes.
        let prefix = [0xFF, 0xFE] + Self.utf16("<string>a", bigEndian: false)
        let lone = failure(prefix + [0x00, 0xD8, 0x41, 0x00] + Self.utf16("</string>", bigEndian: false))
        #expect(lone?.code == .corrupt)
        #expect(lone?.offset == prefix.count)
        #expect(lone?.column == 10)

        // Half a code unit at the end.
        #expect(failure([0xFF, 0xFE] + Self.utf16("<string/>", bigEndian: false) + [0x20])?.code == .truncated)
        // UTF-32 beyond U+10FFFF.
        #expect(failure([0, 0, 0xFE, 0xFF] + Self.utf32("<string>", bigEndian: true) + [0, 0x11, 0, 0])?.code == .corrupt)
    }

    @Test func errorsInWideTextPointAtTheOriginalBytes() throws {
        let t = "<plist version=\"1.0\">\n<array>\n<strin>x</strin>\n</array></plist>"
        let bytes = [0xFE, 0xFF] + Self.utf16(t, bigEndian: true)
        do {
            _ = try PropertyList(parsing: bytes)
            Issue.record("an unknown element must not parse")
        } catch {
            #expect(error.code == .corrupt)
            #expect(error.line == 3 && error.column == 1)
            let tag = try #require(t.range(of: "<strin>"))
            #expect(error.offset == 2 + 2 * t.utf16.distance(from: t.startIndex, to: tag.lowerBound), "the '<' of <strin>, in UTF-16 bytes after the mark")
        }
    }

    @Test func refusesUnknownAndUntranscodableEncodings() {
        func failure(_ enc: String) -> ArchiveError? {
            let bytes = Array("<?xml version=\"1.0\" encoding=\"\(enc)\"?><plist version=\"1.0\"><string>a</string></plist>".utf8)
            do { _ = try PropertyList(xml: bytes); return nil } catch { return error }
        }
        #expect(failure("X-KLINGON")?.code == .corrupt)
        #expect(failure("X-KLINGON")?.offset == 30)
        #expect(failure("Shift_JIS")?.code == .unsupportedFormat)
        // A declaration that names a 16-bit encoding in 8-bit bytes contradicts itself.
        #expect(failure("UTF-16")?.code == .corrupt)
        #expect(failure("UTF-8") == nil)
    }

    @Test func foundationAlsoRefusesAnUnknownEncoding() throws {
        let bytes = Array("<?xml version=\"1.0\" encoding=\"X-KLINGON\"?><plist version=\"1.0\"><string>a</string></plist>".utf8)
        let file = try PlistCrossCheck.temporaryFile(bytes, suffix: ".plist")
        switch PlistCrossCheck.foundation(file) {
        case .failed(_, let stderr): #expect(stderr.contains("unknown encoding"))
        case .unavailable: break
        case let other: Issue.record("Foundation accepted an unknown encoding: \(other)")
        }
    }

    @Test func writerKeepsWritingUTF8() throws {
        let bytes = [0xFF, 0xFE] + Self.utf16(Self.text.replacingOccurrences(of: "ENC", with: "UTF-16"), bigEndian: false)
        let out = try PropertyList(parsing: bytes).xmlData()
        #expect(out.starts(with: Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>".utf8)))
        #expect(try PropertyList(xml: out).value() == Self.expected)
    }
}
