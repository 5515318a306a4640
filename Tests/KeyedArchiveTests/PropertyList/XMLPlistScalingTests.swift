import Testing
@testable import KeyedArchive

/// Large generated XML plists parse completely, and storage growth for `<data>` stays geometric
/// (an exact reserve per element made an array of many small `<data>` quadratic).
@Suite struct XMLPlistScalingTests {
    static let limits = DecodingLimits(maxObjectCount: 2_000_000)

    static func document(_ body: (inout [UInt8]) -> Void) -> [UInt8] {
        var out = Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n".utf8)
        body(&out)
        out += Array("</plist>\n".utf8)
        return out
    }

    @Test func reservingRoomForManySmallDataElementsReallocatesLogarithmically() {
        var bytes: [UInt8] = []
        var reallocations = 0
        for _ in 0 ..< 100_000 {
            let before = bytes.capacity
            XMLPlistReader.makeRoom(6, in: &bytes)
            if bytes.capacity != before { reallocations += 1 }
            bytes += [1, 2, 3, 4, 5, 6]
            #expect(bytes.capacity >= bytes.count)
        }
        // 600,000 bytes need about log2(600,000) ≈ 20 doublings; an exact reserve would need 100,000.
        #expect(reallocations <= 40, "\(reallocations) reallocations")
    }

    @Test func arrayOfManySmallDataElementsParses() throws {
        let n = 100_000
        // Each element is the base64 of the three bytes 0x00 0x10 0x83 ("ABCD").
        let bytes = Self.document { out in
            out += Array("<array>\n".utf8)
            for _ in 0 ..< n { out += Array("<data>ABCD</data>\n".utf8) }
            out += Array("</array>\n".utf8)
        }
        let list = try PropertyList(xml: bytes, limits: Self.limits)
        #expect(list.containerCount(list.root) == n)
        let members = list.elements(list.root)
        #expect(list.data(members[0]) == [0x00, 0x10, 0x83])
        #expect(list.data(members[n - 1]) == [0x00, 0x10, 0x83])
    }

    @Test func dictOf200kKeysParsesWithLaterDuplicatesWinning() throws {
        let n = 200_000
        let bytes = Self.document { out in
            out += Array("<dict>\n".utf8)
            for i in 0 ..< n { out += Array("<key>k\(i)</key><integer>\(i)</integer>\n".utf8) }
            // A duplicate of the first key at the end replaces its value in place.
            out += Array("<key>k0</key><integer>-1</integer>\n</dict>\n".utf8)
        }
        let list = try PropertyList(xml: bytes, limits: Self.limits)
        #expect(list.containerCount(list.root) == n)
        #expect(list.dictValue(list.root, forKey: "k0").flatMap { list.int64($0) } == -1)
        #expect(list.dictValue(list.root, forKey: "k199999").flatMap { list.int64($0) } == 199_999)
        #expect(list.string(list.dictKeys(list.root)[0]) == "k0")
    }

    @Test func arrayOf100kSmallDictsParses() throws {
        let n = 100_000
        let bytes = Self.document { out in
            out += Array("<array>\n".utf8)
            for i in 0 ..< n { out += Array("<dict><key>id</key><integer>\(i)</integer><key>v</key><data>AAAA</data></dict>\n".utf8) }
            out += Array("</array>\n".utf8)
        }
        let list = try PropertyList(xml: bytes, limits: Self.limits)
        #expect(list.containerCount(list.root) == n)
        let last = list.elements(list.root)[n - 1]
        #expect(list.dictValue(last, forKey: "id").flatMap { list.int64($0) } == Int64(n - 1))
        #expect(list.dictValue(last, forKey: "v").flatMap { list.data($0) } == [0, 0, 0])
    }
}
