#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What one ``KeyedArchiveEncoder/encode(_:)`` call shares between its encoders and containers: the
/// archiver whose tables it fills, class instances already written, and the containers still open.
// Invariant: one encode runs on one thread, and no access to a var below spans a call that touches it
// again, so they skip the runtime exclusivity checks (as the archiver does).
final class ArchiveEncodingState {
    let archiver: KeyedArchiver
    let options: KeyedArchiveEncoder
    let userInfo: [CodingUserInfoKey: Any]
    /// Class instance → what it was encoded as (identity is kept: one object, many references).
    @exclusivity(unchecked) var byIdentity: [ObjectIdentifier: ArchiveValue] = [:]
    /// Class instances whose `encode(to:)` is running: meeting one again is a cycle.
    @exclusivity(unchecked) var inProgress: Set<ObjectIdentifier> = []
    /// Keeps every encoded instance alive, so that an `ObjectIdentifier` is never reused mid-encode.
    @exclusivity(unchecked) var retained: [AnyObject] = []
    /// Containers whose object is not written yet; each value's encoder flushes its own on return.
    @exclusivity(unchecked) var open: [ArchiveEncodingBox] = []
    /// Recycled value buffers of flushed containers.
    @exclusivity(unchecked) var pool: [[ArchiveKeyedValue]] = []
    /// The members of the scalar array being written (``writeScalarArray(_:_:)``), kept between arrays.
    @exclusivity(unchecked) var scalarMembers: [ArchiveValue] = []
    @exclusivity(unchecked) var depth = 0
    /// Type → class index, for archived-object containers.
    @exclusivity(unchecked) var classIndexByType: [ObjectIdentifier: Int] = [:]
    /// The type of the last ``classIndex(for:)`` and its answer.
    @exclusivity(unchecked) private var lastClassType: ObjectIdentifier?
    @exclusivity(unchecked) private var lastClassIndex = 0
    /// The conformances of the types this encode met.
    @exclusivity(unchecked) var typeTraits = CodableTypeTraitsTable(encoding: true)
    let keyNSObjects: Int
    let keyNSKeys: Int

    init(archiver: KeyedArchiver, encoder: KeyedArchiveEncoder) {
        self.archiver = archiver
        self.options = encoder
        self.userInfo = encoder.userInfo
        keyNSObjects = archiver.internKey("NS.objects")
        keyNSKeys = archiver.internKey("NS.keys")
    }

    // MARK: Values

    /// Encodes `value` reached from `parent` through `component`; returns a raw value: an inline scalar,
    /// `.nil`, or a reference. ``reference(_:)`` turns it into what a collection or `$top` holds.
    /// `component` is made only for an encoder or an error: scalars never need it.
    func encodeValue<T: Encodable>(_ value: T, parent: ArchiveValueEncoder?, component: @autoclosure () -> ArchiveCodingPathComponent?,
                                   underKey: Bool = false) throws -> ArchiveValue {
        let traits = typeTraits.traits(of: T.self)
        if let s = traits.scalarEncodable { return try s.archiveScalar(of: value, self) }
        if let g = traits.geometry, let geometry = g.geometry(of: value) { return try encodeGeometry(geometry, underKey: underKey) }
        if traits.isClass {
            return try keepingIdentity(value, parent, component()) { try encodeThroughEncoder(value, traits, parent: parent, component: $0) }
        }
        return try encodeThroughEncoder(value, traits, parent: parent, component: component())
    }

    /// Encodes the root `value` through its `encode(to:configuration:)`, as `JSONEncoder`'s
    /// `encode(_:configuration:)` does: no scalar or collection shortcut; a class instance keeps its identity.
    func encodeConfigured<T: EncodableWithConfiguration>(_ value: T, configuration: T.EncodingConfiguration) throws -> ArchiveValue {
        let encode = { (component: ArchiveCodingPathComponent?) throws -> ArchiveValue in
            try self.checkDepth(value, nil, component)
            return try self.withValueEncoder(T.self, parent: nil, component: component) { try value.encode(to: $0, configuration: configuration) }
        }
        if typeTraits.traits(of: T.self).isClass { return try keepingIdentity(value, nil, nil, encode) }
        return try encode(nil)
    }

