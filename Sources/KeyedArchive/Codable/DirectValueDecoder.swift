#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The `Decoder` of the direct decode for one archived value: the property-list node a slot holds (an
/// inline scalar, `$null` or a UID) and where it sits. It is also its own single-value container.
final class DirectValueDecoder: Decoder, ArchivePathStep {
    let state: DirectDecodingState
    /// The value's node in the property list.
    let node: Int
    let parent: DirectValueDecoder?
    let component: ArchiveCodingPathComponent?
    /// The traits of the type being decoded when it declares a `$classname` (see ``ArchiveValueDecoder``).
    @exclusivity(unchecked) var expectedClass: CodableTypeTraits?
    /// The object dictionary a keyed container over this value reads: its keys at `keysAt`, its values
    /// `pairs` slots later (-1 before a container is asked for).
    @exclusivity(unchecked) var keysAt = -1
    @exclusivity(unchecked) var pairs = 0
    /// Where the previous key was found (see ``DirectDecodingState/value(inDict:pairs:key:cursor:)``).
    @exclusivity(unchecked) var cursor = -1
    /// Set when the keyed container reads an `NSDictionary`'s members in place instead of an object's keys.
    @exclusivity(unchecked) var dictionary: DirectDictionary?

    init(state: DirectDecodingState, node: Int, parent: DirectValueDecoder?, component: ArchiveCodingPathComponent?) {
        self.state = state
        self.node = node
        self.parent = parent
        self.component = component
    }

    var codingPath: [any CodingKey] { pathFromRoot }

    var userInfo: [CodingUserInfoKey: Any] { state.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard let e = state.referencedEntry(node) else { throw state.abandon() }
        let dict = state.nodes[state.entryNode(e)]
        guard dict.kind == .dict, let slot = state.objectClass(entry: e) else { throw state.abandon() }
        // The graph's checks depend on the class and the expected type only (see ArchiveValueDecoder).
        let classEntry = state.classSlots[slot].entry
        if !(classEntry == state.passedClassEntry && expectedClass === state.passedTraits) {
            let family = state.classSlots[slot].family
            switch family {
            case .other, .date, .url, .uuid, .error, .attributedString, .indexSet, .indexPath, .value:
                // A name the type declares, compared as the graph compares it first; a former name, a
                // `$classes` chain or a `$classhints` fallback are left to the graph-based decode.
                if let expected = expectedClass?.classNames, !expected.contains(state.classSlots[slot].name) { throw state.abandon() }
                if let allowed = state.options.allowedClassNames, family.needsAllowance,
                   !allowed.contains(state.classSlots[slot].name) {
                    throw state.abandon()
                }
                (state.passedClassEntry, state.passedTraits) = (classEntry, expectedClass)
            case .dictionary:
                // No class check, as on the graph-based path; only a small dictionary of distinct ASCII keys
                // is read in place (a larger one the graph-based decode reads through a table).
                guard let d = state.inPlaceDictionary(entry: e) else { throw state.abandon() }
                dictionary = d
                return state.keyedContainer(Key.self, for: self)
            default:
                throw state.abandon()
            }
        }
        dictionary = nil
        keysAt = Int(truncatingIfNeeded: dict.payload)
        pairs = Int(dict.count)
        cursor = -1
        return state.keyedContainer(Key.self, for: self)
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let (at, count) = try unkeyedMembers()
        return DirectUnkeyedDecodingContainer(decoder: self, membersAt: at, count: count)
    }

