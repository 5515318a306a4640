/// Encodes any `Encodable` into a ``JSONValue`` whose object members keep the order the type
/// encodes them in (Foundation's encoder either scrambles or sorts them).
/// Non-finite floating-point values become the strings `"nan"`, `"inf"`, `"-inf"`.
struct OrderedJSONEncoder {
    func encode<T: Encodable>(_ value: T) throws -> JSONValue {
        let root = Node()
        try value.encode(to: NodeEncoder(node: root, codingPath: []))
        return root.json()
    }
}

/// One value under construction.
private final class Node {
    enum Content { case unset, value(JSONValue), object([(String, Node)]), array([Node]) }
    var content: Content = .unset

    func json() -> JSONValue {
        switch content {
        case .unset: return .null
        case .value(let v): return v
        case .object(let members): return .object(members.map { ($0.0, $0.1.json()) })
        case .array(let items): return .array(items.map { $0.json() })
        }
    }

    func child(forKey key: String) -> Node {
        if case .object(var members) = content {
            if let existing = members.first(where: { $0.0 == key }) { return existing.1 }
            let n = Node()
            members.append((key, n))
            content = .object(members)
            return n
        }
        let n = Node()
        content = .object([(key, n)])
        return n
    }

    func appendChild() -> Node {
        let n = Node()
        if case .array(var items) = content {
            items.append(n)
            content = .array(items)
        } else {
            content = .array([n])
        }
        return n
    }

    static func double(_ d: Double) -> JSONValue {
        d.isFinite ? .double(d) : .string(d.isNaN ? "nan" : (d < 0 ? "-inf" : "inf"))
    }
}

private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }
}

private struct NodeEncoder: Encoder {
    let node: Node
    var codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object = node.content {} else { node.content = .object([]) }
        return KeyedEncodingContainer(KeyedNodeContainer<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array = node.content {} else { node.content = .array([]) }
        return UnkeyedNodeContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleNodeContainer(node: node, codingPath: codingPath)
    }
}

private struct KeyedNodeContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: Node
    var codingPath: [any CodingKey]

    private func set(_ v: JSONValue, _ key: Key) { node.child(forKey: key.stringValue).content = .value(v) }

    mutating func encodeNil(forKey key: Key) throws { set(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { set(Node.double(value), key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { set(Node.double(Double(value)), key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { set(.int(Int64(value)), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { set(.int(Int64(value)), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { set(.int(Int64(value)), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { set(.int(Int64(value)), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { set(.int(value), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { set(.uint(UInt64(value)), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { set(.uint(UInt64(value)), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { set(.uint(UInt64(value)), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { set(.uint(UInt64(value)), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { set(.uint(value), key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try value.encode(to: NodeEncoder(node: node.child(forKey: key.stringValue), codingPath: codingPath + [key]))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey> {
        NodeEncoder(node: node.child(forKey: key.stringValue), codingPath: codingPath + [key]).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        NodeEncoder(node: node.child(forKey: key.stringValue), codingPath: codingPath + [key]).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        NodeEncoder(node: node.child(forKey: "super"), codingPath: codingPath + [AnyKey(stringValue: "super")])
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        NodeEncoder(node: node.child(forKey: key.stringValue), codingPath: codingPath + [key])
    }
}

private struct UnkeyedNodeContainer: UnkeyedEncodingContainer {
    let node: Node
    var codingPath: [any CodingKey]
    var count: Int {
        if case .array(let items) = node.content { return items.count }
        return 0
    }

    private func add(_ v: JSONValue) { node.appendChild().content = .value(v) }
    private var nextKey: any CodingKey { AnyKey(intValue: count) }

    mutating func encodeNil() throws { add(.null) }
    mutating func encode(_ value: Bool) throws { add(.bool(value)) }
    mutating func encode(_ value: String) throws { add(.string(value)) }
    mutating func encode(_ value: Double) throws { add(Node.double(value)) }
    mutating func encode(_ value: Float) throws { add(Node.double(Double(value))) }
    mutating func encode(_ value: Int) throws { add(.int(Int64(value))) }
    mutating func encode(_ value: Int8) throws { add(.int(Int64(value))) }
    mutating func encode(_ value: Int16) throws { add(.int(Int64(value))) }
    mutating func encode(_ value: Int32) throws { add(.int(Int64(value))) }
    mutating func encode(_ value: Int64) throws { add(.int(value)) }
    mutating func encode(_ value: UInt) throws { add(.uint(UInt64(value))) }
    mutating func encode(_ value: UInt8) throws { add(.uint(UInt64(value))) }
    mutating func encode(_ value: UInt16) throws { add(.uint(UInt64(value))) }
    mutating func encode(_ value: UInt32) throws { add(.uint(UInt64(value))) }
    mutating func encode(_ value: UInt64) throws { add(.uint(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        let key = nextKey
        try value.encode(to: NodeEncoder(node: node.appendChild(), codingPath: codingPath + [key]))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let key = nextKey
        return NodeEncoder(node: node.appendChild(), codingPath: codingPath + [key]).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let key = nextKey
        return NodeEncoder(node: node.appendChild(), codingPath: codingPath + [key]).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        let key = nextKey
        return NodeEncoder(node: node.appendChild(), codingPath: codingPath + [key])
    }
}

private struct SingleNodeContainer: SingleValueEncodingContainer {
    let node: Node
    var codingPath: [any CodingKey]

    private func set(_ v: JSONValue) { node.content = .value(v) }

    mutating func encodeNil() throws { set(.null) }
    mutating func encode(_ value: Bool) throws { set(.bool(value)) }
    mutating func encode(_ value: String) throws { set(.string(value)) }
    mutating func encode(_ value: Double) throws { set(Node.double(value)) }
    mutating func encode(_ value: Float) throws { set(Node.double(Double(value))) }
    mutating func encode(_ value: Int) throws { set(.int(Int64(value))) }
    mutating func encode(_ value: Int8) throws { set(.int(Int64(value))) }
    mutating func encode(_ value: Int16) throws { set(.int(Int64(value))) }
    mutating func encode(_ value: Int32) throws { set(.int(Int64(value))) }
    mutating func encode(_ value: Int64) throws { set(.int(value)) }
    mutating func encode(_ value: UInt) throws { set(.uint(UInt64(value))) }
    mutating func encode(_ value: UInt8) throws { set(.uint(UInt64(value))) }
    mutating func encode(_ value: UInt16) throws { set(.uint(UInt64(value))) }
    mutating func encode(_ value: UInt32) throws { set(.uint(UInt64(value))) }
    mutating func encode(_ value: UInt64) throws { set(.uint(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        try value.encode(to: NodeEncoder(node: node, codingPath: codingPath))
    }
}
