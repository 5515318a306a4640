#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// ``KeyedArchiveEncoder``'s fast path: an `Encodable` value written straight into the objects of a
/// `bplist00` keyed archive as its `encode(to:)` yields them, with no archive graph and no second walk.
///
/// It gives the archive the graph-based encoder gives (the same `$objects` entries, uids, keys and
/// values; only the order of the property list's own objects differs) for values whose containers nest
/// as a stack: structs, enums and classes of scalars, strings, data, dates, URLs, UUIDs, optionals,
/// arrays, sets and dictionaries, class instances archived once per identity. Anything else (a reference
/// cycle, geometry, a nested container, a super encoder, a value too deep, an archive past 32-bit counts)
/// throws ``ArchiveStreamFallback``, and ``KeyedArchiveEncoder`` encodes the value again on the
/// graph-based path, which also reports every error.
// Invariant: one encode runs on one thread, and no access to a var below spans a call that touches it
// again, so they skip the runtime exclusivity checks (as the graph-based state does).
final class ArchiveStreamEncoder: Encoder {
    let options: KeyedArchiveEncoder
    let userInfo: [CodingUserInfoKey: Any]
    @exclusivity(unchecked) var table: BinaryPlistObjectTable
    /// `$objects`: each entry's property-list object id, by uid (0 while its container is open).
    let entries: TableBuffer<UInt32>
    /// Members of the open frames, each frame's from its starts: an object's key ids and value ids (in
    /// step), an array's member ids (values only).
    let pendingKeys = TableBuffer<UInt32>(capacity: 64)
    let pendingValues = TableBuffer<UInt32>(capacity: 64)
    /// Plain scalars under the open object frames' keys, named by placeholders in ``pendingValues``,
    /// and the queue of those whose frames closed: each with the member slot it fills
    /// (ArchiveStreamDeferredScalars.swift).
    let pendingScalars = TableBuffer<BinaryPlistObjectTable.Object>(capacity: 64)
    let deferredScalars = TableBuffer<BinaryPlistObjectTable.Object>(capacity: 64)
    let deferredSlots = TableBuffer<Int>(capacity: 64)
    /// Objects written before scalars are deferred (tests start at 0 to defer every one), and whether
    /// that many have been: checked as each frame opens (``noteObjectCount()``), then set for the rest
    /// of the encode.
    let deferringFrom: Int
    @exclusivity(unchecked) var deferring = false
    @exclusivity(unchecked) var frames: [StreamFrame] = []
    @exclusivity(unchecked) var current: StreamValueContext
    /// The coding path of the value being encoded, a step per level: an index (≥ 0), or a key (-1, the
    /// next of ``pathKeys``). Indices, the commonest, are plain integers to push and pop.
    let pathSteps = TableBuffer<Int>(capacity: 64)
    @exclusivity(unchecked) var pathKeys: [any CodingKey] = []
    /// Nesting of values through `encode(to:)`, bounded as on the graph-based path.
    @exclusivity(unchecked) var depth = 0
    /// Set with every fallback thrown: an encode that caught one and went on still falls back.
    @exclusivity(unchecked) var fellBack = false
    /// Property-list object id → uid of the shared entry holding it (numbers and strings), or -1.
    let sharedEntries: TableBuffer<Int32>
    /// Property-list object id of a key → serial of the last object frame that stored it. Serials only
    /// grow, so a stamp below a frame's serial proves the key new to that frame; a stamp above it was left
    /// by a frame nested inside it, and the frame's own keys are searched.
    let keyStamp = TableBuffer<UInt64>(capacity: 64)
    @exclusivity(unchecked) var nextSerial: UInt64 = 0
    @exclusivity(unchecked) var keyCache = KeySequenceCache()
    /// Keyed containers made, free for another value of their key type; those handed out for open
    /// frames, in the order the frames opened.
    @exclusivity(unchecked) var containerPool: [LiveTicket] = []
    @exclusivity(unchecked) var liveTickets: [LiveTicket] = []
    /// The same for nested keyed containers: free ones, and those of open nested frames in frame order.
    @exclusivity(unchecked) var nestedPool: [NestedContainerTicket] = []
    @exclusivity(unchecked) var liveNested: [NestedContainerTicket] = []
    @exclusivity(unchecked) var typeTraits = CodableTypeTraitsTable(encoding: true)
    /// Class description uid by type, and the last type asked.
    @exclusivity(unchecked) var classEntryByType: [ObjectIdentifier: Int] = [:]
    @exclusivity(unchecked) var lastClassType: ObjectIdentifier?
    @exclusivity(unchecked) var lastClassEntry = 0
    /// Class description uid by class name (types sharing a name share one, as on the graph-based path).
    @exclusivity(unchecked) var classEntryByName: [String: Int] = [:]
    /// The Foundation classes' description entries, by ``FoundationClass`` (-1 until first used).
    @exclusivity(unchecked) var foundationClasses = [Int](repeating: -1, count: FoundationClass.allCases.count)
    /// Class instance → what it was encoded as (identity is kept: one object, many references).
    @exclusivity(unchecked) var byIdentity: [ObjectIdentifier: StreamedValue] = [:]
    /// Class instances whose `encode(to:)` is running.
    /// A stack, innermost last: at most ``KeyedArchiveEncoder/maxValueDepth`` deep, so a scan costs less
    /// than hashing into a set twice per instance.
    @exclusivity(unchecked) var inProgress: [ObjectIdentifier] = []
    /// Keeps every encoded instance alive, so that an `ObjectIdentifier` is never reused mid-encode.
    @exclusivity(unchecked) var retained: [AnyObject] = []
    /// Whether a string too long for a 32-bit length was written (the encode then falls back).
    @exclusivity(unchecked) var hasHugeString = false
    /// Ids of the objects a marker alone makes, by marker (see ``singleton(_:)``).
    @exclusivity(unchecked) var singletonIDs = SingletonIDs()
    /// The one `NSNull` entry, once written.
    @exclusivity(unchecked) var nullEntry: Int?
    /// Ids of the literal keys every archive uses.
    let classKeyID: UInt32
    let objectsKeyID: UInt32
    let keysKeyID: UInt32
    let timeKeyID: UInt32

