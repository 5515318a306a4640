/// Writes objects as an NSKeyedArchiver archive, in the spirit of `NSKeyedArchiver`.
///
/// Objects are uniqued by identity: each instance gets one `$objects` entry, whose UID is assigned before
/// its fields are encoded, so cycles encode naturally. Objects nested deeper than a few levels are
/// encoded from a worklist, so a ring of a million objects needs no deep recursion. Output is
/// deterministic: the same objects give the same bytes in every process.
///
/// ```swift
/// let archiver = KeyedArchiver()
/// try archiver.encode(person, forKey: "root")
/// let bytes = try archiver.encodedData()
/// ```
///
/// An archiver is not thread-safe; use one per archive.
public final class KeyedArchiver {
    /// Refuse classes that do not adopt ``SecureKeyedCoding``.
    public let requiresSecureCoding: Bool
    /// The property-list format ``encodedData()`` writes.
    public var outputFormat: PropertyList.Format
    /// Receives replacement, warning and lifecycle callbacks.
    public weak var delegate: (any KeyedArchiverDelegate)?
    /// Non-fatal observations, such as duplicate keys.
    public internal(set) var warnings: [String] = []

    // The graph under construction. Object 0 is the "$null" entry.
    // Invariant: an archiver is used from one thread and no method holds an access to one of these across a
    // call that touches it again, so they skip the runtime exclusivity checks (~15 % of an encode otherwise).
    @exclusivity(unchecked) var storage: [UInt8] = []
    @exclusivity(unchecked) var keys: [String] = []
    @exclusivity(unchecked) var keyIndexByName: [String: Int] = [:]
    /// Graph key string → key index, in asking order (see ``KeySequenceCache``).
    @exclusivity(unchecked) var keyCache = KeySequenceCache()
    /// User key string (as passed to `encode…(forKey:)`) → key index, in asking order.
    @exclusivity(unchecked) var userKeyCache = KeySequenceCache()
    @exclusivity(unchecked) var classes: [ArchiveClass] = []
    @exclusivity(unchecked) var classIndexByName: [String: Int] = [:]
    /// Class name → class index in asking order: Foundation shapes name their class per object
    /// (`NSDate`, `NSArray`, …), and a hit is one string comparison instead of a hash.
    @exclusivity(unchecked) var classNameCache = KeySequenceCache()
    /// The last class ``reference(to:)`` described (after its secure-coding check).
    @exclusivity(unchecked) var lastClass: (type: ObjectIdentifier, index: Int)?
    @exclusivity(unchecked) var classDescribed: [Bool] = []
    @exclusivity(unchecked) var objects: [ArchiveObject] = []
    @exclusivity(unchecked) var values: [ArchiveKeyedValue] = []
    @exclusivity(unchecked) var items: [ArchiveValue] = []
    @exclusivity(unchecked) var top: [ArchiveKeyedValue] = []

    /// Original or replacement object identity → UID (originals map to their replacement's UID).
    @exclusivity(unchecked) var uidByObject = WordPairMap()
    /// Originals whose replacement is nil.
    @exclusivity(unchecked) var nilReplaced: Set<ObjectIdentifier> = []
    /// Keeps every encoded object alive, so that identifiers stay unique until the archive is finished.
    @exclusivity(unchecked) var retained: [AnyObject] = []
    /// Plain entries uniqued by value: strings by (hash of their UTF-8, length | probe << 40), numbers
    /// by (bits, kind).
    @exclusivity(unchecked) var plainStrings = WordPairMap()
    @exclusivity(unchecked) var plainNumbers = WordPairMap()
    /// Conditional references: the objects named, patched at the end (placeholder value `.ref(-1 - i)`).
    @exclusivity(unchecked) var conditionals: [AnyObject] = []
    @exclusivity(unchecked) var classNameByClass: [ObjectIdentifier: String] = [:]
    /// Class → class index, cached after the first instance (names cannot change once used).
    @exclusivity(unchecked) var classIndexByType: [ObjectIdentifier: Int] = [:]

