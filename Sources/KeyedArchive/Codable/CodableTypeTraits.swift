/// What the coders need to know about a `Codable` type, looked up once per type and coding call: the
/// runtime's conformance checks (`T.self as? any P.Type`, `value as? any P`) cost a few hundred
/// instructions each, and unspecialised coding asks them at every value. A class: a lookup hands out
/// one reference, not a copy of six fields.
final class CodableTypeTraits {
    /// The type itself when it is read straight from one archived value.
    let scalar: (any ArchiveScalarDecodable.Type)?
    /// The type itself when it is an array or a set, decoded without an unkeyed container.
    let array: (any ArchiveArrayDecodable.Type)?
    /// The type itself when it is a `[String: V]` (an `[Int: V]` through ``ArchiveIntKeyedDictionary``), decoded
    /// without a keyed container where it can be.
    let dictionary: (any ArchiveDictionaryDecodable.Type)?
    /// Which scalar array the type is, if one: compared here once, not at every value (in unspecialised
    /// code `T.self == [Int].self` asks the runtime for `[Int]`'s metadata at every call).
    let scalarArray: ArchiveScalarArrayKind
    /// The `$classname` the type declares (or the type it forwards its name to), then its former names.
    let classNames: [String]?
    /// The type itself when it encodes as one inline or Foundation value.
    let scalarEncodable: (any ArchiveScalarEncodable.Type)?
    /// The type itself when it is an array, set or dictionary with its own Foundation shape.
    let collectionEncodable: (any ArchiveCollectionEncodable.Type)?
    /// Whether instances are objects, archived once per identity.
    let isClass: Bool
    /// The Foundation geometry type the type is (`CGRect`, …), which Cocoa archives in its own shapes;
    /// looked for (by name) only for encoding, and only among types with no other shortcut.
    let geometry: ArchiveGeometryType?

    init(_ type: Any.Type, encoding: Bool) {
        scalar = type as? any ArchiveScalarDecodable.Type
        array = scalar == nil ? type as? any ArchiveArrayDecodable.Type : nil
        dictionary = scalar == nil && array == nil && !encoding ? archiveDictionaryDecodable(type) : nil
        scalarArray = type == [Int].self ? .ints : type == [String].self ? .strings : type == [Double].self ? .doubles : .none
        if let named = Self.classNameType(type) as? any KeyedArchiveClassNamed.Type {
            classNames = [named.archivedClassName] + named.formerArchivedClassNames
        } else {
            classNames = nil
        }
        scalarEncodable = type as? any ArchiveScalarEncodable.Type
        collectionEncodable = type as? any ArchiveCollectionEncodable.Type
        isClass = type is AnyClass
        geometry = encoding && scalarEncodable == nil && collectionEncodable == nil && !isClass ? ArchiveGeometryType(type) : nil
    }
}

/// The traits of the types one decode or encode met. A decode meets a handful of types, so a linear scan over
/// their identifiers beats hashing; past ``maxScanned`` types the rest go to a dictionary.
struct CodableTypeTraitsTable {
    /// Whether the table serves an encode (``CodableTypeTraits/geometry`` is looked for).
    let encoding: Bool
    private var types: [ObjectIdentifier] = []
    /// The scanned types' traits, unretained (``owned`` holds them): loading a class reference retains it.
    private var unretained: [Unmanaged<CodableTypeTraits>] = []
    private var owned: [CodableTypeTraits] = []
    private var overflow: [ObjectIdentifier: CodableTypeTraits] = [:]
    static let maxScanned = 32

    init(encoding: Bool) { self.encoding = encoding }

    mutating func traits(of type: Any.Type) -> CodableTypeTraits { unretainedTraits(of: type).takeUnretainedValue() }

    /// `type`'s traits without a retain, for a caller on the hot path; valid while the table lives (it
    /// only ever adds traits).
    @inline(__always) mutating func unretainedTraits(of type: Any.Type) -> Unmanaged<CodableTypeTraits> {
        let id = ObjectIdentifier(type)
        for i in types.indices where types[i] == id { return unretained[i] }
        return .passUnretained(unscanned(type, id))
    }

    /// The traits of a type the scan did not find: from the dictionary, or made and added.
    private mutating func unscanned(_ type: Any.Type, _ id: ObjectIdentifier) -> CodableTypeTraits {
        if let t = overflow[id] { return t }
        let t = CodableTypeTraits(type, encoding: encoding)
        if types.count < Self.maxScanned {
            types.append(id)
            owned.append(t)
            unretained.append(.passUnretained(t))
        } else {
            overflow[id] = t
        }
        return t
    }
}

/// An array of decodable members, decoded member by member as `Array.init(from:)` does through an unkeyed
/// container (the same values, coding paths and errors), but into storage reserved once and without the
/// container's existential box and per-member witness calls.
protocol ArchiveArrayDecodable {
    static func decodeArray<T>(as type: T.Type, _ d: ArchiveValueDecoder) throws -> T
    /// The same collection for the direct decode (DirectCollectionDecoding.swift).
    static func decodeArrayDirect<T>(as type: T.Type, _ d: DirectValueDecoder) throws -> T
}

extension Array: ArchiveArrayDecodable where Element: Decodable {
    static func decodeArray<T>(as type: T.Type, _ d: ArchiveValueDecoder) throws -> T {
        // The commonest arrays take code specialised for them (no generic array calls or witness calls
        // per member, no `Array<Element>` metadata lookup); the decoding is the scalar path's below.
        switch d.state.traits(of: T.self).scalarArray {
        case .ints: return unsafeBitCast(try d.scalars(Int.self, d.unkeyedMembers().members), to: T.self)
        case .strings: return unsafeBitCast(try d.scalars(String.self, d.unkeyedMembers().members), to: T.self)
        case .doubles: return unsafeBitCast(try d.scalars(Double.self, d.unkeyedMembers().members), to: T.self)
        case .none: break
        }
        guard Self.self == T.self else { throw internalCastError(Self.self, T.self) }
        let members = try d.unkeyedMembers().members
        var out: [Element] = []
        out.reserveCapacity(members.count)
        if let scalar = d.state.traits(of: Element.self).scalar {
            for (i, v) in members.enumerated() { out.append(try scalar.decodeScalar(as: Element.self, v, d, .index(i))) }
        } else {
            for (i, v) in members.enumerated() { out.append(try d.decodeNested(Element.self, v, .index(i))) }
        }
        return unsafeBitCast(out, to: T.self)
    }
}

extension ArchiveValueDecoder {
    /// Members decoded as the scalar type `S`; each concrete call is specialised.
    func scalars<S: ArchiveScalarDecodable>(_ type: S.Type, _ members: ArraySlice<ArchiveValue>) throws -> [S] {
        var out: [S] = []
        out.reserveCapacity(members.count)
        for (i, v) in members.enumerated() { out.append(try S.decodeScalar(v, self, .index(i))) }
        return out
    }
}
