/// Reads `bplist00` bytes into a ``PropertyList`` node table.
///
/// The trailer and offset table are validated once; then every object is scanned exactly once, in
/// table order, into one ``PlistNode``. Containers copy their member refs into `refs`; strings and data
/// stay ranges of the input, which becomes the list's `storage`. Nothing here recurses, and nothing is
/// allocated in proportion to a count read from the input before that count is proved to fit the bytes.
@usableFromInline
internal struct BinaryPlistReader {
    let base: UnsafePointer<UInt8>
    let trailer: BinaryPlistTrailer
    let limits: DecodingLimits
    var nodes: [PlistNode] = []
    var refs: [UInt32] = []
    var wideIntegers: [(high: Int64, low: UInt64)] = []
    /// Upper bound on total member refs: what fits in the object table without overlap.
    let refBudget: Int
    /// Member refs of the containers scanned so far.
    var pendingRefs = 0

    init(base: UnsafePointer<UInt8>, trailer: BinaryPlistTrailer, limits: DecodingLimits) {
        self.base = base
        self.trailer = trailer
        self.limits = limits
        refBudget = (trailer.offsetTableOffset - 8) / trailer.objectRefSize
    }

    /// Parses a whole `bplist00` buffer.
    static func read(_ bytes: [UInt8], limits: DecodingLimits) throws(ArchiveError) -> PropertyList {
        let result: Result<(BinaryPlistReader), ArchiveError> = bytes.withUnsafeBufferPointer { buf in
            do throws(ArchiveError) {
                guard let base = buf.baseAddress, buf.count >= 8 else {
                    throw ArchiveError(.truncated, "input of \(buf.count) bytes is too short for a bplist header", offset: buf.count)
                }
                try checkHeader(base, buf.count)
                let trailer = try BinaryPlistTrailer(validating: base, count: buf.count, limits: limits)
                var reader = BinaryPlistReader(base: base, trailer: trailer, limits: limits)
                try reader.scanAll()
                return .success(reader)
            } catch {
                return .failure(error)
            }
        }
        let reader = try result.get()
        var list = PropertyList(format: .binary, root: reader.trailer.topObject, storage: bytes,
                                nodes: reader.nodes, refs: reader.refs, wideIntegers: reader.wideIntegers)
        do {
            try PlistCycleCheck.run(&list, limits: limits)
        } catch {
            // Cycle and depth errors name an object; add where that object starts.
            var e = error
            if e.offset == nil, let i = e.objectIndex { e.offset = objectOffset(bytes, reader.trailer, i) }
            throw e
        }
        return list
    }

    /// Where object `index` starts, from the (already validated) offset table.
    static func objectOffset(_ bytes: [UInt8], _ trailer: BinaryPlistTrailer, _ index: Int) -> Int? {
        guard index >= 0, index < trailer.objectCount else { return nil }
        return bytes.withUnsafeBufferPointer { buf -> Int? in
            guard let base = buf.baseAddress else { return nil }
            let at = trailer.offsetTableOffset + index * trailer.offsetIntSize
            return Int(exactly: BinaryPlistBytes.loadBigEndian(base + at, trailer.offsetIntSize))
        }
    }

    static func checkHeader(_ base: UnsafePointer<UInt8>, _ count: Int) throws(ArchiveError) {
        let magic: [UInt8] = Array("bplist".utf8)
        for i in 0 ..< 6 where base[i] != magic[i] {
            throw ArchiveError(.unknownFormat, "input does not start with \"bplist\"", offset: i)
        }
        if base[6] == UInt8(ascii: "0") && base[7] == UInt8(ascii: "0") { return }
        throw ArchiveError(.unsupportedFormat, "bplist version \"\(Character(Unicode.Scalar(base[6])))\(Character(Unicode.Scalar(base[7])))\" is not supported (only bplist00)", offset: 6)
    }

    // MARK: - Scanning

