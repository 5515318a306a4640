// Geometry through unkeyed containers. Cocoa archives a rect under a key as its string
// (`encodeRect:forKey:` writes `"{{x, y}, {w, h}}"`) and in collections as an `NSValue`; `CGPoint`,
// `CGSize`, `CGRect` and `NSRange` decode themselves from unkeyed containers (`[x, y]`,
// `[[x, y], [w, h]]`, `[location, length]`). An unkeyed container over such a value gives its numbers in
// that shape, so the Swift types decode from what Cocoa wrote.

/// A geometry value's numbers: a flat list (a point, size, range, edge insets or transform), or a rect,
/// whose two members are pairs.
struct ArchiveGeometry {
    let numbers: [ArchiveValue]
    let isRect: Bool

    /// The numbers of an Apple geometry string (`NSStringFromRect` and friends); nil for any other text.
    init?(parsing text: String) {
        if let v = NibGeometryString.parse(text, as: .rect) {
            self.init(numbers: v.map { .double($0) }, isRect: true)
            return
        }
        for kind in [NibGeometryKind.pair, .insets, .transform] {
            if let v = NibGeometryString.parse(text, as: kind) {
                self.init(numbers: v.map { .double($0) }, isRect: false)
                return
            }
        }
        return nil
    }

    /// The numbers of an `NSValue`'s geometry; nil for a C array, which is not geometry.
    init?(_ value: ArchivedGeometry) {
        switch value {
        case .point(let x, let y): self.init(numbers: [.double(x), .double(y)], isRect: false)
        case .size(let w, let h): self.init(numbers: [.double(w), .double(h)], isRect: false)
        case .rect(let x, let y, let w, let h): self.init(numbers: [.double(x), .double(y), .double(w), .double(h)], isRect: true)
        case .range(let location, let length): self.init(numbers: [.unsignedInt(location), .unsignedInt(length)], isRect: false)
        case .edgeInsets(let t, let l, let b, let r): self.init(numbers: [.double(t), .double(l), .double(b), .double(r)], isRect: false)
        case .cArray: return nil
        }
    }

    private init(numbers: [ArchiveValue], isRect: Bool) {
        self.numbers = numbers
        self.isRect = isRect
    }

    /// Half `i` (0: origin, 1: size) of a rect, as a pair.
    func half(_ i: Int) -> ArchiveGeometry {
        ArchiveGeometry(numbers: Array(numbers[2 * i ..< 2 * i + 2]), isRect: false)
    }
}

extension ArchiveValueDecoder {
    /// This decoder's value as geometry: an Apple geometry string, or an `NSValue` of a point, size,
    /// rect, range or edge insets; nil for anything else.
    func archivedGeometry() throws -> ArchiveGeometry? {
        if case .string = value { return state.string(value).flatMap(ArchiveGeometry.init(parsing:)) }
        if let p = plainEntry(value), case .string = p { return state.string(p).flatMap(ArchiveGeometry.init(parsing:)) }
        guard case .ref(let n) = value, n >= 0, n < state.objects.count, state.family(ofObject: n) == .value else { return nil }
        return ArchiveGeometry(try leaf(value, ArchivedGeometry.self, nil))
    }

    /// An unkeyed container over `g`: its numbers, or a rect's two pairs.
    func geometryContainer(_ g: ArchiveGeometry) -> any UnkeyedDecodingContainer {
        let object: Int
        if case .ref(let n) = value { object = n } else { object = -1 }
        if g.isRect { return ArchiveRectDecodingContainer(decoder: self, rect: g) }
        return ArchiveUnkeyedDecodingContainer(decoder: self, object: object, members: g.numbers[...])
    }
}

/// A rect's unkeyed container: its origin and its size, each a pair (`CGRect`'s `CGPoint` and `CGSize`).
struct ArchiveRectDecodingContainer: UnkeyedDecodingContainer {
    let decoder: ArchiveValueDecoder
    let rect: ArchiveGeometry
    private(set) var currentIndex = 0

    init(decoder: ArchiveValueDecoder, rect: ArchiveGeometry) {
        self.decoder = decoder
        self.rect = rect
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { 2 }
    var isAtEnd: Bool { currentIndex >= 2 }

    /// A decoder of the next half, past which the container moves.
    private mutating func nextHalf(_ type: Any.Type) throws -> ArchiveValueDecoder {
        guard currentIndex < 2 else {
            let text = "a rect's origin and size are used up"
            throw DecodingError.valueNotFound(type, decoder.context(.index(currentIndex), text, ArchiveError(.valueNotFound, text)))
        }
        let child = ArchiveValueDecoder(state: decoder.state, value: .nil, parent: decoder, component: .index(currentIndex))
        child.geometry = rect.half(currentIndex)
        currentIndex += 1
        return child
    }

    /// A member read as a scalar: each is a pair of numbers, never one.
    private func scalar<T>(_ type: T.Type) throws -> T {
        let text = "a rect's members are pairs of numbers (origin, size), not a \(T.self)"
        throw DecodingError.typeMismatch(T.self, decoder.context(.index(currentIndex), text, ArchiveError(.typeMismatch, text)))
    }

    mutating func decodeNil() throws -> Bool { false }
    mutating func decode(_ type: Bool.Type) throws -> Bool { try scalar(type) }
    mutating func decode(_ type: String.Type) throws -> String { try scalar(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try scalar(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try scalar(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try scalar(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try scalar(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try scalar(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try scalar(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try scalar(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try scalar(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try scalar(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try scalar(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try scalar(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try scalar(type) }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: nextHalf(T.self)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try nextHalf(KeyedDecodingContainer<NestedKey>.self).container(keyedBy: NestedKey.self)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try nextHalf((any UnkeyedDecodingContainer).self).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder { try nextHalf((any Decoder).self) }
}
