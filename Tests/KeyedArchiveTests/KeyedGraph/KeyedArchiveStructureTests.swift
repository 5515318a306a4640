import Foundation
import Testing
import CorpusSupport
@testable import KeyedArchive

/// `checkKeyedArchiveStructure()`: what `NSKeyedUnarchiver` refuses before it decodes, refused here too,
/// with the object index and key path; every keyed archive Apple wrote passes.
@Suite struct KeyedArchiveStructureTests {
    /// A one-object archive whose parts a test replaces.
    static func archive(top: PlistValue = .uid(1), object: PlistValue? = nil, classDescription: PlistValue? = nil,
                        archiver: PlistValue = .string("NSKeyedArchiver"), version: PlistValue = .integer(100_000)) -> PropertyList {
        let cls = classDescription ?? .dict([
            PlistDictEntry(key: .string("$classname"), value: .string("NSObject")),
            PlistDictEntry(key: .string("$classes"), value: .array([.string("NSObject")])),
        ])
        let obj = object ?? .dict([PlistDictEntry(key: .string("$class"), value: .uid(2))])
        return PropertyList(.dict([
            PlistDictEntry(key: .string("$archiver"), value: archiver),
            PlistDictEntry(key: .string("$version"), value: version),
            PlistDictEntry(key: .string("$top"), value: .dict([PlistDictEntry(key: .string("root"), value: top)])),
            PlistDictEntry(key: .string("$objects"), value: .array([.string("$null"), obj, cls])),
        ]))
    }

    func failure(_ list: PropertyList) -> ArchiveError? {
        do { try list.checkKeyedArchiveStructure(); return nil } catch { return error }
    }

    @Test func wellFormedArchivePasses() {
        #expect(failure(Self.archive()) == nil)
    }

    @Test func refusesBrokenHeaders() {
        #expect(failure(Self.archive(archiver: .string("NSArchiver")))?.code == .invalidArchiveHeader)
        #expect(failure(Self.archive(archiver: .integer(1)))?.keyPath == ["$archiver"])
        #expect(failure(Self.archive(version: .integer(99_999)))?.keyPath == ["$version"])
        #expect(failure(PropertyList(.array([])))?.code == .invalidArchiveHeader)
    }

    @Test func refusesTopEntriesThatAreNotUIDsIntoObjects() {
        #expect(failure(Self.archive(top: .uid(9)))?.code == .badReference)
        #expect(failure(Self.archive(top: .uid(9)))?.keyPath == ["$top.root"])
        // Scalars in $top are values (keyed nibs keep IB.systemFontUpdateVersion there).
        #expect(failure(Self.archive(top: .integer(1))) == nil)
    }

    @Test func refusesClassesThatAreNotArraysOfStrings() {
        let notArray = PlistValue.dict([
            PlistDictEntry(key: .string("$classname"), value: .string("X")),
            PlistDictEntry(key: .string("$classes"), value: .string("X")),
        ])
        let e = failure(Self.archive(classDescription: notArray))
        #expect(e?.code == .corruptArchive)
        #expect(e?.objectIndex == 2)
        #expect(e?.keyPath.last == "$classes")

        let notStrings = PlistValue.dict([
            PlistDictEntry(key: .string("$classname"), value: .string("X")),
            PlistDictEntry(key: .string("$classes"), value: .array([.string("X"), .integer(3)])),
        ])
        #expect(failure(Self.archive(classDescription: notStrings))?.keyPath.last == "$classes[1]")

        let noName = PlistValue.dict([PlistDictEntry(key: .string("$classes"), value: .array([.string("X")]))])
        #expect(failure(Self.archive(classDescription: noName))?.keyPath.last == "$classname")
    }

    @Test func refusesClassReferencesThatAreNotUIDsToClassDescriptions() {
        let intClass = PlistValue.dict([PlistDictEntry(key: .string("$class"), value: .integer(2))])
        #expect(failure(Self.archive(object: intClass))?.objectIndex == 1)
        let past = PlistValue.dict([PlistDictEntry(key: .string("$class"), value: .uid(40))])
        #expect(failure(Self.archive(object: past))?.code == .badReference)
        let toString = PlistValue.dict([PlistDictEntry(key: .string("$class"), value: .uid(0))])
        #expect(failure(Self.archive(object: toString))?.code == .corruptArchive)
    }

    @Test func everyCorpusArchiveFromApplePasses() throws {
        guard Corpus.require() else { return }
        var checked = 0
        for url in Corpus.files("keyed") + Corpus.files("nib") {
            let bytes = try Corpus.bytes(url)
            guard let format = ArchiveFormat.detect(bytes), format == .binaryPlist || format == .xmlPlist,
                  let list = try? PropertyList(parsing: bytes),
                  list.kind(list.root) == .dict, list.dictValue(list.root, forKey: "$objects") != nil,
                  (try? ArchiveGraph(keyedArchive: list)) != nil else { continue }
            // Test fixtures of other projects include deliberately broken archives; Apple-written ones must pass.
            let name = Corpus.name(url)
            guard !name.contains("invalid"), !name.contains("no_class"), !name.contains("broken"), !name.contains("bad") else { continue }
            #expect(failure(list) == nil, "\(name): \(failure(list).map(String.init(describing:)) ?? "")")
            checked += 1
        }
        #expect(checked > 100)
    }
}