    /// Pass 1 scans every object into `nodes` (containers keep the byte position of their refs);
    /// pass 2 copies all refs into one exactly-sized `refs` and checks each names an object.
    mutating func scanAll() throws(ArchiveError) {
        let n = trailer.objectCount
        let table = base + trailer.offsetTableOffset
        let w = trailer.offsetIntSize
        let end = UInt64(trailer.offsetTableOffset)
        var failure: ArchiveError?
        // n ≥ 1 and n × offsetIntSize ≤ input length (trailer check), so this allocation is bounded.
        nodes = [PlistNode](unsafeUninitializedCapacity: n) { buf, initialized in
            guard let out = buf.baseAddress else { return }
            for i in 0 ..< n {
                let raw = BinaryPlistBytes.loadBigEndian(table + i * w, w)
                // Every object starts after the header and inside the object table.
                guard raw >= 8, raw < end else {
                    failure = ArchiveError(.corrupt, "offset \(raw) of object \(i) is outside the object table 8..<\(end)",
                                           offset: trailer.offsetTableOffset + i * w, objectIndex: i)
                    return
                }
                do throws(ArchiveError) {
                    (out + i).initialize(to: try scanObject(at: Int(raw), index: i))
                } catch {
                    failure = error
                    return
                }
                initialized = i + 1
            }
        }
        if let failure { throw failure }
        try copyRefs()
    }

    /// Pass 2: container payloads change from "refs at this byte offset" to "first index in `refs`".
    mutating func copyRefs() throws(ArchiveError) {
        let total = pendingRefs
        let rs = trailer.objectRefSize
        let limit = UInt32(truncatingIfNeeded: trailer.objectCount)
        let base = self.base
        var failure: ArchiveError?
        var refs: [UInt32] = []
        nodes.withUnsafeMutableBufferPointer { nodes in
            // total ≤ refBudget ≤ input length / refSize, checked while scanning.
            refs = [UInt32](unsafeUninitializedCapacity: total) { buf, initialized in
                guard let out = buf.baseAddress else { return }
                var at = 0
                for i in 0 ..< nodes.count {
                    let kind = nodes[i].kind
                    guard kind == .array || kind == .dict || kind == .set else { continue }
                    let count = kind == .dict ? 2 * Int(nodes[i].count) : Int(nodes[i].count)
                    var q = base + Int(truncatingIfNeeded: nodes[i].payload)
                    nodes[i].payload = UInt64(at)
                    for _ in 0 ..< count {
                        let r: UInt32
                        switch rs {
                        case 1: r = UInt32(q.pointee)
                        case 2: r = UInt32(UInt16(bigEndian: UnsafeRawPointer(q).loadUnaligned(as: UInt16.self)))
                        default:
                            let wide = BinaryPlistBytes.loadBigEndian(q, rs)
                            r = wide > UInt64(UInt32.max) ? UInt32.max : UInt32(wide)
                        }
                        // Every member ref names an object in the table.
                        guard r < limit else {
                            failure = ArchiveError(.badReference, "object \(i) refers to object \(r), but there are only \(limit)",
                                                   offset: q - base, objectIndex: i)
                            initialized = at
                            return
                        }
                        (out + at).initialize(to: r)
                        at += 1
                        q += rs
                    }
                }
                initialized = at
            }
        }
        if let failure { throw failure }
        self.refs = refs
    }

    /// Reads the count that follows a marker whose low nibble is 0xF (an int object `10`…`13`).
    // `mutating` only so that calls from the mutating scan pass self by reference instead of copying it.
    @inline(__always)
    mutating func readCount(_ marker: UInt8, _ p: inout Int, index: Int) throws(ArchiveError) -> Int {
        let nibble = Int(marker & 0x0F)
        if nibble != 0x0F { return nibble }
        let end = trailer.offsetTableOffset
        // The count int marker itself must lie in the object table.
        guard p < end else { throw ArchiveError(.truncated, "count of object \(index) runs into the offset table", offset: p, objectIndex: index) }
        let intMarker = base[p]
        // Only a 1-, 2-, 4- or 8-byte int may carry a count.
        guard intMarker & 0xF0 == 0x10, intMarker & 0x0F <= 3 else {
            throw ArchiveError(.corrupt, String(format16: "count of object \(index) has marker ", intMarker, " instead of an int"), offset: p, objectIndex: index)
        }
        let width = 1 << Int(intMarker & 0x0F)
        // The count's bytes lie in the object table.
        guard width <= end - p - 1 else {
            throw ArchiveError(.truncated, "count of object \(index) runs into the offset table", offset: p, objectIndex: index)
        }
        let raw = BinaryPlistBytes.loadBigEndian(base + p + 1, width)
        // An 8-byte count is signed; a negative or huge one is never a real length.
        guard raw <= UInt64(UInt32.max) else {
            throw ArchiveError(.corrupt, "count \(raw) of object \(index) is too large", offset: p, objectIndex: index)
        }
        p += 1 + width
        return Int(raw)
    }

