// Object decoding: references, the object table, two-phase construction, secure coding.

extension KeyedUnarchiver {
    /// Decodes the object stored under `key` as a `T`: a ``KeyedCoding`` class or a Foundation-shaped value.
    ///
    /// - Parameters:
    ///   - type: The expected type. For a class, subclasses are accepted; with secure coding on, it is
    ///     the allowed class for this object.
    ///   - key: The key.
    /// - Returns: The object, or nil when the key is absent or holds nil (`UID(0)`). Without secure
    ///   coding, an object of another class also gives nil, and ``error`` records why.
    /// - Throws: ``ArchiveError/Code/typeMismatch`` when the key holds an inline scalar,
    ///   ``ArchiveError/Code/badReference`` for a dangling reference, ``ArchiveError/Code/invalidClass``
    ///   for an unknown class, ``ArchiveError/Code/secureCodingViolation`` for a disallowed class, and
    ///   any error raised while decoding the object.
    @inlinable  // specialised in the caller: no `Optional<T>`/`Array<…>` metadata lookups per call
    public func decodeObject<T: KeyedArchivable>(of type: T.Type, forKey key: String) throws(ArchiveError) -> T? {
        guard !poisoned, let v = rawValue(forKey: key) else { return nil }
        return try decodeReferenced(v, as: T.self, key: key, element: -1)
    }

    /// Decodes the next un-keyed object (`$0`, `$1`, … in order), or in a typedstream the next object
    /// written with `@` (`decodeObject` of `NSUnarchiver`).
    ///
    /// - Parameter type: The expected type.
    /// - Returns: The object, or nil.
    /// - Throws: As ``decodeObject(of:forKey:)``; in a typedstream also as ``decodeValues(ofObjCTypes:)``.
    public func decodeObject<T: KeyedArchivable>(of type: T.Type) throws(ArchiveError) -> T? {
        if graph.metadata.source == .typedstream {
            guard !poisoned else { return nil }
            return try decodeReferenced(try nextPositionalObject(), as: T.self, key: "@", element: scope.unkeyed - 1)
        }
        guard !poisoned, let v = nextUnkeyedValue() else { return nil }
        return try decodeReferenced(v, as: T.self, key: KeyedArchiveKeys.unkeyedKey(scope.unkeyed - 1), element: -1)
    }

    /// Decodes the object stored under `key`, which must be an instance of one of `classes` (or a subclass).
    ///
    /// - Parameters:
    ///   - classes: The allowed classes.
    ///   - key: The key.
    /// - Returns: The object, or nil when absent, nil, or (without secure coding) of another class.
    /// - Throws: As ``decodeObject(of:forKey:)``.
    public func decodeObject(of classes: [any KeyedCoding.Type], forKey key: String) throws(ArchiveError) -> (any KeyedCoding)? {
        guard !poisoned, let v = rawValue(forKey: key) else { return nil }
        switch v {
        case .nil: return nil
        case .ref(let n):
            do {
                return try instance(at: n, allowed: classes)
            } catch {
                return try softFail(error)
            }
        default:
            return try fail(mismatch(v, "an object reference", key), nil)
        }
    }

    /// Decodes one referenced value: nil, or the object `value` refers to.
    ///
    /// Used by ``decodeObject(of:forKey:)`` and by the Foundation collection shapes for their members.
    /// - Parameters:
    ///   - value: A stored value (``ArchiveValue/nil`` or ``ArchiveValue/ref(_:)``).
    ///   - type: The expected type.
    ///   - key: The key it was stored under, for error paths.
    ///   - element: The member index inside a collection, or -1.
    /// - Returns: The decoded value, or nil.
    /// - Throws: As ``decodeObject(of:forKey:)``.
    @inlinable
    public func decodeReferenced<T: KeyedArchivable>(_ value: ArchiveValue, as type: T.Type, key: String,
                                                     element: Int) throws(ArchiveError) -> T? {
        switch value {
        case .nil:
            return nil
        case .ref(let n):
            // The failure paths are non-generic: a generic `fail(_, nil)` would make every call look up
            // `Optional<T>`'s metadata (15 % of a typed decode when T is not specialised).
            guard try enterReference(n, key: key, element: element) else { return nil }
            return try decodeEntered(n, as: T.self)
        default:
            return try decodeInlineValue(value, as: type, key: key, element: element)
        }
    }

