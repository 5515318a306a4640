import Foundation
import KeyedArchive
import Testing

/// No silent loss: lossy conversions are announced (or refused with --strict), non-string keys keep
/// their type in dump and diff and are never written as text keys, and a keyed archive that
/// `validate` rejects is reported by `dump` and `convert` too.
@Suite("plist fidelity")
struct PlistFidelityCommandTests {
    static func write(_ list: PropertyList, _ name: String, in scratch: Scratch) throws -> String {
        let url = scratch.path(name)
        try Data(list.binaryData()).write(to: url)
        return url.path
    }

    static let lossy = PropertyList(.dict([
        PlistDictEntry(key: .string("f"), value: .array([.real32(1.5), .real32(2.5), .real32(3.5)])),
        PlistDictEntry(key: .string("when"), value: .date(0.5)),
        PlistDictEntry(key: .string("tags"), value: .set([.string("a")])),
    ]))

    @Test func convertAnnouncesEachKindOfLossOnce() throws {
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        let input = try Self.write(Self.lossy, "lossy.plist", in: scratch)
        let r = try CLI.run(["convert", input, "--to", "xml"])
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("<?xml"))
        let lines = r.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(r.stderr)")
        #expect(lines.allSatisfy { $0.hasPrefix("\(input): warning: lossy: ") })
        #expect(lines.contains { $0.contains("float32Width: 3 objects") && $0.hasSuffix("first at root.f[0]") })
        #expect(lines.contains { $0.contains("subsecondDate: 1 object") && $0.hasSuffix("first at root.when") })
        #expect(lines.contains { $0.contains("setAsArray: 1 object") && $0.hasSuffix("first at root.tags") })
    }

    @Test func strictMakesAnyLossAnError() throws {
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        let input = try Self.write(Self.lossy, "lossy.plist", in: scratch)
        let out = scratch.path("out.xml").path
        let r = try CLI.run(["convert", "--strict", input, "--to", "xml", "-o", out])
        #expect(r.status == 1)
        #expect(r.stderr.contains("lossy: float32Width"))
        #expect(!FileManager.default.fileExists(atPath: out), "nothing is written")
        // Binary holds everything: strict and silent.
        let binary = try CLI.run(["convert", "--strict", input, "--to", "binary", "-o", scratch.path("b.plist").path])
        #expect(binary.status == 0)
        #expect(binary.stderr.isEmpty)
    }

    @Test func aLosslessRoundTripStaysSilent() throws {
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        let input = try Self.write(PropertyList(.dict([PlistDictEntry(key: .string("a"), value: .array([.integer(1), .date(60), .uid(2)]))])),
                                   "clean.plist", in: scratch)
        let r = try CLI.run(["convert", "--strict", input, "--to", "xml"])
        #expect(r.status == 0)
        #expect(r.stderr.isEmpty)
    }

    static let mixedKeys = PropertyList(.dict([
        PlistDictEntry(key: .integer(1), value: .string("integer one")),
        PlistDictEntry(key: .string("1"), value: .string("string one")),
    ]))

    @Test func nonStringKeysAreNeverWrittenAsXMLKeys() throws {
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        let input = try Self.write(Self.mixedKeys, "keys.plist", in: scratch)
        let r = try CLI.run(["convert", input, "--to", "xml"])
        #expect(r.status == 1)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains("encodingFailed: a dictionary key is not a string"))
        #expect(r.stderr.contains("key path root → {key 0: integer}"))
        // JSON keeps the key's type in its $dict form.
        let json = try CLI.run(["convert", input, "--to", "json"])
        #expect(json.status == 0)
        #expect(json.stdout.contains("\"$dict\""))
        #expect(json.stdout.contains("{\"key\": 1, \"value\": \"integer one\"}"))
    }

    @Test func dumpShowsAKeysType() throws {
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        let input = try Self.write(Self.mixedKeys, "keys.plist", in: scratch)
        let r = try CLI.run(["dump", "--no-color", input])
        #expect(r.status == 0)
        #expect(r.stdout.contains("{integer key 1} = \"integer one\""), "\(r.stdout)")
        #expect(r.stdout.contains("\n  1 = \"string one\""), "\(r.stdout)")
    }

    @Test func diffTellsAnIntegerKeyFromAStringKey() throws {
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        let a = try Self.write(PropertyList(.dict([PlistDictEntry(key: .integer(1), value: .string("x"))])), "a.plist", in: scratch)
        let b = try Self.write(PropertyList(.dict([PlistDictEntry(key: .string("1"), value: .string("x"))])), "b.plist", in: scratch)
        let r = try CLI.run(["diff", "--no-color", a, b])
        #expect(r.status == 1, "\(r.stdout)")
        #expect(r.stdout.contains("removed  root.{integer key 1}"))
        #expect(r.stdout.contains("added    root.1"))
        #expect(try CLI.run(["diff", a, a]).status == 0)
    }

    /// A keyed archive whose `$classes` is a string: NSKeyedUnarchiver refuses it.
    static func brokenClasses() -> PropertyList {
        PropertyList(.dict([
            PlistDictEntry(key: .string("$archiver"), value: .string("NSKeyedArchiver")),
            PlistDictEntry(key: .string("$version"), value: .integer(100_000)),
            PlistDictEntry(key: .string("$top"), value: .dict([PlistDictEntry(key: .string("root"), value: .uid(1))])),
            PlistDictEntry(key: .string("$objects"), value: .array([
                .string("$null"),
                .dict([PlistDictEntry(key: .string("$class"), value: .uid(2))]),
                .dict([PlistDictEntry(key: .string("$classname"), value: .string("X")), PlistDictEntry(key: .string("$classes"), value: .string("X"))]),
            ])),
        ]))
    }

    @Test func everyCommandReportsABrokenArchiveStructure() throws {
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        let input = try Self.write(Self.brokenClasses(), "broken.plist", in: scratch)
        let validate = try CLI.run(["validate", input])
        #expect(validate.status == 1)
        #expect(validate.stdout.contains("corruptArchive: the class description's $classes is missing or not an array"), "\(validate.stdout)")
        for arguments in [["dump", input], ["convert", input, "--to", "xml"], ["convert", input, "--to", "json"]] {
            let r = try CLI.run(arguments)
            #expect(r.status == 0, "\(arguments)")
            #expect(!r.stdout.isEmpty, "\(arguments) still works")
            #expect(r.stderr.contains("\(input): warning: corruptArchive: the class description's $classes"), "\(arguments): \(r.stderr)")
        }
    }

    @Test func dumpOfAnArchiveTheGraphCannotReadFallsBackToThePlist() throws {
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        let noObjects = PropertyList(.dict([
            PlistDictEntry(key: .string("$archiver"), value: .string("NSKeyedArchiver")),
            PlistDictEntry(key: .string("$version"), value: .integer(100_000)),
            PlistDictEntry(key: .string("$objects"), value: .string("oops")),
        ]))
        let input = try Self.write(noObjects, "noobjects.plist", in: scratch)
        let dump = try CLI.run(["dump", "--no-color", input])
        #expect(dump.status == 0)
        #expect(dump.stdout.contains("$objects = \"oops\""))
        #expect(dump.stderr.contains("warning: invalidArchiveHeader: missing or non-array $objects"))
        #expect(try CLI.run(["validate", input]).status == 1)
    }

    @Test func aTypedstreamCutInsideItsFirstObjectSaysWhere() throws {
        let bytes: [UInt8] = [0x04, 0x0B] + Array("streamtyped".utf8) + [0x81, 0xE8, 0x03, 0x84, 0x01, 0x40]
        let r = try CLI.run(["dump", "-"], stdin: bytes)
        #expect(r.status == 1)
        #expect(r.stderr.contains("truncated: the stream ends inside an object (byte 19"), "\(r.stderr)")
    }
}
