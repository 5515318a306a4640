#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Decodes any `Decodable` type from an `NSKeyedArchiver` archive, the way `JSONDecoder` decodes JSON.
///
/// ```swift
/// let person = try KeyedArchiveDecoder().decode(Person.self, from: data)
/// ```
///
/// - A keyed container reads an archived object's keys, or the string keys of an `NSDictionary`.
/// - An unkeyed container reads the members of an `NSArray`, `NSSet` or `NSOrderedSet`, or the
///   alternating keys and values of an `NSDictionary` (how `Dictionary` decodes non-string keys).
/// - Values coerce as Foundation's shapes do: `NSNumber` to every integer and floating type (a value
///   that does not fit is an error, never truncated), `NSString` to `String`, `NSData` to `Data`,
///   `NSDate` to `Date`, `NSURL` to `URL`, `NSUUID` to `UUID`, `$null` and `NSNull` to `nil`.
/// - An unkeyed container over a geometry string (`"{{x, y}, {w, h}}"`) or an `NSValue` of a point, size,
///   rect or range gives its numbers as `CGPoint`, `CGSize`, `CGRect` and `NSRange` decode them.
/// - An object referenced more than once is decoded once per type: a class type decodes as one shared
///   instance, and a small archive that shares one value a million times costs one decode, not a
///   million. A reference cycle, which a `Decodable` value cannot hold, is a
///   `DecodingError.dataCorrupted` naming the coding path.
///
/// Every error is a `DecodingError` whose context carries the coding path and, as its
/// `underlyingError`, an ``ArchiveError`` with the object index and archive key.
///
/// Decoding bytes reads most archives straight from their property list, without building an
/// ``ArchiveGraph``; what that path does not mirror exactly (and every error) is decoded again on the
/// graph, so a type's `init(from:)` may run twice. The value or error is the same either way.
public struct KeyedArchiveDecoder: Sendable {
    /// How keys in the archive map to a type's `CodingKey`s.
    public enum KeyDecodingStrategy: Sendable {
        /// Archive keys are used as they are.
        case useDefaultKeys
        /// `snake_case` archive keys become `camelCase` before they are matched, as `JSONDecoder` does.
        case convertFromSnakeCase
        /// Each archive key, with the coding path of its container, becomes the key to match.
        case custom(@Sendable (_ codingPath: [any CodingKey]) -> any CodingKey)
    }

    /// The `$top` key that holds the root object (`root`, as `NSKeyedArchiveRootObjectKey`).
    /// For a NIBArchive, the root is always object 0.
    public var rootKey: String = "root"
    /// How archive keys map to `CodingKey`s.
    public var keyDecodingStrategy: KeyDecodingStrategy = .useDefaultKeys
    /// Secure-coding style allow-list: when set, every archived object whose class is not a Foundation
    /// value or collection class (strings, numbers, data, dates, URLs, UUIDs, arrays, sets, ordered sets,
    /// dictionaries, `NSNull`) must have its class name in this set, or decoding fails with
    /// ``ArchiveError/Code/secureCodingViolation``. Nil (the default) allows every class.
    public var allowedClassNames: Set<String>?
    /// Bounds for untrusted input; ``DecodingLimits/maxDepth`` also bounds the nesting of values
    /// (at most ``maxValueDepth`` levels, since each level is a call of a type's `init(from:)`).
    public var limits: DecodingLimits = .default
    /// Which `$archiver` names are accepted besides `NSKeyedArchiver`.
    public var readingOptions: KeyedArchiveReadingOptions = .init()
    /// Values for `Decoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    /// The deepest nesting of values decoded through `init(from:)`, whatever ``limits`` allow: each level
    /// costs several call frames, and this keeps the deepest decode within a 1 MiB thread stack even in a
    /// debug build (the tests check it).
    public static let maxValueDepth = 128

    /// Creates a decoder with the default options.
    public init() {}

