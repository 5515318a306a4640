#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What one direct decode shares: the validated property list's tables, the archive's `$objects`, and the
/// decode's bookkeeping (depth, cycles, shared class instances).
///
/// The direct decode reads a keyed archive's property list in place, without building an
/// ``ArchiveGraph``. It mirrors the graph-based decode's results for the shapes it takes and gives up
/// (``DirectDecodeAbandoned``) on anything else, so that the graph-based decode, the reference for every
/// value and every error, runs instead.
// Invariant: one decode runs on one thread, and no access to a var below spans a call that touches it
// again, so they skip the runtime exclusivity checks (as the graph-based decode's state does).
final class DirectDecodingState {
    let plist: PropertyList
    // The list's tables, held apart: reading them through `plist` copies the whole struct per call.
    let nodes: [PlistNode]
    let refs: [UInt32]
    let storage: [UInt8]
    /// `$objects` entry `n` is the node `refs[objectsAt + n]`.
    let objectsAt: Int
    let objectCount: Int
    let options: KeyedArchiveDecoder
    let userInfo: [CodingUserInfoKey: Any]
    let maxDepth: Int
    /// Entry index → ``EntryFlags``: being decoded now (a reference to it is a cycle), and decoded before.
    @exclusivity(unchecked) var flags: [UInt8]
    /// (entry, type) → the instance decoded, for class types (one instance per object), and for values
    /// met a second time (a value shared a million times in a small hostile DAG is decoded twice, not a
    /// million times).
    @exclusivity(unchecked) var shared: [ArchiveDecodingState.SharedKey: Any] = [:]
    /// Values decoded through `init(from:)` so far; bounded by the limits' `maxObjectCount`.
    @exclusivity(unchecked) var decodedValues = 0
    /// Values being decoded through `init(from:)`; bounded by ``maxDepth``.
    @exclusivity(unchecked) var depth = 0
    /// Set once the decode met something it does not mirror: its result, if any, is not used.
    @exclusivity(unchecked) var abandoned = false
    /// The conformances of the types this decode met.
    @exclusivity(unchecked) var typeTraits = CodableTypeTraitsTable(encoding: false)
    /// Key node → its graph spelling, by a hash of the node with a few probes (``slot(_:_:)``,
    /// ``probe(_:_:wanted:_:)``; an archive has few key nodes).
    @exclusivity(unchecked) var keyTexts: [DirectKeyText]
    /// Plain string entry → its text, for strings longer than a `String` holds inline, direct-mapped by a
    /// hash of the entry (``slot(_:_:)``): the uses of one stored string share one buffer.
    @exclusivity(unchecked) var longStrings = [(entry: Int, text: String)](repeating: (-1, ""), count: DirectDecodingState.longStringSlots)
    /// Class description entry → its name and family, by a hash of the entry with a few probes (an archive
    /// has few classes).
    @exclusivity(unchecked) var classSlots: [DirectClassInfo]
    /// The class entry and traits whose checks passed last (members of one array repeat them).
    @exclusivity(unchecked) var passedClassEntry = -1
    @exclusivity(unchecked) var passedTraits: CodableTypeTraits?
    /// Key lists of object dictionaries ``objectClass(entry:)`` read in full (the first slot in ``refs``, and
    /// how many), with the position of the one `$class` key, direct-mapped by the count and last key
    /// node: a dictionary whose key refs are the same nodes (records of one type) has the same keys, so
    /// is read by that position alone.
    @exclusivity(unchecked) var keyLists = [(at: Int, pairs: Int, classAt: Int)](repeating: (-1, -1, -1), count: DirectDecodingState.keyListSlots)
    static let keyListSlots = 8
    /// Keyed containers made, for later values of their key type; emptied by ``endDecode()``.
    @exclusivity(unchecked) var keyedContainers: [PooledKeyedDecodingContainer<DirectValueDecoder>] = []

    enum EntryFlags {
        static let inProgress: UInt8 = 1
        static let seen: UInt8 = 2
        /// Its dictionary's keys are all ASCII strings (``objectClass(entry:)`` checked them).
        static let keysChecked: UInt8 = 4
    }

