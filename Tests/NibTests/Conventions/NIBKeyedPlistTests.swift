import Foundation
import Testing
@testable import KeyedArchive
import Nib
import CorpusSupport

/// Conversion through real keyed-archive bytes (the keyed helper's graph ↔ plist mapping).
@Suite struct NIBKeyedPlistTests {
    static func keyedNibFiles() -> [(name: String, bytes: [UInt8])] {
        // Storyboard Info.plists are plain property lists, not archives.
        Corpus.files("nib", magic: "bplist00").filter { $0.pathExtension != "plist" }.compactMap { url in
            (try? Corpus.bytes(url)).map { (Corpus.name(url), $0) }
        }
    }

    /// NIB → keyed graph → bplist bytes → keyed graph → NIB: semantically equal to the original.
    @Test func corpusNIBThroughKeyedBplistBytes() {
        guard Corpus.require() else { return }
        var checked = 0
        for file in NIBArchiveCorpus.files {
            do {
                let original = try ArchiveGraph(nibArchive: file.bytes)
                let plist = try PropertyList(keyedArchive: original.convertedToKeyedArchive())
                let reread = try ArchiveGraph(keyedArchive: PropertyList(parsing: plist.binaryData()))
                let back = try ArchiveGraph(nibArchive: reread.convertedToNIBArchive(coderVersion: original.metadata.nibCoderVersion)
                    .nibArchiveData())
                let diff = original.semanticDiff(back, limit: 5)
                #expect(diff.isEmpty, "\(file.name): \(diff)")
                checked += 1
            } catch {
                Issue.record("\(file.name): \(error)")
            }
        }
        #expect(checked == 211)
    }

    /// Real keyed nibs → NIB bytes (Apple-shaped) → keyed graph: semantically equal to the original.
    @Test func corpusKeyedNibsToNIBArchiveAndBack() {
        guard Corpus.require() else { return }
        let files = Self.keyedNibFiles()
        #expect(!files.isEmpty)
        for file in files {
            do {
                let keyed = try ArchiveGraph(keyedArchive: PropertyList(parsing: file.bytes))
                let bytes = try keyed.convertedToNIBArchive().nibArchiveData()
                let shape = NIBArchiveShapeCheck.nibViolations(bytes)
                #expect(shape.isEmpty, "\(file.name): \(shape.prefix(3))")
                let back = try ArchiveGraph(nibArchive: bytes).convertedToKeyedArchive()
                let diff = keyed.semanticDiff(back, limit: 5)
                #expect(diff.isEmpty, "\(file.name): \(diff)")
            } catch {
                Issue.record("\(file.name): \(error)")
            }
        }
    }

    /// The mixed macOS directories hold one document twice: `keyedobjects.nib` (keyed) and
    /// `keyedobjects-101300.nib` (NIBArchive). Converted, the keyed half matches the NIB half.
    @Test func mixedDirectoryHalvesAgree() throws {
        guard Corpus.require() else { return }
        for dir in ["caffeine/English.lproj__MainMenu.nib", "airyx-textedit/Base.lproj__MainMenu.nib"] {
            let ka = try Corpus.bytes(Corpus.root.appendingPathComponent("nib/\(dir)__keyedobjects.nib"))
            let na = try Corpus.bytes(Corpus.root.appendingPathComponent("nib/\(dir)__keyedobjects-101300.nib"))
            let nib = try ArchiveGraph(nibArchive: na)
            let converted = try ArchiveGraph(keyedArchive: PropertyList(parsing: ka)).convertedToNIBArchive(coderVersion: nib.metadata.nibCoderVersion)
            let diff = nib.semanticDiff(converted, limit: 10)
            #expect(diff.isEmpty, "\(dir): \(diff)")
        }
    }

    /// Any keyed archive, not only nibs, survives keyed → NIBArchive → keyed.
    @Test func keyedCorpusArchivesSurviveTheNIBArchiveContainer() {
        guard Corpus.require() else { return }
        var converted = 0
        for url in Corpus.files("keyed") {
            guard let bytes = try? Corpus.bytes(url), let plist = try? PropertyList(parsing: bytes),
                  let keyed = try? ArchiveGraph(keyedArchive: plist), Self.isWellFormed(keyed) else { continue }
            do {
                let back = try ArchiveGraph(nibArchive: keyed.convertedToNIBArchive().nibArchiveData()).convertedToKeyedArchive()
                let diff = keyed.semanticDiff(back, limit: 3)
                #expect(diff.isEmpty, "\(Corpus.name(url)): \(diff)")
                converted += 1
            } catch {
                Issue.record("\(Corpus.name(url)): \(error)")
            }
        }
        #expect(converted > 0)
    }

    /// Every object has a class and every reference lands (the invalid-archive fixtures do not).
    static func isWellFormed(_ g: ArchiveGraph) -> Bool {
        let inRange = { (v: ArchiveValue) -> Bool in
            if case let .ref(i) = v { return i >= 0 && i < g.objects.count }
            return true
        }
        return g.objects.allSatisfy { $0.kind != .object || ($0.classIndex >= 0 && $0.classIndex < g.classes.count) }
            && g.values.allSatisfy { inRange($0.value) } && g.items.allSatisfy(inRange) && g.top.allSatisfy { inRange($0.value) }
    }
}
