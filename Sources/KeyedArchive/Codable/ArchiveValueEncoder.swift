/// The `Encoder` for one value. Its ``result`` is the raw archived value (inline scalar, nil or
/// reference) once the value has asked for a container or encoded a single value. It is also its own
/// single-value container.
final class ArchiveValueEncoder: Encoder {
    let state: ArchiveEncodingState
    let parent: ArchiveValueEncoder?
    let component: ArchiveCodingPathComponent?
    /// The type being encoded: it names the class of an archived-object container.
    let type: Any.Type
    /// What the value encoded as, once known.
    var result: ArchiveValue? {
        didSet { if let sink, let result { sink(result) } }
    }
    /// Where a `superEncoder()`'s result goes in the container that made it.
    var sink: ((ArchiveValue) -> Void)?
    private var box: ArchiveEncodingBox?

    init(state: ArchiveEncodingState, parent: ArchiveValueEncoder?, component: ArchiveCodingPathComponent?, type: Any.Type) {
        self.state = state
        self.parent = parent
        self.component = component
        self.type = type
    }

    /// The error for a write through a container whose value's `encode(to:)` has returned: its object
    /// is already in the archive, and the write would otherwise be lost.
    func lateWrite(_ key: (any CodingKey)?) -> EncodingError {
        var path = codingPath
        if let key { path.append(key) }
        let text = "written after its value's encode(to:) returned (the container was kept): the object is already archived"
        return .invalidValue(key?.stringValue ?? "", .init(codingPath: path, debugDescription: text,
                                                           underlyingError: ArchiveError(.encodingFailed, text, keyPath: path.map(\.stringValue))))
    }

    var codingPath: [any CodingKey] {
        var path: [any CodingKey] = []
        var e: ArchiveValueEncoder? = self
        while let cur = e {
            if let c = cur.component { path.append(c.codingKey) }
            e = cur.parent
        }
        return path.reversed()
    }

    var userInfo: [CodingUserInfoKey: Any] { state.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(ArchiveKeyedEncodingContainer<Key>(encoder: self, box: keyedBox()))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        ArchiveUnkeyedEncodingContainer(encoder: self, box: collectionBox(.array))
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    /// This value's keyed container object (the same one when asked twice).
    func keyedBox() -> ArchiveEncodingBox {
        if let box, box.kind == .object || box.kind == .dictionary { return box }
        let asObject = state.options.keyedContainerEncoding == .archivedObjects || state.typeTraits.traits(of: type).classNames != nil
        let b = state.openBox(asObject && type != ArchiveUntyped.self ? .object : .dictionary, type: type)
        box = b
        result = .ref(b.uid)
        return b
    }

    /// This value's array (or set) container object.
    func collectionBox(_ kind: ArchiveEncodingBox.Kind) -> ArchiveEncodingBox {
        if let box, box.kind == kind { return box }
        let b = state.openBox(kind, type: type)
        box = b
        result = .ref(b.uid)
        return b
    }

    /// Encodes a nested value reached through `component`.
    func encodeNested<T: Encodable>(_ value: T, _ component: @autoclosure () -> ArchiveCodingPathComponent) throws -> ArchiveValue {
        try state.encodeValue(value, parent: self, component: component())
    }

    /// A child encoder for a nested container or `superEncoder`, of no Swift type of its own.
    func child(_ component: ArchiveCodingPathComponent) -> ArchiveValueEncoder {
        ArchiveValueEncoder(state: state, parent: self, component: component, type: ArchiveUntyped.self)
    }
}

/// The "type" of nested containers and super encoders: they have no class, so keyed ones are `NSDictionary`s.
enum ArchiveUntyped {}

extension ArchiveValueEncoder: SingleValueEncodingContainer {
    func encodeNil() { result = .nil }
    func encode(_ value: Bool) { result = .bool(value) }
    func encode(_ value: String) { result = state.archiver.encodePlainString(value) }
    func encode(_ value: Double) { result = .double(value) }
    func encode(_ value: Float) { result = .float(value) }
    func encode(_ value: Int) { result = .int(Int64(value), width: 0) }
    func encode(_ value: Int8) { result = .int(Int64(value), width: 0) }
    func encode(_ value: Int16) { result = .int(Int64(value), width: 0) }
    func encode(_ value: Int32) { result = .int(Int64(value), width: 0) }
    func encode(_ value: Int64) { result = .int(value, width: 0) }
    func encode(_ value: UInt) { result = KeyedArchiver.unsignedValue(UInt64(value)) }
    func encode(_ value: UInt8) { result = .int(Int64(value), width: 0) }
    func encode(_ value: UInt16) { result = .int(Int64(value), width: 0) }
    func encode(_ value: UInt32) { result = .int(Int64(value), width: 0) }
    func encode(_ value: UInt64) { result = KeyedArchiver.unsignedValue(value) }
    func encode<T: Encodable>(_ value: T) throws {
        result = try state.encodeValue(value, parent: self, component: nil)
    }
}
