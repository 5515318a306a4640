import CorpusSupport
import Foundation
import KeyedArchive
import Testing

/// `NSCustomResource` as an app would read it: one `decode(with:)` for keyed and positional archives.
final class CustomResource: KeyedCoding {
    var className = ""
    var resourceName = ""
    init() {}
    func encode(with a: KeyedArchiver) throws(ArchiveError) {
        try a.encode(className, forKey: "NSClassName")
        try a.encode(resourceName, forKey: "NSResourceName")
    }
    func decode(with u: KeyedUnarchiver) throws(ArchiveError) {
        if u.allowsKeyedCoding {
            className = try u.decodeObject(of: String.self, forKey: "NSClassName") ?? ""
            resourceName = try u.decodeObject(of: String.self, forKey: "NSResourceName") ?? ""
        } else {
            let refs = try u.decodeValues(ofObjCTypes: "@@")
            className = try u.decodeReferenced(refs[0], as: String.self, key: "@", element: 0) ?? ""
            resourceName = try u.decodeReferenced(refs[1], as: String.self, key: "@", element: 1) ?? ""
        }
    }
}

@Suite("Typedstream Foundation shapes and positional decoding, on real objects.nib files")
struct TypedstreamShapeTests {
    static func graphs() throws -> [(String, ArchiveGraph)] {
        try TypedstreamFixtures.rows().map { ($0.name, try ArchiveGraph(typedstream: [UInt8](try Data(contentsOf: $0.url)))) }
    }

    static func objects(_ g: ArchiveGraph, named names: Set<String>) -> [Int] {
        g.objects.indices.filter { g.className(ofObject: $0).map(names.contains) == true }
    }

    @Test("every string, attributed string, collection, number, colour and font in the fixtures decodes")
    func everyFoundationObjectDecodes() throws {
        var counts: [String: Int] = [:]
        let names: Set<String> = ["NSString", "NSMutableString", "NSAttributedString", "NSMutableArray", "NSArray", "NSMutableSet",
                                  "NSDictionary", "NSMutableDictionary", "NSNumber", "NSColor", "NSFont"]
        for (name, g) in try Self.graphs() {
            let u = KeyedUnarchiver(graph: g)
            for i in Self.objects(g, named: names) {
                let cls = g.className(ofObject: i) ?? "?"
                do {
                    let v = try ArchivedValue.decodeArchived(objectAt: i, from: u)
                    counts[cls, default: 0] += 1
                    switch (cls, v) {
                    case ("NSString", .string), ("NSMutableString", .string), ("NSAttributedString", .attributedString),
                         ("NSMutableArray", .array), ("NSArray", .array), ("NSMutableSet", .set), ("NSDictionary", .dictionary),
                         ("NSMutableDictionary", .dictionary), ("NSNumber", .int), ("NSNumber", .double), ("NSNumber", .float),
                         ("NSColor", .color), ("NSFont", .font):
                        break
                    default: Issue.record("\(name) object \(i) (\(cls)) decoded as \(v)")
                    }
                } catch where error.code == .invalidClass {
                    // A collection holding an app class: only registered classes decode.
                    continue
                } catch {
                    Issue.record("\(name) object \(i) (\(cls)): \(error)")
                }
            }
        }
        for cls in ["NSString", "NSAttributedString", "NSMutableArray", "NSColor", "NSFont", "NSDictionary"] {
            #expect(counts[cls, default: 0] > 0, "no \(cls) decoded")
        }
    }

    @Test("attributed strings: the text of their string object, runs covering it, attribute dictionaries")
    func attributedStrings() throws {
        var seen = 0
        for (name, g) in try Self.graphs() {
            let u = KeyedUnarchiver(graph: g)
            for i in Self.objects(g, named: ["NSAttributedString"]) {
                let a = try ArchivedAttributedString.decodeArchived(objectAt: i, from: u)
                #expect(a.runs.map(\.length).reduce(0, +) == a.string.utf16.count, "\(name) object \(i)")
                // The first value is the string object; its text is the attributed string's.
                guard case .ref(let s) = g.values(ofObject: i).first?.value else { Issue.record("no string object"); continue }
                #expect(try String.decodeArchived(objectAt: s, from: u) == a.string)
                seen += 1
            }
        }
        #expect(seen > 50)
    }

    @Test("known values: the Clipboard Viewer menu title, Lucida Grande 11 and Monaco 10, the System controlColor")
    func knownValues() throws {
        let row = try #require(TypedstreamFixtures.rows().first { $0.repo == "fruitsamples/ClipboardViewer" })
        let g = try ArchiveGraph(typedstream: [UInt8](try Data(contentsOf: row.url)))
        let u = KeyedUnarchiver(graph: g)
        var strings: Set<String> = []
        for i in Self.objects(g, named: ["NSString"]) { strings.insert(try String.decodeArchived(objectAt: i, from: u)) }
        #expect(strings.contains("Clipboard Viewer"))
        var fonts: [ArchivedFont] = []
        var colors: [ArchivedColor] = []
        for i in Self.objects(g, named: ["NSFont"]) {
            if case .font(let f) = try ArchivedValue.decodeArchived(objectAt: i, from: u) { fonts.append(f) }
        }
        for i in Self.objects(g, named: ["NSColor"]) {
            if case .color(let c) = try ArchivedValue.decodeArchived(objectAt: i, from: u) { colors.append(c) }
        }
        #expect(fonts.contains { $0.name == "LucidaGrande" && $0.size == 11 })
        #expect(fonts.contains { $0.name == "Monaco" && $0.size == 10 })
        let control = try #require(colors.first { $0.name == "controlColor" })
        #expect(control.catalog == "System" && control.space == 6)
        #expect(control.fallback.first?.space == 3)
    }