    /// The object being encoded (`object == -1`: the archive's top level); its buffered values start at
    /// `scopeValues[start]` and end at the next inner scope's start (the innermost's at `scopeCount`).
    struct Scope {
        var object: Int
        var start: Int
        var unkeyed = 0
        /// Key index → position among the scope's values, built once the object has many keys.
        var positions: [Int: Int]?
        /// Bit `k % 64` is set once key index `k` is put in this scope (a clear bit: not there).
        var seen: UInt64 = 0
    }
    /// The innermost scope: every put goes here, so it is a stored property, not an array element
    /// (an element costs a non-inlined modify accessor per put).
    @exclusivity(unchecked) var current: Scope
    /// The scopes enclosing ``current``, outermost (the top level, when an object is open) first.
    @exclusivity(unchecked) var enclosing: [Scope] = []
    /// The buffered values of every open scope, outermost first: a scope's values end where the next
    /// inner scope's begin, so puts (always to ``current``, the innermost) go at `scopeCount`.
    @exclusivity(unchecked) var scopeValues: [ArchiveKeyedValue] = []
    /// How many of ``scopeValues`` are live; the rest is storage kept from closed scopes.
    @exclusivity(unchecked) var scopeCount = 0
    @exclusivity(unchecked) var pending: [(uid: Int, object: any KeyedCoding)] = []
    @exclusivity(unchecked) var pendingHead = 0
    let eagerDepth = 24
    @exclusivity(unchecked) var finished = false

    /// Creates an archiver.
    ///
    /// - Parameters:
    ///   - requiresSecureCoding: Refuse classes that do not adopt ``SecureKeyedCoding`` (a thrown error).
    ///   - outputFormat: The property-list format of ``encodedData()``.
    public convenience init(requiresSecureCoding: Bool = false, outputFormat: PropertyList.Format = .binary) {
        self.init(requiresSecureCoding: requiresSecureCoding, outputFormat: outputFormat, reusingTables: false)
    }

    /// An archiver; `reusingTables` for a one-shot call that ends in ``takeEncodedData()``: its tables
    /// start from the spares an earlier call parked (``TableScratch``) and are parked again when its
    /// bytes are written.
    init(requiresSecureCoding: Bool, outputFormat: PropertyList.Format, reusingTables: Bool) {
        self.requiresSecureCoding = requiresSecureCoding
        self.outputFormat = outputFormat
        self.current = Scope(object: -1, start: 0)
        if reusingTables {
            storage = TableScratch.spare(\.storage)
            objects = TableScratch.spare(\.objects)
            values = TableScratch.spare(\.values)
            items = TableScratch.spare(\.items)
        }
        appendNullEntry()
    }

    /// Object 0, the `"$null"` entry every keyed archive starts with.
    private func appendNullEntry() {
        var s = KeyedArchiveConstants.nullMarker
        let r = s.withUTF8 { u in appendStorage(u) }
        appendObject(ArchiveObject(kind: .plain, classIndex: -1, valueStart: 0, valueCount: 0,
                                   plainValue: .string(r, encoding: .ascii)))
    }

    // MARK: Class names

    /// Record `cls` as `name` in this archive (nil removes the mapping). Takes priority over
    /// ``KeyedArchiver/setClassName(_:for:)-swift.type.method``.
    ///
    /// - Parameters:
    ///   - name: The class name to write, or nil.
    ///   - cls: The class it applies to.
    public func setClassName(_ name: String?, for cls: any KeyedCoding.Type) {
        classNameByClass[ObjectIdentifier(cls)] = name
        classIndexByType.removeAll()
    }

    /// Record `cls` as `name` in every archiver (nil removes the mapping).
    ///
    /// - Parameters:
    ///   - name: The class name to write, or nil.
    ///   - cls: The class it applies to.
    public static func setClassName(_ name: String?, for cls: any KeyedCoding.Type) {
        KeyedClassRegistry.setClassName(name, for: cls)
    }

    /// The name recorded for `cls`: this archiver's map, the global map, then ``KeyedCoding/archivedClassName``.
    ///
    /// - Parameter cls: A class.
    /// - Returns: The class name that is written.
    public func className(for cls: any KeyedCoding.Type) -> String {
        classNameByClass[ObjectIdentifier(cls)] ?? KeyedClassRegistry.mappedClassName(for: cls) ?? cls.archivedClassName
    }

    // MARK: Scalars

    /// Encodes a Boolean.
    public func encode(_ value: Bool, forKey key: String) { put(.bool(value), key) }
    /// Encodes an `Int` (a plist integer).
    public func encode(_ value: Int, forKey key: String) { put(.int(Int64(value), width: 0), key) }
    /// Encodes an `Int64`.
    public func encode(_ value: Int64, forKey key: String) { put(.int(value, width: 0), key) }
    /// Encodes an `Int32`.
    public func encode(_ value: Int32, forKey key: String) { put(.int(Int64(value), width: 0), key) }
    /// Encodes an `Int16`.
    public func encode(_ value: Int16, forKey key: String) { put(.int(Int64(value), width: 0), key) }
    /// Encodes an `Int8`.
    public func encode(_ value: Int8, forKey key: String) { put(.int(Int64(value), width: 0), key) }
    /// Encodes a `UInt64`; values above `Int64.max` are written as 16-byte integers.
    public func encode(_ value: UInt64, forKey key: String) { put(Self.unsignedValue(value), key) }
    /// Encodes a `UInt`.
    public func encode(_ value: UInt, forKey key: String) { put(Self.unsignedValue(UInt64(value)), key) }
    /// Encodes a `UInt32`.
    public func encode(_ value: UInt32, forKey key: String) { put(.int(Int64(value), width: 0), key) }
    /// Encodes a `UInt16`.
    public func encode(_ value: UInt16, forKey key: String) { put(.int(Int64(value), width: 0), key) }
    /// Encodes a `UInt8`.
    public func encode(_ value: UInt8, forKey key: String) { put(.int(Int64(value), width: 0), key) }
    /// Encodes a `Float` (a 4-byte real).
    public func encode(_ value: Float, forKey key: String) { put(.float(value), key) }
    /// Encodes a `Double` (an 8-byte real).
    public func encode(_ value: Double, forKey key: String) { put(.double(value), key) }

