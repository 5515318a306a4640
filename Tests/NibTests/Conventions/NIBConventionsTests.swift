import Testing
@testable import KeyedArchive
import Nib
import CorpusSupport

@Suite struct NIBConventionsTests {
    typealias Example = NIBArchiveWorkedExample

    /// A NIB graph whose object 0 holds `k` = data `blob`.
    func graph(withData blob: [UInt8]) throws -> (ArchiveGraph, ArchiveValue) {
        let length = UInt8(0x80 | blob.count)  // blob.count < 128
        let g = try ArchiveGraph(nibArchive: Example.oneValue([0x08, length] + blob))
        return (g, try #require(g.topValue(forKey: "k")))
    }

    // MARK: Pitfall 40: geometry blobs

    @Test func geometry17ByteDoublePoint() throws {
        // UICenter = (160, 240): tag 07, then 160.0 and 240.0 as little-endian doubles.
        let (g, v) = try graph(withData: [0x07, 0, 0, 0, 0, 0, 0, 0x64, 0x40, 0, 0, 0, 0, 0, 0, 0x6E, 0x40])
        #expect(try g.point(v) == ArchivePoint(x: 160, y: 240))
        #expect(try g.geometryBlob(v, count: 2) == [160, 240])
    }

    @Test func geometry9ByteFloatPoint() throws {
        // Tag 06, then 1.5f and -2.0f.
        let (g, v) = try graph(withData: [0x06, 0x00, 0x00, 0xC0, 0x3F, 0x00, 0x00, 0x00, 0xC0])
        #expect(try g.point(v) == ArchivePoint(x: 1.5, y: -2))
    }

    @Test func geometry16ByteBlobIsATypeMismatch() throws {
        // 16 bytes: tag 07 plus 15 bytes, not 2 × 8.
        let (g, v) = try graph(withData: [0x07] + [UInt8](repeating: 0, count: 15))
        #expect(throws: ArchiveError(.typeMismatch, "")) { try g.point(v) }
        // A 17-byte blob is a point, not a rect.
        let (g2, v2) = try graph(withData: [0x07] + [UInt8](repeating: 0, count: 16))
        #expect(throws: ArchiveError(.typeMismatch, "")) { try g2.rect(v2) }
        // An unknown tag.
        let (g3, v3) = try graph(withData: [0x05] + [UInt8](repeating: 0, count: 16))
        #expect(throws: ArchiveError(.typeMismatch, "")) { try g3.point(v3) }
        let (g4, v4) = try graph(withData: [])
        #expect(throws: ArchiveError(.typeMismatch, "")) { try g4.point(v4) }
    }

    @Test func geometryStringsParse() {
        #expect(NibGeometryString.parse("{{810, 440}, {300, 200}}", as: .rect) == [810, 440, 300, 200])
        #expect(NibGeometryString.parse("{{0,0},{320,480}}", as: .rect) == [0, 0, 320, 480])
        #expect(NibGeometryString.parse(" { -1.5 , 2.0e2 } ", as: .pair) == [-1.5, 200])
        #expect(NibGeometryString.parse("{1E-3, .5}", as: .pair) == [0.001, 0.5])
        #expect(NibGeometryString.parse("{1, 2, 3, 4}", as: .insets) == [1, 2, 3, 4])
        #expect(NibGeometryString.parse("[1, 0, 0, 1, 5, 6]", as: .transform) == [1, 0, 0, 1, 5, 6])
        for bad in ["{1, 2}", "{{1, 2}, {3}}", "{{1, 2}, {3, 4}} x", "{{1, 2}, {3, nan}}", "{{1, 2}, {3, 4}",
                    "{{1, 2}, {3, inf}}", "", "{{1,,2},{3,4}}", "{{1e999, 2}, {3, 4}}"] {
            #expect(NibGeometryString.parse(bad, as: .rect) == nil, "\(bad)")
        }
    }

    @Test func geometryStringsFormatLikeApple() {
        #expect(NibGeometryString.format([810, 440, 300, 200], as: .rect) == "{{810, 440}, {300, 200}}")
        #expect(NibGeometryString.format([160, 240], as: .pair) == "{160, 240}")
        #expect(NibGeometryString.format([0.5, -3], as: .pair) == "{0.5, -3}")
        #expect(NibGeometryString.format([1, 2, 3, 4.25], as: .insets) == "{1, 2, 3, 4.25}")
        for v in [0.1, 1.0 / 3, -123.456, 1e-7, 2.5e300] {
            let s = NibGeometryString.format([v, v], as: .pair)
            #expect(NibGeometryString.parse(s, as: .pair) == [v, v], "\(s)")
        }
    }

    /// AppKit writes geometry as NSString objects even inside a NIBArchive.
    @Test func appKitWindowRectStringsInCorpus() throws {
        guard Corpus.require() else { return }
        var rects = 0
        for file in NIBArchiveCorpus.files where file.name.hasPrefix("nib/viraptor-ibtool/") {
            let g = try ArchiveGraph(nibArchive: file.bytes)
            guard let k = g.keyIndex("NSWindowRect") else { continue }
            for (i, _) in g.objects.enumerated() {
                for kv in g.values(ofObject: i) where g.sameKey(kv.key, k) {
                    let r = try g.rect(kv.value)
                    #expect(r.size.width >= 0 && r.size.height >= 0, "\(file.name)")
                    #expect(NibGeometryString.format([r.origin.x, r.origin.y, r.size.width, r.size.height], as: .rect)
                        == (try g.string(of: kv.value)), "\(file.name)")
                    rects += 1
                }
            }
        }
        #expect(rects > 0)
    }

