/// Options for ``ArchiveGraph/nibArchiveData(options:)``.
public struct NIBArchiveWriteOptions: Sendable, Hashable {
    /// Header coder version; nil keeps the source's (NIBArchive graphs) or writes 10.
    public var coderVersion: UInt32?
    /// Append the `LNE\0` launch-screen trailer (and set `IBUINibLNEVersionKey = 1` in object 0).
    public var launchScreenTrailer: Bool

    /// Options; the defaults keep a NIBArchive source's versions and add no trailer.
    public init(coderVersion: UInt32? = nil, launchScreenTrailer: Bool = false) {
        self.coderVersion = coderVersion
        self.launchScreenTrailer = launchScreenTrailer
    }
}

extension ArchiveGraph {
    /// Writes the graph as a NIBArchive.
    ///
    /// A graph read from a NIBArchive is written table for table in its recorded order (records,
    /// integer widths and `firstValue`s as read), so an Apple file comes back byte for byte.
    /// Any other graph is written by Apple's rules: header 1/10, tables contiguous from offset 50
    /// (objects, keys, values, classes), minimal varints, the §6.1 integer width rule, `firstValue` 0
    /// for empty objects, and duplicate keys in one object dropped except `UINibEncoderEmptyKey`.
    /// A graph read from a keyed archive must first be converted to NIBArchive conventions with
    /// `convertedToNIBArchive()` from the `Nib` module (collections, strings and geometry differ).
    public func nibArchiveData(options: NIBArchiveWriteOptions = .init()) throws(ArchiveError) -> [UInt8] {
        switch metadata.source {
        case .nibArchive:
            return try NIBArchiveWriter(graph: self, options: options).writeVerbatim()
        case .keyedArchive:
            // Container conventions are nib meaning, which lives in the Nib module.
            throw ArchiveError(.unsupportedFormat, "a keyed-archive graph has keyed conventions; convert it with convertedToNIBArchive() (module Nib) before writing a NIBArchive")
        case .typedstream:
            throw ArchiveError(.unsupportedFormat, "a typedstream graph is positional; NIBArchive objects are keyed")
        case .built:
            return try NIBArchiveWriter(graph: self, options: options).writeAppleShape()
        }
    }
}

/// Serialises an ``ArchiveGraph`` to NIBArchive bytes.
struct NIBArchiveWriter {
    let graph: ArchiveGraph
    let options: NIBArchiveWriteOptions

    static let emptyKey = "UINibEncoderEmptyKey"
    static let lneVersionKey = "IBUINibLNEVersionKey"

    /// Tables as written: each holds its encoded bytes and record count.
    struct Encoded {
        var objects: [UInt8] = []
        var keys: [UInt8] = []
        var values: [UInt8] = []
        var classes: [UInt8] = []
        var objectCount = 0, keyCount = 0, valueCount = 0, classCount = 0

        /// Capacity guesses so the tables grow without reallocating: at most 15 bytes per object,
        /// 6 + payload per value (payloads come from `storage`), 5 + name per key or class.
        mutating func reserve(_ g: ArchiveGraph) {
            objects.reserveCapacity(g.objects.count * 15)
            keys.reserveCapacity(g.keys.count * 24)
            values.reserveCapacity(g.values.count * 14 + g.storage.count)
            classes.reserveCapacity(g.classes.count * 48)
        }
    }

    // MARK: Verbatim