    static let keyTextSlots = 256
    static let classSlotCount = 64
    static let longStringSlots = 1024

    init(plist: PropertyList, objectsAt: Int, objectCount: Int, decoder: KeyedArchiveDecoder) {
        self.plist = plist
        nodes = plist.nodes
        refs = plist.refs
        storage = plist.storage
        self.objectsAt = objectsAt
        self.objectCount = objectCount
        options = decoder
        userInfo = decoder.userInfo
        maxDepth = min(decoder.limits.maxDepth, KeyedArchiveDecoder.maxValueDepth)
        flags = [UInt8](repeating: 0, count: objectCount)
        keyTexts = [DirectKeyText](repeating: DirectKeyText(node: -1, text: "", isClassKey: false, isSlotKey: false), count: Self.keyTextSlots)
        classSlots = [DirectClassInfo](repeating: DirectClassInfo(entry: -1, name: "", family: .other), count: Self.classSlotCount)
    }

    func traits(of type: Any.Type) -> CodableTypeTraits { typeTraits.traits(of: type) }

    /// The home slot of index `i` in a table of `count` (a power of two up to 2^32) slots: its
    /// Fibonacci hash, so that indices with a stride (key and value nodes alternate) spread over every slot.
    @inline(__always) static func slot(_ i: Int, _ count: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(truncatingIfNeeded: i) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 &- count.trailingZeroBitCount))
    }

    /// Where an index whose home slot holds another one lives, or goes: the first of the next
    /// ``probeLength`` slots that holds it (`key(slot)` is the index a slot holds, -1 empty) or is empty;
    /// when all are taken by others, the home slot, whose holder is then replaced (so a table never fills
    /// up, and a lookup costs at most that many loads).
    @inline(__always) static func probe(_ home: Int, _ count: Int, wanted: Int, _ key: (Int) -> Int) -> Int {
        var slot = home
        for _ in 0 ..< probeLength {
            let k = key(slot)
            if k == wanted || k == -1 { return slot }
            slot = (slot &+ 1) & (count &- 1)
        }
        return home
    }

    static let probeLength = 8

    /// Gives up: the decode's result will not be used.
    func abandon() -> DirectDecodeAbandoned {
        abandoned = true
        return DirectDecodeAbandoned()
    }

    // MARK: Nodes and entries

    /// The node `$objects` entry `n` is (`n` must be in `0 ..< objectCount`).
    @inline(__always) func entryNode(_ n: Int) -> Int { Int(truncatingIfNeeded: refs[objectsAt &+ n]) }

    /// The entry a node references: a UID from 1 up to the entry count; nil for anything else (UID 0 is
    /// `$null`, not entry 0).
    @inline(__always) func referencedEntry(_ node: Int) -> Int? {
        let n = nodes[node]
        guard n.kind == .uid, n.payload != 0, n.payload < UInt64(objectCount) else { return nil }
        return Int(truncatingIfNeeded: n.payload)
    }

    /// Whether a value node is `$null` as the graph reads it: UID 0, a plist null or fill. (A reference to
    /// an `NSNull` object is nil too; ``isNil(_:)`` answers for both.)
    @inline(__always) func isNilNode(_ node: Int) -> Bool {
        let n = nodes[node]
        switch n.kind {
        case .uid: return n.payload == 0
        case .null, .fill: return true
        default: return false
        }
    }

    /// Whether a value node is nil for a decoder: `$null`, or a reference to an `NSNull` object.
    func isNil(_ node: Int) -> Bool {
        if isNilNode(node) { return true }
        guard let e = referencedEntry(node) else { return false }
        return family(entry: e) == .null
    }

    /// The scalar a value node holds, resolved through a reference to a plain entry (how a keyed archive
    /// stores every `NSString`, `NSData` and `NSNumber` object), as the graph's values read; nil for a
    /// reference to an object dictionary, a container, or an entry out of range.
    @inline(__always) func scalar(_ node: Int) -> ArchiveValue? {
        var n = nodes[node]
        if n.kind == .uid {
            if n.payload == 0 { return .nil }
            guard n.payload < UInt64(objectCount) else { return nil }
            n = nodes[entryNode(Int(truncatingIfNeeded: n.payload))]
        }
        return n.kind.isContainer ? nil : scalarValue(n)
    }

    /// The graph value of a non-container node, as the graph reader converts it.
    @inline(__always) func scalarValue(_ n: PlistNode) -> ArchiveValue { ArchiveValue(scalarNode: n, wideIntegers: plist.wideIntegers) }

    /// The text of a string value (``ArchiveGraph/string(_:in:)``).
    @inline(__always) func string(_ v: ArchiveValue) -> String? { ArchiveGraph.string(v, in: storage) }

    /// The string a value node holds: an inline string, or a reference to a plain string entry; nil for
    /// anything else. An entry too long to live inside a `String` is made once for its uses (as Cocoa gives
    /// one NSString, and the graph-based decode one buffer) while ``longStrings`` still holds it.
    func string(_ node: Int) -> String? {
        guard let e = referencedEntry(node) else {
            guard let v = scalar(node), case .string = v else { return nil }
            return string(v)
        }
        let n = nodes[entryNode(e)]
        guard n.kind == .string else { return nil }
        let v = scalarValue(n)
        guard n.count > 15 else { return string(v) }
        let slot = Self.slot(e, Self.longStringSlots)
        if longStrings[slot].entry == e { return longStrings[slot].text }
        guard let s = string(v) else { return nil }
        longStrings[slot] = (e, s)
        return s
    }

    // MARK: Keys

    /// The slot of ``keyTexts`` holding dictionary key node `node`'s graph spelling; nil for a key that is
    /// not an ASCII string (the graph reader refuses an object dictionary with a key that is no string).
    @inline(__always) func keySlot(_ node: Int) -> Int? {
        let slot = Self.slot(node, Self.keyTextSlots)
        if keyTexts[slot].node == node { return slot }
        return keyTextMiss(node, slot)
    }

    @inline(never) private func keyTextMiss(_ node: Int, _ home: Int) -> Int? {
        // A node whose home slot another holds lives in one of the next few (``probe(_:_:wanted:_:)``).
        let slot = Self.probe(home, Self.keyTextSlots, wanted: node) { keyTexts[$0].node }
        if keyTexts[slot].node == node { return slot }
        // ASCII keys only: then comparing them by bytes, by `==` and by the graph's interning all agree.
        guard plist.isASCIIString(node), let raw = plist.string(node) else { return nil }
        let text = KeyedArchiveKeys.graphKey(forArchiveKey: raw)
        keyTexts[slot] = DirectKeyText(node: node, text: text, isClassKey: plist.stringEquals(node, "$class"),
                                       isSlotKey: KeyedArchiveKeys.isUnkeyedSlot(text))
        return slot
    }

    // MARK: Objects and classes

    /// The slot of ``classSlots`` describing the class of the object dictionary `$objects` entry `e` is,
    /// when its one `$class` key names a class description with a string `$classname` (as the graph
    /// reads a class); nil for anything else.
    func objectClass(entry e: Int) -> Int? {
        let d = nodes[entryNode(e)]
        guard d.kind == .dict else { return nil }
        let keysAt = Int(truncatingIfNeeded: d.payload), pairs = Int(d.count)
        let list = pairs > 0 ? (Int(truncatingIfNeeded: refs[keysAt &+ pairs &- 1]) &+ pairs) & (Self.keyListSlots - 1) : 0
        let known = keyLists[list]
        if known.pairs == pairs, sameKeys(keysAt, known.at, pairs) {
            guard let c = referencedEntry(Int(truncatingIfNeeded: refs[keysAt &+ pairs &+ known.classAt])) else { return nil }
            flags[e] |= EntryFlags.keysChecked
            return classSlot(entry: c)
        }
        var classEntry = -1
        var classAt = -1
        for j in 0 ..< pairs {
            guard let k = keySlot(Int(truncatingIfNeeded: refs[keysAt &+ j])) else { return nil }
            guard keyTexts[k].isClassKey else { continue }
            // A second `$class` key: the graph keeps the last that resolves, and the others as values.
            guard classEntry < 0, let c = referencedEntry(Int(truncatingIfNeeded: refs[keysAt &+ pairs &+ j])) else { return nil }
            classEntry = c
            classAt = j
        }
        guard classEntry >= 0 else { return nil }
        keyLists[list] = (keysAt, pairs, classAt)
        // Every key is an ASCII string: ``unreachedEntriesAreReadable()`` need not look at this entry.
        flags[e] |= EntryFlags.keysChecked
        return classSlot(entry: classEntry)
    }

    /// Whether the `pairs` key refs from slot `a` of ``refs`` are those from slot `b` (nodes, not texts).
    @inline(__always) private func sameKeys(_ a: Int, _ b: Int, _ pairs: Int) -> Bool {
        guard b >= 0 else { return false }
        if a == b { return true }
        for j in 0 ..< pairs where refs[a &+ j] != refs[b &+ j] { return false }
        return true
    }

    /// Whether the entries the decode did not read (their keys unchecked) are ones the graph reader reads:
    /// every object dictionary among them (a dictionary with a `$class` key, or with neither `$classname`
    /// nor `$classes`, as the graph reader tells them from class descriptions) has ASCII string keys only.
    func unreachedEntriesAreReadable() -> Bool {
        let bits = plist.containerBits
        for e in 0 ..< objectCount where flags[e] & EntryFlags.keysChecked == 0 {
            let node = entryNode(e)
            guard PropertyList.isContainer(node, in: bits), plist.kind(node) == .dict else { continue }
            let keys = plist.dictKeys(node)
            var classKey = false, classNameKey = false, ascii = true
            for k in keys {
                if plist.stringEquals(k, "$class") { classKey = true }
                if plist.stringEquals(k, "$classname") || plist.stringEquals(k, "$classes") { classNameKey = true }
                if !plist.isASCIIString(k) { ascii = false }
            }
            if (classKey || !classNameKey) && !ascii { return false }
        }
        return true
    }

    /// The slot of ``classSlots`` describing the class description at entry `c`, when it is a dictionary
    /// with no `$class` key and a string `$classname` (the last one, as the graph reader reads it).
    @inline(__always) func classSlot(entry c: Int) -> Int? {
        let slot = Self.slot(c, Self.classSlotCount)
        if classSlots[slot].entry == c { return slot }
        return classMiss(c, slot)
    }

    @inline(never) private func classMiss(_ c: Int, _ home: Int) -> Int? {
        let slot = Self.probe(home, Self.classSlotCount, wanted: c) { classSlots[$0].entry }
        if classSlots[slot].entry == c { return slot }
        let node = entryNode(c)
        guard plist.kind(node) == .dict else { return nil }
        for k in plist.dictKeys(node) where plist.stringEquals(k, "$class") { return nil }
        guard let nameNode = plist.dictValue(node, forKey: "$classname"), let name = plist.string(nameNode) else { return nil }
        classSlots[slot] = DirectClassInfo(entry: c, name: name, family: ClassFamily.byName[name] ?? .other)
        return slot
    }

    /// The family of the class of entry `e` (nil: not an object with a class the direct decode reads).
    @inline(__always) func family(entry e: Int) -> ClassFamily? { objectClass(entry: e).map { classSlots[$0].family } }

    /// The value node stored under user key `key` in the object dictionary whose keys are the `pairs` slots
    /// at `keysAt`, found as the graph-based decode finds it (``ArchiveDecodingState/value(inRun:userKey:cursor:)``):
    /// the pair at `cursor` is compared by `==`; then the key's graph spelling
    /// (``KeyedArchiveKeys/graphKey(forUserKey:)``) is looked for by its bytes from `cursor` on, wrapping.
    /// The archive's keys are ASCII (``DirectDecode/header(_:_:)``), so the graph's interning of key
    /// spellings changes nothing; a key that is not ASCII is found at the cursor only, and elsewhere gives up
    /// (whether the graph finds it there depends on its key table's form).
    @inline(__always)
    func value(inDict keysAt: Int, pairs: Int, key: String, cursor: inout Int) throws -> Int? {
        guard pairs > 0 else { return nil }
        if cursor < 0 || cursor >= pairs { cursor = 0 }
        guard var k = keySlot(Int(truncatingIfNeeded: refs[keysAt &+ cursor])) else { throw abandon() }
        // The graph's values leave the `$class` pair out: its cursor rests on the pair after it.
        if keyTexts[k].isClassKey, pairs > 1 {
            cursor = cursor &+ 1 == pairs ? 0 : cursor &+ 1
            guard let next = keySlot(Int(truncatingIfNeeded: refs[keysAt &+ cursor])) else { throw abandon() }
            k = next
        }
        // The pair at the cursor: an un-keyed slot's key (`$0`) is no user key's, and `$class` is no value.
        if keyTexts[k].text == key, !keyTexts[k].isClassKey, !keyTexts[k].isSlotKey {
            let v = Int(truncatingIfNeeded: refs[keysAt &+ pairs &+ cursor])
            cursor &+= 1
            return v
        }
        guard key.utf8.allSatisfy({ $0 < 0x80 }) else { throw abandon() }
        // A user key shaped like an un-keyed slot (`$0`) is spelled `$$0` in the graph.
        let spelled = key.utf8.first == UInt8(ascii: "$") && KeyedArchiveKeys.isUnkeyedSlot(key) ? "$" + key : key
        var j = cursor
        for _ in 0 ..< pairs {
            guard let k = keySlot(Int(truncatingIfNeeded: refs[keysAt &+ j])) else { throw abandon() }
            if keyTexts[k].text == spelled, !keyTexts[k].isClassKey {
                cursor = j &+ 1
                return Int(truncatingIfNeeded: refs[keysAt &+ pairs &+ j])
            }
            j = j &+ 1 == pairs ? 0 : j &+ 1
        }
        return nil
    }

    /// The value node stored under a constant ASCII key (`NS.time`, `NS.objects`) in entry `e`'s object
    /// dictionary: the first, as the graph's lookups from a fresh cursor find it; nil when absent.
    func value(ofEntry e: Int, key: String) -> Int? {
        let d = nodes[entryNode(e)]
        guard d.kind == .dict else { return nil }
        var cursor = -1
        return try? value(inDict: Int(truncatingIfNeeded: d.payload), pairs: Int(d.count), key: key, cursor: &cursor)
    }

    /// How many of entry `e`'s object dictionary's keys are the ASCII `key` (nil for an entry that is no
    /// dictionary, or a key that is no ASCII string).
    func count(ofEntry e: Int, key: String) -> Int? {
        let d = nodes[entryNode(e)]
        guard d.kind == .dict else { return nil }
        let keysAt = Int(truncatingIfNeeded: d.payload)
        var n = 0
        for j in 0 ..< Int(d.count) {
            guard let k = keySlot(Int(truncatingIfNeeded: refs[keysAt &+ j])) else { return nil }
            if keyTexts[k].text == key { n &+= 1 }
        }
        return n
    }

    /// The value node of the ASCII `key` when entry `e`'s object dictionary holds it exactly once: what a
    /// typed coder's shape reads there whichever of several equal keys its lookups would find.
    func onlyValue(ofEntry e: Int, key: String) -> Int? {
        guard count(ofEntry: e, key: key) == 1 else { return nil }
        return value(ofEntry: e, key: key)
    }

    /// Ends the decode: empties the pool, whose containers hold their decoders, which hold this state.
    func endDecode() { keyedContainers.removeAll() }
}

/// The signal that a direct decode gave up (``DirectDecodingState/abandoned`` is set with it).
struct DirectDecodeAbandoned: Error {}

/// A dictionary key node's graph spelling.
struct DirectKeyText {
    var node: Int
    var text: String
    /// Whether the node spells `$class` (which object dictionaries use for their class, not a value).
    var isClassKey: Bool
    /// Whether the spelling is an un-keyed slot's (`$0`, `$1`, …), which no user key matches.
    var isSlotKey: Bool
}

/// A class description entry: its name and Foundation family.
struct DirectClassInfo {
    var entry: Int
    var name: String
    var family: ClassFamily
}
