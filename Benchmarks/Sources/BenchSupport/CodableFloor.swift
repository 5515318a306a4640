import Foundation

/// The `Encodable` protocol's own cost on the model, with nothing written: an encoder that visits every
/// value the way ours does (keyed and unkeyed containers, `String`/`Data`/`Date`/`[Int]` taken whole) and
/// only counts them. Not a coder: the floor under any `Encoder` of these values.
public enum CodableFloor {
    /// Visits `value` as an encoder would; returns how many values it met.
    public static func visit<T: Encodable>(_ value: T) throws -> Int {
        let e = FloorEncoder()
        try e.take(value)
        return e.count
    }
}

final class FloorEncoder: Encoder {
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    var count = 0

    func take<T: Encodable>(_ value: T) throws {
        count += 1
        // Type identity, not `is`: a dynamic cast per value would be the floor's largest cost.
        let t = ObjectIdentifier(T.self)
        if t == ObjectIdentifier(String.self) || t == ObjectIdentifier(Data.self) || t == ObjectIdentifier(Date.self)
            || t == ObjectIdentifier([Int].self) || t == ObjectIdentifier(Int.self) { return }
        try value.encode(to: self)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> { KeyedEncodingContainer(Keyed(encoder: self)) }
    func unkeyedContainer() -> any UnkeyedEncodingContainer { Unkeyed(encoder: self) }
    func singleValueContainer() -> any SingleValueEncodingContainer { Single(encoder: self) }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let encoder: FloorEncoder
        var codingPath: [any CodingKey] { [] }
        mutating func encodeNil(forKey key: Key) throws { encoder.count += 1 }
        mutating func encode(_ value: Bool, forKey key: Key) throws { encoder.count += 1 }
        mutating func encode(_ value: String, forKey key: Key) throws { encoder.count += 1 }
        mutating func encode(_ value: Double, forKey key: Key) throws { encoder.count += 1 }
        mutating func encode(_ value: Int, forKey key: Key) throws { encoder.count += 1 }
        mutating func encode(_ value: Int64, forKey key: Key) throws { encoder.count += 1 }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try encoder.take(value) }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            encoder.container(keyedBy: NestedKey.self)
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { encoder.unkeyedContainer() }
        mutating func superEncoder() -> any Encoder { encoder }
        mutating func superEncoder(forKey key: Key) -> any Encoder { encoder }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let encoder: FloorEncoder
        var codingPath: [any CodingKey] { [] }
        var count = 0
        mutating func encodeNil() throws { encoder.count += 1; count += 1 }
        mutating func encode<T: Encodable>(_ value: T) throws { try encoder.take(value); count += 1 }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            encoder.container(keyedBy: NestedKey.self)
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { encoder.unkeyedContainer() }
        mutating func superEncoder() -> any Encoder { encoder }
    }

    struct Single: SingleValueEncodingContainer {
        let encoder: FloorEncoder
        var codingPath: [any CodingKey] { [] }
        mutating func encodeNil() throws { encoder.count += 1 }
        mutating func encode<T: Encodable>(_ value: T) throws { try encoder.take(value) }
    }
}