    /// Whether `options` can take this path at all (binary output, archived objects, keys as they are).
    static func accepts(_ options: KeyedArchiveEncoder) -> Bool {
        guard options.outputFormat == .binary, options.keyedContainerEncoding == .archivedObjects else { return false }
        if case .useDefaultKeys = options.keyEncodingStrategy { return true }
        return false
    }

    init(options: KeyedArchiveEncoder, deferringFrom: Int = ArchiveStreamEncoder.deferringObjects,
         warmingFrom: Int = BinaryPlistObjectTable.warmingSlots) {
        self.options = options
        self.deferringFrom = deferringFrom
        userInfo = options.userInfo
        let sizes = TableScratch.streamSizes()
        table = BinaryPlistObjectTable(storage: [], expectedObjects: sizes.distinct, objectCapacity: sizes.objects, expectedMembers: sizes.members)
        table.scratch.reserveCapacity(sizes.scratchBytes)
        table.warmingFrom = warmingFrom
        // Both grow with the value: start them at the last encode's sizes, in its parked memory.
        entries = TableScratch.buffer(\.streamEntries, capacity: sizes.entries)
        sharedEntries = TableScratch.buffer(\.streamShared, capacity: sizes.objects)
        current = StreamValueContext(type: Void.self)
        // Object 0 is the root dict; its members are filled in by ``finish(root:)``.
        _ = table.container(tag: 0xD0, count: 4)
        classKeyID = UInt32(truncatingIfNeeded: table.uniquedString("$class"))
        objectsKeyID = UInt32(truncatingIfNeeded: table.uniquedString("NS.objects"))
        keysKeyID = UInt32(truncatingIfNeeded: table.uniquedString("NS.keys"))
        timeKeyID = UInt32(truncatingIfNeeded: table.uniquedString("NS.time"))
        entries.append(UInt32(truncatingIfNeeded: table.uniquedString("$null")))
    }

