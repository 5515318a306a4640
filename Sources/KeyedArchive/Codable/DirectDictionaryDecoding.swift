#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// The direct decode's `NSDictionary`s, read where the archive stores them (`NS.keys` and `NS.objects` in
// place), as the graph-based decode reads them (ArchiveDictionaryDecoding.swift, ArchiveInPlaceDictionary.swift);
// the other forms, which the graph-based decode reads through a table or the typed coder, give up.

/// An `NSDictionary`'s members in place: its keys at member slot `keysAt`, its values at `valuesAt`.
struct DirectDictionary {
    var keysAt: Int
    var valuesAt: Int
    var count: Int
}

extension DirectDecodingState {
    /// `NSDictionary` entry `e`'s first `NS.keys` and first `NS.objects`, when both are stored in place with
    /// as many members; nil for any other form.
    func dictionaryMembers(entry e: Int) -> DirectDictionary? {
        guard family(entry: e) == .dictionary, let k = value(ofEntry: e, key: "NS.keys"), let v = value(ofEntry: e, key: "NS.objects") else { return nil }
        let keys = nodes[k], values = nodes[v]
        guard keys.kind == .array || keys.kind == .set, values.kind == .array || values.kind == .set, keys.count == values.count else { return nil }
        return DirectDictionary(keysAt: Int(truncatingIfNeeded: keys.payload), valuesAt: Int(truncatingIfNeeded: values.payload), count: Int(keys.count))
    }

    /// A dictionary key as a keyed container spells it (``ArchiveValueDecoder/dictionaryKeyText(_:)``): a
    /// string's text, or a number's decimal text; nil for anything else.
    func dictionaryKeyText(_ node: Int) -> String? {
        switch scalar(node) {
        case .int(let x, _)?: return String(x)
        case .unsignedInt(let x)?: return String(x)
        case .string?: return string(node)
        default: return nil
        }
    }

    /// The bytes of the key in member slot `slot` when it is an ASCII string (a plain entry or inline).
    func asciiKeyBytes(_ slot: Int) -> Range<Int>? {
        var node = Int(truncatingIfNeeded: refs[slot])
        if let e = referencedEntry(node) { node = entryNode(e) }
        guard plist.isASCIIString(node), let (_, range) = plist.stringBytes(node) else { return nil }
        return range
    }

    /// `NSDictionary` entry `e` for a keyed container read in place (``ArchiveValueDecoder/inPlaceDictionary(_:)``):
    /// at most ``ArchiveInPlaceDictionary/maxCount`` distinct ASCII string keys; nil for any other.
    func inPlaceDictionary(entry e: Int) -> DirectDictionary? {
        guard let d = dictionaryMembers(entry: e), d.count <= ArchiveInPlaceDictionary.maxCount else { return nil }
        for i in 0 ..< d.count {
            guard let r = asciiKeyBytes(d.keysAt &+ i) else { return nil }
            for j in 0 ..< i where asciiKeyBytes(d.keysAt &+ j).map({ storage[$0].elementsEqual(storage[r]) }) ?? true { return nil }
        }
        return d
    }

    /// The value slot of `key` in dictionary `d` (read in place, ASCII keys): the entry whose key has
    /// `key`'s bytes. A key that is not ASCII (which the graph-based decode also compares as a string) gives up.
    func value(in d: DirectDictionary, forKey key: String) throws -> Int? {
        var text = key
        let found: Int? = text.withUTF8 { k in
            for i in 0 ..< d.count {
                guard let r = asciiKeyBytes(d.keysAt &+ i) else { continue }
                if r.count == k.count, storage[r].elementsEqual(k) { return i }
            }
            return nil
        }
        if let found { return Int(truncatingIfNeeded: refs[d.valuesAt &+ found]) }
        guard key.utf8.allSatisfy({ $0 < 0x80 }) else { throw abandon() }
        return nil
    }
}

extension DirectValueDecoder {
    /// The keys (as a keyed container spells them) and value slots of the `NSDictionary` this value
    /// references, when stored in place with distinct string or number keys (``ArchiveValueDecoder/stringKeyedEntries()``).
    func stringKeyedEntries() throws -> (keys: [String], values: Int) {
        guard let e = state.referencedEntry(node), let d = state.dictionaryMembers(entry: e) else { throw state.abandon() }
        var keys: [String] = []
        keys.reserveCapacity(d.count)
        for i in 0 ..< d.count {
            guard let text = state.dictionaryKeyText(Int(truncatingIfNeeded: state.refs[d.keysAt &+ i])) else { throw state.abandon() }
            keys.append(text)
        }
        // Distinct: a repeated key keeps its first place and its last value in a keyed container.
        if keys.count <= ArchiveKeyedTable.linearCount {
            for i in keys.indices where keys[..<i].contains(keys[i]) { throw state.abandon() }
        } else if Set(keys).count != keys.count {
            throw state.abandon()
        }
        return (keys, d.valuesAt)
    }
}

/// The direct decode's dictionary values: member slots from `valuesAt` on.
struct DirectDictionaryValues: ArchiveDictionaryValues {
    let decoder: DirectValueDecoder
    let valuesAt: Int
    @inline(__always) func value<V: Decodable>(_ type: V.Type, at i: Int, key: String) throws -> V {
        try decoder.decodeNested(V.self, Int(truncatingIfNeeded: decoder.state.refs[valuesAt &+ i]), .key(key))
    }
}

extension Dictionary where Key == String, Value: Decodable {
    static func decodeDictionaryDirect<T>(as type: T.Type, _ d: DirectValueDecoder) throws -> T {
        guard Self.self == T.self else { throw internalCastError(Self.self, T.self) }
        let (keys, values) = try d.stringKeyedEntries()
        return try decodeCommonEntries(keys, keys, DirectDictionaryValues(decoder: d, valuesAt: values), as: T.self, Value.self)
    }
}

extension Dictionary where Key == Int, Value: Decodable {
    static func decodeIntKeyedDictionaryDirect<T>(as type: T.Type, _ d: DirectValueDecoder) throws -> T {
        guard Self.self == T.self else { throw internalCastError(Self.self, T.self) }
        let (texts, values) = try d.stringKeyedEntries()
        var keys: [Int] = []
        keys.reserveCapacity(texts.count)
        for text in texts {
            // A key that does not parse takes `Dictionary.init(from:)` on the graph-based path.
            guard let k = Int(text) else { throw d.state.abandon() }
            keys.append(k)
        }
        return try decodeCommonEntries(keys, texts, DirectDictionaryValues(decoder: d, valuesAt: values), as: T.self, Value.self)
    }
}