    /// Encodes bytes inline (`encodeBytes(_:length:forKey:)`).
    ///
    /// - Parameters:
    ///   - bytes: The bytes.
    ///   - key: The key.
    public func encodeBytes<C: Collection>(_ bytes: C, forKey key: String) where C.Element == UInt8 {
        put(.bytes(appendStorage(bytes)), key)
    }

    static func unsignedValue(_ v: UInt64) -> ArchiveValue {
        v <= UInt64(Int64.max) ? .int(Int64(v), width: 0) : .unsignedInt(v)
    }

    // MARK: Objects

    /// Encodes an object or Foundation-shaped value under `key` (nil encodes `UID(0)`; the key is present).
    ///
    /// - Parameters:
    ///   - value: The object or value.
    ///   - key: The key.
    /// - Throws: ``ArchiveError/Code/secureCodingViolation`` for a class that does not adopt
    ///   ``SecureKeyedCoding`` when ``requiresSecureCoding`` is on, or an error from the object's encode.
    @inlinable  // specialised in the caller: no `Optional<T>` metadata lookup per call
    public func encode<T: KeyedArchivable>(_ value: T?, forKey key: String) throws(ArchiveError) {
        guard let value else { return put(.nil, key) }
        put(try value.encodeArchived(to: self), key)
    }

    /// Encodes an object or value in the next un-keyed slot (`$0`, `$1`, …).
    ///
    /// - Parameter value: The object or value.
    /// - Throws: As ``encode(_:forKey:)-(T?,_)``.
    public func encode<T: KeyedArchivable>(_ value: T?) throws(ArchiveError) {
        let slot = KeyedArchiveKeys.unkeyedKey(current.unkeyed)
        current.unkeyed += 1
        let v: ArchiveValue = try value.map { v throws(ArchiveError) in try v.encodeArchived(to: self) } ?? .nil
        putGraphKey(v, slot)
    }

    /// Encodes a reference that resolves to `object` only if `object` is encoded unconditionally somewhere
    /// in the archive, before or after; otherwise it decodes as nil. The key is always written.
    ///
    /// - Parameters:
    ///   - object: The object.
    ///   - key: The key.
    public func encodeConditionalObject(_ object: (any KeyedCoding)?, forKey key: String) {
        guard let object else { return put(.nil, key) }
        if let uid = uidByObject.value(ObjectIdentifier(object).word) { return put(.ref(uid), key) }
        conditionals.append(object)
        put(.ref(-conditionals.count), key)
    }

    /// The reference for a class instance, encoding it the first time it is met (§6.1).
    ///
    /// - Parameter object: The object.
    /// - Returns: ``ArchiveValue/ref(_:)`` to its entry, or ``ArchiveValue/nil`` when a replacement hook
    ///   answered nil.
    /// - Throws: ``ArchiveError/Code/secureCodingViolation`` under secure coding for a class that does not
    ///   adopt ``SecureKeyedCoding``, or an error raised while encoding fields.
    public func reference(to object: any KeyedCoding) throws(ArchiveError) -> ArchiveValue {
        let original = ObjectIdentifier(object)
        if let uid = uidByObject.value(original.word) { return .ref(uid) }
        let entriesBeforeHooks = uidByObject.count
        if !nilReplaced.isEmpty, nilReplaced.contains(original) { return .nil }
        // Replacement: the object's own, then the delegate's; cached per original.
        var target: (any KeyedCoding)? = object.replacementObject(for: self) ?? object
        if let d = delegate, let t = target { target = d.archiver(self, willEncode: t) }
        if target !== object {
            delegate?.archiver(self, willReplace: object, with: target)
            retained.append(object)
        }
        guard let target else {
            nilReplaced.insert(original)
            return .nil
        }
        let id = ObjectIdentifier(target)
        // The original missed above: unless a hook replaced it or archived something meanwhile, it still misses.
        if id != original || uidByObject.count != entriesBeforeHooks, let uid = uidByObject.value(id.word) {
            uidByObject.set(uid, original.word)
            return .ref(uid)
        }
        let cls = target.classForKeyedArchiver ?? type(of: target)
        let uid = objects.count
        let c = try checkedClassIndex(cls)
        appendObject(ArchiveObject(kind: .object, classIndex: c, valueStart: 0, valueCount: 0))
        uidByObject.set(uid, id.word)
        if original != id { uidByObject.set(uid, original.word) }
        retained.append(target)
        if enclosing.count < eagerDepth {
            try encodeFields(of: target, uid: uid)
        } else {
            pending.append((uid, target))
        }
        if enclosing.isEmpty { try drainPending() }
        return .ref(uid)
    }

