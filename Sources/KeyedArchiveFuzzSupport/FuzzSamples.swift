#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import KeyedArchive

/// Archives of the fuzz test classes written by our own ``KeyedArchiver``: seeds for `FuzzUnarchiver`
/// (prefixed with its option byte) and inputs for the unit tests.
public enum FuzzSamples {
    /// A small cyclic graph: two people who are each other's best friend, with every field set, and a
    /// ring of three nodes carrying Foundation-shaped payloads and un-keyed values.
    public static func archives() throws(ArchiveError) -> [(name: String, bytes: [UInt8])] {
        defer { FuzzInstances.breakCycles() }
        let ada = FuzzPerson()
        let bob = FuzzPerson()
        ada.name = "Ada"
        ada.nickname = "$null"
        ada.age = -36
        ada.small = -128
        ada.unsigned = .max
        ada.big = .max
        ada.flag = true
        ada.ratio = -0.0
        ada.score = .infinity
        ada.blob = [0, 1, 0xFF]
        ada.data = Data([0xCA, 0xFE])
        ada.born = Date(timeIntervalSinceReferenceDate: -1e9)
        ada.home = URL(string: "https://example.com/a?b=c")
        ada.id = UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16))
        ada.tags = ["x"]
        ada.scores = ["π": 3.14]
        ada.extra = .array([.int(1), .string("é"), .null, .dictionary([.init(key: .string("k"), value: .bool(false))])])
        bob.name = "Bob 😀"
        ada.best = bob
        bob.best = ada
        ada.friends = [bob, ada]
        bob.friends = [ada]

        let n1 = FuzzNode()
        let n2 = FuzzNode()
        let n3 = FuzzNode()
        n1.next = n2
        n2.next = n3
        n3.next = n1
        n1.children = [n2, n3]
        n1.value = .set([.string("a"), .int(2)])
        n2.value = .date(Date(timeIntervalSinceReferenceDate: 0))
        n3.value = .data([1, 2, 3])

        var out: [(String, [UInt8])] = []
        for (name, root) in [("person", ada as any KeyedCoding), ("node", n1)] {
            for format in PropertyList.Format.allCases {
                let archiver = KeyedArchiver(outputFormat: format)
                try archiver.encode(root, forKey: "root")
                let plist = try archiver.encodedPropertyList()
                out.append(("\(name).\(format == .binary ? "bplist" : "xml")",
                            format == .binary ? plist.binaryData() : try plist.xmlData()))
            }
        }
        return out
    }
}