    /// The archive of `value` (under ``KeyedArchiveEncoder/rootKey``), or nil when it must be encoded on
    /// the graph-based path. Errors thrown by the value's own `encode(to:)` pass through. The thresholds
    /// of batched uniquing are the defaults but in tests and fuzzing (they change the order of objects,
    /// not the archive; ``KeyedArchiveEncoder/batchesUniquingFromTheStart`` sets both to 0).
    static func encode<T: Encodable>(_ value: T, options: KeyedArchiveEncoder, deferringFrom: Int = deferringObjects,
                                     warmingFrom: Int = BinaryPlistObjectTable.warmingSlots) throws -> [UInt8]? {
        guard accepts(options) else { return nil }
        let fromStart = options.batchesUniquingFromTheStart
        var encoder = ArchiveStreamEncoder(options: options, deferringFrom: fromStart ? 0 : deferringFrom,
                                           warmingFrom: fromStart ? 0 : warmingFrom)
        let root: StreamedValue
        do {
            root = try encoder.encodeValue(value)
        } catch is ArchiveStreamFallback {
            end(&encoder)
            return nil
        } catch {
            end(&encoder)
            if encoder.fellBack { return nil }
            throw error
        }
        // Object ids, member counts and string lengths are stored in 32 bits.
        guard !encoder.fellBack, encoder.frames.isEmpty, encoder.table.objects.count < UInt32.max,
              encoder.table.members.count < UInt32.max, !encoder.hasHugeString else {
            end(&encoder)
            return nil
        }
        let bytes = encoder.finish(root: root)
        end(&encoder)
        return bytes
    }

    /// Ends an encode: empties the container pool, then parks the tables for the next encode, unless
    /// something user code kept (a container, a super encoder) still holds this encoder. A write through
    /// it would otherwise land in tables another encode, on any thread, has taken.
    static func end(_ encoder: inout ArchiveStreamEncoder) {
        encoder.emptyContainerPool()
        // The instances encoded are no longer needed alive; one that kept its encoder would otherwise
        // keep it in a cycle.
        encoder.retained.removeAll()
        encoder.byIdentity.removeAll()
        if isKnownUniquelyReferenced(&encoder) { encoder.parkTables() }
    }

    /// Parks every table this encode grew for the next one (``TableScratch``).
    func parkTables() {
        table.parkTables()
        TableScratch.give(entries, \.streamEntries)
        TableScratch.give(sharedEntries, \.streamShared)
    }

    /// Records and returns the fallback signal.
    func fallBack() -> ArchiveStreamFallback {
        fellBack = true
        return ArchiveStreamFallback()
    }

    // MARK: Values

    /// Encodes `value` at the same coding path (the root, a single-value container's value).
    func encodeValue<T: Encodable>(_ value: T) throws -> StreamedValue {
        try encodeValue(value, step: PathStep.same) { NoCodingKey() }
    }

    /// Encodes `value`, member `index` of the current value.
    func encodeValue<T: Encodable>(_ value: T, index: Int) throws -> StreamedValue {
        try encodeValue(value, step: index) { NoCodingKey() }
    }

    /// ``encodeValue(_:index:)`` of the value at `value`, which is never written: `inout` only lends it
    /// without a copy (a generic value read through a pointer is copied first, its references retained).
    func encodeValue<T: Encodable>(lending value: inout T, index: Int) throws -> StreamedValue {
        try encodeValue(value, step: index) { NoCodingKey() }
    }

    /// Encodes `value`, the current value's member under `key` (made only if the path needs it).
    func encodeValue<T: Encodable, K: CodingKey>(_ value: T, key: @autoclosure () -> K) throws -> StreamedValue {
        try encodeValue(value, step: PathStep.key, key)
    }

    /// Encodes `value` reached through `step` (``PathStep``; `key` gives the key of a keyed one).
    @inline(__always)
    private func encodeValue<T: Encodable, K: CodingKey>(_ value: T, step: Int, _ key: () -> K) throws -> StreamedValue {
        // The commonest leaves by metatype, before the traits lookup (a comparison against a
        // non-generic type's metadata is a few instructions; the lookup and its witness call are not).
        if T.self == Data.self { return try unsafeBitCast(value, to: Data.self).streamScalar(self) }
        if T.self == Date.self { return try unsafeBitCast(value, to: Date.self).streamScalar(self) }
        if T.self == String.self { return stringEntry(unsafeBitCast(value, to: String.self)) }
        let traits = typeTraits.traits(of: T.self)
        if let s = traits.scalarEncodable { return try s.streamScalar(of: value, self) }
        guard traits.geometry == nil, depth < KeyedArchiveEncoder.maxValueDepth else { throw fallBack() }
        // Written whole, with no user code in between: no step on the path.
        if traits.scalarArray != .none { return try writeScalarArray(value, traits.scalarArray) }
        if traits.isClass { return try keepingIdentity(value) { try encodeThroughEncoder(value, traits, step, key) } }
        return try encodeThroughEncoder(value, traits, step, key)
    }