    /// The class index of `cls` once it passed the secure-coding check. Objects of one class come in
    /// runs, so the last class is remembered: no conformance query or hash per object.
    private func checkedClassIndex(_ cls: any KeyedCoding.Type) throws(ArchiveError) -> Int {
        let id = ObjectIdentifier(cls)
        if let last = lastClass, last.type == id { return last.index }
        if requiresSecureCoding, !(cls is any SecureKeyedCoding.Type) {
            throw ArchiveError(.secureCodingViolation, "class \(cls.archivedClassName) does not adopt SecureKeyedCoding, and requiresSecureCoding is on",
                               keyPath: [])
        }
        let index = classIndex(for: cls)
        lastClass = (id, index)
        return index
    }

    func encodeFields(of object: any KeyedCoding, uid: Int) throws(ArchiveError) {
        try withObjectScope(uid) { () throws(ArchiveError) in try object.encode(with: self) }
        delegate?.archiver(self, didEncode: object)
    }

    func drainPending() throws(ArchiveError) {
        while pendingHead < pending.count {
            let (uid, obj) = pending[pendingHead]
            pendingHead += 1
            try encodeFields(of: obj, uid: uid)
        }
        pending.removeAll(keepingCapacity: true)
        pendingHead = 0
    }

    // MARK: Finishing

    /// Finishes the archive and returns it as a graph. Later calls return the same graph; values encoded
    /// after the first call are not part of it.
    ///
    /// - Returns: The archive graph (keyed layout: object 0 is `"$null"`).
    /// - Throws: An error raised while encoding deferred fields.
    public func finishEncoding() throws(ArchiveError) -> ArchiveGraph {
        if !finished {
            delegate?.archiverWillFinish(self)
            try drainPending()
            // The top level is the outermost scope: all buffered values, or those before the next scope's.
            let topEnd = enclosing.isEmpty ? scopeCount : enclosing.count > 1 ? enclosing[1].start : current.start
            top = Array(scopeValues[0 ..< topEnd])
            patchConditionals()
            // Nothing is looked up by identity or value after this: the tables go before a writer builds its own.
            uidByObject = WordPairMap()
            plainStrings = WordPairMap()
            plainNumbers = WordPairMap()
            retained = []
            conditionals = []
            finished = true
            delegate?.archiverDidFinish(self)
        }
        var metadata = ArchiveGraph.Metadata(source: .built)
        metadata.archiverName = KeyedArchiveConstants.archiverName
        metadata.archiveVersion = KeyedArchiveConstants.version
        metadata.plistFormat = outputFormat
        try ArchiveGraph.checkTableSizes(storage: storage.count, objects: objects.count, values: values.count,
                                         items: items.count, top: top.count, .encodingFailed)
        return ArchiveGraph(metadata: metadata, storage: storage, keys: keys, classes: classes, objects: objects,
                            values: values, items: items, top: top)
    }

    /// Finishes the archive and lays it out as a keyed-archive property list.
    ///
    /// - Returns: The property list (in ``outputFormat``).
    /// - Throws: As ``finishEncoding()``.
    public func encodedPropertyList() throws(ArchiveError) -> PropertyList {
        try PropertyList(keyedArchive: finishEncoding(), format: outputFormat)
    }

    /// Resolves conditional placeholders: to the object's UID when it was encoded, else to nil.
    private func patchConditionals() {
        guard !conditionals.isEmpty else { return }
        func patch(_ v: inout ArchiveKeyedValue) {
            guard case .ref(let n) = v.value, n < 0 else { return }
            let target = conditionals[-n - 1]
            v.value = uidByObject.value(ObjectIdentifier(target).word).map { .ref($0) } ?? .nil
        }
        for i in values.indices { patch(&values[i]) }
        for i in top.indices { patch(&top[i]) }
    }
}
