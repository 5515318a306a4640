// How the archiver grows its graph: keys, classes, scopes, storage and plain entries.

extension KeyedArchiver {
    /// Stores `value` under a user key in the current object (last write wins, with a warning).
    @usableFromInline func put(_ value: ArchiveValue, _ key: String) {
        putKey(value, userKeyIndex(key))
    }

    /// The key index of a user key (as passed to `encode…(forKey:)` or a Codable container), cached by
    /// that spelling: the `$`-escaping of `graphKey(forUserKey:)` runs once per distinct key.
    @inline(__always) func userKeyIndex(_ key: String) -> Int {
        if let cached = userKeyCache.index(of: key) { return Int(cached) }
        let k = internKey(KeyedArchiveKeys.graphKey(forUserKey: key))
        if let small = Int32(exactly: k) { userKeyCache.remember(key, small) }
        return k
    }

    /// Stores `value` under a graph-spelled key in the current object.
    func putGraphKey(_ value: ArchiveValue, _ graphKey: String) {
        putKey(value, internKey(graphKey))
    }

    /// Stores `value` under key index `k` in the current object.
    private func putKey(_ value: ArchiveValue, _ k: Int) {
        let count = scopeCount - current.start
        // A key whose bit is clear was not put in this scope yet: most puts skip the search.
        let bit: UInt64 = 1 &<< UInt64(truncatingIfNeeded: k & 63)
        if current.seen & bit != 0, let i = position(ofKey: k, count: count) {
            return replaceValue(at: i, value, key: k)
        }
        current.seen |= bit
        current.positions?[k] = count
        // Slots past `scopeCount` are left from closed scopes: overwritten in place, appended beyond.
        if scopeCount < scopeValues.count {
            scopeValues[scopeCount] = ArchiveKeyedValue(key: k, value: value)
        } else {
            scopeValues.append(ArchiveKeyedValue(key: k, value: value))
        }
        scopeCount += 1
    }

    /// Where key `k` is among the current object's `count` values: a linear search up to 16 values, then a
    /// map built once (and kept up to date by ``putKey(_:_:)``).
    private func position(ofKey k: Int, count: Int) -> Int? {
        let base = current.start
        if count > 16, current.positions == nil {
            var p: [Int: Int] = [:]
            for i in 0 ..< count { p[scopeValues[base + i].key] = i }
            current.positions = p
        }
        if let p = current.positions { return p[k] }
        for i in 0 ..< count where scopeValues[base + i].key == k { return i }
        return nil
    }

    /// A second value for a key of the current object: the last one wins, with a warning (as NSKeyedArchiver).
    @inline(never) private func replaceValue(at i: Int, _ value: ArchiveValue, key k: Int) {
        scopeValues[current.start + i].value = value
        let owner = current.object >= 0 ? classes[objects[current.object].classIndex].name : "the top level"
        let message = "replacing existing value for key \(keys[k]) in \(owner); probable duplication of encoding keys in class hierarchy"
        warnings.append(message)
        delegate?.archiver(self, didWarn: message)
    }

    /// Takes the next un-keyed slot number of the current object.
    func nextUnkeyedIndex() -> Int {
        let i = current.unkeyed
        current.unkeyed += 1
        return i
    }

    func internKey(_ key: String) -> Int {
        // Objects of one class encode the same keys in the same order: the sequence cache answers
        // most calls without hashing.
        if let cached = keyCache.index(of: key) { return Int(cached) }
        let index: Int
        if let i = keyIndexByName[key] {
            index = i
        } else {
            keys.append(key)
            index = keys.count - 1
            keyIndexByName[key] = index
        }
        if let small = Int32(exactly: index) { keyCache.remember(key, small) }
        return index
    }

    /// The class record for `cls`: its mapped name, the mapped chain of its ``KeyedCoding`` superclasses
    /// ending in `NSObject`, and its `$classhints`.
    func classIndex(for cls: any KeyedCoding.Type) -> Int {
        if let i = classIndexByType[ObjectIdentifier(cls)] { return i }
        let i = describeClass(cls)
        classIndexByType[ObjectIdentifier(cls)] = i
        return i
    }

    private func describeClass(_ cls: any KeyedCoding.Type) -> Int {
        let name = className(for: cls)
        if let i = classIndexByName[name] { return i }
        var chain = [name]
        var sup: AnyClass? = _getSuperclass(cls)
        while let s = sup, let k = s as? any KeyedCoding.Type {
            chain.append(className(for: k))
            sup = _getSuperclass(s)
        }
        if chain.last != "NSObject" { chain.append("NSObject") }
        let i = classIndex(name: name, chain: chain)
        let hints = cls.archivedClassFallbacks
        if !hints.isEmpty { classes[i].fallbacks = hints.map { classIndex(name: $0, chain: []) } }
        return i
    }

