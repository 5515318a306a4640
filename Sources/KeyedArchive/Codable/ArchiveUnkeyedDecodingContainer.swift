/// An unkeyed container over an array, set or ordered set's members, or a dictionary's keys and values
/// in turn (key 0, value 0, key 1, …), which is how `Dictionary` decodes keys that are not strings.
struct ArchiveUnkeyedDecodingContainer: UnkeyedDecodingContainer {
    let decoder: ArchiveValueDecoder
    let object: Int
    /// A slice of the graph's item table (or of a dictionary's interleaved keys and values).
    let members: ArraySlice<ArchiveValue>
    /// Counts from 0, whatever the slice's own indices are.
    private(set) var currentIndex = 0

    init(decoder: ArchiveValueDecoder, object: Int, members: ArraySlice<ArchiveValue>) {
        self.decoder = decoder
        self.object = object
        self.members = members
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { members.count }
    var isAtEnd: Bool { currentIndex >= members.count }

    /// The next member, without moving past it.
    private func peek(_ type: Any.Type) throws -> ArchiveValue {
        guard currentIndex < members.count else {
            let text = "the container's \(members.count) members are used up"
            throw DecodingError.valueNotFound(type, decoder.context(.index(currentIndex), text,
                ArchiveError(.valueNotFound, text, objectIndex: object)))
        }
        return members[members.startIndex + currentIndex]
    }

    private mutating func next<T>(_ type: T.Type, _ read: (ArchiveValueDecoder, ArchiveValue, ArchiveCodingPathComponent) throws -> T) throws -> T {
        let v = try peek(T.self)
        let t = try read(decoder, v, .index(currentIndex))
        currentIndex += 1
        return t
    }

    mutating func decodeNil() throws -> Bool {
        guard decoder.isNil(try peek(Never.self)) else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next(Bool.self) { try $0.bool($1, $2) } }
    mutating func decode(_ type: String.Type) throws -> String { try next(String.self) { try $0.string($1, $2) } }
    mutating func decode(_ type: Double.Type) throws -> Double { try next(Double.self) { try $0.real($1, $2) } }
    mutating func decode(_ type: Float.Type) throws -> Float { try next(Float.self) { try $0.float($1, $2) } }
    mutating func decode(_ type: Int.Type) throws -> Int { try next(Int.self) { try $0.integer($1, Int.self, $2) } }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next(Int8.self) { try $0.integer($1, Int8.self, $2) } }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next(Int16.self) { try $0.integer($1, Int16.self, $2) } }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next(Int32.self) { try $0.integer($1, Int32.self, $2) } }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next(Int64.self) { try $0.integer($1, Int64.self, $2) } }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next(UInt.self) { try $0.integer($1, UInt.self, $2) } }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next(UInt8.self) { try $0.integer($1, UInt8.self, $2) } }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next(UInt16.self) { try $0.integer($1, UInt16.self, $2) } }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next(UInt32.self) { try $0.integer($1, UInt32.self, $2) } }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next(UInt64.self) { try $0.integer($1, UInt64.self, $2) } }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try next(T.self) { try $0.decodeNested(T.self, $1, $2) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next(KeyedDecodingContainer<NestedKey>.self) { d, v, c in
            try ArchiveValueDecoder(state: d.state, value: v, parent: d, component: c).container(keyedBy: NestedKey.self)
        }
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next((any UnkeyedDecodingContainer).self) { d, v, c in
            try ArchiveValueDecoder(state: d.state, value: v, parent: d, component: c).unkeyedContainer()
        }
    }

    mutating func superDecoder() throws -> any Decoder {
        try next((any Decoder).self) { d, v, c in ArchiveValueDecoder(state: d.state, value: v, parent: d, component: c) }
    }
}