    /// A value stored inline where a reference was expected: NIBArchive's inlined shapes, else a mismatch.
    /// Out of line, so that its `T?` casts do not cost the reference path a metadata lookup per call.
    @inline(never) @usableFromInline
    func decodeInlineValue<T: KeyedArchivable>(_ value: ArchiveValue, as type: T.Type, key: String,
                                                       element: Int) throws(ArchiveError) -> T? {
        if let inline = T.self as? any KeyedInlineDecodable.Type, graph.metadata.source == .nibArchive,
           let v = try inline.decodeInline(value, from: self) as? T {
            return v
        }
        let at = element >= 0 ? "\(key)[\(element)]" : key
        try failSoftly(located(.typeMismatch, "expected an object reference, found an inline \(value.kindName)", key: at))
        return nil
    }

    /// Checks reference `n` and records how it was reached; false when a bad reference was recorded
    /// under the failure policy (the caller returns nil).
    @usableFromInline func enterReference(_ n: Int, key: String, element: Int) throws(ArchiveError) -> Bool {
        try enterReference(n, key: key, keyIndex: element >= 0 ? canonicalIndex(key) ?? -1 : nil, element: element)
    }

    /// ``enterReference(_:key:element:)`` with the canonical index of `key` already looked up (nil: keep
    /// the one the key's own lookup recorded): collection members share their collection's key.
    @usableFromInline func enterReference(_ n: Int, key: String, keyIndex: Int32?, element: Int) throws(ArchiveError) -> Bool {
        guard n >= 0, n < graph.objects.count else {
            let at = element >= 0 ? "\(key)[\(element)]" : key
            try failSoftly(located(.badReference, "reference to object \(n), but the archive has \(graph.objects.count) objects", key: at))
            return false
        }
        reachElement = Int32(truncatingIfNeeded: element)
        if let keyIndex { reachKey = keyIndex }
        return true
    }

    /// ``decodeReferenced(_:as:key:element:)`` for member `element` of a collection under `key`, whose
    /// canonical index `keyIndex` the caller looked up once for all members.
    @inlinable
    func decodeMember<T: KeyedArchivable>(_ value: ArchiveValue, as type: T.Type, key: String, keyIndex: Int32,
                                          element: Int) throws(ArchiveError) -> T? {
        guard case .ref(let n) = value else { return try decodeReferenced(value, as: type, key: key, element: element) }
        guard try enterReference(n, key: key, keyIndex: keyIndex, element: element) else { return nil }
        return try decodeEntered(n, as: T.self)
    }

    /// Object `n`, already checked by `enterReference`, decoded as `T`; a failure follows ``recover(_:)``.
    @inlinable
    func decodeEntered<T: KeyedArchivable>(_ n: Int, as type: T.Type) throws(ArchiveError) -> T? {
        do {
            return try T.decodeArchived(objectAt: n, from: self)
        } catch {
            try recover(error)
            return nil
        }
    }

    /// ``softFail(_:)`` without a result: records a wrong class without secure coding, else follows the policy.
    @usableFromInline func recover(_ e: ArchiveError) throws(ArchiveError) {
        if e.code == .unexpectedClass, !secure {
            if error == nil { error = e }
            return
        }
        try failSoftly(e)
    }

    /// A wrong class without secure coding is nil plus a recorded error; anything else follows the policy.
    private func softFail<T>(_ e: ArchiveError) throws(ArchiveError) -> T? {
        if e.code == .unexpectedClass, !secure {
            if error == nil { error = e }
            return nil
        }
        return try fail(e, nil)
    }

