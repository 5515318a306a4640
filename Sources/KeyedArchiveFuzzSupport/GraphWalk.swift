import KeyedArchive

/// Touches every object, class, key and value of an ``ArchiveGraph`` through its public accessors.
/// Never recurses: inline collections are ranges of `items`, and every item is visited once in order.
enum GraphWalk {
    static func walk(_ graph: ArchiveGraph) {
        for i in graph.objects.indices {
            blackHole(try? graph.object(i))
            blackHole(graph.className(ofObject: i))
            for entry in graph.values(ofObject: i) {
                blackHole(graph.key(entry.key))
                touch(entry.value, in: graph)
            }
            touch(graph.objects[i].plainValue, in: graph)
        }
        for item in graph.items { touch(item, in: graph) }
        for entry in graph.top {
            blackHole(graph.key(entry.key))
            touch(entry.value, in: graph)
        }
        for cls in graph.classes {
            blackHole(cls.name)
            for fallback in cls.fallbacks { blackHole(fallback >= 0 && fallback < graph.classes.count) }
        }
        // Lookups by name, for a bounded number of keys.
        for key in graph.keys.prefix(64) {
            if let k = graph.keyIndex(key) { blackHole(graph.sameKey(k, 0)) }
            blackHole(graph.value(ofObject: 0, forKey: key))
            blackHole(graph.value(ofObject: 1, forKey: key))
        }
        blackHole(graph.topValue(forKey: "root"))
    }

    static func touch(_ value: ArchiveValue, in graph: ArchiveGraph) {
        blackHole(value.kindName)
        switch value {
        case .string, .bytes:
            blackHole(graph.string(value))
        case let .ref(index):
            blackHole(try? graph.object(index))
            blackHole(graph.className(ofObject: index))
        case .array, .set, .dict:
            blackHole(graph.items(value).count)
        case .nil, .bool, .int, .unsignedInt, .wideInt, .float, .double, .date:
            break
        }
    }
}
