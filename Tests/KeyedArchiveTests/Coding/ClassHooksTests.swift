import Testing
@testable import KeyedArchive

/// Records its class as `Shape` and names fallbacks (`$classhints`).
final class Circle: KeyedCoding {
    var r = 0
    init() {}
    static var archivedClassFallbacks: [String] { ["Shape", "NSObject"] }
    func encode(with a: KeyedArchiver) throws(ArchiveError) { a.encode(r, forKey: "r") }
    func decode(with u: KeyedUnarchiver) throws(ArchiveError) { r = try u.decodeInt(forKey: "r") }
}

/// Archives itself as a `Circle` (`classForKeyedArchiver`).
final class FastCircle: KeyedCoding {
    var r = 5
    init() {}
    var classForKeyedArchiver: (any KeyedCoding.Type)? { Circle.self }
    func encode(with a: KeyedArchiver) throws(ArchiveError) { a.encode(r, forKey: "r") }
    func decode(with u: KeyedUnarchiver) throws(ArchiveError) {}
}

/// Redirects decoding to `Circle` (`classForKeyedUnarchiver`).
final class LegacyCircle: KeyedCoding {
    init() {}
    static var classForKeyedUnarchiver: any KeyedCoding.Type { Circle.self }
    func encode(with a: KeyedArchiver) throws(ArchiveError) {}
    func decode(with u: KeyedUnarchiver) throws(ArchiveError) {}
}

@Suite struct ClassHooksTests {
    @Test func classHintsAreWrittenAndUsedAsFallbacks() throws {
        let a = KeyedArchiver()
        a.setClassName("Geometry.Circle", for: Circle.self)
        let c = Circle()
        c.r = 3
        try a.encode(c, forKey: "root")
        let g = try ArchiveGraph(keyedArchiveBytes: a.encodedData())
        let cls = g.classes[g.objects[1].classIndex]
        #expect(cls.name == "Geometry.Circle")
        #expect(cls.fallbacks.map { g.classes[$0].name } == ["Shape", "NSObject"])
        // A reader that knows only "Shape" decodes through the hint.
        let u = KeyedUnarchiver(graph: g)
        u.setClass(Circle.self, forClassName: "Shape")
        #expect(try u.decodeTopLevelObject(of: Circle.self)?.r == 3)
    }

    @Test func classForKeyedArchiverPicksTheRecordedClass() throws {
        let a = KeyedArchiver()
        try a.encode(FastCircle(), forKey: "root")
        let g = try a.finishEncoding()
        #expect(g.className(ofObject: 1) == Circle.archivedClassName)
        let u = KeyedUnarchiver(graph: g)
        u.setClass(Circle.self, forClassName: Circle.archivedClassName)
        #expect(try u.decodeTopLevelObject(of: Circle.self)?.r == 5)
    }

    @Test func classForKeyedUnarchiverRedirects() throws {
        let g = try KA.graph([KA.object(2, [("r", .integer(8))]), KA.classDict("Old.Circle")])
        let u = KeyedUnarchiver(graph: g)
        u.setClass(LegacyCircle.self, forClassName: "Old.Circle")
        #expect(try u.decodeTopLevelObject(of: Circle.self)?.r == 8)
    }
}
