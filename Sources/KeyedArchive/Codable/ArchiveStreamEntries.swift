#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Thrown inside a streamed encode when a value needs what only the graph-based encoder does (a
/// reference cycle, geometry, a write to a closed nested container, an error to report, …): the encode
/// starts again on that path.
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
    /// An archived object's keys; an `NSArray`'s or `NSSet`'s members (`NS.objects`); an `NSDictionary`'s
    /// key and value members (`NS.keys` in the key table, `NS.objects` in the value table).
    enum Kind { case object, array, dictionary }
    let kind: Kind
    /// The container's `$objects` uid and its class description's.
    let uid: Int
    let classEntry: Int
    /// Where its members start in ``ArchiveStreamEncoder/pendingKeys`` and ``ArchiveStreamEncoder/pendingValues``.
    let keyStart: Int
    let valueStart: Int
    /// Where its deferred scalars start in ``ArchiveStreamEncoder/pendingScalars`` (object frames).
    let scalarStart: Int
    /// Tells this frame's keys apart in ``ArchiveStreamEncoder/keyStamp`` and its containers from stale ones.
    let serial: UInt64
    /// A nested container's `NSDictionary` or `NSArray` (``ArchiveStreamEncoder/openNestedFrame(_:in:_:)``): closed
    /// when the container it was made from writes again or ends.
    var nested = false
}

/// The value whose `encode(to:)` is running: its type, what it encoded as, and the frame it opened.
struct StreamValueContext {
    let type: Any.Type
    var result: StreamedValue?
    /// 0: no container yet.
    var frame: UInt64 = 0
}

// How values become `$objects` entries and property-list objects: placing them in containers, class
// descriptions, and the finished archive.
extension ArchiveStreamEncoder {
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
        guard let f = frames.last, f.serial == serial else { return try putAfterNested(value, keyID: k, serial) }
        let v: UInt32
        if case .scalar(let o) = value, o.tag >= 0x10, f.kind == .object, deferring { v = deferredKeyValue(o) } else { v = underKey(value) }
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

    /// ``put(_:keyID:_:)`` when frame `serial` is not on top: the nested containers' frames above it close
    /// first (its container writes again); anything else falls back.
    @inline(never)
    private func putAfterNested(_ value: StreamedValue, keyID k: Int, _ serial: UInt64) throws {
        try closeNested(above: serial)
        try put(value, keyID: k, serial)
    }

    /// Appends `value` to the array frame `serial`.
    @inline(__always)
    func append(_ value: StreamedValue, _ serial: UInt64) throws {
        guard frames.last?.serial == serial else { return try appendAfterNested(value, serial) }
        pendingValues.append(UInt32(truncatingIfNeeded: table.uid(UInt64(member(value)))))
    }

    /// ``append(_:_:)`` when frame `serial` is not on top; see ``putAfterNested(_:keyID:_:)``.
    @inline(never)
    private func appendAfterNested(_ value: StreamedValue, _ serial: UInt64) throws {
        try closeNested(above: serial)
        try append(value, serial)
    }

    /// Appends an entry (the uids of its key and value members) to the dictionary frame `serial`.
    @inline(__always)
    func appendEntry(_ key: Int, _ value: Int, _ serial: UInt64) throws {
        guard let f = frames.last, f.serial == serial, f.kind == .dictionary else { throw fallBack() }
        pendingKeys.append(UInt32(truncatingIfNeeded: table.uid(UInt64(key))))
        pendingValues.append(UInt32(truncatingIfNeeded: table.uid(UInt64(value))))
    }

    /// The id of an object its marker alone makes (null, false, true, fill), uniqued once and then
    /// kept by marker: a flag under every record's key is not hashed each time.
    private func singleton(_ o: BinaryPlistObjectTable.Object) -> Int {
        let known = singletonIDs[Int(o.tag)]
        if known >= 0 { return Int(known) }
        let id = table.uniqued(o)
        singletonIDs[Int(o.tag)] = Int32(truncatingIfNeeded: id)
        return id
    }

    /// The members so far of array frame `serial` (the frames above it start after them); 0 once it closed.
    func memberCount(_ serial: UInt64) -> Int {
        guard let i = frames.lastIndex(where: { $0.serial == serial }) else { return 0 }
        return (i + 1 < frames.count ? frames[i + 1].valueStart : pendingValues.count) - frames[i].valueStart
    }

    /// A value's object id under an archived object's key: scalars inline, anything else a UID.
    @inline(__always)
    private func underKey(_ value: StreamedValue) -> UInt32 {
        switch value {
        case .scalar(let o) where o.tag < 0x10: UInt32(truncatingIfNeeded: singleton(o))
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
        if id >= sharedEntries.count {
            // Up to 256 slots ahead, but not past a capacity that holds `id`: growing copies the whole table
            // into fresh pages, and the table starts at the last encode's object count.
            let needed = id + 1 - sharedEntries.count
            sharedEntries.append(repeating: -1, count: max(needed, min(needed + 256, sharedEntries.capacity - sharedEntries.count)))
        }
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
    func keyID(_ text: String) -> Int {
        if let cached = keyCache.index(of: text) { return Int(cached) }
        let id = table.uniquedString(KeyedArchiveKeys.archiveKey(forGraphKey: KeyedArchiveKeys.graphKey(forUserKey: text)))
        if let small = Int32(exactly: id) { keyCache.remember(text, small) }
        return id
    }

    // MARK: Classes

    /// The class description entry for an archived object of `type`.
    func classEntry(for type: Any.Type) -> Int {
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
        case array, set, dictionary, date, null, url, uuid
        var name: String {
            switch self {
            case .array: "NSArray"
            case .set: "NSSet"
            case .dictionary: "NSDictionary"
            case .url: "NSURL"
            case .uuid: "NSUUID"
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
    func finish(root: StreamedValue) -> [UInt8] {
        resolveDeferredScalars()
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
        TableScratch.noteStreamSizes(objects: table.objects.count, distinct: table.unique.used, members: table.members.count,
                                     entries: entries.count, scratchBytes: table.scratch.count)
        return table.serialise()
    }
}

/// Ids by a one-byte property-list marker below 0x10, -1 until set: sixteen slots inline, so no array
/// and no allocation.
struct SingletonIDs {
    private var ids: (Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32,
                      Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32)
        = (-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1)

    /// `marker` is below 0x10.
    subscript(marker: Int) -> Int32 {
        get { withUnsafeBytes(of: ids) { $0.load(fromByteOffset: (marker & 15) * 4, as: Int32.self) } }
        set { withUnsafeMutableBytes(of: &ids) { $0.storeBytes(of: newValue, toByteOffset: (marker & 15) * 4, as: Int32.self) } }
    }
}