    @Test("one decode(with:) reads a typedstream positionally: NSCustomResource's class and resource names")
    func positionalClassDecode() throws {
        var found: [String] = []
        for (_, g) in try Self.graphs() {
            let u = KeyedUnarchiver(graph: g)
            u.setClass(CustomResource.self, forClassName: "NSCustomResource")
            for i in Self.objects(g, named: ["NSCustomResource"]) {
                let r = try CustomResource.decodeArchived(objectAt: i, from: u)
                found.append("\(r.className)/\(r.resourceName)")
            }
        }
        #expect(found.contains("NSImage/NSMenuCheckmark"))
        #expect(found.allSatisfy { !$0.hasPrefix("/") && !$0.hasSuffix("/") })
    }

    @Test("positional reads check the written type encoding, and stop at the object's last value")
    func positionalErrors() throws {
        let (_, g) = try #require(try Self.graphs().first)
        let u = KeyedUnarchiver(graph: g)
        #expect(!u.allowsKeyedCoding)
        let string = try #require(Self.objects(g, named: ["NSString"]).first)
        try u.withObjectScope(string) { () throws(ArchiveError) in
            #expect(u.nextObjCType == "+")
            #expect(throws: ArchiveError(.typeMismatch, "")) { try u.decodeValue(ofObjCType: "i") }
            _ = try u.decodeBytes()
            #expect(!u.hasPositionalValues)
            #expect(throws: ArchiveError(.valueNotFound, "")) { try u.decodeBytes() }
        }
        #expect(u.version(forClassName: "NSString") == 1)
        #expect(u.version(forClassName: "NoSuchClass") == nil)
    }

    @Test("a typedstream converts to a keyed archive through ArchivedValue (strings, colours, fonts)")
    func convertsToKeyed() throws {
        let row = try #require(TypedstreamFixtures.rows().first { $0.repo == "fruitsamples/ClipboardViewer" })
        let g = try ArchiveGraph(typedstream: [UInt8](try Data(contentsOf: row.url)))
        let u = KeyedUnarchiver(graph: g)
        for i in Self.objects(g, named: ["NSColor", "NSFont", "NSAttributedString", "NSMutableArray"]) {
            guard let v = try? ArchivedValue.decodeArchived(objectAt: i, from: u) else { continue }
            let bytes = try KeyedArchiver.archivedData(withRootObject: v)
            let back = try KeyedUnarchiver.unarchivedObject(of: ArchivedValue.self, from: bytes)
            switch v {
            case .color(let c):
                // The keyed NSColor shape is read back as an object of class NSColor, not re-shaped.
                #expect(c.space > 0)
            case .font: break
            default: #expect(back == v, "object \(i)")
            }
        }
    }
}

@Suite("Typedstream writer for Foundation values")
struct TypedstreamShapeWriterTests {
    static var values: [ArchivedValue] { [
        .string("héllo 👋"), .int(-7), .int(70_000), .double(2.5), .float(0.25), .bool(true),
        .data([0, 1, 2, 255]), .data([]), .date(Date(timeIntervalSinceReferenceDate: 123_456.5)),
        .url(URL(string: "https://example.org/a?b=c")!),
        .url(URL(string: "page.html", relativeTo: URL(string: "https://example.org/dir/"))!),
        .array([.string("a"), .int(1), .array([])]), .set([.int(3), .int(4)]),
        .dictionary([.init(key: .string("k"), value: .dictionary([.init(key: .string("n"), value: .null)]))]),
        .geometry(.rect(x: 1, y: 2, width: 30, height: 40)), .geometry(.range(location: 3, length: 9)),
        .color(ArchivedColor(space: 1, components: [0.5, 0.25, 1, 1])),
        .color(ArchivedColor(space: 6, catalog: "System", name: "controlColor", fallback: [ArchivedColor(space: 3, components: [0.5, 1])])),
        .attributedString(ArchivedAttributedString(string: "ab", runs: [
            .init(length: 1, attributes: [.init(key: .string("x"), value: .int(1))]),
            .init(length: 1, attributes: []),
        ])),
    ] }

    @Test("every value reads back equal, in both byte orders, and the stream rewrites byte for byte")
    func roundTrips() throws {
        for big in [false, true] {
            for v in Self.values {
                let bytes = try v.typedstreamBytes(header: TypedstreamHeader(isBigEndian: big))
                let g = try ArchiveGraph(typedstream: bytes)
                #expect(try g.typedstreamBytes() == bytes, "\(v)")
                let back = try KeyedUnarchiver.unarchivedObject(of: ArchivedValue.self, from: bytes)
                switch (v, back) {
                case (.float(let a), .float(let b)?): #expect(a == b)
                case (.bool(let b), .int(let i)?): #expect(i == (b ? 1 : 0))  // a BOOL NSNumber is a char
                case (.url(let a), .url(let b)?): #expect(a.absoluteString == b.absoluteString)
                default: #expect(back == v, "\(v) came back as \(back.map { "\($0)" } ?? "nil")")
                }
            }
        }
    }

    @Test("values with no typedstream form are a clear encodingFailed error")
    func unsupported() {
        for v: ArchivedValue in [.uuid(UUID()), .orderedSet([]), .font(ArchivedFont(name: "Monaco", size: 10)), .int(1 << 40)] {
            let e = #expect(throws: ArchiveError.self) { try v.typedstreamBytes() }
            #expect(e?.code == .encodingFailed)
        }
    }
}
