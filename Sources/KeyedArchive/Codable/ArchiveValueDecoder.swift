#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The `Decoder` for one archived value: a slot's value (inline scalar, `nil` or a reference) and where
/// it sits. It is also its own single-value container, as the value needs nothing more.
final class ArchiveValueDecoder: Decoder, ArchivePathStep {
    let state: ArchiveDecodingState
    let value: ArchiveValue
    let parent: ArchiveValueDecoder?
    let component: ArchiveCodingPathComponent?
    /// The traits of the type being decoded when it declares a `$classname` (``KeyedArchiveClassNamed``):
    /// keyed containers check the object's class against its ``CodableTypeTraits/classNames``.
    @exclusivity(unchecked) var expectedClass: CodableTypeTraits?
    /// Where the keyed container over this value's object found its previous key (see
    /// ``ArchiveDecodingState/value(ofObject:graphKey:cursor:)``).
    @exclusivity(unchecked) var cursor = -1
    /// The object a keyed container over this value reads (-1 before one is asked for).
    @exclusivity(unchecked) var keyedObject = -1
    /// That object's run of keyed values (``ArchiveDecodingState/valueRun(ofObject:)``), found once.
    @exclusivity(unchecked) var keyedRun = 0 ..< 0
    /// Its entries as a table, for an `NSDictionary` or renamed keys; nil: the object's own keys.
    @exclusivity(unchecked) var keyedTable: ArchiveKeyedTable?
    /// Its entries in place, for a small `NSDictionary` of ASCII keys read with the default keys (then
    /// ``keyedTable`` is nil).
    @exclusivity(unchecked) var keyedDictionary: ArchiveInPlaceDictionary?
    /// Set for half of a rect (``ArchiveRectDecodingContainer``): the pair this decoder reads, not `value`.
    @exclusivity(unchecked) var geometry: ArchiveGeometry?

    init(state: ArchiveDecodingState, value: ArchiveValue, parent: ArchiveValueDecoder?, component: ArchiveCodingPathComponent?) {
        self.state = state
        self.value = value
        self.parent = parent
        self.component = component
    }

    var codingPath: [any CodingKey] { pathFromRoot }

    var userInfo: [CodingUserInfoKey: Any] { state.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        let n = try objectIndex(for: "a keyed container", [String: Any].self)
        var dictionary: ArchiveKeyedTable?
        var inPlace: ArchiveInPlaceDictionary?
        let o = state.objects[n]
        // The checks depend on the object's class and the expected type only: a class that passed them
        // for the same type (the members of an array) passes again. (`classIndex >= 0`: the remembered
        // index starts at -1, which a class-less object must not match.)
        let passed = o.kind == .object && o.classIndex >= 0 && o.classIndex == state.keyedClassPassed
            && expectedClass === state.keyedClassTraits
        if !passed {
            switch state.family(ofObject: n) {
            case .dictionary:
                if case .useDefaultKeys = state.options.keyDecodingStrategy, let d = inPlaceDictionary(n) {
                    inPlace = d
                } else {
                    dictionary = try dictionaryTable(n)
                }
            case .other, .date, .url, .uuid, .error, .attributedString, .indexSet, .indexPath, .value:
                guard o.kind == .object else {
                    throw mismatch([String: Any].self, "expected an archived object for a keyed container, found a plain \(plainKind(n))", object: n)
                }
                try checkClass(n)
                (state.keyedClassPassed, state.keyedClassTraits) = (o.classIndex, expectedClass)
            case .string, .data, .number, .null, .array, .set, .orderedSet, .countedSet:
                throw mismatch([String: Any].self, "expected an archived object or dictionary for a keyed container, found \(describe(n))", object: n)
            }
        }
        ArchiveKeyedDecodingContainer<Key>.prepare(self, object: n, dictionary: dictionary, inPlace: inPlace)
        return state.keyedContainer(Key.self, for: self)
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        if let geometry { return geometryContainer(geometry) }
        do {
            let (n, members) = try unkeyedMembers()
            return ArchiveUnkeyedDecodingContainer(decoder: self, object: n, members: members)
        } catch {
            // What is not a collection may be a point, size, rect or range as Cocoa archives them, which
            // reads as the Swift types' unkeyed shapes; anything else keeps its error.
            guard let g = try archivedGeometry() else { throw error }
            return geometryContainer(g)
        }
    }