    mutating func scanObject(at off: Int, index: Int) throws(ArchiveError) -> PlistNode {
        let end = trailer.offsetTableOffset
        let marker = base[off]
        var p = off + 1
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x00: return PlistNode(kind: .null)
            case 0x08: return PlistNode(kind: .bool, extra: 0)
            case 0x09: return PlistNode(kind: .bool, extra: 1)
            case 0x0F: return PlistNode(kind: .fill)
            default: throw badMarker(marker, off, index)
            }
        case 0x1:
            let nibble = Int(marker & 0x0F)
            guard nibble <= 4 else { throw badMarker(marker, off, index) }
            let width = 1 << nibble
            // The integer's bytes lie in the object table.
            guard width <= end - p else { throw runsPast("integer", off, index) }
            if width < 8 {
                // 1-, 2- and 4-byte ints are unsigned.
                return PlistNode(kind: .integer, extra: 0, payload: BinaryPlistBytes.loadBigEndian(base + p, width))
            }
            if width == 8 {
                // 8-byte ints are signed two's complement: the payload bits are the Int64.
                return PlistNode(kind: .integer, extra: 0, payload: BinaryPlistBytes.loadBigEndian(base + p, 8))
            }
            let high = Int64(bitPattern: BinaryPlistBytes.loadBigEndian(base + p, 8))
            let low = BinaryPlistBytes.loadBigEndian(base + p + 8, 8)
            return integerNode(high: high, low: low)
        case 0x2:
            switch marker {
            case 0x22:
                guard 4 <= end - p else { throw runsPast("real", off, index) }
                let bits = UInt32(BinaryPlistBytes.loadBigEndian(base + p, 4))
                return PlistNode(kind: .real, extra: 4, payload: Double(Float(bitPattern: bits)).bitPattern)
            case 0x23:
                guard 8 <= end - p else { throw runsPast("real", off, index) }
                return PlistNode(kind: .real, extra: 8, payload: BinaryPlistBytes.loadBigEndian(base + p, 8))
            default: throw badMarker(marker, off, index)
            }
        case 0x3:
            guard marker == 0x33 else { throw badMarker(marker, off, index) }
            guard 8 <= end - p else { throw runsPast("date", off, index) }
            return PlistNode(kind: .date, payload: BinaryPlistBytes.loadBigEndian(base + p, 8))
        case 0x4:
            let count = try readCount(marker, &p, index: index)
            // The data bytes lie in the object table.
            guard count <= end - p else { throw runsPast("data", off, index) }
            guard count <= limits.maxDataLength else { throw tooLong("data", count, limits.maxDataLength, off, index) }
            return PlistNode(kind: .data, count: UInt32(count), payload: UInt64(p))
        case 0x5:
            let count = try readCount(marker, &p, index: index)
            // The string bytes lie in the object table.
            guard count <= end - p else { throw runsPast("ASCII string", off, index) }
            guard count <= limits.maxStringLength else { throw tooLong("string", count, limits.maxStringLength, off, index) }
            if let bad = Self.firstNonASCII(base + p, count) {
                throw ArchiveError(.corrupt, "ASCII string object \(index) holds byte 0x\(String(base[p + bad], radix: 16))", offset: p + bad, objectIndex: index)
            }
            return PlistNode(kind: .string, extra: PlistStringEncoding.ascii.rawValue, count: UInt32(count), payload: UInt64(p))
        case 0x6:
            let count = try readCount(marker, &p, index: index)
            // 2 × count bytes lie in the object table (compared by division, so no overflow).
            guard count <= (end - p) / 2 else { throw runsPast("UTF-16 string", off, index) }
            guard count <= limits.maxStringLength else { throw tooLong("string", count, limits.maxStringLength, off, index) }
            return PlistNode(kind: .string, extra: PlistStringEncoding.utf16BigEndian.rawValue, count: UInt32(count), payload: UInt64(p))
        case 0x8:
            let width = Int(marker & 0x0F) + 1
            // The UID bytes lie in the object table.
            guard width <= end - p else { throw runsPast("UID", off, index) }
            // CF rejects any UID above UInt32.max: every byte before the last four must be zero.
            var i = 0
            while i < width - 4 {
                if base[p + i] != 0 {
                    throw ArchiveError(.corrupt, "UID object \(index) is larger than UInt32.max", offset: off, objectIndex: index)
                }
                i += 1
            }
            let tail = min(width, 4)
            return PlistNode(kind: .uid, payload: BinaryPlistBytes.loadBigEndian(base + p + width - tail, tail))
        case 0xA, 0xC:
            let count = try readCount(marker, &p, index: index)
            let kind: PlistKind = marker >> 4 == 0xA ? .array : .set
            return try container(kind, count: count, refCount: count, at: p, off: off, index: index)
        case 0xD:
            let count = try readCount(marker, &p, index: index)
            // count ≤ UInt32.max, so 2 × count cannot overflow Int.
            return try container(.dict, count: count, refCount: 2 * count, at: p, off: off, index: index)
        default:
            throw badMarker(marker, off, index)
        }
    }

    /// Checks that `refCount` member refs fit at `p`; pass 2 copies them (the payload is `p` until then).
    mutating func container(_ kind: PlistKind, count: Int, refCount: Int, at p: Int, off: Int, index: Int) throws(ArchiveError) -> PlistNode {
        let end = trailer.offsetTableOffset
        // The refs lie in the object table (compared by division, so no overflow).
        guard refCount <= (end - p) / trailer.objectRefSize else {
            throw runsPast(kind == .dict ? "dict" : kind == .set ? "set" : "array", off, index)
        }
        // Overlapping containers may not make the ref table outgrow what the object table can hold.
        guard refCount <= refBudget - pendingRefs else {
            throw ArchiveError(.corrupt, "overlapping containers hold more refs than the object table can", offset: off, objectIndex: index)
        }
        pendingRefs += refCount
        return PlistNode(kind: kind, count: UInt32(count), payload: UInt64(p))
    }

    mutating func integerNode(high: Int64, low: UInt64) -> PlistNode {
        if high == 0 {
            return PlistNode(kind: .integer, extra: low <= UInt64(Int64.max) ? 0 : 1, payload: low)
        }
        if high == -1, Int64(bitPattern: low) < 0 {
            return PlistNode(kind: .integer, extra: 0, payload: low)
        }
        wideIntegers.append((high, low))
        return PlistNode(kind: .integer, extra: 2, payload: UInt64(wideIntegers.count - 1))
    }

    /// Index of the first byte ≥ 0x80 in `count` bytes at `p`, eight bytes at a time.
    @inline(__always)
    static func firstNonASCII(_ p: UnsafePointer<UInt8>, _ count: Int) -> Int? {
        var i = 0
        let raw = UnsafeRawPointer(p)
        while i + 8 <= count {
            if raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { break }
            i += 8
        }
        while i < count {
            if p[i] >= 0x80 { return i }
            i += 1
        }
        return nil
    }

    func badMarker(_ marker: UInt8, _ off: Int, _ index: Int) -> ArchiveError {
        ArchiveError(.corrupt, String(format16: "object \(index) has unknown marker ", marker, ""), offset: off, objectIndex: index)
    }

    func runsPast(_ what: String, _ off: Int, _ index: Int) -> ArchiveError {
        ArchiveError(.truncated, "\(what) object \(index) runs into the offset table", offset: off, objectIndex: index)
    }

    func tooLong(_ what: String, _ count: Int, _ limit: Int, _ off: Int, _ index: Int) -> ArchiveError {
        ArchiveError(.limitExceeded, "\(what) object \(index) of length \(count) exceeds the limit \(limit)", offset: off, objectIndex: index)
    }
}

