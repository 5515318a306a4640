import Foundation
import Testing
@testable import KeyedArchive

/// The traits table hands out one instance per type, retained or not, for the types it scans and for
/// those past ``CodableTypeTraitsTable/maxScanned`` that it keeps in its dictionary.
@Suite struct CodableTypeTraitsTableTests {
    /// More distinct types than the table scans: `[Int8]`, `[[Int8]]`, …, one nesting level per type.
    static let types: [Any.Type] = {
        var out: [Any.Type] = [Int.self, String.self, Data.self, Date.self, [Int].self, [String].self, [Double].self]
        func nest<T>(_: T.Type, _ left: Int) {
            out.append([T].self)
            if left > 0 { nest([T].self, left - 1) }
        }
        nest(Int8.self, CodableTypeTraitsTable.maxScanned)
        return out
    }()

    @Test func unretainedTraitsAreTheTableInstances() {
        #expect(Self.types.count > CodableTypeTraitsTable.maxScanned + 4)
        var table = CodableTypeTraitsTable(encoding: false)
        // Asked first unretained (the slow path adds them), then both ways, in and past the scanned part.
        for t in Self.types { _ = table.unretainedTraits(of: t) }
        for t in Self.types {
            let retained = table.traits(of: t)
            let unretained = table.unretainedTraits(of: t).takeUnretainedValue()
            #expect(retained === unretained)
        }
        #expect(table.unretainedTraits(of: Int.self).takeUnretainedValue().scalar != nil)
        #expect(table.unretainedTraits(of: [Int].self).takeUnretainedValue().scalarArray == .ints)
        #expect(table.unretainedTraits(of: [[Int8]].self).takeUnretainedValue().scalarArray == .none)
    }
}
