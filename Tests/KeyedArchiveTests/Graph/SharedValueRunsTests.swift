import Testing
@testable import KeyedArchive

/// `SharedValueRuns` finds an object whose value run an earlier object owns, whatever order the runs
/// are laid out in (the Codable encoder writes a container's values after its members').
@Suite struct SharedValueRunsTests {
    func object(_ start: Int, _ count: Int, class cls: Int = 0) -> ArchiveObject {
        ArchiveObject(kind: .object, classIndex: cls, valueStart: start, valueCount: count)
    }

    func owners(_ objects: [ArchiveObject], values: Int) -> [Int?] {
        var finder = SharedValueRuns()
        return objects.indices.map { finder.earlierOwner(of: $0, objects: objects, valueCount: values) }
    }

    @Test func disjointRunsInAnyOrderAreNotShared() {
        // Parent after its members, as the Codable encoder lays them out; then runs in value order.
        let objects = [object(6, 4), object(0, 3), object(3, 3), object(10, 2), object(12, 1)]
        #expect(owners(objects, values: 13) == [nil, nil, nil, nil, nil])
    }

    @Test func aRunListedAgainIsTheFirstListing() {
        let objects = [object(4, 2), object(0, 4), object(4, 2), object(0, 4), object(6, 1)]
        #expect(owners(objects, values: 7) == [nil, nil, 0, 1, nil])
    }

    @Test func aRunOfAnotherLengthOrClassIsNotShared() {
        let objects = [object(0, 3), object(0, 2), object(0, 3, class: 1), object(0, 3)]
        #expect(owners(objects, values: 3) == [nil, nil, nil, 0])
    }

    @Test func runsOutsideTheValuesAreIgnored() {
        let objects = [object(0, 2), object(1, 5), object(-1, 1), object(0, 2)]
        #expect(owners(objects, values: 3) == [nil, nil, nil, 0])
        var finder = SharedValueRuns()
        #expect(finder.earlierOwner(of: 9, objects: objects, valueCount: 3) == nil)
    }
}
