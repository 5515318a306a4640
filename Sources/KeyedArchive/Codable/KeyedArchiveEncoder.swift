#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Encodes any `Encodable` value as an `NSKeyedArchiver` archive that Foundation's `NSKeyedUnarchiver`
/// reads, the way `PropertyListEncoder` writes a property list.
///
/// ```swift
/// let data = try KeyedArchiveEncoder().encode(person)
/// ```
///
/// - Each keyed container becomes an archived object whose `$classname` is the type's
///   ``KeyedArchiveClassNamed/archivedClassName``, or a name from ``classNameStrategy``; with
///   ``KeyedContainerEncoding/dictionaries`` it becomes an `NSDictionary` instead. Scalars are stored in
///   the object as `encodeInteger:forKey:`, `encodeDouble:forKey:` and `encodeBool:forKey:` store them.
/// - `String`, `Data`, `Date`, `URL`, `UUID`, arrays, sets and dictionaries are written in Foundation's own
///   archived shapes (`NSString`, `NSData`, `NSDate`, `NSURL`, `NSUUID`, `NSArray`, `NSSet`,
///   `NSDictionary`), so an `NSCoding` class with the same keys decodes them.
/// - `CGPoint`, `CGSize` and `CGRect` under an archived object's key are Apple's strings (what
///   `encodeRect:forKey:` stores); elsewhere, and `NSRange` everywhere, they are `NSValue`s.
/// - A nil optional (`encodeIfPresent`, as synthesized conformances write them) is stored as `$null` in an
///   archived object, as `encodeObject:nil forKey:` stores it, and left out of an `NSDictionary`.
/// - A class instance encoded twice is archived once and referenced twice. A reference cycle through
///   class instances is an `EncodingError.invalidValue` naming the coding path.
/// - Output is deterministic: set members and dictionary keys that are `Comparable` are written in
///   sorted order (others in the order the collection yields them).
public struct KeyedArchiveEncoder: Sendable {
    /// How a keyed container is archived.
    public enum KeyedContainerEncoding: Sendable, Hashable {
        /// As an object of a class (see ``classNameStrategy``), read in Cocoa by an `NSCoding` class.
        case archivedObjects
        /// As an `NSDictionary` with string keys, read in Cocoa as a plain dictionary. Types that adopt
        /// ``KeyedArchiveClassNamed`` stay archived objects.
        case dictionaries
    }

    /// The class name of an archived object whose type does not adopt ``KeyedArchiveClassNamed``.
    public enum ClassNameStrategy: Sendable {
        /// The module-qualified type name (`MyApp.Person`), as ``KeyedCoding/archivedClassName`` defaults to.
        case typeName
        /// The type name without its module (`Person`).
        case unqualifiedTypeName
        /// One name for every such type.
        case fixed(String)
        /// A name computed from the type.
        case custom(@Sendable (any Any.Type) -> String)
    }

    /// How a type's `CodingKey`s are spelled in the archive.
    public enum KeyEncodingStrategy: Sendable {
        /// Keys are used as they are.
        case useDefaultKeys
        /// `camelCase` keys are written as `snake_case`, as `JSONEncoder` does.
        case convertToSnakeCase
        /// Each key, with its coding path, becomes the key to write.
        case custom(@Sendable (_ codingPath: [any CodingKey]) -> any CodingKey)
    }

    /// Binary (the default) or XML property list.
    public var outputFormat: PropertyList.Format = .binary
    /// The `$top` key of the root value (`root`, as `NSKeyedArchiveRootObjectKey`).
    public var rootKey: String = "root"
    /// Archived objects (default) or `NSDictionary`s for keyed containers.
    public var keyedContainerEncoding: KeyedContainerEncoding = .archivedObjects
    /// The class name of types that do not adopt ``KeyedArchiveClassNamed``.
    public var classNameStrategy: ClassNameStrategy = .typeName
    /// How keys are spelled.
    public var keyEncodingStrategy: KeyEncodingStrategy = .useDefaultKeys
    /// Values for `Encoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    /// The deepest nesting of values encoded through `encode(to:)`: each level costs several call frames,
    /// and a deeper value is an `EncodingError.invalidValue` rather than a stack overflow. The same bound
    /// as ``KeyedArchiveDecoder/maxValueDepth``, so that whatever we encode we can decode.
    public static let maxValueDepth = 128

    /// Whether ``encode(_:)`` first tries ``ArchiveStreamEncoder`` (off in tests that compare the two paths).
    var streamsWhenItCan = true

    /// Whether the streamed encode batches its uniquing from its first object rather than only once an
    /// encode is large (ArchiveStreamDeferredScalars.swift), so that the `codable` fuzz target covers that
    /// path with small values. The archive is the same either way; only the order of the property list's
    /// own objects differs.
    @_spi(Testing) public var batchesUniquingFromTheStart = false

