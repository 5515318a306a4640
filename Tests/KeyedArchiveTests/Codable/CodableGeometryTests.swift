import Foundation
import Testing
@testable import KeyedArchive

/// Geometry as Cocoa archives it (strings under keys, `NSValue`s elsewhere) decoded through the unkeyed
/// containers that `CGPoint`, `CGSize`, `CGRect` and `NSRange` read themselves from.
@Suite struct CodableGeometryTests {
    /// What an AppKit object archives with `encodeRect:forKey:` and friends, in Apple's string forms.
    final class Frames: KeyedCoding {
        var frame = "{{1, 2.5}, {30, 40}}"
        init() {}
        func encode(with a: KeyedArchiver) throws(ArchiveError) {
            try a.encode(frame, forKey: "frame")
            try a.encode("{-3, 4}", forKey: "anchor")
            try a.encode("{5e1, .5}", forKey: "size")
            try a.encode([ArchivedGeometry.rect(x: 0, y: 0, width: 10, height: 20), .size(width: 9, height: 10)], forKey: "values")
            try a.encode(ArchivedGeometry.range(location: 3, length: 4), forKey: "range")
            try a.encode("{1, 2, 3, 4}", forKey: "insets")
            try a.encode("not geometry", forKey: "text")
            try a.encode(ArchivedGeometry.cArray(objCType: "[2i]", elements: [1, 2]), forKey: "array")
        }
        func decode(with u: KeyedUnarchiver) throws(ArchiveError) {}
    }

    /// Mirrors ``Frames`` and FoundationProbe's `ProbeShape`: geometry under keys, in an array, a range.
    struct Shape: Decodable, Equatable {
        var frame: CGRect
        var anchor: CGPoint
        var size: CGSize
        var values: [Geometry]
        var range: NSRange
    }

    /// An array's `NSValue`: a rect, or a point or size (two numbers: the `NSValue` says which, Codable
    /// cannot).
    enum Geometry: Decodable, Equatable {
        case rect(CGRect), pair(Double, Double)
        init(from decoder: any Decoder) throws {
            var c = try decoder.unkeyedContainer()
            if c.count == 2, let a = try? c.decode(Double.self) {
                self = .pair(a, try c.decode(Double.self))
            } else {
                self = .rect(try CGRect(from: decoder))
            }
        }
    }

