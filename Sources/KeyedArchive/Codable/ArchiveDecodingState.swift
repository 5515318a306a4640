#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What one ``KeyedArchiveDecoder/decode(_:from:)-(_,ArchiveGraph)`` call shares between its decoders
/// and containers: the graph, the options, shared class instances and the references being decoded.
// Invariant: one decode runs on one thread, and no access to a var below spans a call that touches it
// again, so they skip the runtime exclusivity checks (as the archiver and unarchiver do).
final class ArchiveDecodingState {
    let graph: ArchiveGraph
    // The graph's tables, held apart: reading them through `graph` copies the whole struct per call.
    let objects: [ArchiveObject]
    let classes: [ArchiveClass]
    let values: [ArchiveKeyedValue]
    let items: [ArchiveValue]
    let keys: [String]
    /// Key index → whether the key is spelled like an un-keyed slot (`$0`, `$1`, …).
    let isSlotKey: [Bool]
    let canonical: [Int32]
    let keyLookup: ArchiveKeyTable
    /// Canonical key indices of `NS.keys` and `NS.objects` (-1: not in the archive).
    let nsKeysKey: Int32
    let nsObjectsKey: Int32
    let storage: [UInt8]
    let source: ArchiveGraph.Metadata.Source
    let options: KeyedArchiveDecoder
    /// Decodes the Foundation leaf shapes (strings, data, dates, URLs, UUIDs) exactly as the typed coder does.
    let unarchiver: KeyedUnarchiver
    let userInfo: [CodingUserInfoKey: Any]
    /// Object index → whether it is being decoded right now (a reference to it is a cycle).
    @exclusivity(unchecked) var inProgress: [Bool]
    /// (object index, type) → what it decoded as, for objects referenced more than once: a class instance
    /// stays one instance, and a value shared a million times in a small hostile DAG is decoded once.
    @exclusivity(unchecked) var shared: [SharedKey: Any] = [:]
    struct SharedKey: Hashable {
        var object: Int
        var type: ObjectIdentifier
    }
    /// Object index → the text of a shared plain string entry longer than a `String` holds inline.
    @exclusivity(unchecked) var sharedStrings: [Int: String] = [:]
    /// The class index whose object last passed a keyed container's checks (family, class names,
    /// allow-list) for a type with traits ``keyedClassTraits`` (nil: a type that names no class).
    @exclusivity(unchecked) var keyedClassPassed = -1
    @exclusivity(unchecked) var keyedClassTraits: CodableTypeTraits?
    /// Object index → how many references point at it (saturating at 2: "more than once").
    let referenced: [UInt8]
    /// Referenced values decoded through `init(from:)` so far, at every use not served from ``shared``;
    /// bounded by the limits' `maxObjectCount`. A type that retries a shared child after a failure (failures
    /// are not kept: a cycle makes them depend on the path) would otherwise repeat it at every use: 2^40
    /// decodes from a 2 KB archive of 40 arrays each holding the one below twice.
    @exclusivity(unchecked) var decodedValues = 0
    /// Values being decoded through `init(from:)`; bounded by ``maxDepth``.
    @exclusivity(unchecked) var depth = 0
    let maxDepth: Int
    /// Class index → whether its objects are Foundation values or collections (nil: not looked at yet).
    var foundationClass: [Bool?]
    /// The conformances of the types this decode met.
    @exclusivity(unchecked) var typeTraits = CodableTypeTraitsTable(encoding: false)
    /// Keyed containers made, for later values of their key type (ArchiveDecodingContainerPool.swift);
    /// emptied by ``endDecode()``.
    @exclusivity(unchecked) var keyedContainers: [PooledKeyedDecodingContainer<ArchiveValueDecoder>] = []

    func traits(of type: Any.Type) -> CodableTypeTraits { typeTraits.traits(of: type) }

    /// The text of an inline string value (``ArchiveGraph/string(_:)``).
    func string(_ v: ArchiveValue) -> String? { ArchiveGraph.string(v, in: storage) }

