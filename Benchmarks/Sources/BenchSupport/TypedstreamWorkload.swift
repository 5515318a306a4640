import KeyedArchive

/// Typedstream workloads (issue #16): a large Messages-style attributed string and a stream of many
/// small objects, both written by our writer exactly as `NSArchiver` lays them out.
public enum TypedstreamWorkload {
    /// An attributed string of about `characters` UTF-16 units, a run every 24 units cycling through
    /// eight attribute dictionaries (message parts, links, colours, mentions), as Messages writes them.
    public static func message(characters: Int) throws -> [UInt8] {
        var rng = SplitMix64(seed: 16)
        let words = ["hello", "see", "you", "at", "the", "café", "tomorrow", "👋", "ok", "link", "https://example.org/x", "—"]
        var text = ""
        text.reserveCapacity(characters + 32)
        while text.utf16.count < characters {
            text += words[Int(rng.next() % UInt64(words.count))] + " "
        }
        var dictionaries: [[ArchivedValue.Entry]] = []
        for i in 0 ..< 8 {
            var d: [ArchivedValue.Entry] = [.init(key: .string("__kIMMessagePartAttributeName"), value: .int(Int64(i)))]
            if i % 2 == 1 { d.append(.init(key: .string("__kIMLinkAttributeName"), value: .string("https://example.org/\(i)"))) }
            if i % 3 == 2 { d.append(.init(key: .string("NSColor"), value: .color(ArchivedColor(space: 1, components: [0.2, 0.4, Double(i) / 8, 1])))) }
            if i == 7 { d.append(.init(key: .string("__kIMMentionConfirmedMention"), value: .string("+15555550100"))) }
            dictionaries.append(d)
        }
        let total = text.utf16.count
        var runs: [ArchivedAttributedString.Run] = []
        var covered = 0
        var i = 0
        while covered < total {
            let length = min(24, total - covered)
            runs.append(.init(length: length, attributes: dictionaries[i % 8]))
            covered += length
            i += 1
        }
        return try ArchivedValue.attributedString(ArchivedAttributedString(string: text, runs: runs, isMutable: true)).typedstreamBytes()
    }

    /// An `NSArray` of `count` objects: strings, numbers and two-entry dictionaries in turn.
    public static func objects(count: Int) throws -> [UInt8] {
        var members: [ArchivedValue] = []
        members.reserveCapacity(count)
        var rng = SplitMix64(seed: 100)
        for i in 0 ..< count {
            switch i % 3 {
            case 0: members.append(.string("item \(i) \(rng.next() % 1000)"))
            case 1: members.append(.int(Int64(rng.next() % 100_000)))
            default: members.append(.dictionary([.init(key: .string("n"), value: .int(Int64(i))), .init(key: .string("x"), value: .double(Double(i) / 7))]))
            }
        }
        return try ArchivedValue.array(members).typedstreamBytes()
    }

    /// Parses and decodes the root as a Foundation value; returns the number of stream objects.
    public static func decode(_ bytes: [UInt8]) throws -> Int {
        let g = try ArchiveGraph(typedstream: bytes)
        guard try KeyedUnarchiver(graph: g).decodeTopLevelObject(of: ArchivedValue.self) != nil else {
            throw WorkloadMismatch(what: "typedstream root", index: -1)
        }
        return g.objects.count
    }
}