    /// The class instance for object `n`, decoded once. Used by ``KeyedCoding``'s default
    /// ``KeyedArchivable/decodeArchived(objectAt:from:)``.
    ///
    /// - Parameters:
    ///   - type: The expected class (the allowed class under secure coding).
    ///   - n: The object index.
    /// - Returns: The instance (possibly still being decoded, inside a cycle).
    /// - Throws: As ``decodeObject(of:forKey:)``.
    public func instance<T: KeyedCoding>(of type: T.Type, at n: Int) throws(ArchiveError) -> T {
        // Already decoded and of the right class: the common case for shared references.
        if !secure, n >= 0, n < table.count, let t = table[n] as? T { return t }
        let obj = try instance(at: n) { $0 is T.Type } allowedNames: { [T.archivedClassName] }
        guard let t = obj as? T else {
            throw located(.unexpectedClass, "object #\(n) is a \(Swift.type(of: obj)), not a \(T.self)", key: nil)
        }
        return t
    }

    func instance(at n: Int, allowed: [any KeyedCoding.Type]) throws(ArchiveError) -> any KeyedCoding {
        try instance(at: n) { cls in allowed.contains { isClass(cls, kindOf: $0) } } allowedNames: { allowed.map { $0.archivedClassName } }
    }

    func instance(at n: Int, isAllowed: (any KeyedCoding.Type) -> Bool,
                  allowedNames: () -> [String]) throws(ArchiveError) -> any KeyedCoding {
        guard n >= 0, n < graph.objects.count else {
            throw located(.badReference, "reference to object \(n), but the archive has \(graph.objects.count) objects", key: nil)
        }
        prepareObjectTables()
        if let existing = table[n] {
            try check(type(of: existing), isAllowed(type(of: existing)), allowedNames, object: n)
            return existing
        }
        let cls = try resolveClass(ofObject: n)
        try check(cls, isAllowed(cls), allowedNames, object: n)
        let obj = cls.init()
        table[n] = obj
        if origin[n].parent == -2 { origin[n] = (Int32(scope.object), reachKey, reachElement) }
        if depth < eagerDepth {
            try decodeFields(of: obj, at: n)
        } else {
            pending.append(n)
        }
        return obj
    }

    /// Secure coding: the class must adopt ``SecureKeyedCoding`` and be (a subclass of) an allowed class.
    /// Without secure coding, a class outside `allowed` is an ``ArchiveError/Code/unexpectedClass``.
    private func check(_ cls: any KeyedCoding.Type, _ ok: Bool, _ allowedNames: () -> [String], object n: Int) throws(ArchiveError) {
        if secure {
            if ObjectIdentifier(cls) != lastSecureClass {
                guard cls is any SecureKeyedCoding.Type else {
                    throw located(.secureCodingViolation, "class \(cls.archivedClassName) (object #\(n)) does not adopt SecureKeyedCoding",
                                  key: nil)
                }
                lastSecureClass = ObjectIdentifier(cls)
            }
            guard ok else {
                throw located(.secureCodingViolation,
                              "class \(cls.archivedClassName) (object #\(n)) is not among the allowed classes \(allowedNames())",
                              key: nil)
            }
        } else if !ok {
            throw located(.unexpectedClass, "object #\(n) is a \(cls.archivedClassName), not one of \(allowedNames())",
                          key: nil)
        }
    }

    /// Phase two: decode the fields of a registered instance, then run the `didDecode` hooks.
    func decodeFields(of obj: any KeyedCoding, at n: Int) throws(ArchiveError) {
        try withObjectScope(n) { () throws(ArchiveError) in
            try obj.decode(with: self)
        }
        if let d = delegate, let replacement = d.unarchiver(self, didDecode: obj), replacement !== obj {
            d.unarchiver(self, willReplace: obj, with: replacement)
            prepareObjectTables()
            table[n] = replacement
        }
    }

