#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// Values written without an Encoder of their own: scalars inline, Foundation leaf types in the shapes
// the typed coder writes, sets and dictionaries as NSSet and NSDictionary in a deterministic order.

/// A value archived directly: an inline scalar or a Foundation object.
protocol ArchiveScalarEncodable {
    func archiveScalar(_ state: ArchiveEncodingState) throws -> ArchiveValue
    /// The same value for the streamed encode (see ``ArchiveStreamEncoder``).
    func streamScalar(_ e: ArchiveStreamEncoder) throws -> StreamedValue
}

extension ArchiveScalarEncodable {
    /// ``archiveScalar(_:)`` of `value`, whose type callers found to be `Self` (see ``CodableTypeTraits``).
    static func archiveScalar<T>(of value: T, _ state: ArchiveEncodingState) throws -> ArchiveValue {
        guard Self.self == T.self else { throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "internal: \(T.self) is not \(Self.self)")) }
        return try unsafeBitCast(value, to: Self.self).archiveScalar(state)
    }
}

extension Bool: ArchiveScalarEncodable {
    func archiveScalar(_ state: ArchiveEncodingState) -> ArchiveValue { .bool(self) }
}
extension Double: ArchiveScalarEncodable {
    func archiveScalar(_ state: ArchiveEncodingState) -> ArchiveValue { .double(self) }
}
extension Float: ArchiveScalarEncodable {
    func archiveScalar(_ state: ArchiveEncodingState) -> ArchiveValue { .float(self) }
}
extension Int: ArchiveScalarEncodable {}
extension Int8: ArchiveScalarEncodable {}
extension Int16: ArchiveScalarEncodable {}
extension Int32: ArchiveScalarEncodable {}
extension Int64: ArchiveScalarEncodable {}
extension UInt: ArchiveScalarEncodable {}
extension UInt8: ArchiveScalarEncodable {}
extension UInt16: ArchiveScalarEncodable {}
extension UInt32: ArchiveScalarEncodable {}
extension UInt64: ArchiveScalarEncodable {}
extension ArchiveScalarEncodable where Self: FixedWidthInteger {
    func archiveScalar(_ state: ArchiveEncodingState) -> ArchiveValue {
        if let x = Int64(exactly: self) { return .int(x, width: 0) }
        return KeyedArchiver.unsignedValue(UInt64(truncatingIfNeeded: self))
    }
}
extension String: ArchiveScalarEncodable {
    func archiveScalar(_ state: ArchiveEncodingState) -> ArchiveValue { state.archiver.encodePlainString(self) }
}
extension Data: ArchiveScalarEncodable {
    func archiveScalar(_ state: ArchiveEncodingState) throws -> ArchiveValue { try encodeArchived(to: state.archiver) }
}
extension Date: ArchiveScalarEncodable {
    func archiveScalar(_ state: ArchiveEncodingState) throws -> ArchiveValue { try encodeArchived(to: state.archiver) }
}
extension URL: ArchiveScalarEncodable {
    func archiveScalar(_ state: ArchiveEncodingState) throws -> ArchiveValue { try encodeArchived(to: state.archiver) }
}
extension UUID: ArchiveScalarEncodable {
    func archiveScalar(_ state: ArchiveEncodingState) throws -> ArchiveValue { try encodeArchived(to: state.archiver) }
}

/// A Swift collection written in its Foundation shape rather than through its own `encode(to:)`
/// (which would make a set an array and a string-keyed dictionary an object).
protocol ArchiveCollectionEncodable {
    func encodeMembers(_ encoder: ArchiveValueEncoder) throws
    /// The same members for the streamed encode (see ``ArchiveStreamEncoder``).
    func streamMembers(_ e: ArchiveStreamEncoder) throws
}

extension ArchiveCollectionEncodable {
    /// ``encodeMembers(_:)`` of `value`, whose type callers found to be `Self` (see ``CodableTypeTraits``).
    static func encodeMembers<T>(of value: T, _ encoder: ArchiveValueEncoder) throws {
        guard Self.self == T.self else { throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "internal: \(T.self) is not \(Self.self)")) }
        try unsafeBitCast(value, to: Self.self).encodeMembers(encoder)
    }
}

/// What `Array.encode(to:)` writes through an unkeyed container (the same members and coding paths),
/// into storage reserved once and without the container's per-member witness calls.
extension Array: ArchiveCollectionEncodable where Element: Encodable {
    func encodeMembers(_ encoder: ArchiveValueEncoder) throws {
        let box = encoder.collectionBox(.array)
        box.members.reserveCapacity(box.members.count + count)
        // By index: `enumerated()` in unspecialised code asks for its tuple's metadata at every member.
        for i in 0 ..< count {
            box.append(try encoder.state.member(encoder.encodeNested(self[i], .index(i))))
        }
    }
}

extension Set: ArchiveCollectionEncodable where Element: Encodable {
    func encodeMembers(_ encoder: ArchiveValueEncoder) throws {
        let box = encoder.collectionBox(.set)
        for (i, m) in archiveOrder(Array(self)).enumerated() {
            box.append(try encoder.state.member(encoder.encodeNested(m, .index(i))))
        }
    }
}

extension Dictionary: ArchiveCollectionEncodable where Key: Encodable, Value: Encodable {
    func encodeMembers(_ encoder: ArchiveValueEncoder) throws {
        let state = encoder.state
        let box = state.openBox(.dictionary, type: ArchiveUntyped.self)
        encoder.result = .ref(box.uid)
        let keys = archiveOrder(Array(self.keys))
        box.keys.reserveCapacity(keys.count)
        box.members.reserveCapacity(keys.count)
        for k in keys {
            guard let v = self[k] else { continue }
            let path = ArchiveCodingKey(stringValue: "\(k)")
            box.keys.append(try state.member(encoder.encodeNested(k, .codingKey(path))))
            box.members.append(try state.member(encoder.encodeNested(v, .codingKey(path))))
        }
    }
}
