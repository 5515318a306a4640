#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Thrown inside a streamed encode when a value needs what only the graph-based encoder does (class
/// identity, geometry, nested containers, an error to report, …): the encode starts again on that path.
struct ArchiveStreamFallback: Error {}

/// What one value encoded as, before its container places it.
enum StreamedValue {
    /// A nil optional: `$null`.
    case null
    /// A scalar: inline under an archived object's key, a shared `NSNumber` entry in a collection.
    case scalar(BinaryPlistObjectTable.Object)
    /// A `$objects` entry, by uid.
    case entry(Int)
}

/// One open container: its members wait in the encoder's pending tables until it closes.
struct StreamFrame {
    enum Kind { case object, array }
    let kind: Kind
    /// The container's `$objects` uid and its class description's.
    let uid: Int
    let classEntry: Int
    /// Where its members start in ``ArchiveStreamEncoder/pendingKeys`` and ``ArchiveStreamEncoder/pendingValues``.
    let keyStart: Int
    let valueStart: Int
    /// Tells this frame's keys apart in ``ArchiveStreamEncoder/keyStamp`` and its containers from stale ones.
    let serial: UInt64
}

/// The value whose `encode(to:)` is running: its type, what it encoded as, and the frame it opened.
struct StreamValueContext {
    let type: Any.Type
    var result: StreamedValue?
    /// 0: no container yet.
    var frame: UInt64 = 0
}

/// ``KeyedArchiveEncoder``'s fast path: an `Encodable` value written straight into the objects of a
/// `bplist00` keyed archive as its `encode(to:)` yields them, with no archive graph and no second walk.
///
/// It gives the archive the graph-based encoder gives (the same `$objects` entries, uids, keys and
/// values; only the order of the property list's own objects differs) for values whose containers nest
/// as a stack: structs, enums and classes of scalars, strings, data, dates, optionals and arrays, class
/// instances archived once per identity. Anything else (a reference cycle, geometry, a nested container,
/// a super encoder, a set or dictionary, URL, UUID, a value too deep, an archive past 32-bit counts)
/// throws ``ArchiveStreamFallback``, and ``KeyedArchiveEncoder`` encodes the value again on the
/// graph-based path, which also reports every error.
// Invariant: one encode runs on one thread, and no access to a var below spans a call that touches it
// again, so they skip the runtime exclusivity checks (as the graph-based state does).
final class ArchiveStreamEncoder: Encoder {
    let options: KeyedArchiveEncoder
    let userInfo: [CodingUserInfoKey: Any]
    @exclusivity(unchecked) var table: BinaryPlistObjectTable
    /// `$objects`: each entry's property-list object id, by uid (0 while its container is open).
    let entries = TableBuffer<UInt32>(capacity: 256)
    /// Members of the open frames, each frame's from its starts: an object's key ids and value ids (in
    /// step), an array's member ids (values only).
    let pendingKeys = TableBuffer<UInt32>(capacity: 64)
    let pendingValues = TableBuffer<UInt32>(capacity: 64)
    @exclusivity(unchecked) var frames: [StreamFrame] = []
    @exclusivity(unchecked) var current: StreamValueContext
    /// The coding path of the value being encoded.
    @exclusivity(unchecked) var path: [ArchiveCodingPathComponent] = []
    /// Nesting of values through `encode(to:)`, bounded as on the graph-based path.
    @exclusivity(unchecked) var depth = 0
    /// Set with every fallback thrown: an encode that caught one and went on still falls back.
    @exclusivity(unchecked) var fellBack = false
    /// Property-list object id → uid of the shared entry holding it (numbers and strings), or -1.
    let sharedEntries = TableBuffer<Int32>(capacity: 256)
    /// Property-list object id of a key → serial of the last object frame that stored it. Serials only
    /// grow, so a stamp below a frame's serial proves the key new to that frame; a stamp above it was left
    /// by a frame nested inside it, and the frame's own keys are searched.
    let keyStamp = TableBuffer<UInt64>(capacity: 64)
    @exclusivity(unchecked) var nextSerial: UInt64 = 0
    @exclusivity(unchecked) var keyCache = KeySequenceCache()
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
    @exclusivity(unchecked) var inProgress: Set<ObjectIdentifier> = []
    /// Keeps every encoded instance alive, so that an `ObjectIdentifier` is never reused mid-encode.
    @exclusivity(unchecked) var retained: [AnyObject] = []
    /// Whether a string too long for a 32-bit length was written (the encode then falls back).
    @exclusivity(unchecked) var hasHugeString = false
    /// The one `NSNull` entry, once written.
    @exclusivity(unchecked) var nullEntry: Int?
    /// Ids of the literal keys every archive uses.
    let classKeyID: UInt32
    let objectsKeyID: UInt32
    let timeKeyID: UInt32

