import Testing
@testable import KeyedArchive

/// The `bplist0?` header rule, non-string dictionary keys, and what converting to XML loses.
@Suite struct PlistConversionLossTests {
    static let sample = PropertyList(.dict([PlistDictEntry(key: .string("a"), value: .array([.integer(1), .string("x")]))]))

    @Test func acceptsEveryBplistZeroHeaderAsApple() throws {
        var bytes = Self.sample.binaryData()
        let value = try PropertyList(binary: bytes).value()
        for eighth in [UInt8(ascii: "0"), UInt8(ascii: "1"), UInt8(ascii: "9"), UInt8(ascii: "x"), 0x00, 0xFF] {
            bytes[7] = eighth
            #expect(ArchiveFormat.detect(bytes) == .binaryPlist)
            #expect(try PropertyList(parsing: bytes).value() == value, "bplist0 + 0x\(String(eighth, radix: 16))")
        }
    }

    @Test func namesEveryOtherHeaderExactly() {
        func failure(_ header: String) -> ArchiveError? {
            var bytes = Self.sample.binaryData()
            bytes.replaceSubrange(0 ..< 8, with: Array(header.utf8))
            do { _ = try PropertyList(parsing: bytes); return nil } catch { return error }
        }
        for private_ in ["bplist15", "bplist16"] {
            #expect(failure(private_)?.code == .unsupportedFormat)
            #expect(failure(private_)?.reason.contains("private Apple format") == true)
        }
        #expect(failure("bplist22")?.code == .unsupportedFormat)
        #expect(failure("bplist22")?.reason.contains("version \"22\"") == true)
        #expect(failure("bplist22")?.reason.contains("private") == false)
        #expect(failure("bplis000")?.code == .unknownFormat)
    }

    @Test func typedstreamIsNamedAsNotSupportedYet() {
        for signature in ["streamtyped", "typedstream"] {
            let bytes: [UInt8] = [0x04, 0x0B] + Array(signature.utf8) + [0x81, 0xE8, 0x03]
            #expect(ArchiveFormat.detect(bytes) == .typedstream)
            do {
                _ = try PropertyList(parsing: bytes)
                Issue.record("a typedstream parsed as a plist")
            } catch {
                #expect(error.code == .unsupportedFormat)
                #expect(error.reason == "typedstream (NSArchiver) archive, not a property list: read it with ArchiveGraph(typedstream:)")
            }
        }
    }

    static let nonStringKeys = PlistValue.dict([
        PlistDictEntry(key: .string("s"), value: .dict([
            PlistDictEntry(key: .integer(1), value: .string("one")),
            PlistDictEntry(key: .string("1"), value: .string("string one")),
            PlistDictEntry(key: .data([0xAB]), value: .bool(true)),
        ])),
    ])

    @Test func nonStringKeysKeepTheirTypeInBinary() throws {
        let list = PropertyList(Self.nonStringKeys)
        let back = try PropertyList(binary: list.binaryData())
        #expect(try back.value() == Self.nonStringKeys)
        #expect(back.firstNonStringKeyPath() == ["root", "s", "{key 0: integer}"])
    }

    @Test func xmlRefusesNonStringKeysWithTheirKeyPath() {
        do {
            _ = try PropertyList(Self.nonStringKeys).xmlData()
            Issue.record("a non-string key was written as XML")
        } catch {
            #expect(error.code == .encodingFailed)
            #expect(error.keyPath == ["root", "s", "{key 0: integer}"])
        }
    }

    @Test func losslessListsReportNothing() throws {
        let list = PropertyList(.dict([
            PlistDictEntry(key: .string("n"), value: .array([.integer(-3), .real(0.5), .date(86_400), .uid(3), .data([1]), .string("ü\u{1F600}")])),
        ]))
        #expect(list.conversionLosses(to: .xml).isEmpty)
        #expect(list.conversionLosses(to: .binary).isEmpty)
        #expect(try PropertyList(xml: list.xmlData()).value() == list.value())
    }

    @Test func everyKindOfLossIsCountedWithItsFirstKeyPath() throws {
        let lone = try PropertyList(binary: Self.loneSurrogateList())
        #expect(lone.conversionLosses(to: .xml).map(\.kind) == [.unpairedSurrogate])
        #expect(lone.conversionLosses(to: .xml).first?.firstKeyPath == ["root", "[0]"])

        let list = PropertyList(.dict([
            PlistDictEntry(key: .string("f"), value: .array([.real32(1.5), .real32(2.5)])),
            PlistDictEntry(key: .string("t"), value: .date(0.25)),
            PlistDictEntry(key: .string("w"), value: .date(60)),
            PlistDictEntry(key: .string("set"), value: .set([.integer(1)])),
            PlistDictEntry(key: .string("nested"), value: .dict([PlistDictEntry(key: .string("n"), value: .null)])),
            PlistDictEntry(key: .string("fill"), value: .fill),
            PlistDictEntry(key: .string("big"), value: .wideInteger(PlistWideInteger(high: 1, low: 0))),
            PlistDictEntry(key: .string("uidish"), value: .dict([PlistDictEntry(key: .string("CF$UID"), value: .integer(7))])),
            PlistDictEntry(key: .string("uidish2"), value: .dict([PlistDictEntry(key: .string("CF$UID"), value: .integer(-1))])),
            PlistDictEntry(key: .string("uidish3"), value: .dict([PlistDictEntry(key: .string("CF$UID"), value: .real(2.5))])),
            PlistDictEntry(key: .string("plain"), value: .dict([PlistDictEntry(key: .string("CF$UID"), value: .string("7"))])),
        ]))
        let losses = list.conversionLosses(to: .xml)
        #expect(losses.map(\.kind) == [.float32Width, .subsecondDate, .setAsArray, .null, .fill, .wideInteger, .uidLookalikeDictionary])
        #expect(losses.first { $0.kind == .float32Width }?.count == 2)
        // Any number under a lone CF$UID key reads back as a UID (-1 as 4294967295, 2.5 as 2); a string does not.
        #expect(losses.first { $0.kind == .uidLookalikeDictionary }?.count == 3)
        #expect(losses.first { $0.kind == .float32Width }?.firstKeyPath == ["root", "f", "[0]"])
        #expect(losses.first { $0.kind == .null }?.firstKeyPath == ["root", "nested", "n"])
        // And each really is lost: the XML reads back differently, or (128-bit integers) not at all.
        #expect(throws: ArchiveError(.corrupt, "")) { try PropertyList(xml: list.xmlData()) }
        guard case .dict(let entries) = try list.value() else { return }
        let readable = PropertyList(.dict(entries.filter { $0.key != .string("big") }))
        #expect(try PropertyList(xml: readable.xmlData()).value() != readable.value())
    }

    /// `["a\u{D800}"]` as a bplist (UTF-16 strings may hold what Swift strings cannot).
    static func loneSurrogateList() throws -> [UInt8] {
        var b: [UInt8] = Array("bplist00".utf8)
        b += [0xA1, 0x01]              // object 0 at 8: array of one, ref 1
        b += [0x62, 0x00, 0x61, 0xD8, 0x00]  // object 1 at 10: UTF-16 string of 2 units
        let offsetTable = b.count
        b += [8, 10]
        b += [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, 2] + [0, 0, 0, 0, 0, 0, 0, 0] + [0, 0, 0, 0, 0, 0, 0, UInt8(offsetTable)]
        return b
    }
}
