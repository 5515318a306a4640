#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// The streamed encode's Foundation shapes: the entries ``ArchiveScalarEncodable`` and
// ``ArchiveCollectionEncodable`` write on the graph-based path, in the same order.

extension ArchiveScalarEncodable {
    /// ``streamScalar(_:)`` of `value`, whose type callers found to be `Self` (see ``CodableTypeTraits``).
    static func streamScalar<T>(of value: T, _ e: ArchiveStreamEncoder) throws -> StreamedValue {
        guard Self.self == T.self else { throw e.fallBack() }
        return try unsafeBitCast(value, to: Self.self).streamScalar(e)
    }

}

extension Bool {
    func streamScalar(_ e: ArchiveStreamEncoder) -> StreamedValue { .scalar(.bool(self)) }
}
extension Double {
    func streamScalar(_ e: ArchiveStreamEncoder) -> StreamedValue { .scalar(.double(self)) }
}
extension Float {
    func streamScalar(_ e: ArchiveStreamEncoder) -> StreamedValue { .scalar(.float(self)) }
}
extension ArchiveScalarEncodable where Self: FixedWidthInteger {
    func streamScalar(_ e: ArchiveStreamEncoder) -> StreamedValue {
        if let x = Int64(exactly: self) { return .scalar(BinaryPlistObjectTable.integer(x)) }
        return .scalar(.unsigned(UInt64(truncatingIfNeeded: self)))
    }
}
extension String {
    func streamScalar(_ e: ArchiveStreamEncoder) -> StreamedValue { e.stringEntry(self) }
}
extension Data {
    /// A plain data entry of its own (data is not shared, as `NSData` objects are not), and a data object
    /// of its own: not compared with other data (hashing every byte would cost more than the rare repeat saves).
    func streamScalar(_ e: ArchiveStreamEncoder) throws -> StreamedValue {
        guard count <= UInt32.max else { throw e.fallBack() }
        let id = withUnsafeBytes { e.table.appendData($0) }
        let uid = e.entries.count
        e.entries.append(UInt32(truncatingIfNeeded: id))
        return .entry(uid)
    }
}
extension Date {
    /// `NSDate { NS.time }`.
    func streamScalar(_ e: ArchiveStreamEncoder) throws -> StreamedValue { e.dateEntry(timeIntervalSinceReferenceDate) }
}

extension URL {
    /// `NSURL { NS.base, NS.relative }`: the base URL's entry and the relative string's first, as on the
    /// graph-based path.
    func streamScalar(_ e: ArchiveStreamEncoder) throws -> StreamedValue {
        let base = baseURL
        let relative = base == nil ? absoluteString : relativeString
        let baseValue = try base.map { try $0.streamScalar(e) } ?? .null
        let relativeValue = e.stringEntry(relative)
        return try e.foundationObject(.object, .url) { serial in
            try e.put(baseValue, "NS.base", serial)
            try e.put(relativeValue, "NS.relative", serial)
        }
    }
}
extension UUID {
    /// `NSUUID { NS.uuidbytes }`, the 16 bytes inline.
    func streamScalar(_ e: ArchiveStreamEncoder) throws -> StreamedValue {
        let u = uuid
        let bytes = [u.0, u.1, u.2, u.3, u.4, u.5, u.6, u.7, u.8, u.9, u.10, u.11, u.12, u.13, u.14, u.15]
        return try e.foundationObject(.object, .uuid) { serial in
            try e.put(.scalar(e.table.data(bytes)), "NS.uuidbytes", serial)
        }
    }
}

extension ArchiveCollectionEncodable {
    /// ``streamMembers(_:)`` of `value`, whose type callers found to be `Self` (see ``CodableTypeTraits``).
    static func streamMembers<T>(of value: T, _ e: ArchiveStreamEncoder) throws {
        guard Self.self == T.self else { throw e.fallBack() }
        try unsafeBitCast(value, to: Self.self).streamMembers(e)
    }

}

extension Set where Element: Encodable {
    /// An `NSSet` of the members in ``archiveOrder(_:)``, as on the graph-based path.
    func streamMembers(_ e: ArchiveStreamEncoder) throws {
        if try streamCommonMembers(e) { return }
        let serial = e.collectionFrame(.array, .set)
        for (i, m) in archiveOrder(Array(self)).enumerated() {
            try e.append(e.encodeValue(m, index: i), serial)
        }
    }
}