    /// The text of `v`, the value of plain entry `n`: made once when the entry is shared and too long to
    /// be stored inline in a `String`, so that its uses share one buffer, as they share one NSString in Cocoa.
    func string(_ v: ArchiveValue, ofPlainEntry n: Int) -> String? {
        guard case .string(let r, _) = v, r.count > 15, isShared(n) else { return string(v) }
        if let s = sharedStrings[n] { return s }
        let s = string(v)
        sharedStrings[n] = s
        return s
    }

    init(graph: ArchiveGraph, decoder: KeyedArchiveDecoder) {
        self.graph = graph
        self.objects = graph.objects
        self.classes = graph.classes
        self.values = graph.values
        self.items = graph.items
        self.keys = graph.keys
        self.isSlotKey = graph.keys.map(KeyedArchiveKeys.isUnkeyedSlot)
        self.canonical = graph.canonicalKey
        self.keyLookup = graph.keyLookup
        self.nsKeysKey = graph.conventionKeys.keys
        self.nsObjectsKey = graph.conventionKeys.objects
        self.storage = graph.storage
        self.source = graph.metadata.source
        self.options = decoder
        self.unarchiver = KeyedUnarchiver(graph: graph, options: .init(limits: decoder.limits))
        self.userInfo = decoder.userInfo
        self.inProgress = Array(repeating: false, count: graph.objects.count)
        self.maxDepth = min(decoder.limits.maxDepth, KeyedArchiveDecoder.maxValueDepth)
        self.foundationClass = Array(repeating: nil, count: graph.classes.count)
        var counts = [UInt8](repeating: 0, count: graph.objects.count)
        func note(_ v: ArchiveValue) {
            if case .ref(let n) = v, n >= 0, n < counts.count, counts[n] < 2 { counts[n] += 1 }
        }
        for kv in graph.values { note(kv.value) }
        for v in graph.items { note(v) }
        for kv in graph.top { note(kv.value) }
        self.referenced = counts
    }

    /// The value object `n` stores under graph key `key`. Decoders ask for keys in the order they were
    /// encoded, so the key after the previous hit (`cursor`) is compared first, without hashing; then
    /// the object's range is scanned from there, wrapping, as the typed coder (and UIKit) does.
    func value(ofObject n: Int, graphKey key: String, cursor: inout Int) -> ArchiveValue? {
        lookUp(valueRun(ofObject: n), key, isUserKey: false, &cursor)
    }

    /// The first values object `n` stores under `NS.keys` and `NS.objects`, as two fresh
    /// ``value(ofObject:graphKey:cursor:)`` lookups find them, in one scan by canonical key index.
    func dictionaryKeysAndObjects(ofObject n: Int) -> (keys: ArchiveValue?, objects: ArchiveValue?) {
        var found: (keys: ArchiveValue?, objects: ArchiveValue?) = (nil, nil)
        guard nsKeysKey >= 0, nsObjectsKey >= 0 else { return found }
        for i in valueRun(ofObject: n) {
            let kv = values[i]
            guard kv.key >= 0, kv.key < canonical.count else { continue }
            let k = canonical[kv.key]
            if k == nsKeysKey, found.keys == nil { found.keys = kv.value }
            if k == nsObjectsKey, found.objects == nil { found.objects = kv.value }
            if found.keys != nil, found.objects != nil { break }
        }
        return found
    }

    /// ``value(ofObject:graphKey:cursor:)`` for a Codable key in a run from ``valueRun(ofObject:)``, whose
    /// graph spelling (``KeyedArchiveKeys/graphKey(forUserKey:)``) is worked out only when the next stored
    /// key does not answer.
    @inline(__always)
    func value(inRun run: Range<Int>, userKey key: String, cursor: inout Int) -> ArchiveValue? {
        lookUp(run, key, isUserKey: true, &cursor)
    }