    /// Creates an encoder with the default options.
    public init() {}

    /// Encodes `value` as the root of a keyed archive.
    ///
    /// - Parameter value: The value.
    /// - Returns: The archive, in ``outputFormat``.
    /// - Throws: `EncodingError.invalidValue` for a reference cycle, a value nested too deeply, a
    ///   value the archive cannot hold, or a write through a container kept past its value's
    ///   `encode(to:)` (its object is already archived).
    public func encode<T: Encodable>(_ value: T) throws -> Data {
        Data(try encodedBytes(value))
    }

    /// Encodes `value` as the root of a keyed archive; see ``encode(_:)``.
    public func encodedBytes<T: Encodable>(_ value: T) throws -> [UInt8] {
        if streamsWhenItCan, let bytes = try ArchiveStreamEncoder.encode(value, options: self) { return bytes }
        return try takeBytes(encodeArchiver(value, oneShot: true) { try $0.encodeValue(value, parent: nil, component: nil) }, of: value)
    }

    /// Encodes `value` through its `encode(to:configuration:)` as the root of a keyed archive, as
    /// `JSONEncoder`'s `encode(_:configuration:)` does; values it encodes inside are encoded as by
    /// ``encode(_:)``.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - configuration: What its `encode(to:configuration:)` is given.
    /// - Returns: The archive, in ``outputFormat``.
    /// - Throws: `EncodingError.invalidValue`, as ``encode(_:)``.
    public func encode<T: EncodableWithConfiguration>(_ value: T, configuration: T.EncodingConfiguration) throws -> Data {
        let archiver = try encodeArchiver(value, oneShot: true) { try $0.encodeConfigured(value, configuration: configuration) }
        return Data(try takeBytes(archiver, of: value))
    }

    /// `encode(_:configuration:)` with the configuration that `C` provides.
    public func encode<T: EncodableWithConfiguration, C: EncodingConfigurationProviding>(_ value: T, configuration: C.Type) throws -> Data
    where T.EncodingConfiguration == C.EncodingConfiguration {
        try encode(value, configuration: C.encodingConfiguration)
    }

    /// Encodes `value` and returns the archive as a graph (for inspection or another container).
    public func encodeGraph<T: Encodable>(_ value: T) throws -> ArchiveGraph {
        let archiver = try encodeArchiver(value, oneShot: false) { try $0.encodeValue(value, parent: nil, component: nil) }
        do {
            return try archiver.finishEncoding()
        } catch {
            throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "\(error)", underlyingError: error))
        }
    }

    /// An archiver holding `encodeRoot`'s value under ``rootKey``. `oneShot`: the archiver ends in
    /// `takeEncodedData()`, so it may start from parked tables.
    private func encodeArchiver(_ value: Any, oneShot: Bool, _ encodeRoot: (ArchiveEncodingState) throws -> ArchiveValue) throws -> KeyedArchiver {
        let archiver = KeyedArchiver(requiresSecureCoding: false, outputFormat: outputFormat, reusingTables: oneShot)
        let state = ArchiveEncodingState(archiver: archiver, encoder: self)
        // The instances encoded are needed alive only while the encode runs; one that kept its encoder
        // would otherwise keep it, and this state, in a cycle.
        defer {
            state.retained.removeAll()
            state.byIdentity.removeAll()
        }
        let root = try encodeRoot(state)
        archiver.put(state.reference(root), rootKey)
        return archiver
    }

    /// The finished archive's bytes; an archiver error becomes an `EncodingError` about `value`.
    private func takeBytes(_ archiver: KeyedArchiver, of value: Any) throws -> [UInt8] {
        do {
            return try archiver.takeEncodedData()
        } catch {
            throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "\(error)", underlyingError: error))
        }
    }

    /// The class name and chain (ending in `NSObject`) of an archived object of `type`, or of the type it
    /// forwards its class name to.
    func archivedClass(of type: Any.Type) -> (name: String, chain: [String]) {
        let type = CodableTypeTraits.classNameType(type)
        let name: String
        var chain: [String]
        if let named = type as? any KeyedArchiveClassNamed.Type {
            name = named.archivedClassName
            chain = [name] + named.archivedSuperclassNames
        } else {
            switch classNameStrategy {
            case .typeName: name = String(reflecting: type)
            case .unqualifiedTypeName: name = String(describing: type)
            case .fixed(let n): name = n
            case .custom(let f): name = f(type)
            }
            chain = [name]
        }
        if chain.last != "NSObject" { chain.append("NSObject") }
        return (name, chain)
    }
}