    @Test func stringsAndValuesDecodeAsTheSwiftGeometryTypes() throws {
        let data = try KeyedArchiver.archivedData(withRootObject: Frames())
        let shape = try KeyedArchiveDecoder().decode(Shape.self, from: data)
        #expect(shape == Shape(frame: CGRect(x: 1, y: 2.5, width: 30, height: 40), anchor: CGPoint(x: -3, y: 4),
                               size: CGSize(width: 50, height: 0.5),
                               values: [.rect(CGRect(x: 0, y: 0, width: 10, height: 20)), .pair(9, 10)],
                               range: NSRange(location: 3, length: 4)))
    }

    @Test func edgeInsetsAndFlatNumbersReadInOrder() throws {
        struct Insets: Decodable, Equatable {
            var insets: [Double]
            enum CodingKeys: CodingKey { case insets }
            init(from decoder: any Decoder) throws {
                var c = try decoder.container(keyedBy: CodingKeys.self).nestedUnkeyedContainer(forKey: .insets)
                insets = []
                while !c.isAtEnd { insets.append(try c.decode(Double.self)) }
            }
        }
        let data = try KeyedArchiver.archivedData(withRootObject: Frames())
        #expect(try KeyedArchiveDecoder().decode(Insets.self, from: data).insets == [1, 2, 3, 4])
    }

    @Test func whatIsNotGeometryFailsAsBefore() throws {
        let data = try KeyedArchiver.archivedData(withRootObject: Frames())
        struct Text: Decodable { var text: CGPoint }
        struct CArray: Decodable { var array: CGPoint }
        struct Frame: Decodable { var frame: String }
        // A string that is not a geometry string is not an unkeyed container.
        #expect(throws: DecodingError.self) { try KeyedArchiveDecoder().decode(Text.self, from: data) }
        // An NSValue holding a C array is not geometry.
        #expect(throws: DecodingError.self) { try KeyedArchiveDecoder().decode(CArray.self, from: data) }
        // And a geometry string is still a string to whoever reads one.
        #expect(try KeyedArchiveDecoder().decode(Frame.self, from: data).frame == "{{1, 2.5}, {30, 40}}")
    }

    @Test func aRectsMembersArePairsNotNumbers() throws {
        struct Flat: Decodable {
            var frame: [Double]
            enum CodingKeys: CodingKey { case frame }
            init(from decoder: any Decoder) throws {
                var c = try decoder.container(keyedBy: CodingKeys.self).nestedUnkeyedContainer(forKey: .frame)
                frame = [try c.decode(Double.self)]
            }
        }
        let data = try KeyedArchiver.archivedData(withRootObject: Frames())
        do {
            _ = try KeyedArchiveDecoder().decode(Flat.self, from: data)
            Issue.record("a rect's member decoded as a number")
        } catch let DecodingError.typeMismatch(_, context) {
            #expect(context.codingPath.map(\.stringValue) == ["frame", "Index 0"])
            #expect((context.underlyingError as? ArchiveError)?.code == .typeMismatch)
        }
        // Past its two halves, a rect has nothing more.
        struct Three: Decodable {
            enum CodingKeys: CodingKey { case frame }
            init(from decoder: any Decoder) throws {
                var c = try decoder.container(keyedBy: CodingKeys.self).nestedUnkeyedContainer(forKey: .frame)
                _ = try c.decode(CGPoint.self)
                _ = try c.decode(CGSize.self)
                #expect(c.isAtEnd)
                _ = try c.decode(CGSize.self)
            }
        }
        #expect(throws: DecodingError.self) { try KeyedArchiveDecoder().decode(Three.self, from: data) }
    }

    // MARK: Encoding

    struct Layout: Codable, Equatable {
        var frame = CGRect(x: 1, y: 2.5, width: 30, height: 40)
        var anchor = CGPoint(x: -3, y: 4)
        var size = CGSize(width: 5, height: 6)
        var rects = [CGRect(x: 0, y: 0, width: 10, height: 20)]
        var named = ["tip": CGPoint(x: 7, y: 8)]
        var range = NSRange(location: 3, length: 4)
        var maybe: CGSize? = nil
    }

    @Test func geometryIsWrittenInCocoasShapesAndReadBack() throws {
        let data = try KeyedArchiveEncoder().encode(Layout())
        #expect(try KeyedArchiveDecoder().decode(Layout.self, from: data) == Layout())
        let graph = try ArchiveGraph(keyedArchiveBytes: [UInt8](data))
        let root = try #require(graph.objects.indices.first { graph.className(ofObject: $0)?.hasSuffix("Layout") == true })
        func text(_ key: String) -> String? {
            guard case .ref(let n)? = graph.value(ofObject: root, forKey: key), case .plain = graph.objects[n].kind else { return nil }
            return graph.string(graph.objects[n].plainValue)
        }
        // Under keys, Apple's strings (encodeRect:forKey:); a range has none and is an NSValue.
        #expect(text("frame") == "{{1, 2.5}, {30, 40}}")
        #expect(text("anchor") == "{-3, 4}")
        #expect(text("size") == "{5, 6}")
        guard case .ref(let range)? = graph.value(ofObject: root, forKey: "range") else { Issue.record("no range"); return }
        #expect(graph.className(ofObject: range) == "NSValue")
        // In collections, NSValues.
        let values = graph.objects.indices.filter { graph.className(ofObject: $0) == "NSValue" }
        // The rect in the array, the point in the dictionary, the range: NS.special 3, 1 and 4.
        let specials = values.compactMap { n -> Int64? in
            guard case .int(let s, _)? = graph.value(ofObject: n, forKey: "NS.special") else { return nil }
            return s
        }
        #expect(specials.sorted() == [1, 3, 4])
    }

    @Test func aTypeThatIsOnlyNamedLikeGeometryEncodesAsItself() throws {
        struct CGRect: Codable, Equatable { var x = 1.0 }
        struct Holder: Codable, Equatable { var frame = CGRect() }
        let data = try KeyedArchiveEncoder().encode(Holder())
        #expect(try KeyedArchiveDecoder().decode(Holder.self, from: data) == Holder())
        let graph = try ArchiveGraph(keyedArchiveBytes: [UInt8](data))
        #expect(!graph.objects.indices.contains { graph.className(ofObject: $0) == "NSValue" })
        #expect(ArchiveGeometryType(CGRect.self) == nil)
        #expect(ArchiveGeometryType(Foundation.CGRect.self) == .rect)
    }
}