    /// The class record for a Foundation class written by a value shape (e.g. `NSMutableArray`).
    ///
    /// - Parameters:
    ///   - name: The class name.
    ///   - chain: Its superclass chain, starting with `name`.
    /// - Returns: The class index in the archive graph.
    public func classIndex(name: String, chain: @autoclosure () -> [String]) -> Int {
        if let cached = classNameCache.index(of: name) { return Int(cached) }
        let index: Int
        if let i = classIndexByName[name] {
            index = i
        } else {
            classes.append(ArchiveClass(name: name, chain: chain()))
            classDescribed.append(false)
            index = classes.count - 1
            classIndexByName[name] = index
        }
        if let small = Int32(exactly: index) { classNameCache.remember(name, small) }
        return index
    }

    /// Runs `body` with object `uid` as the current scope, then stores its values contiguously and,
    /// after the first instance of its class, the class description entry.
    func withObjectScope(_ uid: Int, _ body: () throws(ArchiveError) -> Void) throws(ArchiveError) {
        enclosing.append(current)
        current = Scope(object: uid, start: scopeCount)
        do {
            try body()
        } catch {
            closeScope()
            throw error
        }
        let first = current.start
        let n = scopeCount - first
        objects[uid].valueStart = n == 0 ? 0 : values.count
        objects[uid].valueCount = n
        if n > 0 {
            reserveValues(n)
            // One at a time: a scope holds a handful of values, below what the generic append(contentsOf:) costs per call.
            for i in first ..< scopeCount { values.append(scopeValues[i]) }
        }
        closeScope()
        describeClassOnFirstUse(objects[uid].classIndex)
    }

    /// Room for `n` more values. Capacity doubles here as append(contentsOf:) would grow it: element-wise
    /// append grows on another schedule, which left model-100k's value table 1.5× larger (+32 MB peak RSS).
    @inline(__always) func reserveValues(_ n: Int) { HugePages.reserve(&values, more: n) }

    /// Appends an object-table entry (a large table grows into huge pages: ``HugePages``).
    @inline(__always) func appendObject(_ object: ArchiveObject) {
        HugePages.reserve(&objects, more: 1)
        objects.append(object)
    }

    /// Appends class `c`'s description entry after the first object of the class (once per class).
    @inline(__always) func describeClassOnFirstUse(_ c: Int) {
        guard c >= 0, c < classDescribed.count, !classDescribed[c] else { return }
        classDescribed[c] = true
        appendObject(ArchiveObject(kind: .classDescription, classIndex: c, valueStart: 0, valueCount: 0))
    }

    /// Ends ``current``, dropping its buffered values, and makes its enclosing scope current again.
    private func closeScope() {
        scopeCount = current.start
        current = enclosing.popLast() ?? Scope(object: -1, start: 0)
    }

    // MARK: Building blocks for Foundation shapes

    /// Writes a new object of a Foundation class (not uniqued) whose keys `body` encodes.
    ///
    /// - Parameters:
    ///   - className: The class name, e.g. `NSMutableArray`.
    ///   - chain: The superclass chain starting with `className`.
    ///   - body: Encodes the object's keys with the usual `encode…(forKey:)` calls.
    /// - Returns: ``ArchiveValue/ref(_:)`` to the new object.
    /// - Throws: What `body` throws.
    public func encodeFoundationObject(className: String, chain: [String],
                                       _ body: () throws(ArchiveError) -> Void) throws(ArchiveError) -> ArchiveValue {
        let uid = objects.count
        let c = classIndex(name: className, chain: chain)
        appendObject(ArchiveObject(kind: .object, classIndex: c, valueStart: 0, valueCount: 0))
        try withObjectScope(uid, body)
        return .ref(uid)
    }

    /// A Foundation object of class index `c` holding one inline value under user key `key` (as
    /// `NSDate { NS.time }`): the entries ``encodeFoundationObject(className:chain:_:)`` writes for a body
    /// of one `encode…(forKey:)`, in the same order, without opening a scope.
    func encodeOneValueObject(classIndex c: Int, key: String, _ value: ArchiveValue) -> ArchiveValue {
        let k = userKeyIndex(key)
        let uid = objects.count
        reserveValues(1)
        appendObject(ArchiveObject(kind: .object, classIndex: c, valueStart: values.count, valueCount: 1))
        values.append(ArchiveKeyedValue(key: k, value: value))
        describeClassOnFirstUse(c)
        return .ref(uid)
    }