    /// Object `n`'s keyed values as a range of ``values``: empty for an index or run outside the tables.
    func valueRun(ofObject n: Int) -> Range<Int> {
        guard n >= 0, n < objects.count else { return 0 ..< 0 }
        let o = objects[n]
        let count = values.count
        let start = min(max(o.valueStart, 0), count)
        return start ..< (o.valueCount > 0 && o.valueCount <= count - start ? start + o.valueCount : start)
    }

    // `run` lies within `values` (``valueRun(ofObject:)``).
    @inline(__always)
    private func lookUp(_ run: Range<Int>, _ key: String, isUserKey: Bool, _ cursor: inout Int) -> ArchiveValue? {
        let (start, end) = (run.lowerBound, run.upperBound)
        guard start < end else { return nil }
        if cursor < start || cursor >= end { cursor = start }
        let first = values[cursor]
        // A stored key spelled like a user key is that key's graph spelling, unless it is an un-keyed
        // slot: a user key `$0` is stored as `$$0`.
        if first.key >= 0, first.key < keys.count, keys[first.key] == key, !(isUserKey && isSlotKey[first.key]) {
            cursor += 1
            return first.value
        }
        guard let k = keyLookup[isUserKey ? KeyedArchiveKeys.graphKey(forUserKey: key) : key] else { return nil }
        var i = cursor
        for _ in start ..< end {
            let kv = values[i]
            if kv.key >= 0, kv.key < canonical.count, canonical[kv.key] == k {
                cursor = i + 1
                return kv.value
            }
            i = i + 1 == end ? start : i + 1
        }
        return nil
    }

    /// A plain entry's value for a reference to one; any other value as it is.
    @inline(__always)
    func resolvedScalar(_ v: ArchiveValue) -> ArchiveValue {
        guard case .ref(let n) = v, n >= 0, n < objects.count else { return v }
        let o = objects[n]
        return o.kind == .plain ? o.plainValue : v
    }

    /// Whether object `n` is referenced more than once (so its decoded values are worth keeping).
    func isShared(_ n: Int) -> Bool { n >= 0 && n < referenced.count && referenced[n] > 1 }

    /// The Foundation family of object `n`'s class (`.other` for plain entries and unknown classes).
    func family(ofObject n: Int) -> ClassFamily {
        guard n >= 0, n < objects.count else { return .other }
        let o = objects[n]
        guard o.kind == .object else { return .other }
        return unarchiver.family(ofClass: o.classIndex)
    }

    /// Whether object `n` is an object whose class the allow-list must name.
    func needsAllowance(_ n: Int) -> Bool {
        guard options.allowedClassNames != nil else { return false }
        return family(ofObject: n).needsAllowance && objects[n].kind == .object
    }
}

extension ClassFamily {
    /// Whether an allow-list must name an object's class: for every class but Foundation's values and
    /// collections (strings, data, numbers, dates, URLs, UUIDs, arrays, sets, dictionaries, `NSNull`).
    var needsAllowance: Bool {
        switch self {
        case .other, .error, .attributedString, .indexSet, .indexPath, .value: return true
        default: return false
        }
    }
}

/// One step of a coding path, kept unmaterialised until an error or `codingPath` asks for it.
enum ArchiveCodingPathComponent {
    case key(String)
    case codingKey(any CodingKey)
    case index(Int)

    var codingKey: any CodingKey {
        switch self {
        case .key(let s): return ArchiveCodingKey(stringValue: s)
        case .codingKey(let k): return k
        case .index(let i): return ArchiveCodingKey(index: i)
        }
    }
}

/// A `CodingKey` for unkeyed positions, `super`, and archive keys no type declares.
struct ArchiveCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = Int(stringValue)
    }
    init(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }
    init(index: Int) {
        self.stringValue = "Index \(index)"
        self.intValue = index
    }
    static let superKey = ArchiveCodingKey(stringValue: "super")
}
