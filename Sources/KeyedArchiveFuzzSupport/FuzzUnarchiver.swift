import KeyedArchive

/// `FuzzUnarchiver`: typed unarchiving of the fuzz test classes and the Foundation shapes.
///
/// The first byte chooses the options (bit 0 secure coding, bit 1 set-error-and-return, bit 2 drop nil
/// collection members, bit 3 strict real conversion); the rest is a keyed archive (binary or XML) or a
/// NIBArchive. Each top-level entry is decoded by several typed calls, each with a fresh unarchiver so
/// that one failure does not hide the others.
enum FuzzUnarchiver {
    static func run(_ input: [UInt8]) {
        DecodeReach.startInput()
        defer { DecodeReach.endInput() }
        guard let mode = input.first else { return }
        let bytes = Array(input.dropFirst())
        let options = KeyedUnarchiver.Options(
            requiresSecureCoding: mode & 1 != 0,
            decodingFailurePolicy: mode & 2 != 0 ? .setErrorAndReturn : .raiseException,
            limits: limits, strictRealConversion: mode & 8 != 0,
            dropsNilCollectionMembers: mode & 4 != 0)
        let graph: ArchiveGraph
        if ArchiveFormat.detect(bytes) == .nibArchive {
            guard let g = try? ArchiveGraph(nibArchive: bytes, limits: limits) else { return }
            graph = g
        } else {
            guard let plist = try? PropertyList(parsing: bytes, limits: limits),
                  let g = try? ArchiveGraph(keyedArchive: plist, limits: limits) else { return }
            graph = g
        }
        defer { FuzzInstances.breakCycles() }
        // The root key, and every other top-level key (bounded).
        var keys = ["root"]
        for entry in graph.top.prefix(8) where graph.key(entry.key) != "root" { keys.append(graph.key(entry.key)) }
        for key in keys {
            decodeAll(graph, key: key, options: options)
        }
    }

    /// The unarchiver recurses once per nested object decode. Its default budget (1,024) overflows the
    /// 512 KiB stack of a test thread in a debug build (finding F3), so the harness, which also runs
    /// under `swift test`, uses 200.
    static var limits: DecodingLimits {
        var l = FuzzLimits.standard
        l.maxDepth = 200
        return l
    }

    /// One fresh unarchiver per typed call.
    static func decode<T>(_ graph: ArchiveGraph, _ options: KeyedUnarchiver.Options,
                          _ body: (KeyedUnarchiver) throws(ArchiveError) -> T) {
        let u = KeyedUnarchiver(graph: graph, options: options)
        u.register(FuzzPerson.self, FuzzNode.self)
        blackHole(try? body(u))
        u.finishDecoding()
        blackHole(u.error)
        blackHole(u.warnings.count)
    }

    static func decodeAll(_ graph: ArchiveGraph, key: String, options: KeyedUnarchiver.Options) {
        decode(graph, options) { u throws(ArchiveError) in try u.decodeTopLevelObject(of: ArchivedValue.self, forKey: key) }
        decode(graph, options) { u throws(ArchiveError) in
            try u.decodeTopLevelObject(of: [FuzzPerson.self, FuzzNode.self], forKey: key)
        }
        decode(graph, options) { u throws(ArchiveError) in try u.decodeTopLevelObject(of: FuzzPerson.self, forKey: key) }
        decode(graph, options) { u throws(ArchiveError) in try u.decodeTopLevelObject(of: [String: ArchivedValue].self, forKey: key) }
        decode(graph, options) { u throws(ArchiveError) in try u.decodeTopLevelObject(of: [Int].self, forKey: key) }
        decode(graph, options) { u throws(ArchiveError) in try u.decodeTopLevelObject(of: ArchivedIndexSet.self, forKey: key) }
        decode(graph, options) { u throws(ArchiveError) in try u.decodeTopLevelObject(of: ArchivedIndexPath.self, forKey: key) }
        decode(graph, options) { u throws(ArchiveError) in try u.decodeTopLevelObject(of: ArchivedGeometry.self, forKey: key) }
        decode(graph, options) { u throws(ArchiveError) in try u.decodeTopLevelObject(of: ArchivedOrderedSet<String>.self, forKey: key) }
        decode(graph, options) { u throws(ArchiveError) in try u.decodeTopLevelObject(of: ArchivedCountedSet<String>.self, forKey: key) }
        decode(graph, options) { u throws(ArchiveError) in try u.decodeTopLevelObject(of: MutableDataValue.self, forKey: key) }
        decode(graph, options) { u throws(ArchiveError) in try u.decodeTopLevelObject(of: String.self, forKey: key) }
    }
}
