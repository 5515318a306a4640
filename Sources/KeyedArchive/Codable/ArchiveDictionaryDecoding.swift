#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A `[String: V]` (or, through ``ArchiveIntKeyedDictionary``, an `[Int: V]`), decoded from an
/// `NSDictionary`'s `NS.keys` and `NS.objects` read in place: the same entries, values, coding paths and
/// errors as `Dictionary.init(from:)` through a keyed container, without the container, its `allKeys` and
/// the runtime's generic metadata at every step (a two-entry dictionary cost ten times its values' decode
/// that way).
protocol ArchiveDictionaryDecodable {
    static func decodeDictionary<T>(as type: T.Type, _ d: ArchiveValueDecoder) throws -> T
    /// The same dictionary for the direct decode (DirectDictionaryDecoding.swift).
    static func decodeDictionaryDirect<T>(as type: T.Type, _ d: DirectValueDecoder) throws -> T
}

extension Dictionary: ArchiveDictionaryDecodable where Key == String, Value: Decodable {
    static func decodeDictionary<T>(as type: T.Type, _ d: ArchiveValueDecoder) throws -> T {
        guard Self.self == T.self else { throw internalCastError(Self.self, T.self) }
        // Anything but a plain NSDictionary with distinct string keys, read with the default keys, takes
        // the standard path, which reports what is wrong with it.
        guard let (keys, values) = d.stringKeyedEntries() else { return unsafeBitCast(try Self(from: d), to: T.self) }
        return try decodeCommonEntries(keys, keys, GraphDictionaryValues(decoder: d, values: values), as: T.self, Value.self)
    }
}

/// An `[Int: V]`, decoded as ``ArchiveDictionaryDecodable`` decodes a `[String: V]` (a type conforms to a
/// protocol once, so `Dictionary` takes this one for its integer keys).
protocol ArchiveIntKeyedDictionaryDecodable {
    static func decodeIntKeyedDictionary<T>(as type: T.Type, _ d: ArchiveValueDecoder) throws -> T
    /// The same dictionary for the direct decode.
    static func decodeIntKeyedDictionaryDirect<T>(as type: T.Type, _ d: DirectValueDecoder) throws -> T
}

extension Dictionary: ArchiveIntKeyedDictionaryDecodable where Key == Int, Value: Decodable {
    static func decodeIntKeyedDictionary<T>(as type: T.Type, _ d: ArchiveValueDecoder) throws -> T {
        guard Self.self == T.self else { throw internalCastError(Self.self, T.self) }
        // As `Dictionary.init(from:)` reads an integer key: its text parsed as `Int`. A key that does not
        // parse takes the standard path, which reports the first one in its own order.
        guard let (texts, values) = d.stringKeyedEntries() else { return unsafeBitCast(try Self(from: d), to: T.self) }
        var keys: [Int] = []
        keys.reserveCapacity(texts.count)
        for text in texts {
            guard let k = Int(text) else { return unsafeBitCast(try Self(from: d), to: T.self) }
            keys.append(k)
        }
        return try decodeCommonEntries(keys, texts, GraphDictionaryValues(decoder: d, values: values), as: T.self, Value.self)
    }
}

/// An `[Int: V]` handed to the coders as an ``ArchiveDictionaryDecodable``.
enum ArchiveIntKeyedDictionary<D: ArchiveIntKeyedDictionaryDecodable>: ArchiveDictionaryDecodable {
    static func decodeDictionary<T>(as type: T.Type, _ d: ArchiveValueDecoder) throws -> T {
        try D.decodeIntKeyedDictionary(as: type, d)
    }
    static func decodeDictionaryDirect<T>(as type: T.Type, _ d: DirectValueDecoder) throws -> T {
        try D.decodeIntKeyedDictionaryDirect(as: type, d)
    }
}

/// `type` as an ``ArchiveDictionaryDecodable``: a `[String: V]` itself, an `[Int: V]` through ``ArchiveIntKeyedDictionary``.
func archiveDictionaryDecodable(_ type: Any.Type) -> (any ArchiveDictionaryDecodable.Type)? {
    if let t = type as? any ArchiveDictionaryDecodable.Type { return t }
    func wrapped<D: ArchiveIntKeyedDictionaryDecodable>(_: D.Type) -> any ArchiveDictionaryDecodable.Type { ArchiveIntKeyedDictionary<D>.self }
    guard let t = type as? any ArchiveIntKeyedDictionaryDecodable.Type else { return nil }
    return wrapped(t)
}

/// Where a dictionary's values are decoded from, entry by entry: the graph-based decode's value slice or
/// the direct decode's member slots.
protocol ArchiveDictionaryValues {
    /// Entry `i`'s value as `V`, at the coding key `key`.
    func value<V: Decodable>(_ type: V.Type, at i: Int, key: String) throws -> V
}

