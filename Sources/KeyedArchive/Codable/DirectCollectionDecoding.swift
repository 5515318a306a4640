// The direct decode's collections: `NSArray`, `NSSet` and `NSOrderedSet` objects whose `NS.objects` is
// stored in place, as the graph-based decode reads them (ArchiveScalarArrays.swift, CodableTypeTraits.swift,
// ArchiveSetDecoding.swift, ArchiveUnkeyedDecodingContainer.swift).

extension DirectDecodingState {
    /// Entry `e`'s members as `[Int]` when every one is an integer that fits, under the graph-based
    /// decode's conditions for reading in place (not being decoded, depth, the decode budget); a result
    /// counts against the budget.
    func intsInPlace(entry e: Int) -> [Int]? {
        readInPlace(e) { node in
            guard case .int(let x, _)? = scalar(node) else { return nil }
            return Int(exactly: x)
        }
    }

    /// Entry `e`'s members as `[String]`; see ``intsInPlace(entry:)``.
    func stringsInPlace(entry e: Int) -> [String]? { readInPlace(e) { string($0) } }

    /// Entry `e`'s members as `[Double]`; see ``intsInPlace(entry:)``.
    func doublesInPlace(entry e: Int) -> [Double]? {
        readInPlace(e) { node in
            switch scalar(node) {
            case .double(let x)?: return x
            case .float(let x)?: return Double(x)
            default: return nil
            }
        }
    }

    /// Each member of entry `e` through `member` (nil: the array is not read in place), when the graph-based
    /// decode's conditions for reading in place hold; a result counts against the budget.
    @inline(__always)
    private func readInPlace<E>(_ e: Int, _ member: (_ node: Int) -> E?) -> [E]? {
        guard flags[e] & EntryFlags.inProgress == 0, depth < maxDepth, decodedValues < options.limits.maxObjectCount,
              let (at, count) = inlineMembers(entry: e) else { return nil }
        var out: [E] = []
        out.reserveCapacity(count)
        for j in at ..< at &+ count {
            guard let m = member(Int(truncatingIfNeeded: refs[j])) else { return nil }
            out.append(m)
        }
        decodedValues += 1
        return out
    }

    /// The member slots of array, set or ordered set entry `e` (its first `NS.objects`, an array or set
    /// stored in place); nil for any other entry.
    func inlineMembers(entry e: Int) -> (at: Int, count: Int)? {
        switch family(entry: e) {
        case .array?, .set?, .orderedSet?: break
        default: return nil
        }
        guard let objects = value(ofEntry: e, key: "NS.objects") else { return nil }
        let list = nodes[objects]
        guard list.kind == .array || list.kind == .set else { return nil }
        return (Int(truncatingIfNeeded: list.payload), Int(list.count))
    }
}

extension DirectValueDecoder {
    /// Members decoded as the scalar type `S`; each concrete call is specialised.
    func scalars<S: ArchiveScalarDecodable>(_ type: S.Type, _ at: Int, _ count: Int) throws -> [S] {
        var out: [S] = []
        out.reserveCapacity(count)
        for j in at ..< at &+ count { out.append(try S.decodeDirect(Int(truncatingIfNeeded: state.refs[j]), self)) }
        return out
    }
}

extension Array where Element: Decodable {
    static func decodeArrayDirect<T>(as type: T.Type, _ d: DirectValueDecoder) throws -> T {
        switch d.state.traits(of: T.self).scalarArray {
        case .ints:
            let (at, count) = try d.unkeyedMembers()
            return unsafeBitCast(try d.scalars(Int.self, at, count), to: T.self)
        case .strings:
            let (at, count) = try d.unkeyedMembers()
            return unsafeBitCast(try d.scalars(String.self, at, count), to: T.self)
        case .doubles:
            let (at, count) = try d.unkeyedMembers()
            return unsafeBitCast(try d.scalars(Double.self, at, count), to: T.self)
        case .none: break
        }
        guard Self.self == T.self else { throw internalCastError(Self.self, T.self) }
        let (at, count) = try d.unkeyedMembers()
        var out: [Element] = []
        out.reserveCapacity(count)
        let refs = d.state.refs
        if let scalar = d.state.traits(of: Element.self).scalar {
            for j in 0 ..< count { out.append(try scalar.decodeDirect(as: Element.self, Int(truncatingIfNeeded: refs[at &+ j]), d)) }
        } else {
            for j in 0 ..< count { out.append(try d.decodeNested(Element.self, Int(truncatingIfNeeded: refs[at &+ j]), .index(j))) }
        }
        return unsafeBitCast(out, to: T.self)
    }
}