    @Test func uiKitGeometryBlobsInCorpusDecode() throws {
        guard Corpus.require() else { return }
        var seen = 0
        for file in NIBArchiveCorpus.files {
            let g = try ArchiveGraph(nibArchive: file.bytes)
            for kv in g.values {
                guard let kind = NibGeometryKind.uiKitKeys[g.keys[kv.key]] else { continue }
                #expect(try g.geometry(kv.value, as: kind).count == kind.elementCount, "\(file.name)")
                seen += 1
            }
        }
        #expect(seen == 41)  // UIBounds 18, UICenter 18, UIClearButtonOffset 2, UIContentSize 1, UIShadowOffset 2
    }

    // MARK: Pitfall 42: collections

    /// Object 0 → `set` (object 1). `setValues` are object 1's values; `extra` are appended objects.
    func nib(setClass: String, setValues: [(String, ArchiveValue)]) throws -> ArchiveGraph {
        var b = ArchiveGraphBuilder(metadata: .init(source: .built))
        let root = b.internClass("NSObject"), set = b.internClass(setClass), str = b.internClass("NSString")
        b.appendObject(classIndex: root, values: [ArchiveKeyedValue(key: b.internKey("set"), value: .ref(1))])
        b.appendObject(classIndex: set, values: setValues.map { ArchiveKeyedValue(key: b.internKey($0.0), value: $0.1) })
        for s in ["x", "y"] {
            let r = b.appendBytes(Array(s.utf8))
            b.appendObject(classIndex: str, values: [ArchiveKeyedValue(key: b.internKey("NS.bytes"), value: .bytes(r))])
        }
        return try ArchiveGraph(nibArchive: b.build().nibArchiveData())
    }

    @Test func nsSetCoder10NumberedForm() throws {
        let g = try nib(setClass: "NSSet", setValues: [("NS.object.1", .ref(3)), ("NS.object.0", .ref(2))])
        #expect(try g.elements(ofObject: 1).map { try g.string(of: $0) } == ["x", "y"])
        // The keyed form keeps the same keys, and coming back is semantically equal.
        let back = try ArchiveGraph(nibArchive: g.convertedToKeyedArchive().convertedToNIBArchive().nibArchiveData())
        #expect(g.semanticDiff(back).isEmpty)
    }