extension Dictionary where Key: Encodable, Value: Encodable {
    /// An `NSDictionary` of the entries in ``archiveOrder(_:)`` of the keys, as on the graph-based path.
    func streamMembers(_ e: ArchiveStreamEncoder) throws {
        if try streamCommonMembers(e) { return }
        let serial = e.collectionFrame(.dictionary, .dictionary)
        for k in archiveOrder(Array(keys)) {
            guard let v = self[k] else { continue }
            // The key's member (a number's shared entry, nil's NSNull) is made before the value is encoded,
            // as on the graph-based path.
            let key = e.member(try e.encodeValue(k, key: TextCodingKey(Self.text(of: k))))
            let value = e.member(try e.encodeValue(v, key: TextCodingKey(Self.text(of: k))))
            try e.appendEntry(key, value, serial)
        }
    }
}

extension Dictionary {
    /// `"\(key)"`, without interpolation's dynamic casts for the commonest keys.
    static func text(of key: Key) -> String {
        if Key.self == String.self { return unsafeBitCast(key, to: String.self) }
        if Key.self == Int.self { return String(unsafeBitCast(key, to: Int.self)) }
        return "\(key)"
    }
}

extension Array where Element: Encodable {
    /// What `Array.encode(to:)` writes through an unkeyed container, without the container.
    func streamMembers(_ e: ArchiveStreamEncoder) throws {
        let serial = e.arrayFrame()
        // Each member is lent in place (``ArchiveStreamEncoder/encodeValue(lending:index:)``): `self[i]`
        // would copy it first, retaining every reference it holds, and release the copy after.
        try withUnsafeBufferPointer { members in
            guard let base = members.baseAddress else { return }
            let p = UnsafeMutablePointer(mutating: base)
            for i in 0 ..< members.count {
                try e.append(e.encodeValue(lending: &p[i], index: i), serial)
            }
        }
    }
}

extension ArchiveStreamEncoder {
    /// `value` (an `[Int]`, `[String]` or `[Double]`, as `kind` says) as an `NSArray` entry, its members
    /// shared plain entries: what ``ArchiveEncodingState/writeScalarArray(_:_:)`` writes. Written whole,
    /// with no frame (no user code runs in between), in the order a frame's close writes it, so the
    /// bytes do not depend on the path taken.
    func writeScalarArray<T>(_ value: T, _ kind: ArchiveScalarArrayKind) throws -> StreamedValue {
        // Uids in the graph-based path's order: the array's, its class's, then its members'.
        let uid = entries.count
        entries.append(0)
        let c = foundationClass(.array)
        let start = pendingValues.count
        switch kind {
        case .ints:
            let ints = unsafeBitCast(value, to: [Int].self)
            if warmsMembers(ints.count) {
                appendNumberMembers(ints) { BinaryPlistObjectTable.integer(Int64($0)) }
            } else {
                appendMembers(ints) { $0.uniqued(BinaryPlistObjectTable.integer(Int64($1))) }
            }
        case .strings:
            appendMembers(unsafeBitCast(value, to: [String].self)) { table, s in
                // As ``stringEntry(_:)``: UTF-16 doubles the bytes at most, and every length stays within 32 bits.
                if s.utf8.count > Int(UInt32.max / 2) { hasHugeString = true }
                return table.uniquedString(s)
            }
        case .doubles:
            let doubles = unsafeBitCast(value, to: [Double].self)
            if warmsMembers(doubles.count) {
                appendNumberMembers(doubles) { .double($0) }
            } else {
                appendMembers(doubles) { $0.uniqued(.double($1)) }
            }
        case .none: throw fallBack()
        }
        let n = pendingValues.count - start
        let classUID = UInt32(truncatingIfNeeded: table.uid(UInt64(c)))
        let (array, aslot) = table.containerToFill(tag: 0xA0, count: n)
        let m = table.members
        m.copy(n, from: pendingValues, at: start, to: aslot)
        pendingValues.truncate(to: start)
        let (id, slot) = table.containerToFill(tag: 0xD0, count: 2)
        m[slot] = classKeyID
        m[slot + 1] = objectsKeyID
        m[slot + 2] = classUID
        m[slot + 3] = UInt32(truncatingIfNeeded: array)
        entries[uid] = UInt32(truncatingIfNeeded: id)
        return .entry(uid)
    }