    /// Whether `options` can take this path at all (binary output, archived objects, keys as they are).
    static func accepts(_ options: KeyedArchiveEncoder) -> Bool {
        guard options.outputFormat == .binary, options.keyedContainerEncoding == .archivedObjects else { return false }
        if case .useDefaultKeys = options.keyEncodingStrategy { return true }
        return false
    }

    init(options: KeyedArchiveEncoder) {
        self.options = options
        userInfo = options.userInfo
        let sizes = TableScratch.streamSizes()
        table = BinaryPlistObjectTable(storage: [], expectedObjects: sizes.distinct, objectCapacity: sizes.objects, expectedMembers: sizes.members)
        current = StreamValueContext(type: Void.self)
        // Object 0 is the root dict; its members are filled in by ``finish(root:)``.
        _ = table.container(tag: 0xD0, count: 4)
        classKeyID = UInt32(truncatingIfNeeded: table.uniquedString("$class"))
        objectsKeyID = UInt32(truncatingIfNeeded: table.uniquedString("NS.objects"))
        timeKeyID = UInt32(truncatingIfNeeded: table.uniquedString("NS.time"))
        entries.append(UInt32(truncatingIfNeeded: table.uniquedString("$null")))
    }

    /// The archive of `value` (under ``KeyedArchiveEncoder/rootKey``), or nil when it must be encoded on
    /// the graph-based path. Errors thrown by the value's own `encode(to:)` pass through.
    static func encode<T: Encodable>(_ value: T, options: KeyedArchiveEncoder) throws -> [UInt8]? {
        guard accepts(options) else { return nil }
        let encoder = ArchiveStreamEncoder(options: options)
        let root: StreamedValue
        do {
            root = try encoder.encodeValue(value, nil)
        } catch is ArchiveStreamFallback {
            encoder.table.parkTables()
            return nil
        } catch {
            encoder.table.parkTables()
            if encoder.fellBack { return nil }
            throw error
        }
        // Object ids, member counts and string lengths are stored in 32 bits.
        guard !encoder.fellBack, encoder.frames.isEmpty, encoder.table.objects.count < UInt32.max,
              encoder.table.members.count < UInt32.max, !encoder.hasHugeString else {
            encoder.table.parkTables()
            return nil
        }
        return encoder.finish(root: root)
    }

    /// Records and returns the fallback signal.
    func fallBack() -> ArchiveStreamFallback {
        fellBack = true
        return ArchiveStreamFallback()
    }

    // MARK: Values

    /// Encodes `value` reached through `component` (nil: the same path, as a single-value container's).
    func encodeValue<T: Encodable>(_ value: T, _ component: @autoclosure () -> ArchiveCodingPathComponent?) throws -> StreamedValue {
        // The commonest leaves by metatype, before the traits lookup (a comparison against a
        // non-generic type's metadata is a few instructions; the lookup and its witness call are not).
        if T.self == Data.self { return try unsafeBitCast(value, to: Data.self).streamScalar(self) }
        if T.self == Date.self { return try unsafeBitCast(value, to: Date.self).streamScalar(self) }
        if T.self == String.self { return stringEntry(unsafeBitCast(value, to: String.self)) }
        let traits = typeTraits.traits(of: T.self)
        if let s = traits.scalarEncodable { return try s.streamScalar(of: value, self) }
        guard traits.geometry == nil else { throw fallBack() }
        // The component is made only here: scalars (above) never need one.
        if traits.isClass { return try keepingIdentity(value) { try encodeThroughEncoder(value, traits, component()) } }
        return try encodeThroughEncoder(value, traits, component())
    }