    /// Decodes a value from a keyed archive (binary or XML property list) or a NIBArchive.
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - data: The archive's bytes.
    /// - Returns: The root value.
    /// - Throws: `DecodingError`; for a container that is not an archive, `DecodingError.dataCorrupted`
    ///   with the reader's ``ArchiveError`` (and its byte offset) as the underlying error.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try decode(type, from: [UInt8](data))
    }

    /// Decodes a value from an archive's bytes; see ``decode(_:from:)-(_,Data)``.
    public func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        if ArchiveFormat.detect(bytes) == .nibArchive {
            var graph = try readGraph(bytes)
            defer { graph.parkScratch() }
            return try decode(type, from: graph)
        }
        var plist = try readable { () throws(ArchiveError) in try PropertyList(parsing: bytes, limits: limits) }
        // The list and the graph are this call's own: their tables serve the next read. The list's go back
        // as soon as the graph holds what the walk needs, as they did before the direct decode.
        defer { plist.parkScratch() }
        if decodesDirectlyWhenItCan, let value = DirectDecode.decode(T.self, from: plist, options: self) { return value }
        var graph = try readable { () throws(ArchiveError) in try ArchiveGraph(keyedArchive: plist, options: readingOptions, limits: limits) }
        plist.parkScratch()
        defer { graph.parkScratch() }
        return try decode(type, from: graph)
    }

    /// The direct decode alone, from a keyed archive's property list: the value, or nil where it gives up
    /// (benchmarks time its walk apart from the read).
    @_spi(Testing) public func decodeDirectly<T: Decodable>(_ type: T.Type, from plist: PropertyList) -> T? {
        DirectDecode.decode(type, from: plist, options: self)
    }

    /// Whether ``decode(_:from:)-(_,[UInt8])`` first tries the direct decode (DirectDecode.swift), which
    /// reads the property list without building a graph (off in tests and benchmarks that compare the
    /// two paths). Either way the result, or the error, is the same.
    @_spi(Testing) public var decodesDirectlyWhenItCan = true

    /// Decodes a value from an archive graph: `$top[rootKey]` of a keyed archive, object 0 of a NIBArchive.
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - graph: A graph read from a keyed archive or a NIBArchive.
    /// - Returns: The root value.
    /// - Throws: `DecodingError`.
    public func decode<T: Decodable>(_ type: T.Type, from graph: ArchiveGraph) throws -> T {
        let root = try rootDecoder(T.self, graph)
        defer { root.state.endDecode() }
        return try root.decodeTop(T.self)
    }

    /// Decodes the root value through `T.init(from:configuration:)`, as `JSONDecoder`'s
    /// `decode(_:from:configuration:)` does; values it decodes inside are decoded as by ``decode(_:from:)-(_,Data)``.
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - data: The archive's bytes (a keyed archive, binary or XML, or a NIBArchive).
    ///   - configuration: What `T.init(from:configuration:)` is given.
    /// - Returns: The root value.
    /// - Throws: `DecodingError`, as ``decode(_:from:)-(_,Data)``.
    public func decode<T: DecodableWithConfiguration>(_ type: T.Type, from data: Data, configuration: T.DecodingConfiguration) throws -> T {
        var graph = try readGraph([UInt8](data))
        defer { graph.parkScratch() }
        let root = try rootDecoder(T.self, graph)
        defer { root.state.endDecode() }
        return try root.decodeTopConfigured(T.self, configuration: configuration)
    }

    /// `decode(_:from:configuration:)` with the configuration that `C` provides.
    public func decode<T: DecodableWithConfiguration, C: DecodingConfigurationProviding>(_ type: T.Type, from data: Data, configuration: C.Type) throws -> T
    where T.DecodingConfiguration == C.DecodingConfiguration {
        try decode(type, from: data, configuration: C.decodingConfiguration)
    }

    /// The graph of a keyed archive or a NIBArchive; a reader's error becomes `DecodingError.dataCorrupted`.
    private func readGraph(_ bytes: [UInt8]) throws -> ArchiveGraph {
        try readable { () throws(ArchiveError) in
            if ArchiveFormat.detect(bytes) == .nibArchive { return try ArchiveGraph(nibArchive: bytes, limits: limits) }
            return try ArchiveGraph(keyedArchiveBytes: bytes, options: readingOptions, limits: limits)
        }
    }

    /// What `read` reads; a reader's error becomes `DecodingError.dataCorrupted`.
    private func readable<R>(_ read: () throws(ArchiveError) -> R) throws -> R {
        do {
            return try read()
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "not a readable archive: \(error)",
                                                    underlyingError: error))
        }
    }

    /// A decoder of the graph's root value, `$top[rootKey]` or NIBArchive object 0 (decoded as `T`).
    private func rootDecoder<T>(_ type: T.Type, _ graph: ArchiveGraph) throws -> ArchiveValueDecoder {
        let root: ArchiveValue
        if graph.metadata.source == .nibArchive {
            guard !graph.objects.isEmpty else {
                throw DecodingError.valueNotFound(T.self, .init(
                    codingPath: [], debugDescription: "the NIBArchive has no objects",
                    underlyingError: ArchiveError(.valueNotFound, "the NIBArchive has no objects")))
            }
            root = .ref(0)
        } else {
            guard let r = graph.topValue(forKey: rootKey) else {
                throw DecodingError.valueNotFound(T.self, .init(
                    codingPath: [], debugDescription: "the archive has no top-level key \"\(rootKey)\"",
                    underlyingError: ArchiveError(.valueNotFound, "no $top key \(rootKey)", keyPath: ["$top"])))
            }
            root = r
        }
        let state = ArchiveDecodingState(graph: graph, decoder: self)
        return ArchiveValueDecoder(state: state, value: root, parent: nil, component: nil)
    }
}
