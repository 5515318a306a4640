/// Reads objects from an ``ArchiveGraph`` (a keyed archive or a NIBArchive), in the spirit of
/// `NSKeyedUnarchiver`.
///
/// Objects are decoded by reference, once each: the instance is registered before its fields are read,
/// so cycles decode with identity (`===`). Fields of objects nested deeper than a few levels are
/// decoded from a worklist before the top-level call returns, so a ring of a million objects needs
/// neither deep recursion nor more than linear time.
///
/// ```swift
/// let unarchiver = try KeyedUnarchiver(bytes: data)
/// KeyedUnarchiver.setClass(Person.self, forClassName: "OldApp.Person")
/// let person = try unarchiver.decodeTopLevelObject(of: Person.self)
/// ```
///
/// An unarchiver is not thread-safe; use one per decode.
public final class KeyedUnarchiver {
    /// Settings fixed when the unarchiver is created.
    public struct Options: Sendable {
        /// Refuse classes that do not adopt ``SecureKeyedCoding`` or are not in the allowed set.
        public var requiresSecureCoding: Bool
        /// What a failed decode does.
        public var decodingFailurePolicy: DecodingFailurePolicy
        /// Bounds: ``DecodingLimits/maxDepth`` caps nested object decodes.
        public var limits: DecodingLimits
        /// `decodeDouble`/`decodeFloat` on a stored integer is a type error (default: convert when exact).
        public var strictRealConversion: Bool
        /// Plain strings, numbers, data and dates pass secure coding without being listed (Apple's behaviour).
        public var allowsPlistPrimitivesUnderSecureCoding: Bool
        /// Drop `UID(0)` collection members (with a warning) instead of failing.
        public var dropsNilCollectionMembers: Bool
        /// `$archiver` names accepted besides `NSKeyedArchiver` (used by the byte initialisers).
        public var readingOptions: KeyedArchiveReadingOptions

        /// Creates options.
        ///
        /// - Parameters:
        ///   - requiresSecureCoding: Turn secure coding on.
        ///   - decodingFailurePolicy: Throw (default) or record the first error.
        ///   - limits: Decoding bounds; the default depth budget is 1,024 nested object decodes.
        ///   - strictRealConversion: Reject integers where a real is asked for.
        ///   - allowsPlistPrimitivesUnderSecureCoding: Let plain plist values pass secure coding.
        ///   - dropsNilCollectionMembers: Drop `UID(0)` members of collections instead of failing.
        ///   - readingOptions: Header checks for archives read from bytes.
        public init(requiresSecureCoding: Bool = false, decodingFailurePolicy: DecodingFailurePolicy = .raiseException,
                    limits: DecodingLimits = DecodingLimits(maxDepth: 1_024), strictRealConversion: Bool = false,
                    allowsPlistPrimitivesUnderSecureCoding: Bool = true, dropsNilCollectionMembers: Bool = false,
                    readingOptions: KeyedArchiveReadingOptions = .init()) {
            self.requiresSecureCoding = requiresSecureCoding
            self.decodingFailurePolicy = decodingFailurePolicy
            self.limits = limits
            self.strictRealConversion = strictRealConversion
            self.allowsPlistPrimitivesUnderSecureCoding = allowsPlistPrimitivesUnderSecureCoding
            self.dropsNilCollectionMembers = dropsNilCollectionMembers
            self.readingOptions = readingOptions
        }
    }

    /// The graph being decoded.
    public let graph: ArchiveGraph
    /// The options this unarchiver was created with.
    public let options: Options
    /// Receives class-lookup and lifecycle callbacks.
    public weak var delegate: (any KeyedUnarchiverDelegate)?
    /// The first error recorded: under ``DecodingFailurePolicy/setErrorAndReturn`` the first failure, and
    /// in either policy a wrong-class decode that returned nil.
    public internal(set) var error: ArchiveError?
    /// Non-fatal observations (dropped nil members, and the graph's own warnings).
    public internal(set) var warnings: [String]

    /// Whether secure coding is on. Once on, it cannot be switched off.
    public var requiresSecureCoding: Bool {
        get { secure }
        set { if newValue { secure = true } }
    }