    /// Appends the uids of `members`' shared entries (`object` gives each one's object id) to ``pendingValues``.
    @inline(__always)
    private func appendMembers<E>(_ members: [E], _ object: (inout BinaryPlistObjectTable, E) -> Int) {
        for x in members {
            let uid = sharedEntry(object(&table, x))
            pendingValues.append(UInt32(truncatingIfNeeded: table.uid(UInt64(uid))))
        }
    }

    /// Number arrays at least this long warm their probes: a shorter one's few misses overlap too little
    /// to repay the warming (a 10k-record benchmark encode's 1–6 tags per record: 3 % slower warmed).
    static let warmedArrayCount = 8
    /// Uniquing tables of at least this many times the warming threshold warm every number array's probes:
    /// by default 2²¹ slots of 8 bytes, past the last-level cache, where each probe of a short array misses
    /// too (a 100k-record benchmark encode's tags: 150 ns a probe unwarmed). Tests that warm from the
    /// start (a threshold of 0) warm these too.
    static let warmedShortArraysFactor = 8

    /// Whether a number array of `count` members warms its probes.
    @inline(__always)
    private func warmsMembers(_ count: Int) -> Bool {
        table.warmsProbes && (count >= Self.warmedArrayCount || (table.unique.mask &+ 1) / Self.warmedShortArraysFactor >= table.warmingFrom)
    }

    /// ``appendMembers(_:_:)`` of numbers, `object` giving each one's plain scalar
    /// (``BinaryPlistObjectTable/isPlainScalar(_:)``): the same calls in the same order, each batch's
    /// probes warmed first (``BinaryPlistObjectTable/warmScalars(_:count:hashes:)``), for a large table.
    private func appendNumberMembers<E>(_ members: [E], _ object: (E) -> BinaryPlistObjectTable.Object) {
        let most = BinaryPlistObjectTable.warmedBatch
        withUnsafeTemporaryAllocation(of: BinaryPlistObjectTable.Object.self, capacity: most) { batch in
            withUnsafeTemporaryAllocation(of: UInt64.self, capacity: most) { hashBuffer in
                guard let first = batch.baseAddress, let hashes = hashBuffer.baseAddress else { return }
                var start = 0
                while start < members.count {
                    let n = min(most, members.count - start)
                    for i in 0 ..< n { (first + i).initialize(to: object(members[start + i])) }
                    table.warmScalars(first, count: n, hashes: hashes)
                    for i in 0 ..< n {
                        let uid = sharedEntry(table.uniquedScalar(first[i], hash: hashes[i]))
                        pendingValues.append(UInt32(truncatingIfNeeded: table.uid(UInt64(uid))))
                    }
                    start += n
                }
            }
        }
    }

    /// `NSDate { NS.time }`, written whole (one key, no frame) in the order a frame's close writes it: its entry.
    func dateEntry(_ time: Double) -> StreamedValue {
        // Uids in the graph-based path's order: the date's, then its class's.
        let uid = entries.count
        entries.append(0)
        let c = foundationClass(.date)
        // A deferred time is uniqued with the next batch of deferred scalars, which fills its slot.
        let deferred = deferring
        let timeID = deferred ? 0 : UInt32(truncatingIfNeeded: table.uniqued(.double(time)))
        let classUID = UInt32(truncatingIfNeeded: table.uid(UInt64(c)))
        let (id, slot) = table.containerToFill(tag: 0xD0, count: 2)
        let m = table.members
        m[slot] = classKeyID
        m[slot + 1] = timeKeyID
        m[slot + 2] = classUID
        m[slot + 3] = timeID
        entries[uid] = UInt32(truncatingIfNeeded: id)
        if deferred { deferScalar(.double(time), memberSlot: slot + 3) }
        return .entry(uid)
    }

    /// A new object of Foundation class `c` (`kind` `.array`: an `NSArray`-shaped one) whose keys
    /// or members `body` writes into its frame: its entry. The current value's context is left as it was.
    func foundationObject(_ kind: StreamFrame.Kind, _ c: FoundationClass, _ body: (UInt64) throws -> Void) throws -> StreamedValue {
        let saved = current
        current = StreamValueContext(type: Void.self)
        defer { current = saved }
        let serial = openFrame(kind, classEntry: foundationClass(c))
        let result = current.result
        try body(serial)
        try close(serial)
        return result ?? .null
    }
}