    func writeVerbatim() throws(ArchiveError) -> [UInt8] {
        // Tables go straight into the output in their recorded order; the header is patched last.
        let layout = graph.metadata.nibLayout ?? NIBArchiveLayout()
        let order = layout.tableOrder.count == 4 && Set(layout.tableOrder).count == 4 ? layout.tableOrder : NIBArchiveTable.allCases
        var out = [UInt8](repeating: 0, count: NIBArchiveHeader.size)
        out.reserveCapacity(graph.storage.count + graph.values.count * 14 + 64)
        var offsets = [UInt32](repeating: 0, count: 4)
        for table in order {
            guard let at = UInt32(exactly: out.count) else { throw ArchiveError(.encodingFailed, "archive exceeds 4 GiB") }
            switch table {
            case .objects:
                offsets[0] = at
                for (i, o) in graph.objects.enumerated() {
                    guard o.kind == .object else {
                        throw ArchiveError(.encodingFailed, "object \(i) is a \(o.kind), which a NIBArchive cannot hold", objectIndex: i)
                    }
                    try appendObject(classIndex: o.classIndex, first: o.valueStart, count: o.valueCount, index: i, to: &out)
                }
            case .keys:
                offsets[1] = at
                for k in graph.keys { Self.appendKey(k, to: &out) }
            case .values:
                offsets[2] = at
                for (i, kv) in graph.values.enumerated() {
                    try appendValue(kv.key, kv.value, keepWidth: true, index: i, to: &out)
                }
            case .classes:
                offsets[3] = at
                for c in graph.classes { try appendClass(c, to: &out) }
            }
        }
        if layout.hasLNETrailer || options.launchScreenTrailer { out.append(contentsOf: NIBArchiveLayout.lneTrailer) }
        func count(_ n: Int) throws(ArchiveError) -> UInt32 {
            guard let v = UInt32(exactly: n) else { throw ArchiveError(.encodingFailed, "table of \(n) records is too large") }
            return v
        }
        let header = NIBArchiveHeader(
            formatVersion: graph.metadata.nibFormatVersion ?? 1,
            coderVersion: options.coderVersion ?? graph.metadata.nibCoderVersion ?? 10,
            objectCount: try count(graph.objects.count), objectsOffset: offsets[0],
            keyCount: try count(graph.keys.count), keysOffset: offsets[1],
            valueCount: try count(graph.values.count), valuesOffset: offsets[2],
            classCount: try count(graph.classes.count), classesOffset: offsets[3])
        out.replaceSubrange(0 ..< NIBArchiveHeader.size, with: header.bytes)
        return out
    }

    // MARK: Apple shape

    func writeAppleShape() throws(ArchiveError) -> [UInt8] {
        guard !graph.objects.isEmpty else {
            throw ArchiveError(.encodingFailed, "a NIBArchive needs object 0 (the top scope)")
        }
        var e = Encoded()
        e.reserve(graph)
        // Keys and classes are renumbered in first-use order; unused ones are dropped.
        var keyIndex: [String: Int] = [:]
        var classIndex: [Int: Int] = [:]
        var classOrder: [Int] = []
        func useClass(_ c: Int) -> Int {
            if let n = classIndex[c] { return n }
            classIndex[c] = classOrder.count
            classOrder.append(c)
            return classOrder.count - 1
        }
        var written = 0
        for (i, o) in graph.objects.enumerated() {
            guard o.kind == .object, o.classIndex >= 0, o.classIndex < graph.classes.count else {
                throw ArchiveError(.encodingFailed,
                                   "object \(i) is a \(o.kind) without a class; convert the graph with convertedToNIBArchive() (module Nib)",
                                   objectIndex: i)
            }
            let cls = useClass(o.classIndex)
            var seen: Set<String> = []
            var count = 0
            let own = graph.values(ofObject: i)
            // Object 0 gains `IBUINibLNEVersionKey = 1` after its own values when the trailer is asked for.
            let addsLNEKey = i == 0 && options.launchScreenTrailer && !own.contains(where: { graph.keyName($0.key) == Self.lneVersionKey })
            let first = written
            for j in 0 ..< own.count + (addsLNEKey ? 1 : 0) {
                let isLNE = j == own.count
                let kv = isLNE ? ArchiveKeyedValue(key: 0, value: .int(1, width: 1)) : own[own.startIndex + j]
                guard isLNE || (kv.key >= 0 && kv.key < graph.keys.count) else {
                    throw ArchiveError(.encodingFailed, "object \(i): key index \(kv.key) is outside the key table", objectIndex: i)
                }
                let name = isLNE ? Self.lneVersionKey : graph.keys[kv.key]
                // Keep the first value per key; only UINibEncoderEmptyKey legitimately repeats.
                if name != Self.emptyKey {
                    guard seen.insert(name).inserted else { continue }
                }
                let k: Int
                if let known = keyIndex[name] {
                    k = known
                } else {
                    k = keyIndex.count
                    keyIndex[name] = k
                    Self.appendKey(name, to: &e.keys)
                }
                try appendValue(k, kv.value, keepWidth: false, index: written, to: &e.values)
                count += 1
                written += 1
            }
            try appendObject(classIndex: cls, first: count == 0 ? 0 : first, count: count, index: i, to: &e.objects)
        }
        // Classes reachable only as fallbacks follow the used ones.
        var c = 0
        while c < classOrder.count {
            for f in graph.classes[classOrder[c]].fallbacks where f >= 0 && f < graph.classes.count { _ = useClass(f) }
            c += 1
        }
        for old in classOrder {
            var cls = graph.classes[old]
            cls.fallbacks = cls.fallbacks.compactMap { classIndex[$0] }
            try appendClass(cls, to: &e.classes)
        }
        e.objectCount = graph.objects.count
        e.keyCount = keyIndex.count
        e.valueCount = written
        e.classCount = classOrder.count
        return try assemble(e, order: NIBArchiveTable.allCases, formatVersion: 1,
                            coderVersion: options.coderVersion ?? 10, trailer: options.launchScreenTrailer)
    }