    @Test func nsSetInlinedForm() throws {
        let g = try nib(setClass: "NSMutableSet", setValues: [("NSInlinedValue", .bool(true)),
                                                             ("UINibEncoderEmptyKey", .ref(2)), ("UINibEncoderEmptyKey", .ref(3))])
        #expect(try g.elements(ofObject: 1).map { try g.string(of: $0) } == ["x", "y"])
        let keyed = try g.convertedToKeyedArchive()
        #expect(try keyed.elements(ofObject: 1).map { try keyed.string(of: $0) } == ["x", "y"])
        let back = try keyed.convertedToNIBArchive()
        #expect(g.semanticDiff(back).isEmpty, "\(g.semanticDiff(back))")
    }

    @Test func emptySetForms() throws {
        #expect(try nib(setClass: "NSSet", setValues: []).elements(ofObject: 1).isEmpty)
        #expect(try nib(setClass: "NSMutableSet", setValues: [("NSInlinedValue", .bool(true))]).elements(ofObject: 1).isEmpty)
    }

    @Test func keyedNSSetBecomesNumberedFormForCoder10AndInlinedForCoder9() throws {
        var b = ArchiveGraphBuilder(metadata: .init(source: .keyedArchive))
        let set = b.internClass("NSSet")
        b.appendPlain(b.stringValue("$null"))
        let members = b.appendItems([ArchiveValue.ref(2), .ref(3)])
        b.appendObject(classIndex: set, values: [ArchiveKeyedValue(key: b.internKey("NS.objects"), value: .array(members))])
        b.appendPlain(b.stringValue("x"))
        b.appendPlain(b.stringValue("y"))
        b.top = [ArchiveKeyedValue(key: b.internKey("root"), value: .ref(1))]
        let keyed = b.build()

        let ten = try ArchiveGraph(nibArchive: keyed.convertedToNIBArchive().nibArchiveData())
        let set10 = try #require(ten.referencedObject(ten.topValue(forKey: "root") ?? .nil))
        #expect(ten.value(ofObject: set10, forKey: "NS.object.0") != nil)
        #expect(ten.value(ofObject: set10, forKey: "NSInlinedValue") == nil)
        #expect(try ten.elements(ofObject: set10).map { try ten.string(of: $0) } == ["x", "y"])

        let nine = try ArchiveGraph(nibArchive: keyed.convertedToNIBArchive(coderVersion: 9).nibArchiveData())
        let set9 = try #require(nine.referencedObject(nine.topValue(forKey: "root") ?? .nil))
        #expect(nine.value(ofObject: set9, forKey: "NSInlinedValue") == .bool(true))
        #expect(try nine.elements(ofObject: set9).map { try nine.string(of: $0) } == ["x", "y"])
    }

    @Test func oddInlinedDictionaryIsCorrupt() throws {
        let g = try nib(setClass: "NSDictionary", setValues: [("NSInlinedValue", .bool(true)), ("UINibEncoderEmptyKey", .ref(2))])
        #expect(throws: ArchiveError(.corrupt, "")) { try g.dictionaryEntries(ofObject: 1) }
    }

    // MARK: Strings and numbers

    @Test func stringAndNumberForms() throws {
        let g = try ArchiveGraph(nibArchive: Example.bytes)
        #expect(try g.string(of: .ref(1)) == "Hi")
        #expect(try g.string(of: .nil) == nil)
        #expect(throws: ArchiveError(.typeMismatch, "")) { try g.string(of: .ref(2)) }  // a UIColor
        #expect(throws: ArchiveError(.badReference, "")) { try g.string(of: .ref(9)) }
        #expect(try g.number(of: .int(3, width: 1)) == .int(3, width: 1))
        #expect(throws: ArchiveError(.typeMismatch, "")) { try g.number(of: .ref(1)) }
    }