    /// `encode()` for class instance `value`, once: a second encode of the instance gives the first one's
    /// value. Meeting it inside its own encode (a reference cycle) falls back: the graph-based path reports it.
    private func keepingIdentity<T>(_ value: T, _ encode: () throws -> StreamedValue) throws -> StreamedValue {
        let object = value as AnyObject
        let id = ObjectIdentifier(object)
        if let done = byIdentity[id] { return done }
        guard !inProgress.contains(id) else { throw fallBack() }
        inProgress.insert(id)
        defer { inProgress.remove(id) }
        let v = try encode()
        byIdentity[id] = v
        retained.append(object)
        return v
    }

    /// Encodes `value` through its own `encode(to:)` (or its collection's members), one level deeper.
    private func encodeThroughEncoder<T: Encodable>(_ value: T, _ traits: CodableTypeTraits,
                                                    _ component: ArchiveCodingPathComponent?) throws -> StreamedValue {
        guard depth < KeyedArchiveEncoder.maxValueDepth else { throw fallBack() }
        if traits.scalarArray != .none { return try writeScalarArray(value, traits.scalarArray) }
        depth += 1
        if let component { path.append(component) }
        let saved = current
        current = StreamValueContext(type: T.self)
        defer {
            current = saved
            if component != nil { path.removeLast() }
            depth -= 1
        }
        if let c = traits.collectionEncodable {
            try c.streamMembers(of: value, self)
        } else {
            try value.encode(to: self)
        }
        // A value that encodes nothing is an empty object, as on the graph-based path.
        if current.result == nil { _ = openObjectFrame() }
        if current.frame != 0 { try close(current.frame) }
        return current.result ?? .null
    }

    // MARK: Encoder

    var codingPath: [any CodingKey] { codingPath(depth: path.count) }

