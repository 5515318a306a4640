/// A set decoded member by member as `Set.init(from:)` does through an unkeyed container (the same values,
/// coding paths and errors), without the container's existential box and witness calls per member.
extension Set: ArchiveArrayDecodable where Element: Decodable {
    static func decodeArray<T>(as type: T.Type, _ d: ArchiveValueDecoder) throws -> T {
        guard Self.self == T.self else { throw internalCastError(Self.self, T.self) }
        let members: ArraySlice<ArchiveValue>
        do {
            members = try d.unkeyedMembers().members
        } catch {
            // Not a collection (perhaps a geometry, which an unkeyed container also reads): the standard path.
            return unsafeBitCast(try Self(from: d), to: T.self)
        }
        // The commonest members through code specialised for them.
        if Element.self == String.self { return unsafeBitCast(Set<String>(try d.scalars(String.self, members)), to: T.self) }
        if Element.self == Int.self { return unsafeBitCast(Set<Int>(try d.scalars(Int.self, members)), to: T.self) }
        var out = Set<Element>(minimumCapacity: members.count)
        if let scalar = d.state.traits(of: Element.self).scalar {
            for (i, v) in members.enumerated() { out.insert(try scalar.decodeScalar(as: Element.self, v, d, .index(i))) }
        } else {
            for (i, v) in members.enumerated() { out.insert(try d.decodeNested(Element.self, v, .index(i))) }
        }
        return unsafeBitCast(out, to: T.self)
    }
}