    /// The failure policy. It is fixed once decoding has started.
    public var decodingFailurePolicy: DecodingFailurePolicy {
        get { policy }
        set { if !started { policy = newValue } }
    }

    // Flat copies of the graph's tables, read on every lookup.
    @usableFromInline let values: [ArchiveKeyedValue]
    @usableFromInline let canonical: [Int32]
    @usableFromInline let keyLookup: ArchiveKeyTable

    // Invariant: an unarchiver is used from one thread and no method holds an access to one of these
    // across a call that touches it again, so they skip the runtime exclusivity checks.
    @exclusivity(unchecked) var secure: Bool
    @exclusivity(unchecked) var policy: DecodingFailurePolicy
    /// Whether a key has been read (the failure policy is fixed from then on).
    var started: Bool { hot.started }
    /// Set once an error is recorded under `.setErrorAndReturn`: every later decode returns a default.
    @usableFromInline @exclusivity(unchecked) var poisoned = false

    /// The object scope being decoded; `object == -1` is the archive's top level.
    @usableFromInline struct Scope {
        @usableFromInline var object: Int
        @usableFromInline var start: Int
        @usableFromInline var end: Int
        @usableFromInline var cursor: Int
        @usableFromInline var unkeyed: Int
    }
    /// The current scope (stored in ``hot``).
    @usableFromInline var scope: Scope {
        get { hot.scope }
        _modify { yield &hot.scope }
    }
    /// What every keyed read touches, in one struct: a read is one exclusivity access, not four.
    @exclusivity(unchecked) var hot: LookupState
    @exclusivity(unchecked) var scopeStack: [Scope] = []
    /// Nesting of scopes currently open (value shapes and eagerly decoded objects).
    @exclusivity(unchecked) var depth = 0
    /// Values materialised as ``ArchivedValue`` so far in this decode, counted at every use: an archive
    /// may share collections (an array holding one array twice, forty levels deep, is 2^40 values from
    /// 43 objects), and value trees repeat what they share. Bounded by ``DecodingLimits/maxObjectCount``.
    @exclusivity(unchecked) var expandedValues = 0
    /// Objects nested deeper than this are decoded from ``pending`` instead of recursively.
    let eagerDepth = 24
    /// Nested value-shape decodes allowed on the call stack (collections of ``ArchivedValue`` are walked
    /// iteratively and are bounded by ``DecodingLimits/maxDepth`` instead).
    let maxRecursion = 128

    /// The last class found to adopt ``SecureKeyedCoding``: objects of one class repeat, and each
    /// `is any SecureKeyedCoding.Type` asks the runtime's conformance cache (~390 instructions).
    @exclusivity(unchecked) var lastSecureClass: ObjectIdentifier?

    /// Object index → decoded class instance. Empty until ``prepareObjectTables()``: a decode that
    /// instantiates nothing (the Codable decoder reading leaf shapes) never pays for it.
    @exclusivity(unchecked) var table: [(any KeyedCoding)?] = []
    /// Instances created but whose fields are not decoded yet.
    @exclusivity(unchecked) var pending: [Int] = []
    /// How each object was first reached, for key paths: parent object, key index, element index. Empty
    /// until ``prepareObjectTables()``, like ``table``.
    @exclusivity(unchecked) var origin: [(parent: Int32, key: Int32, element: Int32)] = []
    /// The key and element being decoded in the current scope (for ``origin``).
    var reachKey: Int32 {
        get { hot.reachKey }
        _modify { yield &hot.reachKey }
    }
    @exclusivity(unchecked) var reachElement: Int32 = -1

    /// Class index → resolved class (cached after the first lookup).
    @exclusivity(unchecked) var resolved: [KeyedClassRegistry.ClassBox?]
    /// Class index → whether its name resolves through the maps or registry (0 unknown, 1 no, 2 yes).
    @exclusivity(unchecked) var mappedState: [UInt8]
    /// Class index → ``ClassFamily`` raw value (0: not computed yet).
    @exclusivity(unchecked) var familyOfClass: [UInt8]
    @exclusivity(unchecked) var classForName: [String: KeyedClassRegistry.ClassBox] = [:]
    @exclusivity(unchecked) var localRegistry: [String: KeyedClassRegistry.ClassBox] = [:]

