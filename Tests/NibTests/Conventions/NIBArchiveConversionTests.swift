import Testing
@testable import KeyedArchive
import Nib
import CorpusSupport

@Suite struct NIBArchiveConversionTests {
    /// Pitfall 46: decode → convert to keyed → convert back → encode → decode must be semantically
    /// equal to the original, and the re-encoded bytes Apple-shaped.
    @Test func corpusNIBToKeyedToNIBIsSemanticallyEqual() {
        guard Corpus.require() else { return }
        var checked = 0
        for file in NIBArchiveCorpus.files {
            do {
                let original = try ArchiveGraph(nibArchive: file.bytes)
                let keyed = try original.convertedToKeyedArchive()
                #expect(keyed.metadata.source == .keyedArchive)
                let back = try keyed.convertedToNIBArchive()
                let bytes = try back.nibArchiveData()
                let reread = try ArchiveGraph(nibArchive: bytes)
                let diff = original.semanticDiff(reread, limit: 5)
                #expect(diff.isEmpty, "\(file.name): \(diff)")
                let shape = NIBArchiveShapeCheck.nibViolations(bytes)
                #expect(shape.isEmpty, "\(file.name): \(shape.prefix(5))")
                #expect(try reread.nibArchiveData() == bytes, "\(file.name): not a fixed point")
                checked += 1
            } catch {
                Issue.record("\(file.name): \(error)")
            }
        }
        #expect(checked == 211)
    }

    /// The keyed form really uses the keyed conventions.
    @Test func keyedFormUsesKeyedConventions() throws {
        let g = try ArchiveGraph(nibArchive: NIBArchiveWorkedExample.bytes)
        let k = try g.convertedToKeyedArchive()
        #expect(k.string(k.objects[0].plainValue) == "$null")
        let title = try #require(k.topValue(forKey: "title"))
        #expect(try k.string(of: title) == "Hi")
        #expect(k.objects[1].kind == .plain)  // NSString "Hi" became a plain string
        #expect(k.className(ofObject: 2) == "UIColor")
        #expect(k.classes[2].fallbacks.map { k.classes[$0].name } == ["NSColor"])
        #expect(k.topValue(forKey: "count") == .int(300, width: 2))
    }

    @Test func collectionsStringsAndGeometryConvertBothWays() throws {
        // A NIB-shaped graph: top → NSArray [NSString "a", NSNumber 7], UIView with UIBounds blob,
        // NSDictionary {"k": "a"}.
        var b = ArchiveGraphBuilder(metadata: .init(source: .built))
        let root = b.internClass("NSObject"), arr = b.internClass("NSArray"), str = b.internClass("NSString")
        let num = b.internClass("NSNumber"), view = b.internClass("UIView"), dict = b.internClass("NSDictionary")
        let kInl = b.internKey("NSInlinedValue"), kEmpty = b.internKey("UINibEncoderEmptyKey"), kBytes = b.internKey("NS.bytes")
        let bounds = b.appendBytes(ArchiveGraph.geometryBlobBytes([0, 0, 320, 480.5]))
        let a = b.appendBytes(Array("a".utf8))
        b.appendObject(classIndex: root, values: [ArchiveKeyedValue(key: b.internKey("list"), value: .ref(1)),
                                                  ArchiveKeyedValue(key: b.internKey("view"), value: .ref(4)),
                                                  ArchiveKeyedValue(key: b.internKey("map"), value: .ref(5))])
        b.appendObject(classIndex: arr, values: [ArchiveKeyedValue(key: kInl, value: .bool(true)),
                                                 ArchiveKeyedValue(key: kEmpty, value: .ref(2)),
                                                 ArchiveKeyedValue(key: kEmpty, value: .ref(3))])
        b.appendObject(classIndex: str, values: [ArchiveKeyedValue(key: kBytes, value: .bytes(a))])
        b.appendObject(classIndex: num, values: [ArchiveKeyedValue(key: b.internKey("NS.intval"), value: .int(7, width: 1))])
        b.appendObject(classIndex: view, values: [ArchiveKeyedValue(key: b.internKey("UIBounds"), value: .bytes(bounds))])
        b.appendObject(classIndex: dict, values: [ArchiveKeyedValue(key: kInl, value: .bool(true)),
                                                  ArchiveKeyedValue(key: kEmpty, value: .ref(2)),
                                                  ArchiveKeyedValue(key: kEmpty, value: .ref(2))])
        let nib = try ArchiveGraph(nibArchive: b.build().nibArchiveData())
        let keyed = try nib.convertedToKeyedArchive()

        // Keyed conventions: NS.objects arrays, plain string/number, geometry string.
        func object(_ g: ArchiveGraph, _ key: String) throws -> Int {
            let v = try #require(g.topValue(forKey: key))
            return try #require(g.referencedObject(v))
        }
        let list = try object(keyed, "list")
        guard case .array? = keyed.value(ofObject: list, forKey: "NS.objects") else {
            Issue.record("NSArray has no NS.objects array")
            return
        }
        let members = try keyed.elements(ofObject: list)
        #expect(members.count == 2)
        #expect(try keyed.string(of: members[0]) == "a")
        #expect(try keyed.number(of: members[1]) == .int(7, width: 0))
        let viewIndex = try object(keyed, "view")
        let boundsValue = try #require(keyed.value(ofObject: viewIndex, forKey: "UIBounds"))
        #expect(try keyed.string(of: boundsValue) == "{{0, 0}, {320, 480.5}}")
        #expect(try keyed.rect(boundsValue) == ArchiveRect(x: 0, y: 0, width: 320, height: 480.5))
        let map = try object(keyed, "map")
        let entries = try keyed.dictionaryEntries(ofObject: map)
        #expect(entries.count == 1)
        #expect(try keyed.string(of: entries[0].key) == "a")

        // The same questions have the same answers on the NIB side.
        let nibList = try object(nib, "list")
        #expect(try nib.elements(ofObject: nibList).count == 2)
        #expect(try nib.string(of: try nib.elements(ofObject: nibList)[0]) == "a")
        let nibBounds = try #require(nib.value(ofObject: 4, forKey: "UIBounds"))
        #expect(try nib.rect(nibBounds) == ArchiveRect(x: 0, y: 0, width: 320, height: 480.5))
        #expect(try nib.dictionaryEntries(ofObject: 5).count == 1)

        // And back.
        let again = try ArchiveGraph(nibArchive: keyed.convertedToNIBArchive().nibArchiveData())
        #expect(nib.semanticDiff(again).isEmpty)
    }