    /// `encode(component)` for class instance `value`, once: a second encode of the instance gives the
    /// first one's value, and meeting it again inside its own encode is a reference cycle.
    @inline(__always)
    private func keepingIdentity<T>(_ value: T, _ parent: ArchiveValueEncoder?, _ component: @autoclosure () -> ArchiveCodingPathComponent?,
                                    _ encode: (ArchiveCodingPathComponent?) throws -> ArchiveValue) throws -> ArchiveValue {
        let object = classInstance(value)
        let id = ObjectIdentifier(object)
        if let done = byIdentity[id] { return done }
        if inProgress.contains(id) {
            throw failure(value, parent, component(), "reference cycle: this \(T.self) instance is already being encoded further up this path")
        }
        inProgress.insert(id)
        defer { inProgress.remove(id) }
        let v = try encode(component())
        byIdentity[id] = v
        retained.append(object)
        return v
    }

    private func encodeThroughEncoder<T: Encodable>(_ value: T, _ traits: CodableTypeTraits, parent: ArchiveValueEncoder?,
                                                    component: ArchiveCodingPathComponent?) throws -> ArchiveValue {
        try checkDepth(value, parent, component)
        if traits.scalarArray != .none { return writeScalarArray(value, traits.scalarArray) }
        return try withValueEncoder(T.self, parent: parent, component: component) { encoder in
            if let c = traits.collectionEncodable {
                try c.encodeMembers(of: value, encoder)
            } else {
                try value.encode(to: encoder)
            }
        }
    }

    @inline(__always)
    private func checkDepth<T>(_ value: T, _ parent: ArchiveValueEncoder?, _ component: ArchiveCodingPathComponent?) throws {
        guard depth < KeyedArchiveEncoder.maxValueDepth else {
            throw failure(value, parent, component, "values nest deeper than \(KeyedArchiveEncoder.maxValueDepth) levels")
        }
    }

    /// Runs `encode` on a new encoder for a value of `type` one level deeper, then writes the containers
    /// it opened: the value's raw result.
    @inline(__always)
    private func withValueEncoder(_ type: Any.Type, parent: ArchiveValueEncoder?, component: ArchiveCodingPathComponent?,
                                  _ encode: (ArchiveValueEncoder) throws -> Void) throws -> ArchiveValue {
        depth += 1
        defer { depth -= 1 }
        let encoder = ArchiveValueEncoder(state: self, parent: parent, component: component, type: type)
        let mark = open.count
        try encode(encoder)
        if encoder.result == nil {
            // A value that encodes nothing is an empty object, as JSONEncoder writes `{}`.
            _ = encoder.container(keyedBy: ArchiveCodingKey.self)
        }
        flush(from: mark)
        return encoder.result ?? .nil
    }

    /// Geometry as Cocoa archives it: under an archived object's key, a point, size or rect as its
    /// string (`encodeRect:forKey:`); anywhere else, and a range anywhere, an `NSValue`.
    private func encodeGeometry(_ g: ArchivedGeometry, underKey: Bool) throws -> ArchiveValue {
        if underKey, let text = ArchiveGeometryType.keyedString(g) { return archiver.encodePlainString(text) }
        do {
            return try g.encodeArchived(to: archiver)
        } catch {
            throw EncodingError.invalidValue(g, .init(codingPath: [], debugDescription: "\(error)", underlyingError: error))
        }
    }

    /// What a collection member, a dictionary-container value or `$top` holds: scalars become shared
    /// `NSNumber` entries, everything else stays a reference (or nil).
    func reference(_ raw: ArchiveValue) -> ArchiveValue {
        switch raw {
        case .bool, .int, .unsignedInt, .float, .double: return archiver.encodePlain(raw)
        default: return raw
        }
    }

