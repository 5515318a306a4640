#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A `[String: V]`, decoded from an `NSDictionary`'s `NS.keys` and `NS.objects` read in place: the same
/// entries, values, coding paths and errors as `Dictionary.init(from:)` through a keyed container, without
/// the container, its `allKeys` and the runtime's generic metadata at every step (a two-entry dictionary
/// cost ten times its values' decode that way).
protocol ArchiveDictionaryDecodable {
    static func decodeDictionary<T>(as type: T.Type, _ d: ArchiveValueDecoder) throws -> T
}

extension Dictionary: ArchiveDictionaryDecodable where Key == String, Value: Decodable {
    static func decodeDictionary<T>(as type: T.Type, _ d: ArchiveValueDecoder) throws -> T {
        guard Self.self == T.self else { throw internalCastError(Self.self, T.self) }
        // Anything but a plain NSDictionary with distinct string keys, read with the default keys, takes
        // the standard path, which reports what is wrong with it.
        guard let (keys, values) = d.stringKeyedEntries() else { return unsafeBitCast(try Self(from: d), to: T.self) }
        // The commonest values through code specialised for them: the generic dictionary's insertions
        // and growth ask the runtime for metadata at every call.
        if Value.self == String.self { return unsafeBitCast(try decodeEntries(String.self, keys, values, d), to: T.self) }
        if Value.self == Int.self { return unsafeBitCast(try decodeEntries(Int.self, keys, values, d), to: T.self) }
        if Value.self == Double.self { return unsafeBitCast(try decodeEntries(Double.self, keys, values, d), to: T.self) }
        if Value.self == Bool.self { return unsafeBitCast(try decodeEntries(Bool.self, keys, values, d), to: T.self) }
        if Value.self == Date.self { return unsafeBitCast(try decodeEntries(Date.self, keys, values, d), to: T.self) }
        if Value.self == Data.self { return unsafeBitCast(try decodeEntries(Data.self, keys, values, d), to: T.self) }
        return unsafeBitCast(try decodeEntries(Value.self, keys, values, d), to: T.self)
    }
}

/// The entries `keys[i]: values[i]`, each value decoded as `V` in stored order, as the keyed container's
/// `allKeys` gives them to `Dictionary.init(from:)`.
private func decodeEntries<V: Decodable>(_ type: V.Type, _ keys: [String], _ values: ArraySlice<ArchiveValue>,
                                         _ d: ArchiveValueDecoder) throws -> [String: V] {
    var out: [String: V] = [:]
    out.reserveCapacity(keys.count)
    for i in 0 ..< keys.count {
        out[keys[i]] = try d.decodeNested(V.self, values[values.startIndex + i], .key(keys[i]))
    }
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
        // A fresh lookup for each key: the first value stored under it, as the typed coder reads it.
        var cursor = -1
        guard case let keys? = state.value(ofObject: n, graphKey: "NS.keys", cursor: &cursor) else { return nil }
        cursor = -1
        guard case let values? = state.value(ofObject: n, graphKey: "NS.objects", cursor: &cursor) else { return nil }
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
        if case .ref(let i) = k, i >= 0, i < state.objects.count {
            let o = state.objects[i]
            if o.kind == .plain, case .string = o.plainValue { return state.string(o.plainValue) }
        }
        if let s = state.graph.conventionalString(k) { return s }
        switch state.resolvedScalar(k) {
        case .int(let x, _): return String(x)
        case .unsignedInt(let x): return String(x)
        default: return nil
        }
    }
}