    @Test func semanticDiffSeesTypeWidthAndValueChanges() throws {
        let g = try ArchiveGraph(nibArchive: NIBArchiveWorkedExample.bytes)
        #expect(g.semanticDiff(g).isEmpty)
        let widened = try ArchiveGraph(nibArchive: NIBArchiveWorkedExample.patched(0x6C, 0x04))  // true → false
        #expect(g.semanticDiff(widened).map(\.path) == ["$top.enabled"])
        let otherText = try ArchiveGraph(nibArchive: NIBArchiveWorkedExample.patched(0x7B, 0x6F))  // "Hi" → "Ho"
        #expect(g.semanticDiff(otherText).count == 1)
        // int16 300 rewritten as int32 300: same value, different width.
        var b = Array(NIBArchiveWorkedExample.bytes[0 ..< 0x6F]) + [0x2C, 0x01, 0x00, 0x00] + Array(NIBArchiveWorkedExample.bytes[0x71...])
        b[0x6E] = 0x02
        b[0x2E] += 2  // classesOffset moves by 2
        let int32 = try ArchiveGraph(nibArchive: b)
        #expect(int32.topValue(forKey: "count") == .int(300, width: 4))
        #expect(g.semanticDiff(int32).first?.message.contains("width") == true)
    }

    @Test func semanticDiffIgnoresTableOrder() throws {
        let t = NIBArchiveWorkedExample.tables
        let moved = try ArchiveGraph(nibArchive: NIBArchiveWorkedExample.assemble(
            objects: t.objects, keys: t.keys, values: t.values, classes: t.classes, order: [3, 2, 1, 0]))
        #expect(try ArchiveGraph(nibArchive: NIBArchiveWorkedExample.bytes).semanticDiff(moved).isEmpty)
    }

    /// §11.7: equal strings and numbers are written once and shared; other objects are not merged.
    @Test func keyedToNIBUniquesEqualStringsAndNumbers() throws {
        var b = ArchiveGraphBuilder(metadata: .init(source: .keyedArchive))
        let obj = b.internClass("NSCustomObject")
        b.appendPlain(b.stringValue("$null"))
        b.appendPlain(b.stringValue("NSApplication"))  // 1
        b.appendPlain(b.stringValue("NSApplication"))  // 2: equal text, separate entry
        b.appendPlain(.int(1, width: 0))  // 3
        b.appendPlain(.bool(true))  // 4: equal to 1 in ObjC, but a different type here
        b.appendObject(classIndex: obj, values: [ArchiveKeyedValue(key: b.internKey("NSClassName"), value: .ref(1))])  // 5
        b.appendObject(classIndex: obj, values: [ArchiveKeyedValue(key: b.internKey("NSClassName"), value: .ref(2))])  // 6
        b.top = [ArchiveKeyedValue(key: b.internKey("a"), value: .ref(5)), ArchiveKeyedValue(key: b.internKey("b"), value: .ref(6)),
                 ArchiveKeyedValue(key: b.internKey("n"), value: .ref(3)), ArchiveKeyedValue(key: b.internKey("t"), value: .ref(4))]
        let keyed = b.build()
        let nib = try ArchiveGraph(nibArchive: keyed.convertedToNIBArchive().nibArchiveData())
        let a = try #require(nib.referencedObject(nib.topValue(forKey: "a") ?? .nil))
        let c = try #require(nib.referencedObject(nib.topValue(forKey: "b") ?? .nil))
        #expect(a != c)
        #expect(nib.value(ofObject: a, forKey: "NSClassName") == nib.value(ofObject: c, forKey: "NSClassName"))
        #expect(nib.objects.indices.filter { nib.className(ofObject: $0) == "NSString" }.count == 1)
        #expect(nib.objects.indices.filter { nib.className(ofObject: $0) == "NSNumber" }.count == 2)
        #expect(keyed.semanticDiff(try nib.convertedToKeyedArchive()).isEmpty)
    }
}