    /// What an unkeyed container over this value reads: the object and its members (a dictionary's keys
    /// and values in turn).
    func unkeyedMembers() throws -> (object: Int, members: ArraySlice<ArchiveValue>) {
        let n = try objectIndex(for: "an unkeyed container", [Any].self)
        let members: ArraySlice<ArchiveValue>
        do {
            switch state.family(ofObject: n) {
            case .array, .set, .orderedSet:
                // A keyed archive's `NS.objects` array, read in place; any other form (and any error) through the typed coder.
                if let inPlace = state.inlineMembers(ofObject: n) {
                    members = inPlace
                } else {
                    members = try state.unarchiver.withObjectScope(n) { () throws(ArchiveError) in try state.unarchiver.memberValues() }
                }
            case .dictionary:
                let (ks, vs) = try state.unarchiver.withObjectScope(n) { () throws(ArchiveError) in try state.unarchiver.dictionaryMembers() }
                var all: [ArchiveValue] = []
                all.reserveCapacity(ks.count * 2)
                for (k, v) in zip(ks, vs) { all.append(k); all.append(v) }
                members = all[...]
            default:
                throw mismatch([Any].self, "expected an array, set, ordered set or dictionary for an unkeyed container, found \(describe(n))", object: n)
            }
        } catch let e as ArchiveError {
            throw DecodingError.dataCorrupted(context(nil, e.reason, e.located(object: n)))
        }
        return (n, members)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    // MARK: Decoding nested values

    /// Decodes the root value.
    func decodeTop<T: Decodable>(_ type: T.Type) throws -> T {
        let traits = state.traits(of: T.self)
        if let s = traits.scalar {
            return try s.decodeScalar(as: T.self, value, self, nil)
        }
        return try decodeThrough(T.self, self, reference: value, traits)
    }

    /// Decodes `value` as `T`, reached from this decoder through `component`.
    /// `component` is made only when needed (a child decoder, an error): most scalars never need it.
    func decodeNested<T: Decodable>(_ type: T.Type, _ value: ArchiveValue, _ component: @autoclosure () -> ArchiveCodingPathComponent) throws -> T {
        let traits = state.traits(of: T.self)
        if let s = traits.scalar {
            return try s.decodeScalar(as: T.self, value, self, component())
        }
        if traits.scalarArray != .none, case .ref(let n) = value {
            switch traits.scalarArray {
            case .ints: if let a = state.intsInPlace(objectAt: n) { return unsafeBitCast(a, to: T.self) }
            case .strings: if let a = state.stringsInPlace(objectAt: n) { return unsafeBitCast(a, to: T.self) }
            case .doubles: if let a = state.doublesInPlace(objectAt: n) { return unsafeBitCast(a, to: T.self) }
            case .none: break
            }
        }
        // Unwrap the dictionary's optional first: `nil as? T` succeeds when T is itself an Optional.
        if case .ref(let n) = value, state.isShared(n), let cached = state.shared[.init(object: n, type: ObjectIdentifier(T.self))] {
            return try cast(cached, T.self)
        }
        let child = ArchiveValueDecoder(state: state, value: value, parent: self, component: component())
        return try decodeThrough(T.self, child, reference: value, traits)
    }

    /// Decodes this decoder's own value as `T` (a single-value container asked for a non-scalar type).
    func decodeWrapped<T: Decodable>(_ type: T.Type) throws -> T {
        let child = ArchiveValueDecoder(state: state, value: value, parent: self, component: nil)
        return try decodeThrough(T.self, child, reference: nil, state.traits(of: T.self))
    }

    /// Runs `T.init(from:)` (or an array's own path) on `decoder` (`traits` are `T`'s), ``guarded(_:_:reference:_:_:)``.
    private func decodeThrough<T: Decodable>(_ type: T.Type, _ decoder: ArchiveValueDecoder, reference: ArchiveValue?,
                                             _ traits: CodableTypeTraits) throws -> T {
        try guarded(T.self, decoder, reference: reference, traits) { d in
            // Not `??`: an optional `T` asks the runtime for `Optional<T>`'s metadata at every call.
            if let array = traits.array { return try array.decodeArray(as: T.self, d) }
            if let dictionary = traits.dictionary { return try dictionary.decodeDictionary(as: T.self, d) }
            return try T(from: d)
        }
    }

    /// Decodes this (root) decoder's value through `T.init(from:configuration:)`, as `JSONDecoder`'s
    /// `decode(_:from:configuration:)` does: no scalar or array shortcut, the same bounds and cycle checks.
    func decodeTopConfigured<T: DecodableWithConfiguration>(_ type: T.Type, configuration: T.DecodingConfiguration) throws -> T {
        try guarded(T.self, self, reference: value, state.traits(of: T.self)) { try T(from: $0, configuration: configuration) }
    }

    /// Runs `decode` on `decoder` (`traits` are `T`'s): bounded depth, cycles through `reference` refused, class
    /// instances shared.
    @inline(__always)
    private func guarded<T>(_ type: T.Type, _ decoder: ArchiveValueDecoder, reference: ArchiveValue?, _ traits: CodableTypeTraits,
                            _ decode: (ArchiveValueDecoder) throws -> T) throws -> T {
        var n = -1
        if case .ref(let i)? = reference, i >= 0, i < state.inProgress.count {
            if state.inProgress[i] {
                throw DecodingError.dataCorrupted(decoder.context(nil,
                    "reference cycle: object #\(i) is already being decoded further up this path, and a \(T.self) cannot hold a cycle",
                    ArchiveError(.corruptArchive, "reference cycle through object #\(i)", objectIndex: i)))
            }
            n = i
        }
        guard state.depth < state.maxDepth else {
            throw DecodingError.dataCorrupted(decoder.context(nil,
                "values nest deeper than the depth budget of \(state.maxDepth)",
                ArchiveError(.limitExceeded, "values nest deeper than \(state.maxDepth)", objectIndex: n >= 0 ? n : nil)))
        }
        if reference != nil {
            state.decodedValues += 1
            let limit = state.options.limits.maxObjectCount
            guard state.decodedValues <= limit else {
                throw DecodingError.dataCorrupted(decoder.context(nil,
                    "the archive's values decode more than \(limit) times (a shared value that fails is decoded again at every use)",
                    ArchiveError(.limitExceeded, "more than \(limit) values decoded", objectIndex: n >= 0 ? n : nil)))
            }
        }
        if traits.classNames != nil { decoder.expectedClass = traits }
        state.depth += 1
        if n >= 0 { state.inProgress[n] = true }
        defer {
            state.depth -= 1
            if n >= 0 { state.inProgress[n] = false }
        }
        let t = try decode(decoder)
        if n >= 0, state.isShared(n) { state.shared[.init(object: n, type: ObjectIdentifier(T.self))] = t }
        return t
    }

    // MARK: Resolving references

    /// The object a container reads: `value` must be a reference to an object in the table.
    func objectIndex(for what: String, _ type: Any.Type) throws -> Int {
        switch value {
        case .ref(let n):
            guard n >= 0, n < state.objects.count else {
                throw DecodingError.dataCorrupted(context(nil, "reference to object \(n), but the archive has \(state.objects.count) objects",
                                                          ArchiveError(.badReference, "dangling reference", objectIndex: n)))
            }
            return n
        case .nil:
            throw DecodingError.valueNotFound(type, context(nil, "expected \(what), found nil",
                                                            ArchiveError(.valueNotFound, "nil where \(what) was expected")))
        default:
            throw mismatch(type, "expected \(what), found an inline \(value.kindName)", object: nil)
        }
    }

    /// Checks the class of object `n` against the declared class name and the allow-list.
    private func checkClass(_ n: Int) throws {
        let classes = state.classes
        let o = state.objects[n]
        guard o.classIndex >= 0, o.classIndex < classes.count else {
            throw DecodingError.dataCorrupted(context(nil, "object #\(n) has no class",
                                                      ArchiveError(.corruptArchive, "object without $class", objectIndex: n)))
        }
        if let expected = expectedClass?.classNames, let first = expected.first {
            let cls = classes[o.classIndex]
            guard expected.contains(where: { name in
                cls.name == name || cls.chain.contains(name)
                    || cls.fallbacks.contains { $0 >= 0 && $0 < classes.count && classes[$0].name == name }
            }) else {
                throw DecodingError.typeMismatch(Self.self, context(nil, "expected an object of class \(first), found \(cls.name) (object #\(n))",
                    ArchiveError(.unexpectedClass, "class \(cls.name) is not \(first)", objectIndex: n)))
            }
        }
        if let allowed = state.options.allowedClassNames, state.needsAllowance(n), !allowed.contains(classes[o.classIndex].name) {
            let name = classes[o.classIndex].name
            throw DecodingError.dataCorrupted(context(nil, "class \(name) (object #\(n)) is not in allowedClassNames",
                ArchiveError(.secureCodingViolation, "class \(name) is not allowed", objectIndex: n)))
        }
    }

    /// The string-keyed entries of an `NSDictionary` object (string keys, or numbers as their decimal text).
    private func dictionaryTable(_ n: Int) throws -> ArchiveKeyedTable {
        let members: (keys: ArraySlice<ArchiveValue>, values: ArraySlice<ArchiveValue>)
        if let inPlace = inPlaceDictionaryMembers(n) {
            members = inPlace
        } else {
            let u = state.unarchiver
            do {
                let (ks, vs) = try u.withObjectScope(n) { () throws(ArchiveError) in try u.dictionaryMembers() }
                members = (ks[...], vs[...])
            } catch {
                throw DecodingError.dataCorrupted(context(nil, error.reason, error.located(object: n)))
            }
        }
        let table = ArchiveKeyedTable(capacity: members.keys.count)
        for (i, (k, v)) in zip(members.keys, members.values).enumerated() {
            guard let text = dictionaryKeyText(k) else {
                throw DecodingError.typeMismatch(String.self, context(nil,
                    "dictionary key \(i) of object #\(n) is neither a string nor a number, so it cannot be a CodingKey; decode an unkeyed container instead",
                    ArchiveError(.typeMismatch, "non-string dictionary key", objectIndex: n, keyPath: ["NS.keys[\(i)]"])))
            }
            table.set(v, forKey: text)
        }
        return table
    }

    // MARK: Errors

    /// The coding path as strings, for ``ArchiveError/keyPath``.
    var pathStrings: [String] { codingPath.map(\.stringValue) }

    /// A context at this decoder's path (plus `component`), with `underlying` as its underlying error.
    func context(_ component: ArchiveCodingPathComponent?, _ text: String, _ underlying: ArchiveError) -> DecodingError.Context {
        var path = codingPath
        if let component { path.append(component.codingKey) }
        var e = underlying
        e.keyPath = path.map(\.stringValue) + e.keyPath
        return DecodingError.Context(codingPath: path, debugDescription: text, underlyingError: e)
    }

    /// A type mismatch at this decoder's path.
    func mismatch(_ type: Any.Type, _ text: String, object: Int?, _ component: ArchiveCodingPathComponent? = nil) -> DecodingError {
        .typeMismatch(type, context(component, text, ArchiveError(.typeMismatch, text, objectIndex: object)))
    }

    /// What object `n` is, in words.
    func describe(_ n: Int) -> String {
        let o = state.graph.objects[n]
        if o.kind == .plain { return "a plain \(o.plainValue.kindName) (object #\(n))" }
        return "an object of class \(state.graph.className(ofObject: n) ?? "?") (object #\(n))"
    }

    private func plainKind(_ n: Int) -> String { state.graph.objects[n].plainValue.kindName + " (object #\(n))" }
}

extension ArchiveError {
    /// This error with an object index, when it had none.
    func located(object: Int) -> ArchiveError {
        var e = self
        if e.objectIndex == nil { e.objectIndex = object }
        return e
    }
}

/// `x`, stored as a `T`, as `T`, or an error (never a trap) if it is not one. Only shared-cache hits
/// come here; kept out of line so that the conditional cast's `Optional<T>` metadata request stays off
/// the callers' path.
@inline(never)
func cast<T>(_ x: Any, _ type: T.Type) throws -> T {
    guard let t = x as? T else { throw internalCastError(Swift.type(of: x), T.self) }
    return t
}

/// The error for a value whose type is not the one its table promised (a bug here, not in the input).
func internalCastError(_ found: Any.Type, _ expected: Any.Type) -> DecodingError {
    .typeMismatch(expected, .init(codingPath: [], debugDescription: "internal: decoded \(found), not \(expected)"))
}

/// A decoder that knows its parent and the step that led from it (nil: no step, as a wrapper's own
/// decoder): its coding path is the steps from the root, made only when asked for.
protocol ArchivePathStep: AnyObject {
    var parent: Self? { get }
    var component: ArchiveCodingPathComponent? { get }
}

extension ArchivePathStep {
    /// The coding keys of the steps from the root to this decoder.
    var pathFromRoot: [any CodingKey] {
        var path: [any CodingKey] = []
        var d: Self? = self
        while let cur = d {
            if let c = cur.component { path.append(c.codingKey) }
            d = cur.parent
        }
        return path.reversed()
    }
}
