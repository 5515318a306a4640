#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// The direct decode's scalars: the values the graph-based decode's coercions (ArchiveScalarDecoding.swift)
// return, for the same stored values; wherever those throw or take the typed coder's shapes, this gives up.

extension DirectValueDecoder {
    func integer<T: FixedWidthInteger>(_ node: Int, _ type: T.Type) throws -> T {
        let fits: T?
        switch state.scalar(node) {
        case .int(let x, _)?: fits = T(exactly: x)
        case .unsignedInt(let x)?: fits = T(exactly: x)
        case .double(let x)? where x.rounded(.towardZero) == x: fits = T(exactly: x)
        case .float(let x)? where x.rounded(.towardZero) == x: fits = T(exactly: x)
        default: fits = nil
        }
        guard let fits else { throw state.abandon() }
        return fits
    }

    func real(_ node: Int) throws -> Double {
        switch state.scalar(node) {
        case .double(let x)?: return x
        case .float(let x)?: return Double(x)
        case .int(let x, _)?: if let d = Double(exactly: x) { return d }
        case .unsignedInt(let x)?: if let d = Double(exactly: x) { return d }
        default: break
        }
        throw state.abandon()
    }

    func float(_ node: Int) throws -> Float {
        switch state.scalar(node) {
        case .float(let x)?: return x
        case .double(let x)? where !x.isFinite || abs(x) <= Double(Float.greatestFiniteMagnitude): return Float(x)
        case .int(let x, _)?: if let f = Float(exactly: x) { return f }
        case .unsignedInt(let x)?: if let f = Float(exactly: x) { return f }
        default: break
        }
        throw state.abandon()
    }

    func bool(_ node: Int) throws -> Bool {
        switch state.scalar(node) {
        case .bool(let b)?: return b
        // `encodeInt:` of a BOOL, as older archives have it.
        case .int(0, _)?: return false
        case .int(1, _)?: return true
        default: throw state.abandon()
        }
    }

    func string(_ node: Int) throws -> String {
        guard let s = state.string(node) else { throw state.abandon() }
        return s
    }

    func data(_ node: Int) throws -> Data {
        guard case .bytes(let r)? = state.scalar(node) else { throw state.abandon() }
        return Data(copying: state.storage[r.range])
    }

    /// A plain date, or an `NSDate` object whose `NS.time` is an inline real, as the graph-based decode
    /// reads them without the typed coder.
    func date(_ node: Int) throws -> Date {
        if case .date(let t)? = state.scalar(node) { return Date(timeIntervalSinceReferenceDate: t) }
        guard let e = state.referencedEntry(node), state.family(entry: e) == .date else { throw state.abandon() }
        guard let t = state.value(ofEntry: e, key: "NS.time") else { throw state.abandon() }
        // The inline value itself, not through a reference, as the graph's `NS.time` lookup reads it.
        switch state.scalarValue(state.nodes[t]) {
        case .double(let s), .date(let s): return Date(timeIntervalSinceReferenceDate: s)
        case .float(let s): return Date(timeIntervalSinceReferenceDate: Double(s))
        default: throw state.abandon()
        }
    }
}

extension DirectValueDecoder {
    /// An `NSUUID` with one inline 16-byte `NS.uuidbytes`, as the typed coder's `UUID` shape reads it.
    func uuid(_ node: Int) throws -> UUID {
        guard let e = state.referencedEntry(node), state.family(entry: e) == .uuid, let v = state.onlyValue(ofEntry: e, key: "NS.uuidbytes") else {
            throw state.abandon()
        }
        let n = state.nodes[v]
        guard n.kind == .data, n.count == 16 else { throw state.abandon() }
        // The 16 bytes lie in storage (the reader checked the data object's range).
        let p = Int(truncatingIfNeeded: n.payload), b = state.storage
        return UUID(uuid: (b[p], b[p &+ 1], b[p &+ 2], b[p &+ 3], b[p &+ 4], b[p &+ 5], b[p &+ 6], b[p &+ 7],
                           b[p &+ 8], b[p &+ 9], b[p &+ 10], b[p &+ 11], b[p &+ 12], b[p &+ 13], b[p &+ 14], b[p &+ 15]))
    }

    /// An `NSURL` with no base (`NS.base` absent or nil) and one `NS.relative`, a plain string entry, as the
    /// typed coder's `URL` shape reads it.
    func url(_ node: Int) throws -> URL {
        guard let e = state.referencedEntry(node), state.family(entry: e) == .url,
              state.count(ofEntry: e, key: "NS.base") == 0 || state.onlyValue(ofEntry: e, key: "NS.base").map(state.isNilNode) == true,
              let relative = state.onlyValue(ofEntry: e, key: "NS.relative"), state.referencedEntry(relative) != nil,
              let text = state.string(relative), let url = URL(string: text, relativeTo: nil) else { throw state.abandon() }
        return url
    }
}

extension ArchiveScalarDecodable {
    /// ``decodeDirect(_:_:)`` as `T`, which callers found to be `Self` (as ``decodeScalar(as:_:_:_:)``).
    static func decodeDirect<T>(as type: T.Type, _ node: Int, _ d: DirectValueDecoder) throws -> T {
        guard Self.self == T.self else { throw internalCastError(Self.self, T.self) }
        return unsafeBitCast(try decodeDirect(node, d), to: T.self)
    }
}

extension Bool { static func decodeDirect(_ node: Int, _ d: DirectValueDecoder) throws -> Bool { try d.bool(node) } }
extension String { static func decodeDirect(_ node: Int, _ d: DirectValueDecoder) throws -> String { try d.string(node) } }
extension Double { static func decodeDirect(_ node: Int, _ d: DirectValueDecoder) throws -> Double { try d.real(node) } }
extension Float { static func decodeDirect(_ node: Int, _ d: DirectValueDecoder) throws -> Float { try d.float(node) } }
extension ArchiveScalarDecodable where Self: FixedWidthInteger {
    static func decodeDirect(_ node: Int, _ d: DirectValueDecoder) throws -> Self { try d.integer(node, Self.self) }
}
extension Data { static func decodeDirect(_ node: Int, _ d: DirectValueDecoder) throws -> Data { try d.data(node) } }
extension Date { static func decodeDirect(_ node: Int, _ d: DirectValueDecoder) throws -> Date { try d.date(node) } }
extension URL { static func decodeDirect(_ node: Int, _ d: DirectValueDecoder) throws -> URL { try d.url(node) } }
extension UUID { static func decodeDirect(_ node: Int, _ d: DirectValueDecoder) throws -> UUID { try d.uuid(node) } }

// The decoder is its own single-value container.
extension DirectValueDecoder: SingleValueDecodingContainer {
    func decodeNil() -> Bool { state.isNil(node) }
    func decode(_ type: Bool.Type) throws -> Bool { try bool(node) }
    func decode(_ type: String.Type) throws -> String { try string(node) }
    func decode(_ type: Double.Type) throws -> Double { try real(node) }
    func decode(_ type: Float.Type) throws -> Float { try float(node) }
    func decode(_ type: Int.Type) throws -> Int { try integer(node, Int.self) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(node, Int8.self) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(node, Int16.self) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(node, Int32.self) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(node, Int64.self) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(node, UInt.self) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(node, UInt8.self) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(node, UInt16.self) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(node, UInt32.self) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(node, UInt64.self) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if let s = state.traits(of: T.self).scalar { return try s.decodeDirect(as: T.self, node, self) }
        return try decodeWrapped(T.self)
    }
}