    /// The member slots of the array, set or ordered set this value references: its `NS.objects`, stored
    /// in place.
    func unkeyedMembers() throws -> (at: Int, count: Int) {
        guard let e = state.referencedEntry(node) else { throw state.abandon() }
        switch state.family(entry: e) {
        case .array?, .set?, .orderedSet?: break
        default: throw state.abandon()
        }
        guard let objects = state.value(ofEntry: e, key: "NS.objects") else { throw state.abandon() }
        let list = state.nodes[objects]
        guard list.kind == .array || list.kind == .set else { throw state.abandon() }
        return (Int(truncatingIfNeeded: list.payload), Int(list.count))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    // MARK: Decoding nested values

    /// Decodes the root value.
    func decodeTop<T: Decodable>(_ type: T.Type) throws -> T {
        let traits = state.traits(of: T.self)
        if let s = traits.scalar { return try s.decodeDirect(as: T.self, node, self) }
        return try decodeThrough(T.self, self, entry: state.referencedEntry(node), traits)
    }

    /// Decodes the value at node `node` as `T`, reached from this decoder through `component`.
    func decodeNested<T: Decodable>(_ type: T.Type, _ node: Int, _ component: @autoclosure () -> ArchiveCodingPathComponent) throws -> T {
        // Borrowed: the state's table holds every type's traits until the decode ends.
        try state.typeTraits.unretainedTraits(of: T.self)._withUnsafeGuaranteedRef { traits in
            try decodeNested(T.self, node, component(), traits)
        }
    }

    @inline(__always)
    private func decodeNested<T: Decodable>(_ type: T.Type, _ node: Int, _ component: @autoclosure () -> ArchiveCodingPathComponent,
                                            _ traits: CodableTypeTraits) throws -> T {
        if let s = traits.scalar { return try s.decodeDirect(as: T.self, node, self) }
        let entry = state.referencedEntry(node)
        if traits.scalarArray != .none, let e = entry {
            switch traits.scalarArray {
            case .ints: if let a = state.intsInPlace(entry: e) { return unsafeBitCast(a, to: T.self) }
            case .strings: if let a = state.stringsInPlace(entry: e) { return unsafeBitCast(a, to: T.self) }
            case .doubles: if let a = state.doublesInPlace(entry: e) { return unsafeBitCast(a, to: T.self) }
            case .none: break
            }
        }
        if let e = entry, state.flags[e] & DirectDecodingState.EntryFlags.seen != 0,
           let cached = state.shared[.init(object: e, type: ObjectIdentifier(T.self))] {
            return try cast(cached, T.self)
        }
        let child = DirectValueDecoder(state: state, node: node, parent: self, component: component())
        return try decodeThrough(T.self, child, entry: entry, traits)
    }

    /// Decodes this decoder's own value as `T` (a single-value container asked for a non-scalar type).
    func decodeWrapped<T: Decodable>(_ type: T.Type) throws -> T {
        // The graph-based decode does not count this level against the references' budget; nor is it a
        // reference of its own.
        let child = DirectValueDecoder(state: state, node: node, parent: self, component: nil)
        return try guarded(T.self, child, entry: -1, counted: false, state.traits(of: T.self))
    }

    /// Runs `T.init(from:)` (or an array's own path) on `decoder`, whose value references `entry` (nil: an
    /// inline value, or no entry), ``guarded(_:_:entry:counted:_:)``.
    private func decodeThrough<T: Decodable>(_ type: T.Type, _ decoder: DirectValueDecoder, entry: Int?,
                                             _ traits: CodableTypeTraits) throws -> T {
        // A UID that names no entry is a dangling reference: the graph-based decode reports it.
        if entry == nil, state.nodes[decoder.node].kind == .uid, !state.isNilNode(decoder.node) { throw state.abandon() }
        return try guarded(T.self, decoder, entry: entry ?? -1, counted: true, traits)
    }

    /// Runs `T`'s decode on `decoder` (`traits` are `T`'s), as the graph-based decode's `guarded` does:
    /// bounded depth, cycles refused (here: given up on), class instances shared, and every value but a
    /// wrapper's own (`counted`) against the decode budget.
    @inline(__always)
    private func guarded<T: Decodable>(_ type: T.Type, _ decoder: DirectValueDecoder, entry e: Int, counted: Bool,
                                       _ traits: CodableTypeTraits) throws -> T {
        guard state.depth < state.maxDepth else { throw state.abandon() }
        if e >= 0, state.flags[e] & DirectDecodingState.EntryFlags.inProgress != 0 { throw state.abandon() }
        if counted {
            state.decodedValues += 1
            guard state.decodedValues <= state.options.limits.maxObjectCount else { throw state.abandon() }
        }
        if traits.classNames != nil { decoder.expectedClass = traits }
        state.depth += 1
        var wasSeen = false
        if e >= 0 {
            wasSeen = state.flags[e] & DirectDecodingState.EntryFlags.seen != 0
            state.flags[e] |= DirectDecodingState.EntryFlags.inProgress | DirectDecodingState.EntryFlags.seen
        }
        defer {
            state.depth -= 1
            if e >= 0 { state.flags[e] &= ~DirectDecodingState.EntryFlags.inProgress }
        }
        let t: T
        if let array = traits.array {
            t = try array.decodeArrayDirect(as: T.self, decoder)
        } else if let dictionary = traits.dictionary {
            t = try dictionary.decodeDictionaryDirect(as: T.self, decoder)
        } else {
            t = try T(from: decoder)
        }
        // Classes are one instance per object from their first decode; values once they are met again.
        if e >= 0, traits.isClass || wasSeen { state.shared[.init(object: e, type: ObjectIdentifier(T.self))] = t }
        return t
    }
}

extension DirectDecodingState {
    /// A keyed container of `Key` reading `decoder` (prepared for it), from the pool (``DecodingContainerPool``).
    func keyedContainer<Key: CodingKey>(_: Key.Type, for decoder: DirectValueDecoder) -> KeyedDecodingContainer<Key> {
        DecodingContainerPool.container(Key.self, for: decoder, in: &keyedContainers) {
            KeyedDecodingContainer(DirectKeyedDecodingContainer<Key>(ticket: $0))
        }
    }
}
