/// Which XIB object each element of a document is, and where it stands among its siblings: built once
/// per document (a storyboard's scenes share one), so finding a container's objects is linear.
final class XIBElementIndex: Sendable {
    /// Element → the XIB object it is (-1: not an object).
    let objectOfElement: [Int]
    /// Element → how many object elements precede it among its siblings.
    let objectRank: [Int]

    init(_ doc: XIBDocument) {
        var map = [Int](repeating: -1, count: doc.tree.elements.count)
        for (o, object) in doc.objects.enumerated() where object.element >= 0 && object.element < map.count {
            map[object.element] = o
        }
        var rank = [Int](repeating: 0, count: map.count)
        for element in doc.tree.elements {
            var objectsBefore = 0
            for e in element.children where e >= 0 && e < map.count {
                rank[e] = objectsBefore
                if map[e] >= 0 { objectsBefore += 1 }
            }
        }
        objectOfElement = map
        objectRank = rank
    }
}