    /// Writes a plain `$objects` entry (an NSString, NSNumber or NSData), shared with equal strings and
    /// numbers already written.
    ///
    /// - Parameter value: A string, number, bool or bytes value.
    /// - Returns: ``ArchiveValue/ref(_:)`` to the entry.
    public func encodePlain(_ value: ArchiveValue) -> ArchiveValue {
        var numberKey: (bits: UInt64, kind: UInt64)?
        switch value {
        case .bool(let b): numberKey = (b ? 1 : 0, 0)
        case .int(let x, _): numberKey = (UInt64(bitPattern: x), 1)
        case .unsignedInt(let u): numberKey = (u, 2)
        case .float(let f): numberKey = (UInt64(f.bitPattern), 3)
        case .double(let d): numberKey = (d.bitPattern, 4)
        default: break
        }
        if let numberKey {
            // A new number is entered under the id it is appended with below.
            if let uid = plainNumbers.valueOrInsert(objects.count, numberKey.bits, numberKey.kind) { return .ref(uid) }
        }
        appendObject(ArchiveObject(kind: .plain, classIndex: -1, valueStart: 0, valueCount: 0, plainValue: value))
        return .ref(objects.count - 1)
    }

    /// Writes a string as a plain `$objects` entry, shared with an equal string already written.
    ///
    /// - Parameter string: The string.
    /// - Returns: ``ArchiveValue/ref(_:)`` to the entry.
    public func encodePlainString(_ string: String) -> ArchiveValue {
        var s = string
        return s.withUTF8 { u in
            // Shared by bytes (not by Unicode equivalence): a string is written as it was given.
            let hash = ByteHash.hash(u)
            var probe: UInt64 = 0
            // The first free probe is entered under the id the new string is appended with below.
            while let uid = plainStrings.valueOrInsert(objects.count, hash, UInt64(u.count) | probe << 40) {
                if case .string(let r, _) = objects[uid].plainValue, r.count == u.count, sameBytes(r, u) { return .ref(uid) }
                probe += 1
            }
            let r = appendStorage(u)
            let v = ArchiveValue.string(r, encoding: u.allSatisfy { $0 < 0x80 } ? .ascii : .utf8)
            appendObject(ArchiveObject(kind: .plain, classIndex: -1, valueStart: 0, valueCount: 0, plainValue: v))
            return .ref(objects.count - 1)
        }
    }

    /// An inline string value (for keys such as `NS.string` that store a string in the object itself).
    ///
    /// - Parameter string: The string.
    /// - Returns: ``ArchiveValue/string(_:encoding:)`` over the archive's storage.
    public func inlineString(_ string: String) -> ArchiveValue {
        var s = string
        return s.withUTF8 { u in
            let r = appendStorage(u)
            return .string(r, encoding: u.allSatisfy { $0 < 0x80 } ? .ascii : .utf8)
        }
    }

    /// Inline bytes (for keys such as `NS.data`).
    ///
    /// - Parameter bytes: The bytes.
    /// - Returns: ``ArchiveValue/bytes(_:)`` over the archive's storage.
    public func inlineBytes<C: Collection>(_ bytes: C) -> ArchiveValue where C.Element == UInt8 {
        .bytes(appendStorage(bytes))
    }

    /// An inline array of members (for keys such as `NS.objects`).
    ///
    /// - Parameter members: The members, usually references.
    /// - Returns: ``ArchiveValue/array(_:)`` over the archive's item table.
    public func inlineArray(_ members: [ArchiveValue]) -> ArchiveValue {
        let start = items.count
        HugePages.reserve(&items, more: members.count)
        items.append(contentsOf: members)
        return .array(ArchiveRange(start: start, count: members.count))
    }

    /// Stores `value` under `key` in the current object (for values built with the `inline…` helpers).
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - key: The key.
    public func encodeRaw(_ value: ArchiveValue, forKey key: String) { put(value, key) }

    /// Whether `storage[r]` holds exactly the bytes of `u` (same count).
    private func sameBytes(_ r: ArchiveRange, _ u: UnsafeBufferPointer<UInt8>) -> Bool {
        guard r.start >= 0, r.count == u.count, r.count <= storage.count - r.start else { return false }
        return storage.withUnsafeBufferPointer { s in
            guard let a = s.baseAddress, let b = u.baseAddress else { return r.count == 0 }
            return ByteHash.equal(a + r.start, b, r.count)
        }
    }

    func appendStorage<C: Collection>(_ bytes: C) -> ArchiveRange where C.Element == UInt8 {
        let start = storage.count
        HugePages.reserve(&storage, more: bytes.count)
        // Contiguous sources (Data, arrays, buffers) as one copy: Data's own sequence copy goes byte by byte.
        if bytes.withContiguousStorageIfAvailable({ storage.append(contentsOf: $0) }) == nil {
            storage.append(contentsOf: bytes)
        }
        return ArchiveRange(start: start, count: storage.count - start)
    }
}