    /// `encode()` for class instance `value`, once: a second encode of the instance gives the first one's
    /// value. Meeting it inside its own encode (a reference cycle) falls back: the graph-based path reports it.
    private func keepingIdentity<T>(_ value: T, _ encode: () throws -> StreamedValue) throws -> StreamedValue {
        let object = classInstance(value)
        let id = ObjectIdentifier(object)
        if let done = byIdentity[id] { return done }
        guard !inProgress.contains(id) else { throw fallBack() }
        inProgress.append(id)
        defer { inProgress.removeLast() }
        let v = try encode()
        byIdentity[id] = v
        retained.append(object)
        return v
    }

    /// Encodes `value` through its own `encode(to:)` (or its collection's members), one level deeper.
    private func encodeThroughEncoder<T: Encodable, K: CodingKey>(_ value: T, _ traits: CodableTypeTraits,
                                                                  _ step: Int, _ key: () -> K) throws -> StreamedValue {
        depth += 1
        if step != PathStep.same { pathSteps.append(step) }
        if step == PathStep.key { pathKeys.append(key()) }
        let saved = current
        current = StreamValueContext(type: T.self)
        defer {
            current = saved
            if step != PathStep.same { pathSteps.truncate(to: pathSteps.count - 1) }
            if step == PathStep.key { pathKeys.removeLast() }
            depth -= 1
        }
        if let c = traits.collectionEncodable {
            try c.streamMembers(of: value, self)
        } else {
            try value.encode(to: self)
        }
        // A value that encodes nothing is an empty object, as on the graph-based path.
        if current.result == nil { _ = openObjectFrame() }
        if current.frame != 0 {
            try closeNested(above: current.frame)
            try close(current.frame)
        }
        return current.result ?? .null
    }

    // MARK: Encoder

    var codingPath: [any CodingKey] { codingPath(depth: pathSteps.count) }

