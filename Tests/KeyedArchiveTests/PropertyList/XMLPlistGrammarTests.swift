import Testing
@testable import KeyedArchive

/// One test per feature of the XML plist grammar, and one per error (with line and column).
@Suite struct XMLPlistGrammarTests {
    static let prolog = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">

    """

    func read(_ body: String, wrapped: Bool = true) throws -> PlistValue {
        let text = wrapped ? Self.prolog + body + "\n</plist>\n" : body
        return try PropertyList(xml: Array(text.utf8)).value()
    }

    func error(_ text: String) -> ArchiveError? {
        do {
            _ = try PropertyList(xml: Array(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test func readsEveryElement() throws {
        let v = try read("""
        <dict>
        \t<key>a</key><array><integer>-5</integer><real>2.5</real><true/><false/></array>
        \t<key>s</key><string>text</string>
        \t<key>d</key><date>2001-01-02T00:00:01Z</date>
        \t<key>b</key><data>AAEC
        \t  /w==</data>
        </dict>
        """)
        #expect(v == .dict([
            PlistDictEntry(key: .string("a"), value: .array([.integer(-5), .real(2.5), .bool(true), .bool(false)])),
            PlistDictEntry(key: .string("s"), value: .string("text")),
            PlistDictEntry(key: .string("d"), value: .date(86_401)),
            PlistDictEntry(key: .string("b"), value: .data([0, 1, 2, 255])),
        ]))
    }

    @Test func readsEmptyForms() throws {
        #expect(try read("<array><string/><array/><dict/><data/><true></true><string></string></array>")
            == .array([.string(""), .array([]), .dict([]), .data([]), .bool(true), .string("")]))
    }

    @Test func readsEntitiesAndCharacterReferences() throws {
        #expect(try read("<string>&amp;&lt;&gt;&quot;&apos; &#65;&#x42;&#xe9;&#128512;</string>") == .string("&<>\"' ABé😀"))
    }

    @Test func readsCDATAAndSkipsComments() throws {
        #expect(try read("<!-- c --><string>a<![CDATA[<b>&amp;]]><!-- inner -->c</string>") == .string("a<b>&amp;c"))
    }

    @Test func readsWithoutPrologOrPlistWrapper() throws {
        #expect(try read("<integer>7</integer>", wrapped: false) == .integer(7))
        #expect(try read("\u{FEFF}<plist><true/></plist>", wrapped: false) == .bool(true))
    }

    @Test func readsIntegerRange() throws {
        #expect(try read("<array><integer>18446744073709551615</integer><integer>-9223372036854775808</integer><integer> 0x1F </integer><integer>+3</integer></array>")
            == .array([.unsignedInteger(.max), .integer(.min), .integer(31), .integer(3)]))
        #expect(error(Self.prolog + "<integer>18446744073709551616</integer></plist>")?.code == .corrupt)
        #expect(error(Self.prolog + "<integer>-9223372036854775809</integer></plist>")?.code == .corrupt)
        #expect(error(Self.prolog + "<integer>12a</integer></plist>")?.code == .corrupt)
        #expect(error(Self.prolog + "<integer></integer></plist>")?.code == .corrupt)
    }

    @Test func readsSpecialReals() throws {
        let v = try read("<array><real>nan</real><real>inf</real><real>-inf</real><real>+infinity</real><real>-infinity</real><real>infinity</real><real>-0.0</real><real>1e3</real></array>")
        guard case .array(let r) = v, r.count == 8, case .real(let nan) = r[0] else { Issue.record("got \(v)"); return }
        #expect(nan.isNaN)
        #expect(Array(r[1...]) == [.real(.infinity), .real(-.infinity), .real(.infinity), .real(-.infinity), .real(.infinity), .real(-0.0), .real(1000)])
        #expect(error(Self.prolog + "<real>0x1p3</real></plist>")?.code == .corrupt)
    }

    @Test func readsCFUIDDictAsUID() throws {
        #expect(try read("<array><dict><key>CF$UID</key><integer>3</integer></dict><dict><key>CF$UID</key><string>3</string></dict></array>")
            == .array([.uid(3), .dict([PlistDictEntry(key: .string("CF$UID"), value: .string("3"))])]))
    }

    /// CoreFoundation reads a lone `CF$UID` number through a 32-bit integer (`CFNumberGetValue` to
    /// `kCFNumberSInt32Type` into a `uint32_t`): integers keep their low 32 bits, reals are truncated toward
    /// zero. Foundation on Linux reads `-29` as UID 4294967267 (found by the plist differential over the
    /// fuzz corpus); a real CF cannot convert (NaN, outside Int32) is corrupt rather than a guess.
    @Test func readsCFUIDNumbersThrough32Bits() throws {
        let cases: [(String, UInt64)] = [
            ("<integer>4294967295</integer>", 4_294_967_295), ("<integer>-1</integer>", 4_294_967_295),
            ("<integer>-29</integer>", 4_294_967_267), ("<integer>4294967296</integer>", 0),
            ("<integer>4294967299</integer>", 3), ("<integer>18446744073709551615</integer>", 4_294_967_295),
            ("<integer>-9223372036854775808</integer>", 0), ("<real>3.7</real>", 3), ("<real>-1.5</real>", 4_294_967_295),
            ("<real>2147483647.9</real>", 2_147_483_647), ("<real>-2147483648.5</real>", 2_147_483_648),
        ]
        for (value, uid) in cases {
            #expect(try read("<dict><key>CF$UID</key>\(value)</dict>") == .uid(uid), "\(value)")
        }
        for value in ["<real>nan</real>", "<real>1e10</real>", "<real>-2147483649</real>", "<real>+infinity</real>"] {
            #expect(error(Self.prolog + "<dict><key>CF$UID</key>\(value)</dict></plist>")?.code == .corrupt, "\(value)")
        }
        // Not a number: a plain dict, as in CF.
        #expect(try read("<dict><key>CF$UID</key><true/></dict>") == .dict([PlistDictEntry(key: .string("CF$UID"), value: .bool(true))]))
    }

    @Test func lastDuplicateKeyWins() throws {
        #expect(try read("<dict><key>k</key><integer>1</integer><key>j</key><integer>2</integer><key>k</key><integer>3</integer></dict>")
            == .dict([PlistDictEntry(key: .string("k"), value: .integer(3)), PlistDictEntry(key: .string("j"), value: .integer(2))]))
        // Large dicts take the hashed path.
        var body = "<dict>"
        for i in 0 ..< 20 { body += "<key>k\(i % 10)</key><integer>\(i)</integer>" }
        guard case .dict(let e) = try read(body + "</dict>") else { Issue.record("not a dict"); return }
        #expect(e.count == 10)
        #expect(e[3] == PlistDictEntry(key: .string("k3"), value: .integer(13)))
    }

    @Test func crlfInTextBecomesLF() throws {
        #expect(try read("<string>a\r\nb\rc</string>") == .string("a\nb\nc"))
    }

    @Test func rejectsMalformedXMLWithLineAndColumn() {
        // Each case: text, code, line, column of the reported position.
        let cases: [(String, ArchiveError.Code, Int, Int)] = [
            ("<plist>\n<strin>x</strin></plist>", .corrupt, 2, 1),                      // unknown element
            ("<plist>\n  <string>x</integer></plist>", .corrupt, 2, 12),               // mismatched close
            ("<plist>\n<dict>\n\t<integer>1</integer></dict></plist>", .corrupt, 3, 2), // value without key
            ("<plist>\n<dict><key>k</key></dict></plist>", .corrupt, 2, 19),            // key without value
            ("<plist>\n<array><key>k</key></array></plist>", .corrupt, 2, 8),           // key outside dict
            ("<plist>\n<string>a &bogus; b</string></plist>", .corrupt, 2, 11),         // unknown entity
            ("<plist>\n<data>AA*A</data></plist>", .corrupt, 2, 9),                     // bad base64
            ("<plist>\n<date>2001-13-01T00:00:00Z</date></plist>", .corrupt, 2, 7),     // month 13
            ("<plist>\n<string>abc", .truncated, 2, 1),                                 // ends inside string
            ("<plist>\n<array>\n<true/>", .truncated, 3, 8),                            // ends inside array
            ("<plist><true/><false/></plist>", .corrupt, 1, 15),                        // two values in plist
            ("<plist></plist>", .corrupt, 1, 8),                                        // no value
            ("hello", .corrupt, 1, 1),                                                  // not XML at all
            ("<plist>\n<string>&#xD800;</string></plist>", .corrupt, 2, 9),             // surrogate reference
            ("<plist>\n<!-- never closed", .truncated, 2, 1),                           // open comment
        ]
        for (text, code, line, column) in cases {
            let e = error(text)
            #expect(e?.code == code, "\(text.debugDescription): \(String(describing: e))")
            #expect(e?.line == line && e?.column == column, "\(text.debugDescription): got \(String(describing: e?.line)):\(String(describing: e?.column)) \(String(describing: e))")
            #expect(e?.offset != nil)
        }
    }

    @Test func rejectsInvalidUTF8() {
        let bytes = Array("<plist><string>".utf8) + [0xC3, 0x28] + Array("</string></plist>".utf8)  // C3 28: bad continuation
        #expect(throws: ArchiveError(.corrupt, "")) { try PropertyList(xml: bytes) }
    }

    @Test func enforcesDepthLimitWithoutRecursion() throws {
        let deep = String(repeating: "<array>", count: 100_000) + String(repeating: "</array>", count: 100_000)
        #expect(error(deep)?.code == .limitExceeded)
        var limits = DecodingLimits.default
        limits.maxDepth = 3
        #expect(throws: ArchiveError(.limitExceeded, "")) { try PropertyList(xml: Array("<array><array><array><array/></array></array></array>".utf8), limits: limits) }
        #expect(throws: Never.self) { try PropertyList(xml: Array("<array><array><array/></array></array>".utf8), limits: limits) }
    }

    @Test func writerUsesAppleLayout() throws {
        let v: PlistValue = .dict([
            PlistDictEntry(key: .string("a<&>"), value: .array([.integer(1), .real(600), .real(-0.0), .real(.nan), .real(-.infinity), .real(0.1)])),
            PlistDictEntry(key: .string("u"), value: .uid(7)),
            PlistDictEntry(key: .string("e"), value: .array([])),
            PlistDictEntry(key: .string("d"), value: .data([1, 2, 3])),
            PlistDictEntry(key: .string("t"), value: .date(0)),
        ])
        let text = String(decoding: try PropertyList(v).xmlData(), as: UTF8.self)
        #expect(text == Self.prolog + """
        <dict>
        \t<key>a&lt;&amp;&gt;</key>
        \t<array>
        \t\t<integer>1</integer>
        \t\t<real>600</real>
        \t\t<real>-0.0</real>
        \t\t<real>nan</real>
        \t\t<real>-infinity</real>
        \t\t<real>0.1</real>
        \t</array>
        \t<key>u</key>
        \t<dict>
        \t\t<key>CF$UID</key>
        \t\t<integer>7</integer>
        \t</dict>
        \t<key>e</key>
        \t<array/>
        \t<key>d</key>
        \t<data>
        \tAQID
        \t</data>
        \t<key>t</key>
        \t<date>2001-01-01T00:00:00Z</date>
        </dict>
        </plist>