extension Set where Element: Decodable {
    static func decodeArrayDirect<T>(as type: T.Type, _ d: DirectValueDecoder) throws -> T {
        guard Self.self == T.self else { throw internalCastError(Self.self, T.self) }
        let (at, count) = try d.unkeyedMembers()
        if Element.self == String.self { return unsafeBitCast(Set<String>(try d.scalars(String.self, at, count)), to: T.self) }
        if Element.self == Int.self { return unsafeBitCast(Set<Int>(try d.scalars(Int.self, at, count)), to: T.self) }
        var out = Set<Element>(minimumCapacity: count)
        let refs = d.state.refs
        if let scalar = d.state.traits(of: Element.self).scalar {
            for j in 0 ..< count { out.insert(try scalar.decodeDirect(as: Element.self, Int(truncatingIfNeeded: refs[at &+ j]), d)) }
        } else {
            for j in 0 ..< count { out.insert(try d.decodeNested(Element.self, Int(truncatingIfNeeded: refs[at &+ j]), .index(j))) }
        }
        return unsafeBitCast(out, to: T.self)
    }
}

/// The direct decode's unkeyed container over an array, set or ordered set's members.
struct DirectUnkeyedDecodingContainer: UnkeyedDecodingContainer {
    let decoder: DirectValueDecoder
    /// The members' slots: `decoder.state.refs[membersAt ..< membersAt + count]`.
    let membersAt: Int
    let memberCount: Int
    private(set) var currentIndex = 0

    init(decoder: DirectValueDecoder, membersAt: Int, count: Int) {
        self.decoder = decoder
        self.membersAt = membersAt
        self.memberCount = count
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { memberCount }
    var isAtEnd: Bool { currentIndex >= memberCount }

    /// The next member's node, without moving past it; past the end, the graph-based decode's error.
    private func peek() throws -> Int {
        guard currentIndex < memberCount else { throw decoder.state.abandon() }
        return Int(truncatingIfNeeded: decoder.state.refs[membersAt &+ currentIndex])
    }

    private mutating func next<T>(_ read: (DirectValueDecoder, Int) throws -> T) throws -> T {
        let t = try read(decoder, try peek())
        currentIndex += 1
        return t
    }

    mutating func decodeNil() throws -> Bool {
        guard decoder.state.isNil(try peek()) else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next { try $0.bool($1) } }
    mutating func decode(_ type: String.Type) throws -> String { try next { try $0.string($1) } }
    mutating func decode(_ type: Double.Type) throws -> Double { try next { try $0.real($1) } }
    mutating func decode(_ type: Float.Type) throws -> Float { try next { try $0.float($1) } }
    mutating func decode(_ type: Int.Type) throws -> Int { try next { try $0.integer($1, Int.self) } }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next { try $0.integer($1, Int8.self) } }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next { try $0.integer($1, Int16.self) } }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next { try $0.integer($1, Int32.self) } }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next { try $0.integer($1, Int64.self) } }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next { try $0.integer($1, UInt.self) } }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next { try $0.integer($1, UInt8.self) } }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next { try $0.integer($1, UInt16.self) } }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next { try $0.integer($1, UInt32.self) } }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next { try $0.integer($1, UInt64.self) } }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let i = currentIndex
        return try next { try $0.decodeNested(T.self, $1, .index(i)) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let i = currentIndex
        return try next { d, v in try DirectValueDecoder(state: d.state, node: v, parent: d, component: .index(i)).container(keyedBy: NestedKey.self) }
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let i = currentIndex
        return try next { d, v in try DirectValueDecoder(state: d.state, node: v, parent: d, component: .index(i)).unkeyedContainer() }
    }

    mutating func superDecoder() throws -> any Decoder {
        let i = currentIndex
        return try next { d, v in DirectValueDecoder(state: d.state, node: v, parent: d, component: .index(i)) }
    }
}
