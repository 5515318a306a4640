import KeyedArchive

/// Read access to one archived object's fields while a registered class decodes itself
/// (``NibInstantiable/decodeNib(from:)``). Every object of the nib already exists, so references
/// (including forward references and cycles) resolve.
///
/// Missing keys decode as nil, 0 or false; a value of the wrong type throws
/// `typeMismatch` naming the object index and key.
public struct NibCoder {
    let plan: NibObjectPlan
    let refs: [AnyObject?]
    let graph: ArchiveGraph

    /// The archived class name of the object being decoded.
    public var archivedClassName: String { plan.archivedClassName }
    /// The object's archive index.
    public var archiveIndex: Int { plan.index }
    /// The archived keys, in order.
    public var keys: [String] { plan.keys }

    /// Whether `key` is present.
    public func contains(_ key: String) -> Bool { plan.field(key) != nil }

    /// The decoded value (``NibValue/null`` when absent).
    public func value(forKey key: String) -> NibValue {
        plan.field(key)?.resolve(refs) ?? .null
    }

    /// The object referenced by `key` (nil when absent or nil).
    public func decodeObject(forKey key: String) throws(ArchiveError) -> AnyObject? {
        let v = value(forKey: key)
        if v.isNull { return nil }
        guard let o = v.object else { throw mismatch(key, "an object", v) }
        return o
    }

    /// The objects of a collection under `key` (empty when absent).
    public func decodeObjects(forKey key: String) throws(ArchiveError) -> [AnyObject] {
        let v = value(forKey: key)
        if v.isNull { return [] }
        guard let e = v.elements else { throw mismatch(key, "a collection", v) }
        return e.compactMap(\.object)
    }

    /// A string under `key` (nil when absent).
    public func decodeString(forKey key: String) throws(ArchiveError) -> String? {
        let v = value(forKey: key)
        if v.isNull { return nil }
        guard let s = v.string else { throw mismatch(key, "a string", v) }
        return s
    }

    /// An integer under `key` (0 when absent).
    public func decodeInteger(forKey key: String) throws(ArchiveError) -> Int64 {
        let v = value(forKey: key)
        if v.isNull { return 0 }
        guard let i = v.int else { throw mismatch(key, "an integer", v) }
        return i
    }

    /// A floating-point number under `key` (0 when absent).
    public func decodeDouble(forKey key: String) throws(ArchiveError) -> Double {
        let v = value(forKey: key)
        if v.isNull { return 0 }
        guard let d = v.double else { throw mismatch(key, "a number", v) }
        return d
    }

    /// A boolean under `key` (false when absent).
    public func decodeBool(forKey key: String) throws(ArchiveError) -> Bool {
        let v = value(forKey: key)
        if v.isNull { return false }
        guard let b = v.bool else { throw mismatch(key, "a boolean", v) }
        return b
    }

    /// The bytes under `key` (nil when absent).
    public func decodeBytes(forKey key: String) throws(ArchiveError) -> [UInt8]? {
        let v = value(forKey: key)
        if v.isNull { return nil }
        guard let d = v.data else { throw mismatch(key, "data", v) }
        return d
    }

    /// A point or size under `key`: a UIKit geometry blob (`0x07`/`0x06`) or an AppKit/legacy string
    /// such as `"{160, 240}"`. Nil when absent.
    public func decodePair(forKey key: String) throws(ArchiveError) -> (Double, Double)? {
        guard let raw = graph.value(ofObject: plan.index, forKey: key), raw != .nil else { return nil }
        do {
            let v = try graph.geometry(raw, as: .pair)
            return (v[0], v[1])
        } catch {
            throw ArchiveError(error.code, error.reason, objectIndex: plan.index, keyPath: [key])
        }
    }

    /// A rectangle under `key` (`UIBounds`, `NSFrame`, `NSWindowRect`, …) in either geometry form. Nil when absent.
    public func decodeRect(forKey key: String) throws(ArchiveError) -> ArchiveRect? {
        guard let raw = graph.value(ofObject: plan.index, forKey: key), raw != .nil else { return nil }
        do {
            return try graph.rect(raw)
        } catch {
            throw ArchiveError(error.code, error.reason, objectIndex: plan.index, keyPath: [key])
        }
    }

    private func mismatch(_ key: String, _ expected: String, _ found: NibValue) -> ArchiveError {
        ArchiveError(.typeMismatch, "\(plan.archivedClassName).\(key) is not \(expected) (found \(found))",
                     objectIndex: plan.index, keyPath: [key])
    }
}