/// The graph-based decode's values: a slice of the graph's items.
struct GraphDictionaryValues: ArchiveDictionaryValues {
    let decoder: ArchiveValueDecoder
    let values: ArraySlice<ArchiveValue>
    @inline(__always) func value<V: Decodable>(_ type: V.Type, at i: Int, key: String) throws -> V {
        try decoder.decodeNested(V.self, values[values.startIndex + i], .key(key))
    }
}

/// The entries `keys[i]: values[i]` as a `T` (`[K: Value]`), through code specialised for the commonest
/// values: the generic dictionary's insertions and growth ask the runtime for metadata at every call.
/// Inlined, so that each caller's key type and value source are concrete in the dictionaries it builds.
@inline(__always)
func decodeCommonEntries<K: Hashable, Value: Decodable, T, S: ArchiveDictionaryValues>(_ keys: [K], _ texts: [String], _ values: S,
                                                                                         as: T.Type, _ value: Value.Type) throws -> T {
    if Value.self == String.self { return unsafeBitCast(try decodeEntries(String.self, keys, texts, values), to: T.self) }
    if Value.self == Int.self { return unsafeBitCast(try decodeEntries(Int.self, keys, texts, values), to: T.self) }
    if Value.self == Double.self { return unsafeBitCast(try decodeEntries(Double.self, keys, texts, values), to: T.self) }
    if Value.self == Bool.self { return unsafeBitCast(try decodeEntries(Bool.self, keys, texts, values), to: T.self) }
    if Value.self == Date.self { return unsafeBitCast(try decodeEntries(Date.self, keys, texts, values), to: T.self) }
    if Value.self == Data.self { return unsafeBitCast(try decodeEntries(Data.self, keys, texts, values), to: T.self) }
    return unsafeBitCast(try decodeEntries(Value.self, keys, texts, values), to: T.self)
}

/// The entries `keys[i]: values[i]`, each value decoded as `V` in stored order at the key `texts[i]`, as the
/// keyed container's `allKeys` gives them to `Dictionary.init(from:)` (a key met again takes the later value).
private func decodeEntries<K: Hashable, V: Decodable, S: ArchiveDictionaryValues>(_ type: V.Type, _ keys: [K], _ texts: [String],
                                                                                  _ values: S) throws -> [K: V] {
    var out: [K: V] = [:]
    out.reserveCapacity(keys.count)
    for i in 0 ..< keys.count { out[keys[i]] = try values.value(V.self, at: i, key: texts[i]) }
    return out
}

extension ArchiveValueDecoder {
    /// The keys (as a keyed container spells them) and values of the `NSDictionary` this decoder's value
    /// references, when its `NS.keys` and `NS.objects` are stored in place, its keys are distinct strings or
    /// numbers, and the key strategy keeps them; nil for anything else.
    func stringKeyedEntries() -> (keys: [String], values: ArraySlice<ArchiveValue>)? {
        guard case .useDefaultKeys = state.options.keyDecodingStrategy, case .ref(let n) = value,
              n >= 0, n < state.objects.count, state.family(ofObject: n) == .dictionary,
              let (keyValues, values) = inPlaceDictionaryMembers(n) else { return nil }
        var keys: [String] = []
        keys.reserveCapacity(keyValues.count)
        for k in keyValues {
            guard let text = dictionaryKeyText(k) else { return nil }
            keys.append(text)
        }
        // Distinct: a repeated key keeps its first place and its last value in a keyed container.
        if keys.count <= ArchiveKeyedTable.linearCount {
            for i in keys.indices where keys[..<i].contains(keys[i]) { return nil }
        } else if Set(keys).count != keys.count {
            return nil
        }
        return (keys, values)
    }

    /// `NSDictionary` object `n`'s `NS.keys` and `NS.objects` members when both are stored in place with as
    /// many members (what the typed coder's `dictionaryMembers()` then reads); nil for any other form.
    func inPlaceDictionaryMembers(_ n: Int) -> (keys: ArraySlice<ArchiveValue>, values: ArraySlice<ArchiveValue>)? {
        guard state.source != .typedstream else { return nil }
        // The first value stored under each key, as the typed coder reads it.
        guard case let (keys?, values?) = state.dictionaryKeysAndObjects(ofObject: n) else { return nil }
        func members(_ v: ArchiveValue) -> ArchiveRange? {
            switch v {
            case .array(let r), .set(let r): return r
            default: return nil
            }
        }
        guard let kr = members(keys), let vr = members(values), kr.count == vr.count else { return nil }
        return (state.items[kr.range], state.items[vr.range])
    }

    /// A dictionary key as a keyed container spells it: a string's text, or a number's decimal text; nil
    /// for anything else.
    func dictionaryKeyText(_ k: ArchiveValue) -> String? {
        let v = state.resolvedScalar(k)
        switch v {
        case .int(let x, _): return String(x)
        case .unsignedInt(let x): return String(x)
        case .string: return state.string(v)
        // An `NSString` object's text (the graph is copied for the call: only such keys pay for it).
        default: return state.graph.conventionalString(k)
        }
    }
}