    @Test func corpusStringsAndNumbersDecode() throws {
        guard Corpus.require() else { return }
        var strings = 0, numbers = 0
        for file in NIBArchiveCorpus.files {
            let g = try ArchiveGraph(nibArchive: file.bytes)
            for i in g.objects.indices {
                switch g.className(ofObject: i) {
                case "NSString", "NSMutableString", "NSLocalizableString":
                    #expect(try g.string(of: .ref(i)) != nil, "\(file.name) #\(i)")
                    strings += 1
                case "NSNumber":
                    #expect(try g.number(of: .ref(i)) != nil, "\(file.name) #\(i)")
                    numbers += 1
                default: continue
                }
            }
        }
        #expect(strings == 5584)
        #expect(numbers == 3382)
    }

    // MARK: Pitfall 41: nested archives

    @Test func nestedArchivesParseLazilyAndMatchNestedCorpusFiles() throws {
        guard Corpus.require() else { return }
        let file = try #require(NIBArchiveCorpus.files.first { $0.name == "nib/viraptor-ibtool/samples__correct__transmission_MainMenu.nib" })
        let g = try ArchiveGraph(nibArchive: file.bytes)
        let nested = g.objects.indices.filter { (try? g.nestedArchiveBytes(ofObject: $0)) != nil }
        #expect(nested.count == 3)  // the three NSNib objects
        for i in nested {
            let inner = try #require(try g.nestedArchive(ofObject: i))
            #expect(inner.className(ofObject: 0) == "NSObject")
            let raw = try #require(try g.nestedArchiveBytes(ofObject: i))
            #expect(try inner.nibArchiveData() == Array(raw))
        }
    }

    @Test func everyNestedCorpusFileIsFoundInsideAParent() throws {
        guard Corpus.require() else { return }
        var found: Set<[UInt8]> = []
        for file in NIBArchiveCorpus.files {
            let g = try ArchiveGraph(nibArchive: file.bytes)
            for i in g.objects.indices {
                if let raw = try? g.nestedArchiveBytes(ofObject: i) { found.insert(Array(raw)) }
            }
        }
        let nestedFiles = NIBArchiveCorpus.files.filter { $0.name.hasPrefix("nib/_nested/") }
        #expect(!nestedFiles.isEmpty)
        for f in nestedFiles { #expect(found.contains(f.bytes), "\(f.name)") }
    }

    @Test func nestingIsBoundedByMaxNestedArchiveDepth() throws {
        // 1,000 archives, each an NSNib whose NSNibFileData is the next one; walk down until refused.
        var inner: [UInt8] = try ArchiveGraphBuilder.nibWithNested(nil)
        for _ in 0 ..< 1000 { inner = try ArchiveGraphBuilder.nibWithNested(inner) }
        var g = try ArchiveGraph(nibArchive: inner)
        var depth = 0
        let limits = DecodingLimits.default
        while true {
            do {
                guard let next = try g.nestedArchive(ofObject: 1, limits: limits, depth: depth) else { break }
                g = next
                depth += 1
            } catch {
                #expect(error.code == .limitExceeded)
                break
            }
        }
        #expect(depth == limits.maxNestedArchiveDepth)
    }
}

extension ArchiveGraphBuilder {
    /// A NIBArchive: object 0 → `nib` (NSNib) whose `NSNibFileData` is `nested` as data (or nil).
    static func nibWithNested(_ nested: [UInt8]?) throws -> [UInt8] {
        var b = ArchiveGraphBuilder(metadata: .init(source: .built))
        let root = b.internClass("NSObject"), nib = b.internClass("NSNib")
        b.appendObject(classIndex: root, values: [ArchiveKeyedValue(key: b.internKey("nib"), value: .ref(1))])
        let data: ArchiveValue = nested.map { .bytes(b.appendBytes($0)) } ?? .nil
        b.appendObject(classIndex: nib, values: [ArchiveKeyedValue(key: b.internKey("NSNibFileData"), value: data)])
        return try b.build().nibArchiveData()
    }
}