    // MARK: Records

    func appendObject(classIndex: Int, first: Int, count: Int, index: Int, to out: inout [UInt8]) throws(ArchiveError) {
        guard let c = UInt32(exactly: classIndex), let f = UInt32(exactly: first), let n = UInt32(exactly: count) else {
            throw ArchiveError(.encodingFailed, "object \(index): class \(classIndex) or values \(first)+\(count) do not fit 32 bits",
                               objectIndex: index)
        }
        NIBArchiveVarint.append(c, to: &out)
        NIBArchiveVarint.append(f, to: &out)
        NIBArchiveVarint.append(n, to: &out)
    }

    static func appendKey(_ key: String, to out: inout [UInt8]) {
        var key = key
        key.withUTF8 { u in
            NIBArchiveVarint.append(UInt32(truncatingIfNeeded: u.count), to: &out)
            out.append(contentsOf: u)
        }
    }

    func appendClass(_ cls: ArchiveClass, to out: inout [UInt8]) throws(ArchiveError) {
        var name = cls.name
        let utf8Count = name.utf8.count
        guard let length = UInt32(exactly: utf8Count + 1), let fallbackCount = UInt32(exactly: cls.fallbacks.count) else {
            throw ArchiveError(.encodingFailed, "class \(cls.name) is too long")
        }
        NIBArchiveVarint.append(length, to: &out)
        NIBArchiveVarint.append(fallbackCount, to: &out)
        for f in cls.fallbacks {
            guard let v = UInt32(exactly: f) else { throw ArchiveError(.encodingFailed, "class \(cls.name): fallback \(f)") }
            Self.appendUInt32(v, to: &out)
        }
        name.withUTF8 { out.append(contentsOf: $0) }
        out.append(0)
    }

