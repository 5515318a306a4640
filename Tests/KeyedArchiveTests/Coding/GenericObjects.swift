import Foundation
import Testing
@testable import KeyedArchive
import CorpusSupport

/// Decodes any object generically: every stored value, references through ``ArchivedValue``.
final class GenericObject: KeyedCoding {
    var className = ""
    var fields: [(key: String, value: ArchivedValue)] = []
    init() {}
    func encode(with a: KeyedArchiver) throws(ArchiveError) {}
    func decode(with u: KeyedUnarchiver) throws(ArchiveError) {
        className = u.currentClassName ?? ""
        for kv in u.currentValues {
            let key = u.graph.keys[kv.key]
            switch kv.value {
            case .ref, .nil:
                fields.append((key, try u.decodeReferenced(kv.value, as: ArchivedValue.self, key: key, element: -1) ?? .null))
            case .array(let r):
                var out: [ArchivedValue] = []
                for (i, m) in u.graph.items[r.range].enumerated() {
                    out.append(try u.decodeReferenced(m, as: ArchivedValue.self, key: key, element: i) ?? .null)
                }
                fields.append((key, .array(out)))
            default:
                continue
            }
        }
    }
}

/// Maps every unknown class to ``GenericObject``.
final class GenericDelegate: KeyedUnarchiverDelegate {
    var asked: [String] = []
    func unarchiver(_ unarchiver: KeyedUnarchiver, cannotDecodeObjectOfClassName name: String, originalClasses: [String]) -> (any KeyedCoding.Type)? {
        asked.append(name)
        return GenericObject.self
    }
}

/// An NSArray decoded with identity, so an array that contains itself stays one object.
final class IdentityArray: KeyedCoding {
    var elements: [ArchivedValue] = []
    init() {}
    func encode(with a: KeyedArchiver) throws(ArchiveError) {
        var refs: [ArchiveValue] = []
        for e in elements { refs.append(try e.encodeArchived(to: a)) }
        a.encodeRaw(a.inlineArray(refs), forKey: "NS.objects")
    }
    func decode(with u: KeyedUnarchiver) throws(ArchiveError) {
        elements = []
        guard case .array(let r)? = u.rawValue(forKey: "NS.objects") else { return }
        for (i, m) in u.graph.items[r.range].enumerated() {
            elements.append(try u.decodeReferenced(m, as: ArchivedValue.self, key: "NS.objects", element: i) ?? .null)
        }
    }
}

/// A stand-in for AppKit's NSColor (pitfall 3).
final class TestColor: KeyedCoding {
    var colorSpace = 0
    init() {}
    func encode(with a: KeyedArchiver) throws(ArchiveError) { a.encode(colorSpace, forKey: "NSColorSpace") }
    func decode(with u: KeyedUnarchiver) throws(ArchiveError) { colorSpace = try u.decodeInt(forKey: "NSColorSpace") }
}

enum CorpusFile {
    /// The graph of `keyed/<relative>`, or nil when the corpus is unavailable (the test then returns).
    static func graph(_ relative: String) throws -> ArchiveGraph? {
        guard Corpus.require() else { return nil }
        return try ArchiveGraph(keyedArchiveBytes: Corpus.bytes(Corpus.root.appendingPathComponent("keyed/" + relative)))
    }
}
