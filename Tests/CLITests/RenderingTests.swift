import Testing
@testable import KeyedArchiveCLI

@Suite("Progress and error rendering")
struct RenderingTests {
    @Test func progressBarShowsCountAndCurrentFile() {
        let line = ProgressBar.render(done: 3, total: 12, current: "a/b.nib", width: 80, barWidth: 12)
        #expect(line == "[###.........]  3/12  a/b.nib")
    }

    @Test func progressBarIsEmptyAtStartAndFullAtEnd() {
        #expect(ProgressBar.render(done: 0, total: 4, current: "x", width: 80, barWidth: 4) == "[....] 0/4  x")
        #expect(ProgressBar.render(done: 4, total: 4, current: "x", width: 80, barWidth: 4) == "[####] 4/4  x")
    }

    @Test func progressBarShortensLongNamesFromTheLeftToFitTheWidth() {
        let name = "very/long/directory/name/that/goes/on/and/on/Main.storyboardc/objects.nib"
        let line = ProgressBar.render(done: 1, total: 2, current: name, width: 40, barWidth: 10)
        #expect(line.count == 40)
        #expect(line.hasPrefix("[#####.....] 1/2  …"))
        #expect(line.hasSuffix("objects.nib"))
    }

    @Test func progressBarNeverExceedsTinyWidths() {
        for width in 0 ..< 30 {
            let line = ProgressBar.render(done: 5, total: 9, current: "file.plist", width: width, barWidth: 8)
            #expect(line.count <= max(width, 0), "width \(width): \(line)")
        }
    }

    @Test func progressBarClampsOutOfRangeCounts() {
        #expect(ProgressBar.render(done: 7, total: 3, current: "", width: 80, barWidth: 3) == "[###] 3/3")
        #expect(ProgressBar.render(done: -1, total: 3, current: "", width: 80, barWidth: 3) == "[...] 0/3")
    }

    @Test func summaryListsErrorKindsSorted() {
        #expect(ProgressBar.summary(ok: 3, bad: 2, kinds: ["truncated": 1, "corrupt": 1]) == "3 ok, 2 bad (corrupt: 1, truncated: 1)")
        #expect(ProgressBar.summary(ok: 5, bad: 0, kinds: [:]) == "5 ok, 0 bad")
    }

    @Test func hexContextMarksTheOffendingByte() {
        let bytes = Array(0 ..< 64).map { UInt8($0) }
        let text = HexContext.excerpt(bytes, around: 0x21, linesBefore: 1, linesAfter: 0)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("  00000010  10 11 12"))
        #expect(lines[1].hasPrefix("  00000020  20 21 22"))
        // The caret sits under "21": 2 + 8 + 2 columns of prefix, then 3 per byte.
        #expect(lines[2] == String(repeating: " ", count: 15) + "^^")
    }

    @Test func hexContextNotesOffsetsPastTheEnd() {
        let text = HexContext.excerpt([1, 2, 3], around: 10)
        #expect(text.contains("past the end"))
    }

    @Test func jsonPrettyOutputKeepsShortContainersOnOneLine() {
        let v = JSONValue.object([("top", .object([("root", .int(1))])), ("list", .array((0 ..< 40).map { .int($0) }))])
        let text = v.serialized(pretty: true, inlineWidth: 20)
        #expect(text.contains(#""top": {"root": 1}"#))
        #expect(text.contains("\n    0,\n    1,"))
    }

    @Test func inputReferenceSplitsZipMembersOnlyWhenTheArchiveExists() {
        let exists: (String) -> Bool = { $0 == "App.ipa" || $0 == "odd#name.plist" }
        #expect(InputReference(argument: "-", fileExists: exists).location == .standardInput)
        #expect(InputReference(argument: "App.ipa#Payload/A.app/Main.storyboardc", fileExists: exists).location
            == .zipMember(archive: "App.ipa", member: "Payload/A.app/Main.storyboardc"))
        #expect(InputReference(argument: "odd#name.plist", fileExists: exists).location == .path("odd#name.plist"))
        #expect(InputReference(argument: "missing.zip#x", fileExists: exists).location == .path("missing.zip#x"))
    }

    @Test func jsonSerialisationKeepsInsertionOrderAndEscapes() {
        let v = JSONValue.object([("z", .int(-1)), ("a", .array([.string("q\"\n\u{01}"), .null, .double(1.5)])), ("e", .object([]))])
        #expect(v.serialized(pretty: false) == #"{"z":-1,"a":["q\"\n\u0001",null,1.5],"e":{}}"#)
        #expect(v.serialized(pretty: true, inlineWidth: 0) == """
        {
          "z": -1,
          "a": [
            "q\\"\\n\\u0001",
            null,
            1.5
          ],
          "e": {}
        }
        """)
    }
}
