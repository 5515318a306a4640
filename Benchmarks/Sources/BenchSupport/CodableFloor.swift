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

extension CodableFloor {
    /// The `Decodable` protocol's own cost on the model: `count` records decoded from a decoder that
    /// reads nothing (every key present, scalars zero, `String`/`Data`/`Date`/`[Int]` made whole, as
    /// our decoder takes them) — the floor under any `Decoder` of these values.
    public static func decodeWalk(count: Int) throws -> [CodableModel] {
        try [CodableModel](from: FloorDecoder(count: count))
    }
}

final class FloorDecoder: Decoder {
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    /// Elements of the top-level array.
    let count: Int

    init(count: Int) { self.count = count }

    /// A whole value of the types our decoder takes whole; nil for the rest.
    static func whole<T>(_ type: T.Type) -> T? {
        // Type identity, not `is`, as in FloorEncoder.
        switch ObjectIdentifier(type) {
        case ObjectIdentifier(String.self): return "" as? T
        case ObjectIdentifier(Data.self): return Data() as? T
        case ObjectIdentifier(Date.self): return Date(timeIntervalSinceReferenceDate: 0) as? T
        case ObjectIdentifier([Int].self): return [Int]() as? T
        default: return nil
        }
    }

    func take<T: Decodable>(_ type: T.Type) throws -> T {
        if let v = Self.whole(type) { return v }
        return try T(from: FloorDecoder(count: 0))
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedDecodingContainer<Key> { KeyedDecodingContainer(Keyed(decoder: self)) }
    func unkeyedContainer() -> any UnkeyedDecodingContainer { Unkeyed(decoder: self) }
    func singleValueContainer() -> any SingleValueDecodingContainer { Single(decoder: self) }

    struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let decoder: FloorDecoder
        var codingPath: [any CodingKey] { [] }
        var allKeys: [Key] { [] }
        func contains(_ key: Key) -> Bool { true }
        func decodeNil(forKey key: Key) throws -> Bool { false }
        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { false }
        func decode(_ type: String.Type, forKey key: Key) throws -> String { "" }
        func decode(_ type: Double.Type, forKey key: Key) throws -> Double { 0 }
        func decode(_ type: Int.Type, forKey key: Key) throws -> Int { 0 }
        func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { 0 }
        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try decoder.take(type) }
        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) -> KeyedDecodingContainer<NestedKey> {
            decoder.container(keyedBy: type)
        }
        func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedDecodingContainer { Unkeyed(decoder: FloorDecoder(count: 0)) }
        func superDecoder() -> any Decoder { decoder }
        func superDecoder(forKey key: Key) -> any Decoder { decoder }
    }

    struct Unkeyed: UnkeyedDecodingContainer {
        let decoder: FloorDecoder
        var codingPath: [any CodingKey] { [] }
        var count: Int? { decoder.count }
        var isAtEnd: Bool { currentIndex >= decoder.count }
        var currentIndex = 0
        mutating func decodeNil() throws -> Bool { false }
        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
            currentIndex += 1
            return try decoder.take(type)
        }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) -> KeyedDecodingContainer<NestedKey> {
            decoder.container(keyedBy: type)
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedDecodingContainer { Unkeyed(decoder: FloorDecoder(count: 0)) }
        mutating func superDecoder() -> any Decoder { decoder }
    }

    struct Single: SingleValueDecodingContainer {
        let decoder: FloorDecoder
        var codingPath: [any CodingKey] { [] }
        func decodeNil() -> Bool { false }
        func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.take(type) }
    }
}