    func appendValue(_ key: Int, _ value: ArchiveValue, keepWidth: Bool, index: Int,
                     to out: inout [UInt8]) throws(ArchiveError) {
        guard let k = UInt32(exactly: key) else {
            throw ArchiveError(.encodingFailed, "values[\(index)]: key index \(key) does not fit 32 bits")
        }
        NIBArchiveVarint.append(k, to: &out)
        switch value {
        case let .int(v, width):
            let w = keepWidth && width != 0 ? width : Self.appleWidth(v)
            switch w {
            case 1:
                out.append(0)
                out.append(UInt8(truncatingIfNeeded: v))
            case 2:
                out.append(1)
                Self.appendUInt16(UInt16(truncatingIfNeeded: v), to: &out)
            case 4:
                out.append(2)
                Self.appendUInt32(UInt32(truncatingIfNeeded: v), to: &out)
            default:
                out.append(3)
                Self.appendUInt64(UInt64(bitPattern: v), to: &out)
            }
        case let .bool(b):
            out.append(b ? 5 : 4)
        case let .float(f):
            out.append(6)
            Self.appendUInt32(f.bitPattern, to: &out)
        case let .double(d):
            out.append(7)
            Self.appendUInt64(d.bitPattern, to: &out)
        case let .bytes(r):
            guard r.start >= 0, r.count >= 0, r.start <= graph.storage.count, r.count <= graph.storage.count - r.start,
                  let n = UInt32(exactly: r.count) else {
                throw ArchiveError(.encodingFailed, "values[\(index)]: data range is outside the graph's storage")
            }
            out.append(8)
            NIBArchiveVarint.append(n, to: &out)
            out.append(contentsOf: graph.storage[r.range])
        case .nil:
            out.append(9)
        case let .ref(target):
            guard target >= 0, target < graph.objects.count, let t = UInt32(exactly: target) else {
                throw ArchiveError(.encodingFailed, "values[\(index)]: reference to missing object \(target)")
            }
            out.append(10)
            Self.appendUInt32(t, to: &out)
        case let .unsignedInt(u):
            // Above Int64.max: UIKit's encoder would write the bit pattern as int64.
            out.append(3)
            Self.appendUInt64(u, to: &out)
        default:
            throw ArchiveError(.encodingFailed,
                               "values[\(index)]: a \(value.kindName) value has no NIBArchive form; use convertedToNIBArchive() (module Nib)")
        }
    }

    /// UIKit's width rule: the value's unsigned 64-bit view picks the narrowest type; negatives are int64.
    static func appleWidth(_ v: Int64) -> UInt8 {
        let u = UInt64(bitPattern: v)
        return u <= 0x7F ? 1 : u < 0x8000 ? 2 : u < 0x8000_0000 ? 4 : 8
    }

    // MARK: Assembly

    func assemble(_ e: Encoded, order: [NIBArchiveTable], formatVersion: UInt32, coderVersion: UInt32,
                  trailer: Bool) throws(ArchiveError) -> [UInt8] {
        var offsets: [NIBArchiveTable: UInt32] = [:]
        var position = NIBArchiveHeader.size
        let bodies: [NIBArchiveTable: [UInt8]] = [.objects: e.objects, .keys: e.keys, .values: e.values, .classes: e.classes]
        let tableOrder = order.count == 4 && Set(order).count == 4 ? order : NIBArchiveTable.allCases
        for table in tableOrder {
            guard let at = UInt32(exactly: position) else {
                throw ArchiveError(.encodingFailed, "archive exceeds 4 GiB")
            }
            offsets[table] = at
            position += bodies[table]?.count ?? 0
        }
        func count(_ n: Int) throws(ArchiveError) -> UInt32 {
            guard let v = UInt32(exactly: n) else { throw ArchiveError(.encodingFailed, "table of \(n) records is too large") }
            return v
        }
        let header = NIBArchiveHeader(
            formatVersion: formatVersion, coderVersion: coderVersion,
            objectCount: try count(e.objectCount), objectsOffset: offsets[.objects] ?? 0,
            keyCount: try count(e.keyCount), keysOffset: offsets[.keys] ?? 0,
            valueCount: try count(e.valueCount), valuesOffset: offsets[.values] ?? 0,
            classCount: try count(e.classCount), classesOffset: offsets[.classes] ?? 0)
        var out = header.bytes
        out.reserveCapacity(position + 4)
        for table in tableOrder { out.append(contentsOf: bodies[table] ?? []) }
        if trailer { out.append(contentsOf: NIBArchiveLayout.lneTrailer) }
        return out
    }

    static func appendUInt16(_ v: UInt16, to out: inout [UInt8]) {
        out.append(UInt8(truncatingIfNeeded: v))
        out.append(UInt8(truncatingIfNeeded: v >> 8))
    }

    static func appendUInt32(_ v: UInt32, to out: inout [UInt8]) {
        for s in stride(from: 0, to: 32, by: 8) { out.append(UInt8(truncatingIfNeeded: v >> UInt32(s))) }
    }

    static func appendUInt64(_ v: UInt64, to out: inout [UInt8]) {
        for s in stride(from: 0, to: 64, by: 8) { out.append(UInt8(truncatingIfNeeded: v >> UInt64(s))) }
    }
}