    /// Creates an unarchiver over a graph.
    ///
    /// - Parameters:
    ///   - graph: A graph from ``ArchiveGraph/init(keyedArchive:options:limits:)`` or a NIBArchive reader.
    ///   - options: Security, failure policy and limits.
    public init(graph: ArchiveGraph, options: Options = .init()) {
        self.graph = graph
        self.options = options
        self.secure = options.requiresSecureCoding
        self.policy = options.decodingFailurePolicy
        self.values = graph.values
        self.canonical = graph.canonicalKey
        self.keyLookup = graph.keyLookup
        self.warnings = graph.metadata.warnings
        self.resolved = Array(repeating: nil, count: graph.classes.count)
        self.mappedState = Array(repeating: 0, count: graph.classes.count)
        self.familyOfClass = Array(repeating: 0, count: graph.classes.count)
        self.hot = LookupState(scope: Scope(object: -1, start: 0, end: graph.top.count, cursor: 0, unkeyed: 0))
    }

    /// Creates an unarchiver over a keyed-archive property list.
    ///
    /// - Parameters:
    ///   - plist: A parsed keyed archive.
    ///   - options: Security, failure policy, limits and accepted `$archiver` names.
    /// - Throws: ``ArchiveError/Code/invalidArchiveHeader`` and other errors of
    ///   ``ArchiveGraph/init(keyedArchive:options:limits:)``.
    public convenience init(keyedArchive plist: PropertyList, options: Options = .init()) throws(ArchiveError) {
        self.init(graph: try ArchiveGraph(keyedArchive: plist, options: options.readingOptions, limits: options.limits), options: options)
    }

    // MARK: Class maps

    /// Decode objects recorded as `name` as `cls`, for this unarchiver only (nil removes the mapping).
    /// Takes priority over ``KeyedUnarchiver/setClass(_:forClassName:)-swift.type.method`` and the registry.
    ///
    /// - Parameters:
    ///   - cls: The class to instantiate, or nil.
    ///   - name: The recorded class name.
    public func setClass(_ cls: (any KeyedCoding.Type)?, forClassName name: String) {
        classForName[name] = cls.map(KeyedClassRegistry.ClassBox.init)
        resolved = Array(repeating: nil, count: graph.classes.count)
        mappedState = Array(repeating: 0, count: graph.classes.count)
    }

    /// The class set for `name` on this unarchiver.
    ///
    /// - Parameter name: A recorded class name.
    /// - Returns: The mapped class, if any.
    public func mappedClass(forClassName name: String) -> (any KeyedCoding.Type)? { classForName[name]?.type }

    /// Decode objects recorded as `name` as `cls` in every unarchiver (nil removes the mapping).
    /// Renaming a class or module is this one line: `KeyedUnarchiver.setClass(Person.self, forClassName: "OldApp.Person")`.
    ///
    /// - Parameters:
    ///   - cls: The class to instantiate, or nil.
    ///   - name: The recorded class name.
    public static func setClass(_ cls: (any KeyedCoding.Type)?, forClassName name: String) {
        KeyedClassRegistry.setClass(cls, forClassName: name)
    }

    /// Makes `types` known to this unarchiver only, by archived and mangled names (like
    /// ``KeyedClassRegistry/register(_:)-swift.type.method``, which makes them known everywhere).
    ///
    /// - Parameter types: Classes to make known.
    public func register(_ types: any KeyedCoding.Type...) {
        for t in types {
            for name in KeyedClassRegistry.registeredNames(of: t) { localRegistry[name] = KeyedClassRegistry.ClassBox(t) }
        }
        resolved = Array(repeating: nil, count: graph.classes.count)
        mappedState = Array(repeating: 0, count: graph.classes.count)
    }

    // MARK: Scope inspection

    /// The index of the object whose keys are being read (-1 at the archive's top level).
    public var currentObjectIndex: Int { scope.object }

    /// The recorded class name of the object being read (nil at the top level).
    public var currentClassName: String? { graph.className(ofObject: scope.object) }