    /// The first `depth` components of the current path.
    func codingPath(depth: Int) -> [any CodingKey] {
        path.prefix(depth).map(\.codingKey)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(ArchiveStreamKeyedContainer<Key>(encoder: self, serial: keyedFrame(), depth: path.count))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        ArchiveStreamUnkeyedContainer(encoder: self, serial: arrayFrame(), depth: path.count)
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
    func arrayFrame() -> UInt64 {
        if current.frame != 0 {
            if let f = frames.last, f.serial == current.frame, f.kind == .array { return f.serial }
            fellBack = true
            return 0
        }
        guard current.result == nil else {
            fellBack = true
            return 0
        }
        return openFrame(.array, classEntry: foundationClass(.array))
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
        nextSerial += 1
        frames.append(StreamFrame(kind: kind, uid: uid, classEntry: classEntry, keyStart: pendingKeys.count,
                                  valueStart: pendingValues.count, serial: nextSerial))
        current.result = .entry(uid)
        current.frame = nextSerial
        return nextSerial
    }

    /// Writes the top frame, which must be `serial`'s, as its `$objects` entry.
    func close(_ serial: UInt64) throws {
        guard let f = frames.last, f.serial == serial else { throw fallBack() }
        frames.removeLast()
        let n = pendingValues.count - f.valueStart
        let classUID = UInt32(truncatingIfNeeded: table.uid(UInt64(f.classEntry)))
        let m = table.members
        switch f.kind {
        case .object:
            let (id, slot) = table.container(tag: 0xD0, count: n + 1)
            m[slot] = classKeyID
            m[slot + n + 1] = classUID
            m.copy(n, from: pendingKeys, at: f.keyStart, to: slot + 1)
            m.copy(n, from: pendingValues, at: f.valueStart, to: slot + n + 2)
            entries[f.uid] = UInt32(truncatingIfNeeded: id)
        case .array:
            let (array, aslot) = table.container(tag: 0xA0, count: n)
            m.copy(n, from: pendingValues, at: f.valueStart, to: aslot)
            let (id, slot) = table.container(tag: 0xD0, count: 2)
            m[slot] = classKeyID
            m[slot + 1] = objectsKeyID
            m[slot + 2] = classUID
            m[slot + 3] = UInt32(truncatingIfNeeded: array)
            entries[f.uid] = UInt32(truncatingIfNeeded: id)
        }
        pendingKeys.truncate(to: f.keyStart)
        pendingValues.truncate(to: f.valueStart)
    }

    // MARK: Placing values

    /// Stores `value` under user key `text` in the object frame `serial` (a repeated key replaces the
    /// earlier value).
    @inline(__always)
    func put(_ value: StreamedValue, _ text: String, _ serial: UInt64) throws {
        try put(value, keyID: keyID(text), serial)
    }

    /// Stores `value` under the key whose property-list id is `k`; see ``put(_:_:_:)``.
    @inline(__always)
    func put(_ value: StreamedValue, keyID k: Int, _ serial: UInt64) throws {
        guard let f = frames.last, f.serial == serial else { throw fallBack() }
        let v = underKey(value)
        if k >= keyStamp.count { keyStamp.append(repeating: 0, count: k + 1 - keyStamp.count + 64) }
        if keyStamp[k] >= serial {
            for i in f.keyStart ..< pendingKeys.count where pendingKeys[i] == UInt32(truncatingIfNeeded: k) {
                pendingValues[f.valueStart + i - f.keyStart] = v
                keyStamp[k] = serial
                return
            }
        }
        keyStamp[k] = serial
        pendingKeys.append(UInt32(truncatingIfNeeded: k))
        pendingValues.append(v)
    }

    /// Appends `value` to the array frame `serial`.
    @inline(__always)
    func append(_ value: StreamedValue, _ serial: UInt64) throws {
        guard let f = frames.last, f.serial == serial else { throw fallBack() }
        pendingValues.append(UInt32(truncatingIfNeeded: table.uid(UInt64(member(value)))))
    }

    /// The members so far of array frame `serial`.
    func memberCount(_ serial: UInt64) -> Int {
        guard let f = frames.last, f.serial == serial else { return 0 }
        return pendingValues.count - f.valueStart
    }

    /// A value's object id under an archived object's key: scalars inline, anything else a UID.
    @inline(__always)
    private func underKey(_ value: StreamedValue) -> UInt32 {
        switch value {
        case .scalar(let o): UInt32(truncatingIfNeeded: table.uniqued(o))
        case .entry(let uid): UInt32(truncatingIfNeeded: table.uid(UInt64(uid)))
        case .null: UInt32(truncatingIfNeeded: table.uid(0))
        }
    }

    /// A collection member's uid: a scalar's shared `NSNumber` entry, nil's `NSNull`.
    func member(_ value: StreamedValue) -> Int {
        switch value {
        case .entry(let uid): return uid
        case .scalar(let o): return sharedEntry(table.uniqued(o))
        case .null:
            if let nullEntry { return nullEntry }
            let uid = entries.count
            entries.append(0)
            let c = foundationClass(.null)
            let (id, slot) = table.container(tag: 0xD0, count: 1)
            table.members[slot] = classKeyID
            let classUID = table.uid(UInt64(c))
            table.members[slot + 1] = UInt32(truncatingIfNeeded: classUID)
            entries[uid] = UInt32(truncatingIfNeeded: id)
            nullEntry = uid
            return uid
        }
    }

    /// The `$objects` entry holding property-list object `id` (a number or string), shared by every equal one.
    func sharedEntry(_ id: Int) -> Int {
        if id >= sharedEntries.count { sharedEntries.append(repeating: -1, count: id + 1 - sharedEntries.count + 256) }
        let known = sharedEntries[id]
        if known >= 0 { return Int(known) }
        let uid = entries.count
        entries.append(UInt32(truncatingIfNeeded: id))
        sharedEntries[id] = Int32(truncatingIfNeeded: uid)
        return uid
    }

    /// A string's shared plain entry.
    func stringEntry(_ s: String) -> StreamedValue {
        // UTF-16 doubles the bytes at most; the bound keeps every length within 32 bits.
        if s.utf8.count > Int(UInt32.max / 2) { hasHugeString = true }
        return .entry(sharedEntry(table.uniquedString(s)))
    }

    /// The property-list id of user key `text` as the archive spells it (`$`-escaped).
    @inline(__always)
    private func keyID(_ text: String) -> Int {
        if let cached = keyCache.index(of: text) { return Int(cached) }
        let id = table.uniquedString(KeyedArchiveKeys.archiveKey(forGraphKey: KeyedArchiveKeys.graphKey(forUserKey: text)))
        if let small = Int32(exactly: id) { keyCache.remember(text, small) }
        return id
    }

    // MARK: Classes

    /// The class description entry for an archived object of `type`.
    private func classEntry(for type: Any.Type) -> Int {
        let id = ObjectIdentifier(type)
        if id == lastClassType { return lastClassEntry }
        let c: Int
        if let known = classEntryByType[id] {
            c = known
        } else {
            let (name, chain) = options.archivedClass(of: type)
            c = describeClass(name, chain)
            classEntryByType[id] = c
        }
        lastClassType = id
        lastClassEntry = c
        return c
    }

    /// The Foundation classes the streamed shapes write.
    enum FoundationClass: Int, CaseIterable {
        case array, date, null
        var name: String {
            switch self {
            case .array: "NSArray"
            case .date: "NSDate"
            case .null: "NSNull"
            }
        }
    }

    /// The class description entry of Foundation class `c` (whose superclass is `NSObject`).
    func foundationClass(_ c: FoundationClass) -> Int {
        let known = foundationClasses[c.rawValue]
        if known >= 0 { return known }
        let uid = describeClass(c.name, [c.name, "NSObject"])
        foundationClasses[c.rawValue] = uid
        return uid
    }

    /// The class description entry of class `name`: `$classes` and `$classname`, written at its first use.
    private func describeClass(_ name: String, _ chain: [String]) -> Int {
        if let known = classEntryByName[name] { return known }
        let uid = entries.count
        classEntryByName[name] = uid
        entries.append(0)
        let (names, nslot) = table.container(tag: 0xA0, count: chain.count)
        for (i, c) in chain.enumerated() {
            let s = table.uniquedString(c)
            table.members[nslot + i] = UInt32(truncatingIfNeeded: s)
        }
        let classes = table.uniquedString("$classes"), classname = table.uniquedString("$classname")
        let nameID = table.uniquedString(name)
        let (id, slot) = table.container(tag: 0xD0, count: 2)
        let m = table.members
        m[slot] = UInt32(truncatingIfNeeded: classes)
        m[slot + 1] = UInt32(truncatingIfNeeded: classname)
        m[slot + 2] = UInt32(truncatingIfNeeded: names)
        m[slot + 3] = UInt32(truncatingIfNeeded: nameID)
        entries[uid] = UInt32(truncatingIfNeeded: id)
        return uid
    }

    // MARK: Finishing

    /// The archive's bytes, with `root` under the root key.
    private func finish(root: StreamedValue) -> [UInt8] {
        let topUID: Int
        switch root {
        case .null: topUID = 0
        default: topUID = member(root)
        }
        let (objects, oslot) = table.container(tag: 0xA0, count: entries.count)
        table.members.copy(entries.count, from: entries, at: 0, to: oslot)
        let key = table.uniquedString(KeyedArchiveKeys.archiveKey(forGraphKey: KeyedArchiveKeys.graphKey(forUserKey: options.rootKey)))
        let uid = table.uid(UInt64(topUID))
        let (top, tslot) = table.container(tag: 0xD0, count: 1)
        table.members[tslot] = UInt32(truncatingIfNeeded: key)
        table.members[tslot + 1] = UInt32(truncatingIfNeeded: uid)
        let rootMembers = [table.uniquedString("$archiver"), table.uniquedString("$objects"), table.uniquedString("$top"),
                           table.uniquedString("$version"), table.uniquedString(KeyedArchiveConstants.archiverName), objects, top,
                           table.uniqued(BinaryPlistObjectTable.integer(Int64(KeyedArchiveConstants.version)))]
        for (i, m) in rootMembers.enumerated() { table.members[i] = UInt32(truncatingIfNeeded: m) }
        TableScratch.noteStreamSizes(objects: table.objects.count, distinct: table.unique.used, members: table.members.count)
        let bytes = table.serialise()
        table.parkTables()
        return bytes
    }
}

extension ArchiveStreamEncoder: SingleValueEncodingContainer {
    /// Sets the current value's result, unless it has a container already (a fallback).
    @inline(__always)
    private func single(_ v: StreamedValue) throws {
        guard current.frame == 0 else { throw fallBack() }
        current.result = v
    }

