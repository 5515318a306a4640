/// The elements of one array or set object, in stored order (see ``ArchiveGraph/elements(ofObject:)``),
/// read one at a time.
package struct ArchiveElementRun: Sequence, IteratorProtocol {
    /// Members in order (an `NS.objects` array, or the numbered `NS.object.<i>` values sorted), when
    /// the elements are not inline.
    private let members: ArraySlice<ArchiveValue>
    /// Inline elements: the object's own values whose key's canonical index (in `canonical`) is `key`.
    private let own: ArraySlice<ArchiveKeyedValue>
    private let canonical: [Int32]
    /// The inline elements' canonical key (≥ 0: a run is inline only when the graph has that key), or -1.
    private let key: Int32
    private var position: Int
    /// How many elements the run yields.
    package let count: Int

    init(members: ArraySlice<ArchiveValue>) {
        self.members = members
        own = []
        canonical = []
        key = -1
        position = members.startIndex
        count = members.count
    }

    init(inline own: ArraySlice<ArchiveKeyedValue>, count: Int, canonical: [Int32], key: Int32) {
        members = []
        self.own = own
        self.canonical = canonical
        self.key = key
        position = own.startIndex
        self.count = count
    }

    package var underestimatedCount: Int { count }

    package mutating func next() -> ArchiveValue? {
        if key < 0 {
            guard position < members.endIndex else { return nil }
            defer { position += 1 }
            return members[position]
        }
        while position < own.endIndex {
            let kv = own[position]
            position += 1
            // A key outside the table has no canonical index (as `canonicalIndex(ofKey:)` reads it).
            if kv.key >= 0, kv.key < canonical.count, canonical[kv.key] == key { return kv.value }
        }
        return nil
    }
}