        """)
    }

    @Test func writerWrapsLongDataLikeCF() throws {
        // At indent level 1 a line holds 76 - 8 = 68 characters (51 bytes).
        let text = String(decoding: try PropertyList(.array([.data(Array(repeating: 0xAB, count: 120))])).xmlData(), as: UTF8.self)
        let lines = text.split(separator: "\n").filter { $0.hasPrefix("\tq") }
        #expect(lines.map(\.count) == [69, 69, 25])
    }

    @Test func edgeValuesRoundTripThroughXML() throws {
        let v = BinaryPlistRoundTripTests.edgeValues
        // Non-string keys have no XML form; drop that entry for this comparison.
        guard case .dict(let entries) = v else { return }
        let stringKeyed = PlistValue.dict(entries.filter { if case .string = $0.key { return true } else { return false } })
        let back = try PropertyList(xml: PropertyList(stringKeyed).xmlData()).value()
        #expect(back == xmlComparable(stringKeyed))
    }

    @Test func datesRoundTripAcrossCalendar() throws {
        for seconds in [0.0, -1, 86_399, -978_307_200 /* 1970 */, 3_000_000_000, -63_114_076_800 /* year 0 */, 4_000_000_000_000] {
            let text = PlistDate.format(seconds)
            let back = text.withUnsafeBufferPointer { PlistDate.parse($0) }
            #expect(back == seconds, "\(String(decoding: text, as: UTF8.self))")
        }
        #expect(String(decoding: PlistDate.format(-1), as: UTF8.self) == "2000-12-31T23:59:59Z")
        #expect(String(decoding: PlistDate.format(0.9), as: UTF8.self) == "2001-01-01T00:00:00Z")
    }
}