    /// A Foundation collection member: like ``reference(_:)``, but nil becomes `NSNull` (collections
    /// cannot hold nil).
    func member(_ raw: ArchiveValue) throws -> ArchiveValue {
        guard case .nil = raw else { return reference(raw) }
        if let nullRef { return nullRef }
        let r = try ArchivedNull().encodeArchived(to: archiver)
        nullRef = r
        return r
    }
    /// The one `NSNull` object of the archive, once written (Foundation's `NSNull` is a singleton).
    private var nullRef: ArchiveValue?

    func failure(_ value: Any, _ parent: ArchiveValueEncoder?, _ component: ArchiveCodingPathComponent?, _ text: String) -> EncodingError {
        var path = parent?.codingPath ?? []
        if let component { path.append(component.codingKey) }
        return .invalidValue(value, .init(codingPath: path, debugDescription: text,
                                          underlyingError: ArchiveError(.encodingFailed, text, keyPath: path.map(\.stringValue))))
    }

    // MARK: Containers

    /// A new container object of `kind`; for `.object`, of the class named for `type`.
    func openBox(_ kind: ArchiveEncodingBox.Kind, type: Any.Type) -> ArchiveEncodingBox {
        let c: Int
        switch kind {
        case .object: c = classIndex(for: type)
        case .dictionary: c = archiver.classIndex(name: "NSDictionary", chain: ["NSDictionary", "NSObject"])
        case .array: c = archiver.classIndex(name: "NSArray", chain: ["NSArray", "NSObject"])
        case .set: c = archiver.classIndex(name: "NSSet", chain: ["NSSet", "NSObject"])
        }
        let box = ArchiveEncodingBox(kind: kind, uid: appendContainerObject(classIndex: c), values: pool.popLast() ?? [])
        open.append(box)
        return box
    }

    /// A new container object of class `c`, its values to come (and the class's description, the
    /// first time the class is used): its uid.
    func appendContainerObject(classIndex c: Int) -> Int {
        let uid = archiver.objects.count
        archiver.appendObject(ArchiveObject(kind: .object, classIndex: c, valueStart: 0, valueCount: 0))
        archiver.describeClassOnFirstUse(c)
        return uid
    }

    /// Writes the objects of containers opened since `mark`, in the order they were opened.
    func flush(from mark: Int) {
        guard mark < open.count else { return }
        for box in open[mark...] {
            switch box.kind {
            case .object: break
            case .array, .set: box.values = [ArchiveKeyedValue(key: keyNSObjects, value: archiver.inlineArray(box.members))]
            case .dictionary:
                box.values = [ArchiveKeyedValue(key: keyNSKeys, value: archiver.inlineArray(box.keys)),
                              ArchiveKeyedValue(key: keyNSObjects, value: archiver.inlineArray(box.members))]
            }
            let start = box.values.isEmpty ? 0 : archiver.values.count
            archiver.reserveValues(box.values.count)
            archiver.values.append(contentsOf: box.values)
            archiver.objects[box.uid].valueStart = start
            archiver.objects[box.uid].valueCount = box.values.count
            box.values.removeAll(keepingCapacity: true)
            if pool.count < 64, box.values.capacity > 0 { pool.append(box.values) }
            box.values = []
            box.flushed = true
        }
        open.removeSubrange(mark...)
    }

    /// The class record for an archived object of `type` (or of the type it forwards its class name to).
    private func classIndex(for type: Any.Type) -> Int {
        let id = ObjectIdentifier(type)
        if id == lastClassType { return lastClassIndex }
        if let c = classIndexByType[id] { return remember(c, for: id) }
        let (name, chain) = options.archivedClass(of: type)
        let c = archiver.classIndex(name: name, chain: chain)
        classIndexByType[id] = c
        return remember(c, for: id)
    }