    /// The first `depth` components of the current path.
    func codingPath(depth: Int) -> [any CodingKey] {
        var keys = pathKeys.makeIterator()
        var path: [any CodingKey] = []
        for i in 0 ..< min(depth, pathSteps.count) {
            let step = pathSteps[i]
            if step >= 0 {
                path.append(ArchiveCodingKey(index: step))
            } else if let key = keys.next() {
                path.append(key)
            }
        }
        return path
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        pooledKeyedContainer(Key.self, serial: keyedFrame())
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        ArchiveStreamUnkeyedContainer(encoder: self, serial: arrayFrame(), depth: pathSteps.count)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    /// The current value's object frame (the same one when asked again); 0 (a fallback) for a value
    /// that already has another container or a single value.
    func keyedFrame() -> UInt64 {
        if current.frame != 0 {
            if let f = frames.last, f.serial == current.frame, f.kind == .object { return f.serial }
            fellBack = true
            return 0
        }
        guard current.result == nil, current.type != ArchiveUntyped.self else {
            fellBack = true
            return 0
        }
        return openObjectFrame()
    }

    /// The current value's array frame; see ``keyedFrame()``.
    func arrayFrame() -> UInt64 { collectionFrame(.array, .array) }

    /// The current value's collection frame of `kind` and Foundation class `c`; see ``keyedFrame()``.
    func collectionFrame(_ kind: StreamFrame.Kind, _ c: FoundationClass) -> UInt64 {
        if current.frame != 0 {
            if let f = frames.last, f.serial == current.frame, f.kind == kind { return f.serial }
            fellBack = true
            return 0
        }
        guard current.result == nil else {
            fellBack = true
            return 0
        }
        return openFrame(kind, classEntry: foundationClass(c))
    }

    /// Opens an archived object of the current value's type as its container.
    private func openObjectFrame() -> UInt64 {
        let uid = entries.count
        entries.append(0)
        return openFrame(.object, uid: uid, classEntry: classEntry(for: current.type))
    }

    /// Opens a container of `kind` as the current value's result and frame.
    @discardableResult
    func openFrame(_ kind: StreamFrame.Kind, classEntry: @autoclosure () -> Int) -> UInt64 {
        let uid = entries.count
        entries.append(0)
        return openFrame(kind, uid: uid, classEntry: classEntry())
    }

    private func openFrame(_ kind: StreamFrame.Kind, uid: Int, classEntry: Int) -> UInt64 {
        noteObjectCount()
        nextSerial += 1
        frames.append(StreamFrame(kind: kind, uid: uid, classEntry: classEntry, keyStart: pendingKeys.count,
                                  valueStart: pendingValues.count, scalarStart: pendingScalars.count, serial: nextSerial))
        current.result = .entry(uid)
        current.frame = nextSerial
        return nextSerial
    }

    /// Writes the top frame, which must be `serial`'s, as its `$objects` entry.
    func close(_ serial: UInt64) throws {
        // Ids stay below the placeholder bit, so a pending value with it set is a placeholder.
        guard let f = frames.last, f.serial == serial, table.objects.count < Int(Self.placeholderBit) else { throw fallBack() }
        frames.removeLast()
        let n = pendingValues.count - f.valueStart
        let classUID = UInt32(truncatingIfNeeded: table.uid(UInt64(f.classEntry)))
        let m = table.members
        switch f.kind {
        case .object:
            let (id, slot) = table.containerToFill(tag: 0xD0, count: n + 1)
            m[slot] = classKeyID
            m[slot + n + 1] = classUID
            m.copy(n, from: pendingKeys, at: f.keyStart, to: slot + 1)
            m.copy(n, from: pendingValues, at: f.valueStart, to: slot + n + 2)
            queuePlaceholders(n, at: slot + n + 2, scalarStart: f.scalarStart)
            entries[f.uid] = UInt32(truncatingIfNeeded: id)
        case .array:
            let (array, aslot) = table.containerToFill(tag: 0xA0, count: n)
            m.copy(n, from: pendingValues, at: f.valueStart, to: aslot)
            let (id, slot) = table.containerToFill(tag: 0xD0, count: 2)
            m[slot] = classKeyID
            m[slot + 1] = objectsKeyID
            m[slot + 2] = classUID
            m[slot + 3] = UInt32(truncatingIfNeeded: array)
            entries[f.uid] = UInt32(truncatingIfNeeded: id)
        case .dictionary:
            // `NS.keys`, then `NS.objects`, each array followed by its members, as the graph writer orders them.
            let (keys, kslot) = table.containerToFill(tag: 0xA0, count: n)
            m.copy(n, from: pendingKeys, at: f.keyStart, to: kslot)
            let (objects, oslot) = table.containerToFill(tag: 0xA0, count: n)
            m.copy(n, from: pendingValues, at: f.valueStart, to: oslot)
            let (id, slot) = table.containerToFill(tag: 0xD0, count: 3)
            m[slot] = classKeyID
            m[slot + 1] = keysKeyID
            m[slot + 2] = objectsKeyID
            m[slot + 3] = classUID
            m[slot + 4] = UInt32(truncatingIfNeeded: keys)
            m[slot + 5] = UInt32(truncatingIfNeeded: objects)
            entries[f.uid] = UInt32(truncatingIfNeeded: id)
        }
        pendingKeys.truncate(to: f.keyStart)
        pendingValues.truncate(to: f.valueStart)
        if f.kind == .object { releaseTickets(of: serial) } else if f.nested { releaseNestedTickets(of: serial) }
    }
}

/// A step of ``ArchiveStreamEncoder/pathSteps``: an index is itself (≥ 0); these are the others.
enum PathStep {
    /// A keyed member: the key is the next of ``ArchiveStreamEncoder/pathKeys``.
    static let key = -1
    /// No step: the value is at its parent's path (the root, a single value).
    static let same = -2
}

/// A key that is its text (a dictionary key, `super`), spelled as `ArchiveCodingKey(stringValue:)` spells
/// it, in two words: an `any CodingKey` holds it inline, where it boxes the four-word `ArchiveCodingKey`
/// on the heap at every push onto the coding path.
struct TextCodingKey: CodingKey {
    let stringValue: String
    init(_ text: String) { stringValue = text }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { stringValue = String(intValue) }
    var intValue: Int? { Int(stringValue) }
    static let superKey = TextCodingKey("super")
}

/// The key of a step that has none (an index, the same path); never on a path.
struct NoCodingKey: CodingKey {
    init() {}
    init?(stringValue: String) { nil }
    init?(intValue: Int) { nil }
    var stringValue: String { "" }
    var intValue: Int? { nil }
}