    func encodeNil() throws { try single(.null) }
    func encode(_ value: Bool) throws { try single(.scalar(.bool(value))) }
    func encode(_ value: String) throws { try single(stringEntry(value)) }
    func encode(_ value: Double) throws { try single(.scalar(.double(value))) }
    func encode(_ value: Float) throws { try single(.scalar(.float(value))) }
    func encode(_ value: Int) throws { try single(.scalar(BinaryPlistObjectTable.integer(Int64(value)))) }
    func encode(_ value: Int8) throws { try single(.scalar(BinaryPlistObjectTable.integer(Int64(value)))) }
    func encode(_ value: Int16) throws { try single(.scalar(BinaryPlistObjectTable.integer(Int64(value)))) }
    func encode(_ value: Int32) throws { try single(.scalar(BinaryPlistObjectTable.integer(Int64(value)))) }
    func encode(_ value: Int64) throws { try single(.scalar(BinaryPlistObjectTable.integer(value))) }
    func encode(_ value: UInt) throws { try single(.scalar(.unsigned(UInt64(value)))) }
    func encode(_ value: UInt8) throws { try single(.scalar(BinaryPlistObjectTable.integer(Int64(value)))) }
    func encode(_ value: UInt16) throws { try single(.scalar(BinaryPlistObjectTable.integer(Int64(value)))) }
    func encode(_ value: UInt32) throws { try single(.scalar(BinaryPlistObjectTable.integer(Int64(value)))) }
    func encode(_ value: UInt64) throws { try single(.scalar(.unsigned(value))) }
    func encode<T: Encodable>(_ value: T) throws {
        guard current.frame == 0 else { throw fallBack() }
        current.result = try encodeValue(value, nil)
    }
}

extension BinaryPlistObjectTable.Object {
    /// A bool object.
    static func bool(_ b: Bool) -> Self { Self(tag: b ? 0x09 : 0x08, count: 0, payload: 0, high: 0) }
    /// An 8-byte real object.
    static func double(_ d: Double) -> Self { Self(tag: 0x23, count: 0, payload: d.bitPattern, high: 0) }
    /// A 4-byte real object.
    static func float(_ f: Float) -> Self { Self(tag: 0x22, count: 0, payload: UInt64(Float(Double(f)).bitPattern), high: 0) }
    /// An unsigned integer, as the graph-based path stores one (16 bytes only above `Int64.max`).
    static func unsigned(_ u: UInt64) -> Self {
        u <= UInt64(Int64.max) ? BinaryPlistObjectTable.integer(Int64(u)) : BinaryPlistObjectTable.integer(u)
    }
}

extension BinaryPlistObjectTable {
    /// ``string(_:)`` uniqued; a string already written gives its id and leaves ``scratch`` as it was.
    mutating func uniquedString(_ s: String) -> Int {
        let mark = scratch.count
        let before = objects.count
        let id = uniqued(string(s))
        if id < before { scratch.removeSubrange(mark...) }
        return id
    }

    /// A data object of `bytes`, not uniqued (see ``appendUnshared(_:)``).
    mutating func appendData(_ bytes: UnsafeRawBufferPointer) -> Int {
        let mark = scratch.count
        scratch.append(contentsOf: bytes)
        return appendUnshared(Object(tag: 0x40, count: bytes.count, payload: UInt64(mark), high: 1))
    }
}