    /// Makes `c` the answer for the next ``classIndex(for:)`` of the same type without a hash lookup
    /// (an array's members are one type).
    private func remember(_ c: Int, for id: ObjectIdentifier) -> Int {
        lastClassType = id
        lastClassIndex = c
        return c
    }

    /// The archive key index for a user key, after the key strategy.
    @inline(__always)
    func key(_ key: some CodingKey, _ encoder: ArchiveValueEncoder) -> (index: Int, text: String) {
        let text: String
        switch options.keyEncodingStrategy {
        case .useDefaultKeys: text = key.stringValue
        case .convertToSnakeCase: text = CodingKeyConversion.snakeCase(fromCamelCase: key.stringValue)
        case .custom(let f): text = f(encoder.codingPath + [key]).stringValue
        }
        return (archiver.userKeyIndex(text), text)
    }
}

/// One container's object while its values are being encoded.
final class ArchiveEncodingBox {
    enum Kind { case object, dictionary, array, set }
    let kind: Kind
    let uid: Int
    /// `.object`: the object's keyed values.
    @exclusivity(unchecked) var values: [ArchiveKeyedValue]
    /// `.dictionary`: key references, parallel to ``members``; `keyTexts` finds a repeated key.
    @exclusivity(unchecked) var keys: [ArchiveValue] = []
    @exclusivity(unchecked) var keyTexts: [String] = []
    /// `.array`/`.set`: members; `.dictionary`: values.
    @exclusivity(unchecked) var members: [ArchiveValue] = []
    /// Written to the archiver; later writes are refused.
    @exclusivity(unchecked) var flushed = false

    init(kind: Kind, uid: Int, values: [ArchiveKeyedValue]) {
        self.kind = kind
        self.uid = uid
        self.values = values
    }

    /// Key index → position in ``values``, built once an object has many keys (a scan is cheaper before).
    @exclusivity(unchecked) private var positions: [Int: Int]?
    /// Key text → position in ``members``, built likewise for dictionary containers.
    @exclusivity(unchecked) private var entryPositions: [String: Int]?

    /// Bit `k % 64` is set for every key index `k` stored in ``values``: a clear bit proves a key new, so
    /// most puts skip the search for an earlier value.
    @exclusivity(unchecked) private var seenKeys: UInt64 = 0

    /// Stores `value` under key index `k` of an object (a repeated key replaces the earlier value).
    func put(_ k: Int, _ value: ArchiveValue) {
        guard !flushed else { return }
        let bit: UInt64 = 1 << UInt64(truncatingIfNeeded: k & 63)
        if seenKeys & bit == 0, positions == nil {
            seenKeys |= bit
            values.append(ArchiveKeyedValue(key: k, value: value))
            return
        }
        seenKeys |= bit
        if values.count > 24, positions == nil {
            positions = Dictionary(values.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { a, _ in a })
        }
        let existing = positions.map { $0[k] } ?? values.firstIndex { $0.key == k }
        if let i = existing {
            values[i].value = value
        } else {
            positions?[k] = values.count
            values.append(ArchiveKeyedValue(key: k, value: value))
        }
    }

    /// Stores an entry of a dictionary container (a repeated key replaces the earlier value).
    func putEntry(_ text: String, key: ArchiveValue, _ value: ArchiveValue) {
        guard !flushed else { return }
        if keyTexts.count > 24, entryPositions == nil {
            entryPositions = Dictionary(keyTexts.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        }
        let existing = entryPositions.map { $0[text] } ?? keyTexts.firstIndex(of: text)
        if let i = existing {
            members[i] = value
        } else {
            entryPositions?[text] = keyTexts.count
            keyTexts.append(text)
            keys.append(key)
            members.append(value)
        }
    }

    func append(_ value: ArchiveValue) {
        guard !flushed else { return }
        members.append(value)
    }
}
