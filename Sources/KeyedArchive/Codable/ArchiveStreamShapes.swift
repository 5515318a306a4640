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
    func streamScalar(_ e: ArchiveStreamEncoder) throws -> StreamedValue {
        try e.foundationObject(.object, .date) { serial in
            try e.put(.scalar(.double(timeIntervalSinceReferenceDate)), keyID: Int(e.timeKeyID), serial)
        }
    }
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
        let serial = e.collectionFrame(.array, .set)
        for (i, m) in archiveOrder(Array(self)).enumerated() {
            try e.append(e.encodeValue(m, .index(i)), serial)
        }
    }
}

extension Dictionary where Key: Encodable, Value: Encodable {
    /// An `NSDictionary` of the entries in ``archiveOrder(_:)`` of the keys, as on the graph-based path.
    func streamMembers(_ e: ArchiveStreamEncoder) throws {
        let serial = e.collectionFrame(.dictionary, .dictionary)
        for k in archiveOrder(Array(keys)) {
            guard let v = self[k] else { continue }
            // The key's member (a number's shared entry, nil's NSNull) is made before the value is encoded,
            // as on the graph-based path.
            let key = e.member(try e.encodeValue(k, .codingKey(ArchiveCodingKey(stringValue: "\(k)"))))
            let value = e.member(try e.encodeValue(v, .codingKey(ArchiveCodingKey(stringValue: "\(k)"))))
            try e.appendEntry(key, value, serial)
        }
    }
}

extension Array where Element: Encodable {
    /// What `Array.encode(to:)` writes through an unkeyed container, without the container.
    func streamMembers(_ e: ArchiveStreamEncoder) throws {
        let serial = e.arrayFrame()
        for i in 0 ..< count {
            try e.append(e.encodeValue(self[i], .index(i)), serial)
        }
    }
}

extension ArchiveStreamEncoder {
    /// `value` (an `[Int]`, `[String]` or `[Double]`, as `kind` says) as an `NSArray` entry, its members
    /// shared plain entries: what ``ArchiveEncodingState/writeScalarArray(_:_:)`` writes.
    func writeScalarArray<T>(_ value: T, _ kind: ArchiveScalarArrayKind) throws -> StreamedValue {
        try foundationObject(.array, .array) { _ in
            switch kind {
            case .ints:
                for x in unsafeBitCast(value, to: [Int].self) { appendMember(sharedEntry(table.uniqued(BinaryPlistObjectTable.integer(Int64(x))))) }
            case .strings:
                for x in unsafeBitCast(value, to: [String].self) { appendMember(sharedEntry(table.uniquedString(x))) }
            case .doubles:
                for x in unsafeBitCast(value, to: [Double].self) { appendMember(sharedEntry(table.uniqued(.double(x)))) }
            case .none:
                break
            }
        }
    }

    /// Appends a member uid to the top frame.
    @inline(__always)
    private func appendMember(_ uid: Int) {
        pendingValues.append(UInt32(truncatingIfNeeded: table.uid(UInt64(uid))))
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