    /// Runs `body` with object `n`'s keys as the current scope. Shapes use this to read the keys of the
    /// object a reference points at.
    ///
    /// - Parameters:
    ///   - n: An object index.
    ///   - body: Reads keys with the usual `decode…(forKey:)` calls.
    /// - Returns: `body`'s result.
    /// - Throws: ``ArchiveError/Code/limitExceeded`` past the depth budget, ``ArchiveError/Code/badReference``
    ///   for an index outside the table, or what `body` throws.
    public func withObjectScope<R>(_ n: Int, _ body: () throws(ArchiveError) -> R) throws(ArchiveError) -> R {
        guard n >= 0, n < graph.objects.count else {
            throw located(.badReference, "reference to object \(n), but the archive has \(graph.objects.count) objects", key: nil)
        }
        // Nested scopes are nested calls: the cap keeps the call stack safe on small thread stacks.
        guard depth < min(options.limits.maxDepth, maxRecursion) else {
            throw located(.limitExceeded, "objects nest deeper than the depth budget of \(min(options.limits.maxDepth, maxRecursion))",
                          key: nil)
        }
        prepareObjectTables()
        if origin[n].parent == -2 { origin[n] = (Int32(scope.object), reachKey, reachElement) }
        let o = graph.objects[n]
        let valueCount = values.count
        // A hostile NIBArchive range is clamped to the value table (empty when outside it).
        let start = min(max(o.valueStart, 0), valueCount)
        let end = o.valueCount > 0 && o.valueCount <= valueCount - start ? start + o.valueCount : start
        scopeStack.append(scope)
        scope = Scope(object: n, start: start, end: end, cursor: start, unkeyed: 0)
        depth += 1
        defer {
            depth -= 1
            if let s = scopeStack.popLast() { scope = s }
        }
        return try body()
    }

    /// Records how the next object is reached (a collection member), for key paths.
    func noteReach(key: String, element: Int) {
        reachKey = canonicalIndex(key) ?? -1
        reachElement = Int32(truncatingIfNeeded: element)
    }

    /// Runs `body` with object `n` as the current scope but without counting depth (an iterative walker
    /// uses this to decode a collection member in the collection's scope).
    func withRestoredScope<R>(_ n: Int, _ body: () throws(ArchiveError) -> R) throws(ArchiveError) -> R {
        guard n >= 0, n < graph.objects.count else { return try body() }
        let o = graph.objects[n]
        let valueCount = values.count
        let start = min(max(o.valueStart, 0), valueCount)
        let end = o.valueCount > 0 && o.valueCount <= valueCount - start ? start + o.valueCount : start
        scopeStack.append(scope)
        scope = Scope(object: n, start: start, end: end, cursor: start, unkeyed: 0)
        defer { if let s = scopeStack.popLast() { scope = s } }
        return try body()
    }

    /// An error located in object `n`'s scope.
    func withRestoredScopeError(_ n: Int, _ code: ArchiveError.Code, _ reason: String, key: String) -> ArchiveError {
        let saved = scope
        scope.object = n
        defer { scope = saved }
        return located(code, reason, key: key)
    }

    /// Sizes ``table`` and ``origin`` to the graph's objects, once, before the first write.
    @inline(__always)
    func prepareObjectTables() {
        guard table.count != graph.objects.count else { return }
        table = Array(repeating: nil, count: graph.objects.count)
        origin = Array(repeating: (-2, -1, -1), count: graph.objects.count)
    }

    /// Decodes fields of deferred objects until none remain (iterative: no recursion on input).
    func drainPending() throws(ArchiveError) {
        while let n = pending.popLast() {
            guard let obj = table[n] else { continue }
            do {
                try decodeFields(of: obj, at: n)
            } catch {
                _ = try fail(error, ())
            }
            if poisoned { pending.removeAll(); return }
        }
    }

    // MARK: Top level

    /// Decodes a top-level object (`$top[key]`; `root` for `archivedData(withRootObject:)`), then every
    /// deferred field, so that the whole graph is decoded when this returns.
    ///
    /// - Parameters:
    ///   - type: The expected type.
    ///   - key: The top-level key (default `root`).
    /// - Returns: The object, or nil when absent. Under ``DecodingFailurePolicy/setErrorAndReturn`` a
    ///   failure also returns nil, with ``error`` set.
    /// - Throws: Under ``DecodingFailurePolicy/raiseException``, the first decode error.
    public func decodeTopLevelObject<T: KeyedArchivable>(of type: T.Type, forKey key: String = "root") throws(ArchiveError) -> T? {
        let saved = scopeStack
        defer { scopeStack = saved }
        // A typedstream's top level is positional: its next `@` (the root, for `archiveRootObject:`).
        let result = graph.metadata.source == .typedstream ? try decodeObject(of: T.self) : try decodeObject(of: T.self, forKey: key)
        try drainPending()
        return poisoned ? nil : result
    }

