/// Writes an ``ArchiveGraph`` as a typedstream, the way `NSArchiver` does: shared strings and
/// objects take reference numbers in order of first appearance, integers take the shortest form, and
/// integral reals are written as integers. A graph read from a typedstream is written back byte for byte.
///
/// Each object's values are written in order, grouped by their keys: a key is a type encoding, and a
/// group of *n* values shares it *n* times. Walks objects with an explicit stack, never recursing.
struct TypedstreamWriter {
    let graph: ArchiveGraph
    let header: TypedstreamHeader
    var out: [UInt8] = []
    /// Shared strings already written → their reference numbers.
    var stringNumbers: [ArraySlice<UInt8>: Int] = [:]
    /// Graph object index → its reference number once written (-1 before).
    var objectNumbers: [Int]
    /// Class index → its record's reference number once written (-1 before).
    var classNumbers: [Int]
    var nextObjectNumber = 0
    /// Key index → compiled type encoding.
    var programs: [TypedstreamTypeEncoding?]
    /// Key index → the reference number of its type encoding once written (-1 before): one lookup
    /// by content per distinct key, not per group.
    var keyNumbers: [Int]

    /// One object being written (or the top level, `object == -1`).
    struct Frame {
        var object: Int
        /// The next value of the object to write, and the end of its values.
        var next: Int
        var end: Int
        /// The current group: its key, program position, and how many top-level values it still takes.
        var key = -1
        var ip = 0
        var loops: [(begin: Int, remaining: Int)] = []
        /// Struct and array values being written: their members and the next member's index.
        var open: [(members: ArraySlice<ArchiveValue>, next: Int)] = []
    }

    init(graph: ArchiveGraph, header: TypedstreamHeader) {
        self.graph = graph
        self.header = header
        objectNumbers = Array(repeating: -1, count: graph.objects.count)
        classNumbers = Array(repeating: -1, count: graph.classes.count)
        programs = Array(repeating: nil, count: graph.keys.count)
        keyNumbers = Array(repeating: -1, count: graph.keys.count)
    }

    func failure(_ why: String, object: Int, key: Int = -1) -> ArchiveError {
        ArchiveError(.encodingFailed, why, objectIndex: object >= 0 ? object : nil,
                     keyPath: key >= 0 && key < graph.keys.count ? [graph.keys[key]] : [])
    }

    // MARK: Primitives

    mutating func fixed(_ v: UInt64, width: Int) {
        for i in 0 ..< width {
            let shift = header.isBigEndian ? (width - 1 - i) * 8 : i * 8
            out.append(UInt8(truncatingIfNeeded: v >> UInt64(shift)))
        }
    }

    /// The shortest tagged form of `v`; nil when it needs more than 32 bits.
    @discardableResult
    mutating func integer(_ v: Int64) -> Bool {
        if v >= -110, v <= 127 {
            out.append(UInt8(bitPattern: Int8(v)))
        } else if let s = Int16(exactly: v) {
            out.append(UInt8(bitPattern: TypedstreamTag.int16))
            fixed(UInt64(UInt16(bitPattern: s)), width: 2)
        } else if let w = Int32(exactly: v) {
            out.append(UInt8(bitPattern: TypedstreamTag.int32))
            fixed(UInt64(UInt32(bitPattern: w)), width: 4)
        } else {
            return false
        }
        return true
    }

    mutating func tag(_ t: Int8) { out.append(UInt8(bitPattern: t)) }

    mutating func reference(_ n: Int) { integer(Int64(n) + TypedstreamTag.firstReference) }

    /// A shared string: a reference when these bytes were written before, else new. Returns its number.
    @discardableResult
    mutating func sharedString(_ s: ArraySlice<UInt8>) -> Int {
        if let n = stringNumbers[s] { reference(n); return n }
        let n = stringNumbers.count
        stringNumbers[s] = n
        tag(TypedstreamTag.new)
        integer(Int64(s.count))
        out.append(contentsOf: s)
        return n
    }

    /// The bytes of a string or bytes value (nil for a range outside storage).
    func text(_ v: ArchiveValue) -> ArraySlice<UInt8>? {
        if case .string(let r, _) = v, r.start < 0 || r.count < 0 || r.start > graph.storage.count - r.count { return nil }
        if case .bytes(let r) = v, r.start < 0 || r.count < 0 || r.start > graph.storage.count - r.count { return nil }
        switch v {
        case .string(let r, .ascii), .string(let r, .utf8), .bytes(let r): return graph.storage[r.range]
        case .string: return graph.string(v).map { ArraySlice(Array($0.utf8)) }
        default: return nil
        }
    }

    // MARK: Header and body

    mutating func write() throws(ArchiveError) -> [UInt8] {
        out.append(header.streamerVersion)
        out.append(11)
        out.append(contentsOf: Array(header.signature.utf8))
        guard integer(header.systemVersion) else {
            throw ArchiveError(.encodingFailed, "system version \(header.systemVersion) does not fit 32 bits")
        }
        try writeValues()
        return out
    }

    /// Class `c` and its superclasses, up to one already written (a reference) or the root (nil).
    mutating func classChain(_ c: Int, object: Int) throws(ArchiveError) {
        var c = c
        var steps = 0
        while c >= 0 {
            guard c < graph.classes.count, steps <= graph.classes.count else {
                throw failure("class index \(c) outside the class table, or a superclass loop", object: object)
            }
            if classNumbers[c] >= 0 { reference(classNumbers[c]); return }
            tag(TypedstreamTag.new)
            classNumbers[c] = nextObjectNumber
            nextObjectNumber += 1
            let cls = graph.classes[c]
            sharedString(ArraySlice(Array(cls.name.utf8)))
            guard integer(cls.version) else { throw failure("class \(cls.name)'s version does not fit 32 bits", object: object) }
            c = cls.superclass
            steps += 1
        }
        tag(TypedstreamTag.nil)
    }
}

extension ArchiveGraph {
    /// Writes this graph as a typedstream (see ``init(typedstream:limits:)`` for the mapping).
    ///
    /// - Parameter header: Byte order and versions; by default the header the graph was read with,
    ///   else what `NSArchiver` writes on a current Mac (little-endian, version 4, system 1000).
    /// - Returns: The stream's bytes; for a graph read from a typedstream, the same bytes.
    /// - Throws: ``ArchiveError/Code/encodingFailed`` when a value does not fit its type encoding, naming
    ///   the object and key.
    public func typedstreamBytes(header: TypedstreamHeader? = nil) throws(ArchiveError) -> [UInt8] {
        var w = TypedstreamWriter(graph: self, header: header ?? metadata.typedstreamHeader ?? TypedstreamHeader())
        return try w.write()
    }
}
