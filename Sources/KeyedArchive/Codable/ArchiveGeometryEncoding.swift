// Geometry written as Cocoa writes it: `CGPoint`, `CGSize` and `CGRect` under an archived object's key
// as Apple's strings (what `encodeRect:forKey:` stores and `decodeRectForKey:` reads), and everywhere
// else, with `NSRange`, as `NSValue`s. The bridge does not import these types (on Linux, Foundation
// defines them, FoundationEssentials does not), so it knows them by name and takes their numbers from
// their own `encode(to:)`.

/// A Foundation geometry type.
enum ArchiveGeometryType {
    case point, size, rect, range

    /// The geometry type that `type` is, by its qualified name; nil for every other type.
    init?(_ type: Any.Type) {
        let name = String(reflecting: type)
        guard let dot = name.lastIndex(of: "."), Self.modules.contains(String(name[..<dot])) else { return nil }
        switch name[name.index(after: dot)...] {
        case "CGPoint": self = .point
        case "CGSize": self = .size
        case "CGRect": self = .rect
        case "_NSRange", "NSRange": self = .range
        default: return nil
        }
    }

    /// Where the types live: Foundation on Linux, the C types as Swift sees them on Apple platforms.
    private static let modules: Set<String> = ["Foundation", "__C", "CoreGraphics", "CoreFoundation"]

    /// `value`'s geometry, from the numbers its `encode(to:)` writes; nil when it writes anything else.
    func geometry<T: Encodable>(of value: T) -> ArchivedGeometry? {
        let capture = ArchiveNumberCapture()
        guard (try? value.encode(to: capture)) != nil, !capture.failed else { return nil }
        let n = capture.numbers
        func real(_ i: Int) -> Double? {
            switch n[i] {
            case .double(let d): return d
            case .int(let x, _): return Double(x)
            default: return nil
            }
        }
        switch self {
        case .point, .size:
            guard n.count == 2, let a = real(0), let b = real(1) else { return nil }
            return self == .point ? .point(x: a, y: b) : .size(width: a, height: b)
        case .rect:
            guard n.count == 4, let x = real(0), let y = real(1), let w = real(2), let h = real(3) else { return nil }
            return .rect(x: x, y: y, width: w, height: h)
        case .range:
            guard n.count == 2, case .int(let location, _) = n[0], case .int(let length, _) = n[1],
                  let l = UInt64(exactly: location), let c = UInt64(exactly: length) else { return nil }
            return .range(location: l, length: c)
        }
    }

    /// The string a keyed coder stores for `g` (`NSStringFromRect` and friends); nil for a range, which
    /// has no keyed form.
    static func keyedString(_ g: ArchivedGeometry) -> String? {
        switch g {
        case .point(let x, let y): return NibGeometryString.format([x, y], as: .pair)
        case .size(let w, let h): return NibGeometryString.format([w, h], as: .pair)
        case .rect(let x, let y, let w, let h): return NibGeometryString.format([x, y, w, h], as: .rect)
        default: return nil
        }
    }
}

/// An encoder that records the numbers a value writes through single-value and (nested) unkeyed
/// containers, depth first; anything else marks the capture failed.
final class ArchiveNumberCapture: Encoder, SingleValueEncodingContainer, UnkeyedEncodingContainer {
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    private(set) var numbers: [ArchiveValue] = []
    private(set) var failed = false
    var count: Int { numbers.count }

    private func refuse() throws -> Never {
        failed = true
        throw EncodingError.invalidValue(0, .init(codingPath: [], debugDescription: "not a geometry value"))
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        failed = true
        return KeyedEncodingContainer(ArchiveRefusingKeyedContainer<Key>())
    }
    func unkeyedContainer() -> any UnkeyedEncodingContainer { self }
    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    func encodeNil() throws { try refuse() }
    func encode(_ value: Bool) throws { try refuse() }
    func encode(_ value: String) throws { try refuse() }
    func encode(_ value: Double) { numbers.append(.double(value)) }
    func encode(_ value: Float) { numbers.append(.double(Double(value))) }
    func encode(_ value: Int) { numbers.append(.int(Int64(value), width: 0)) }
    func encode(_ value: Int8) { numbers.append(.int(Int64(value), width: 0)) }
    func encode(_ value: Int16) { numbers.append(.int(Int64(value), width: 0)) }
    func encode(_ value: Int32) { numbers.append(.int(Int64(value), width: 0)) }
    func encode(_ value: Int64) { numbers.append(.int(value, width: 0)) }
    func encode(_ value: UInt) throws { try integer(UInt64(value)) }
    func encode(_ value: UInt8) { numbers.append(.int(Int64(value), width: 0)) }
    func encode(_ value: UInt16) { numbers.append(.int(Int64(value), width: 0)) }
    func encode(_ value: UInt32) { numbers.append(.int(Int64(value), width: 0)) }
    func encode(_ value: UInt64) throws { try integer(value) }
    func encode<T: Encodable>(_ value: T) throws { try value.encode(to: self) }

    private func integer(_ value: UInt64) throws {
        guard let v = Int64(exactly: value) else { try refuse() }
        numbers.append(.int(v, width: 0))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        container(keyedBy: NestedKey.self)
    }
    func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { self }
    func superEncoder() -> any Encoder { self }
}

/// The keyed container of a failed capture: geometry has no keys, so every write is refused.
struct ArchiveRefusingKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    var codingPath: [any CodingKey] { [] }
    private func refuse() throws -> Never {
        throw EncodingError.invalidValue(0, .init(codingPath: [], debugDescription: "not a geometry value"))
    }
    mutating func encodeNil(forKey key: Key) throws { try refuse() }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try refuse() }
    mutating func encode(_ value: String, forKey key: Key) throws { try refuse() }
    mutating func encode(_ value: Double, forKey key: Key) throws { try refuse() }
    mutating func encode(_ value: Float, forKey key: Key) throws { try refuse() }
    mutating func encode(_ value: Int, forKey key: Key) throws { try refuse() }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try refuse() }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try refuse() }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try refuse() }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try refuse() }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try refuse() }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try refuse() }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try refuse() }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try refuse() }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try refuse() }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try refuse() }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(ArchiveRefusingKeyedContainer<NestedKey>())
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { ArchiveNumberCapture() }
    mutating func superEncoder() -> any Encoder { ArchiveNumberCapture() }
    mutating func superEncoder(forKey key: Key) -> any Encoder { ArchiveNumberCapture() }
}