extension String {
    /// `prefix` + the byte as two hex digits + `suffix`.
    init(format16 prefix: String, _ byte: UInt8, _ suffix: String) {
        let hex = String(byte, radix: 16, uppercase: true)
        self = prefix + (hex.count == 1 ? "0" + hex : hex) + suffix
    }
}

extension PropertyList {
    /// Parses a `bplist00` binary property list.
    ///
    /// - Parameters:
    ///   - binary: The whole file. It becomes ``storage``: strings and data are not copied.
    ///   - limits: Bounds on object count, depth and lengths.
    /// - Throws: ``ArchiveError`` with a byte offset (and object index where one applies):
    ///   `.truncated`, `.corrupt`, `.badReference`, `.containerCycle`, `.limitExceeded`,
    ///   `.unsupportedFormat` for `bplist15`/`bplist16`, `.unknownFormat` for anything else.
    public init(binary: [UInt8], limits: DecodingLimits = .default) throws(ArchiveError) {
        self = try BinaryPlistReader.read(binary, limits: limits)
    }

    /// Parses a `bplist00` binary property list from any byte collection (copied once).
    public init<C: Collection>(binary: C, limits: DecodingLimits = .default) throws(ArchiveError) where C.Element == UInt8 {
        try self.init(binary: Array(binary), limits: limits)
    }
}