    /// The raw values of the current scope, in stored order (NIBArchive collections repeat keys).
    public var currentValues: ArraySlice<ArchiveKeyedValue> {
        scope.object < 0 ? graph.top[...] : values[scope.start ..< scope.end]
    }

    /// The raw stored value for `key` in the current scope, without any conversion.
    ///
    /// - Parameter key: A key as passed to `encode…(forKey:)`.
    /// - Returns: The stored value, or nil when the key is absent.
    public func rawValue(forKey key: String) -> ArchiveValue? {
        hot.lookup(userKey: key, values: values, canonical: canonical, keyLookup: keyLookup, top: graph.top)
    }

    /// Whether the current scope stores a value for `key` (`containsValue(forKey:)`).
    ///
    /// - Parameter key: A key.
    /// - Returns: True when the key is present, even if its value is nil (`UID(0)`).
    public func containsValue(forKey key: String) -> Bool { rawValue(forKey: key) != nil }

    /// The canonical key index of user key `key` (graph spelling applied), through the key-sequence
    /// cache (decoders ask for the same keys in the same order for every object of a class) before the
    /// key table.
    @usableFromInline
    func canonicalIndex(_ key: String) -> Int32? {
        hot.canonicalIndex(userKey: key, keyLookup)
    }

    /// The next un-keyed slot (`$0`, `$1`, …) of the current scope. Graph keys bypass the key-sequence
    /// cache, which holds user keys.
    func nextUnkeyedValue() -> ArchiveValue? {
        let key = KeyedArchiveKeys.unkeyedKey(scope.unkeyed)
        scope.unkeyed += 1
        hot.started = true
        return hot.find(keyLookup[key], values: values, canonical: canonical, top: graph.top)
    }
}

/// The unarchiver's per-read state: the scope, the key-sequence cache and how the last value was reached.
struct LookupState {
    var scope: KeyedUnarchiver.Scope
    /// The key and element being decoded in the current scope (for the unarchiver's `origin`).
    var reachKey: Int32 = -1
    var started = false
    /// Key string → canonical key index, in asking order (see ``KeySequenceCache``).
    var keyCache = KeySequenceCache()

    init(scope: KeyedUnarchiver.Scope) { self.scope = scope }

    /// The canonical index of user key `key`: cached by the user spelling, so the `$`-escaping of
    /// ``KeyedArchiveKeys/graphKey(forUserKey:)`` runs once per distinct key, not once per read.
    mutating func canonicalIndex(userKey key: String, _ keyLookup: ArchiveKeyTable) -> Int32? {
        if let k = keyCache.index(of: key) { return k == KeySequenceCache.absent ? nil : k }
        let k = keyLookup[KeyedArchiveKeys.graphKey(forUserKey: key)]
        keyCache.remember(key, k ?? KeySequenceCache.absent)
        return k
    }

    /// Finds user key `key` in the current scope (see ``find(_:values:canonical:top:)``).
    mutating func lookup(userKey key: String, values: [ArchiveKeyedValue], canonical: [Int32],
                         keyLookup: ArchiveKeyTable, top: [ArchiveKeyedValue]) -> ArchiveValue? {
        started = true
        return find(canonicalIndex(userKey: key, keyLookup), values: values, canonical: canonical, top: top)
    }

    /// Finds canonical key `k` in the current scope: a scan of the object's small value range, starting
    /// after the previous hit and wrapping (UIKit's rule; equivalent to first-match for unique keys).
    mutating func find(_ k: Int32?, values: [ArchiveKeyedValue], canonical: [Int32], top: [ArchiveKeyedValue]) -> ArchiveValue? {
        guard let k else { return nil }
        if scope.object < 0 {
            for kv in top where canonical[kv.key] == k {
                reachKey = Int32(kv.key)
                return kv.value
            }
            return nil
        }
        let start = scope.start, end = scope.end
        guard start < end else { return nil }
        var i = scope.cursor
        for _ in start ..< end {
            if i >= end { i = start }
            if canonical[values[i].key] == k {
                scope.cursor = i + 1
                reachKey = Int32(values[i].key)
                return values[i].value
            }
            i += 1
        }
        return nil
    }
}
