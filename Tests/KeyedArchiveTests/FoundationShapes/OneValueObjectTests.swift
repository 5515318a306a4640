import Foundation
import Testing
@testable import KeyedArchive

/// `NSDate` is written without opening a scope (``KeyedArchiver/encodeOneValueObject(classIndex:key:_:)``):
/// the same archive, byte for byte, as the general path (`encodeFoundationObject` with one
/// `encode(_:forKey:)`), whether the date is the root, one of several fields of an object whose values
/// are still buffered, repeated (the class described once) or among other Foundation objects.
@Suite struct OneValueObjectTests {
    final class Holder: KeyedCoding {
        let dates: [Date]
        let general: Bool
        init(_ dates: [Date], general: Bool) { self.dates = dates; self.general = general }
        init() { dates = []; general = false }
        func encode(with a: KeyedArchiver) throws(ArchiveError) {
            try a.encode("before", forKey: "name")
            for (i, d) in dates.enumerated() {
                let v: ArchiveValue
                if general {
                    v = try a.encodeFoundationObject(className: "NSDate", chain: ["NSDate", "NSObject"]) {
                        a.encode(d.timeIntervalSinceReferenceDate, forKey: "NS.time")
                    }
                } else {
                    v = try d.encodeArchived(to: a)
                }
                a.encodeRaw(v, forKey: "d\(i)")
                try a.encode(Data([UInt8(i)]), forKey: "data\(i)")
            }
            a.encode(7, forKey: "after")
        }
        func decode(with u: KeyedUnarchiver) throws(ArchiveError) {}
    }

    @Test func datesWriteTheBytesOfTheGeneralPath() throws {
        let dates = [Date(timeIntervalSinceReferenceDate: 0), Date(timeIntervalSinceReferenceDate: -1.5),
                     Date(timeIntervalSinceReferenceDate: 7e8), Date(timeIntervalSinceReferenceDate: 0)]
        for format in [PropertyList.Format.binary, .xml] {
            for n in [0, 1, dates.count] {
                let fast = try KeyedArchiver.archivedData(withRootObject: Holder(Array(dates.prefix(n)), general: false), format: format)
                let general = try KeyedArchiver.archivedData(withRootObject: Holder(Array(dates.prefix(n)), general: true), format: format)
                #expect(fast == general, "\(n) dates, \(format)")
            }
        }
        // A date as the root, and read back.
        let root = try KeyedArchiver.archivedData(withRootObject: dates[2])
        #expect(try KeyedUnarchiver.unarchivedObject(of: Date.self, from: root) == dates[2])
        let g = try ArchiveGraph(keyedArchiveBytes: root)
        #expect(g.classes.map(\.name).contains("NSDate"))
    }
}
