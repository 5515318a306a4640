#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// The commonest dictionaries and sets, streamed by code specialised for their types. Reached from the
// generic `streamMembers`, a `[String: String]` of two entries spent four fifths of its encode in the
// runtime: metadata for the generic arrays, iterators and tuples, and witness calls per entry.
// Invariant: each writes exactly what the generic path writes (the same calls, in the same order).

extension Dictionary where Key: Encodable, Value: Encodable {
    /// ``streamMembers(_:)`` for a `[String: V]` of a common `V`, specialised; false (nothing written) for
    /// any other dictionary.
    func streamCommonMembers(_ e: ArchiveStreamEncoder) throws -> Bool {
        guard Key.self == String.self else { return false }
        if Value.self == String.self { try streamStringKeyed(unsafeBitCast(self, to: [String: String].self), e) }
        else if Value.self == Int.self { try streamStringKeyed(unsafeBitCast(self, to: [String: Int].self), e) }
        else if Value.self == Double.self { try streamStringKeyed(unsafeBitCast(self, to: [String: Double].self), e) }
        else if Value.self == Bool.self { try streamStringKeyed(unsafeBitCast(self, to: [String: Bool].self), e) }
        else if Value.self == Date.self { try streamStringKeyed(unsafeBitCast(self, to: [String: Date].self), e) }
        else if Value.self == Data.self { try streamStringKeyed(unsafeBitCast(self, to: [String: Data].self), e) }
        else { return false }
        return true
    }
}

extension Set where Element: Encodable {
    /// ``streamMembers(_:)`` for a `Set<String>` or `Set<Int>`, specialised; false (nothing written) for any other set.
    func streamCommonMembers(_ e: ArchiveStreamEncoder) throws -> Bool {
        if Element.self == String.self { try streamSetMembers(unsafeBitCast(self, to: Set<String>.self).sorted(), e) }
        else if Element.self == Int.self { try streamSetMembers(unsafeBitCast(self, to: Set<Int>.self).sorted(), e) }
        else { return false }
        return true
    }
}

/// The entries of `d` in ``archiveOrder(_:)`` of its keys (string order).
private func streamStringKeyed<V: Encodable>(_ d: [String: V], _ e: ArchiveStreamEncoder) throws {
    let serial = e.collectionFrame(.dictionary, .dictionary)
    // Keys are distinct, so sorting the entries by key gives the keys' order, without a lookup per key.
    for (k, v) in d.sorted(by: { $0.key < $1.key }) {
        let key = e.member(try e.encodeValue(k, key: TextCodingKey(k)))
        let value = e.member(try e.encodeValue(v, key: TextCodingKey(k)))
        try e.appendEntry(key, value, serial)
    }
}

/// An `NSSet` of `members`, already in ``archiveOrder(_:)``.
private func streamSetMembers<E: Encodable>(_ members: [E], _ e: ArchiveStreamEncoder) throws {
    let serial = e.collectionFrame(.array, .set)
    for i in 0 ..< members.count {
        try e.append(e.encodeValue(members[i], index: i), serial)
    }
}