    /// Decodes a top-level object that must be one of `classes` (`unarchivedObject(ofClasses:)`).
    ///
    /// - Parameters:
    ///   - classes: The allowed classes.
    ///   - key: The top-level key (default `root`).
    /// - Returns: The object, or nil.
    /// - Throws: As ``decodeTopLevelObject(of:forKey:)``.
    public func decodeTopLevelObject(of classes: [any KeyedCoding.Type], forKey key: String = "root") throws(ArchiveError) -> (any KeyedCoding)? {
        let result: (any KeyedCoding)?
        if graph.metadata.source == .typedstream {
            switch try nextPositionalObject() {
            case .ref(let n): result = try instance(at: n, allowed: classes)
            default: result = nil
            }
        } else {
            result = try decodeObject(of: classes, forKey: key)
        }
        try drainPending()
        return poisoned ? nil : result
    }

    /// The one-call APIs need a `root` entry: its absence is an error, not a nil root.
    private func requireRoot() throws(ArchiveError) {
        if graph.metadata.source == .typedstream {
            guard graph.top.first.map({ graph.keys[$0.key] == "@" }) == true else {
                throw ArchiveError(.valueNotFound, "the typedstream does not start with an object", keyPath: ["$top"])
            }
            return
        }
        guard graph.topValue(forKey: "root") != nil else {
            throw ArchiveError(.valueNotFound, "the archive has no root object ($top has no \"root\" key)", keyPath: ["$top"])
        }
    }

    /// Tells the delegate that decoding is over (`unarchiverWillFinish`, then `unarchiverDidFinish`).
    public func finishDecoding() {
        delegate?.unarchiverWillFinish(self)
        delegate?.unarchiverDidFinish(self)
    }

    /// Decodes the `root` object of a keyed archive in one call.
    ///
    /// - Parameters:
    ///   - type: The expected type (the allowed class under secure coding).
    ///   - graph: The archive graph.
    ///   - options: Security, failure policy and limits.
    /// - Returns: The root object, or nil when the archive's root is nil.
    /// - Throws: The first decode error, whichever the policy.
    public static func unarchivedObject<T: KeyedArchivable>(of type: T.Type, from graph: ArchiveGraph,
                                                            options: Options = .init()) throws(ArchiveError) -> T? {
        let u = KeyedUnarchiver(graph: graph, options: options)
        try u.requireRoot()
        let r = try u.decodeTopLevelObject(of: T.self)
        u.finishDecoding()
        if let e = u.error, u.poisoned || options.requiresSecureCoding { throw e }
        return r
    }

    /// Decodes the `root` object of a keyed archive, which must be one of `classes`.
    ///
    /// - Parameters:
    ///   - classes: The allowed classes.
    ///   - graph: The archive graph.
    ///   - options: Security, failure policy and limits.
    /// - Returns: The root object, or nil.
    /// - Throws: The first decode error, whichever the policy.
    public static func unarchivedObject(ofClasses classes: [any KeyedCoding.Type], from graph: ArchiveGraph,
                                        options: Options = .init()) throws(ArchiveError) -> (any KeyedCoding)? {
        let u = KeyedUnarchiver(graph: graph, options: options)
        try u.requireRoot()
        let r = try u.decodeTopLevelObject(of: classes)
        u.finishDecoding()
        if let e = u.error, u.poisoned || options.requiresSecureCoding { throw e }
        return r
    }
}

/// A value type that NIBArchive may store inline where a keyed archive stores a reference (numbers,
/// strings as bytes). Consulted only for graphs read from NIBArchive files.
public protocol KeyedInlineDecodable {
    /// Converts an inline stored value, or returns nil when it has the wrong kind.
    ///
    /// - Parameters:
    ///   - value: The inline value.
    ///   - unarchiver: The unarchiver (for its graph's storage).
    /// - Returns: The value, or nil.
    /// - Throws: ``ArchiveError/Code/overflow`` when the number does not fit.
    static func decodeInline(_ value: ArchiveValue, from unarchiver: KeyedUnarchiver) throws(ArchiveError) -> Self?
}
