/// Pass 1 of the bplist reader: every object, in table order, becomes one ``PlistNode``.
///
/// Each field is a fact the trailer check proved. The scanner is immutable and its per-object code is
/// inlined into one loop per offset width, so the facts stay in registers and every bounds check is a
/// compare against `end`. Containers copy their member refs into the reader's ref table while their
/// bytes are in the cache (pass 2 reads that table, not the input).
struct BinaryPlistObjectScanner {
    let base: UnsafePointer<UInt8>
    /// The object table is `8 ..< end`; the offset table starts at `end` and the 32-byte trailer follows.
    let end: Int
    let offsetWidth: Int
    let refSize: Int
    let maxStringLength: Int
    let maxDataLength: Int
    /// Upper bound on total member refs: what fits in the object table without overlap.
    let refBudget: Int
    /// Objects in the table: every member ref must be below it.
    let objectCount: UInt64

    init(base: UnsafePointer<UInt8>, trailer: BinaryPlistTrailer, limits: DecodingLimits) {
        self.base = base
        end = trailer.offsetTableOffset
        offsetWidth = trailer.offsetIntSize
        refSize = trailer.objectRefSize
        maxStringLength = limits.maxStringLength
        maxDataLength = limits.maxDataLength
        refBudget = (trailer.offsetTableOffset - 8) / trailer.objectRefSize
        objectCount = UInt64(truncatingIfNeeded: trailer.objectCount)
    }

    /// What pass 1 has copied so far; it outlives the tables it was written to when the ref table grows.
    struct Progress {
        /// Refs written (``PlistNode/payload`` of a container is its first one's index).
        var written = 0
        /// Containers scanned, each with its span written.
        var containers = 0
        /// The first member ref that names no object (reported once every object has scanned, as before pass 2).
        var firstBadRef: (index: Int, ref: UInt64, offset: Int)?
    }

    /// Where pass 1 writes: the ref table with its room, and the containers' member-ref counts in table order.
    struct Sink {
        let refs: UnsafeMutablePointer<UInt32>
        let refRoom: Int
        let spans: UnsafeMutablePointer<Int>
        var progress: Progress
    }

    /// Scans objects `from ..< count` into `out`, setting bit `i` of `containers` (zeroed, `(count + 63) / 64`
    /// words) for each container and copying its member refs into `sink` (whose spans have room for every
    /// object); `wide` collects 128-bit integers that fit neither Int64 nor UInt64. Returns `count`, or the
    /// first container whose refs `sink` has no room for (nothing of it written): the caller makes room
    /// and scans on from there.
    func scanAll(from start: Int, count: Int, into out: UnsafeMutablePointer<PlistNode>, containers: UnsafeMutablePointer<UInt64>,
                 sink: inout Sink, wide: inout [(high: Int64, low: UInt64)]) throws(ArchiveError) -> Int {
        // One loop per common width, so the offset load is a single instruction.
        switch offsetWidth {
        case 1: return try scan(BinaryPlistWidth1(), from: start, count: count, into: out, containers: containers, sink: &sink, wide: &wide)
        case 2: return try scan(BinaryPlistWidth2(), from: start, count: count, into: out, containers: containers, sink: &sink, wide: &wide)
        case 4: return try scan(BinaryPlistWidth4(), from: start, count: count, into: out, containers: containers, sink: &sink, wide: &wide)
        default: return try scan(BinaryPlistAnyWidth(width: offsetWidth), from: start, count: count, into: out, containers: containers, sink: &sink, wide: &wide)
        }
    }

    func scan<W: BinaryPlistWidth>(_ w: W, from start: Int, count: Int, into out: UnsafeMutablePointer<PlistNode>,
                                   containers: UnsafeMutablePointer<UInt64>, sink: inout Sink,
                                   wide: inout [(high: Int64, low: UInt64)]) throws(ArchiveError) -> Int {
        // end ≥ 9 (trailer check), so `raw &- 8 < span` is `8 ≤ raw < end` in one compare.
        let span = UInt64(truncatingIfNeeded: end &- 8)
        var s = sink
        defer { sink = s }
        // count × width ≤ input length (trailer check), so the entry pointer stays inside the offset table.
        var entry = base + end + start &* w.width
        for i in start ..< count {
            let raw = w.load(entry)
            // Every object starts after the header and inside the object table.
            guard raw &- 8 < span else { throw offsetOutside(raw, i, at: entry - base) }
            guard let node = try node(at: Int(truncatingIfNeeded: raw), index: i, sink: &s, wide: &wide) else { return i }
            (out + i).initialize(to: node)
            if node.kind.isContainer { containers[i &>> 6] |= 1 &<< UInt64(truncatingIfNeeded: i & 63) }
            entry += w.width
        }
        return count
    }

    /// The object at `off` (< end, so its marker byte exists).
    @inline(__always)
    func node(at off: Int, index: Int, sink: inout Sink, wide: inout [(high: Int64, low: UInt64)]) throws(ArchiveError) -> PlistNode? {
        let marker = base[off]
        // off < end ≤ Int.max, so neither this nor `end &- p` below can overflow, and end - p ≥ 0.
        var p = off &+ 1
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
            let width = 1 &<< nibble
            // The integer's bytes lie in the object table.
            guard width <= end &- p else { throw runsPast("integer", off, index) }
            if width <= 8 {
                // 1-, 2- and 4-byte ints are unsigned; an 8-byte int's bits are its two's-complement Int64.
                return PlistNode(kind: .integer, extra: 0, payload: BinaryPlistBytes.loadBigEndian(base + p, width))
            }
            let high = Int64(bitPattern: BinaryPlistBytes.loadBigEndian(base + p, 8))
            let low = BinaryPlistBytes.loadBigEndian(base + p + 8, 8)
            return Self.integerNode(high: high, low: low, wide: &wide)
        case 0x2:
            switch marker {
            case 0x22:
                guard 4 <= end &- p else { throw runsPast("real", off, index) }
                let bits = UInt32(truncatingIfNeeded: BinaryPlistBytes.loadBigEndian(base + p, 4))
                return PlistNode(kind: .real, extra: 4, payload: Double(Float(bitPattern: bits)).bitPattern)
            case 0x23:
                guard 8 <= end &- p else { throw runsPast("real", off, index) }
                return PlistNode(kind: .real, extra: 8, payload: BinaryPlistBytes.loadBigEndian(base + p, 8))
            default: throw badMarker(marker, off, index)
            }
        case 0x3:
            guard marker == 0x33 else { throw badMarker(marker, off, index) }
            guard 8 <= end &- p else { throw runsPast("date", off, index) }
            return PlistNode(kind: .date, payload: BinaryPlistBytes.loadBigEndian(base + p, 8))
        case 0x4:
            let count = try readCount(marker, &p, index: index)
            // The data bytes lie in the object table.
            guard count <= end &- p else { throw runsPast("data", off, index) }
            guard count <= maxDataLength else { throw tooLong("data", count, maxDataLength, off, index) }
            return PlistNode(kind: .data, count: UInt32(truncatingIfNeeded: count), payload: UInt64(truncatingIfNeeded: p))
        case 0x5:
            let count = try readCount(marker, &p, index: index)
            // The string bytes lie in the object table.
            guard count <= end &- p else { throw runsPast("ASCII string", off, index) }
            guard count <= maxStringLength else { throw tooLong("string", count, maxStringLength, off, index) }
            // A `5n` string holds only bytes < 0x80.
            guard Self.isASCII(base + p, count) else { throw notASCII(p, count, index) }
            return PlistNode(kind: .string, extra: PlistStringEncoding.ascii.rawValue,
                             count: UInt32(truncatingIfNeeded: count), payload: UInt64(truncatingIfNeeded: p))
        case 0x6:
            let count = try readCount(marker, &p, index: index)
            // 2 × count bytes lie in the object table (compared by division, so no overflow).
            guard count <= (end &- p) / 2 else { throw runsPast("UTF-16 string", off, index) }
            guard count <= maxStringLength else { throw tooLong("string", count, maxStringLength, off, index) }
            return PlistNode(kind: .string, extra: PlistStringEncoding.utf16BigEndian.rawValue,
                             count: UInt32(truncatingIfNeeded: count), payload: UInt64(truncatingIfNeeded: p))
        case 0x8:
            let width = Int(marker & 0x0F) &+ 1
            // The UID bytes lie in the object table.
            guard width <= end &- p else { throw runsPast("UID", off, index) }
            // Most objects of a keyed archive are 1- or 2-byte UIDs.
            if width <= 2 { return PlistNode(kind: .uid, payload: width == 1 ? UInt64(base[p]) : BinaryPlistBytes.loadBigEndian(base + p, 2)) }
            // CF rejects any UID above UInt32.max: every byte before the last four must be zero.
            var i = 0
            while i < width - 4 {
                if base[p + i] != 0 { throw uidTooLarge(off, index) }
                i += 1
            }
            let tail = min(width, 4)
            return PlistNode(kind: .uid, payload: BinaryPlistBytes.loadBigEndian(base + p + width - tail, tail))
        case 0xA, 0xC:
            let count = try readCount(marker, &p, index: index)
            let kind: PlistKind = marker >> 4 == 0xA ? .array : .set
            return try container(kind, count: count, refCount: count, at: p, off: off, index: index, sink: &sink)
        case 0xD:
            let count = try readCount(marker, &p, index: index)
            // count ≤ UInt32.max, so 2 × count cannot overflow Int.
            return try container(.dict, count: count, refCount: 2 &* count, at: p, off: off, index: index, sink: &sink)
        default:
            throw badMarker(marker, off, index)
        }
    }

    /// The count after a marker: its low nibble, or for 0xF the int object (`10`…`13`) that follows.
    @inline(__always)
    func readCount(_ marker: UInt8, _ p: inout Int, index: Int) throws(ArchiveError) -> Int {
        let nibble = Int(marker & 0x0F)
        if nibble != 0x0F { return nibble }
        // The count int marker itself must lie in the object table.
        guard p < end else { throw countRunsPast(p, index) }
        let intMarker = base[p]
        // Only a 1-, 2-, 4- or 8-byte int may carry a count.
        guard intMarker & 0xF0 == 0x10, intMarker & 0x0F <= 3 else { throw countNotInt(intMarker, p, index) }
        let width = 1 &<< Int(intMarker & 0x0F)
        // The count's bytes lie in the object table.
        guard width <= end &- p &- 1 else { throw countRunsPast(p, index) }
        let raw = BinaryPlistBytes.loadBigEndian(base + p + 1, width)
        // An 8-byte count is signed; a negative or huge one is never a real length.
        guard raw <= UInt64(UInt32.max) else { throw countTooLarge(raw, p, index) }
        p = p &+ 1 &+ width
        return Int(truncatingIfNeeded: raw)
    }

    /// Checks that `refCount` member refs fit at `p` and copies them into `sink`: the node, whose payload is
    /// its first ref's index there; nil when `sink` has no room for them (nothing written).
    @inline(__always)
    func container(_ kind: PlistKind, count: Int, refCount: Int, at p: Int, off: Int, index: Int,
                   sink: inout Sink) throws(ArchiveError) -> PlistNode? {
        // The refs lie in the object table (refCount < 2³³ and refSize ≤ 8, so the product cannot overflow).
        guard refCount &* refSize <= end &- p else { throw containerRunsPast(kind, off, index) }
        // Overlapping containers may not make the ref table outgrow what the object table can hold.
        guard refCount <= refBudget &- sink.progress.written else { throw refsOverBudget(off, index) }
        guard refCount <= sink.refRoom &- sink.progress.written else { return nil }
        let first = sink.progress.written
        let to = sink.refs + first
        let from = base + p
        // One loop per common width; each ref is checked against the object count as it is copied.
        var bad = -1
        switch refSize {
        case 1: bad = Self.copy(BinaryPlistWidth1(), refCount, from, to, below: objectCount)
        case 2: bad = Self.copy(BinaryPlistWidth2(), refCount, from, to, below: objectCount)
        case 4: bad = Self.copy(BinaryPlistWidth4(), refCount, from, to, below: objectCount)
        default: bad = Self.copy(BinaryPlistAnyWidth(width: refSize), refCount, from, to, below: objectCount)
        }
        if bad >= 0, sink.progress.firstBadRef == nil {
            let q = p &+ bad &* refSize
            sink.progress.firstBadRef = (index, BinaryPlistBytes.loadBigEndian(base + q, refSize), q)
        }
        sink.progress.written = first &+ refCount
        // One span per container, and at most n containers: the span table has n slots.
        sink.spans[sink.progress.containers] = refCount
        sink.progress.containers &+= 1
        return PlistNode(kind: kind, count: UInt32(truncatingIfNeeded: count), payload: UInt64(truncatingIfNeeded: first))
    }

    /// Copies `n` refs of width `w` from `from` to `to`; the position of the first one not below `limit`, or -1.
    @inline(__always)
    static func copy<R: BinaryPlistWidth>(_ w: R, _ n: Int, _ from: UnsafePointer<UInt8>, _ to: UnsafeMutablePointer<UInt32>,
                                          below limit: UInt64) -> Int {
        var q = from
        var largest: UInt64 = 0
        for k in 0 ..< n {
            let r = w.load(q)
            largest = max(largest, r)
            (to + k).initialize(to: UInt32(truncatingIfNeeded: r))
            q += w.width
        }
        guard largest >= limit else { return -1 }
        return firstAtLeast(w, n, from, limit)
    }

    /// The position of the first of `n` refs at `from` not below `limit` (one is).
    @inline(never)
    static func firstAtLeast<R: BinaryPlistWidth>(_ w: R, _ n: Int, _ from: UnsafePointer<UInt8>, _ limit: UInt64) -> Int {
        for k in 0 ..< n where w.load(from + k &* w.width) >= limit { return k }
        return -1
    }

    static func integerNode(high: Int64, low: UInt64, wide: inout [(high: Int64, low: UInt64)]) -> PlistNode {
        if high == 0 {
            return PlistNode(kind: .integer, extra: low <= UInt64(Int64.max) ? 0 : 1, payload: low)
        }
        if high == -1, Int64(bitPattern: low) < 0 {
            return PlistNode(kind: .integer, extra: 0, payload: low)
        }
        wide.append((high, low))
        return PlistNode(kind: .integer, extra: 2, payload: UInt64(wide.count - 1))
    }

    /// Whether the `count` bytes at `p` are all < 0x80, a word at a time.
    ///
    /// Reads up to 7 bytes past `p + count`: callers pass a range inside the object table, which the
    /// offset table and the 32-byte trailer follow, so those bytes exist (their values are masked off).
    @inline(__always)
    static func isASCII(_ p: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        let raw = UnsafeRawPointer(p)
        let high: UInt64 = 0x8080_8080_8080_8080
        if count < 8 {
            // After the little-endian conversion byte k is bits 8k…8k+7; keep the first `count`.
            let word = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
            let mask = (1 as UInt64) &<< UInt64(8 &* count) &- 1
            return word & mask & high == 0
        }
        var bits: UInt64 = 0
        var i = 0
        while i &+ 16 < count {
            bits |= raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) | raw.loadUnaligned(fromByteOffset: i &+ 8, as: UInt64.self)
            i &+= 16
        }
        if i &+ 8 < count { bits |= raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) }
        // The last word overlaps the previous one rather than reading past the string.
        bits |= raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
        return bits & high == 0
    }
}

// MARK: - Errors, out of line: the loop reaches them only on its way out.

extension BinaryPlistObjectScanner {
    @inline(never)
    func offsetOutside(_ raw: UInt64, _ index: Int, at entry: Int) -> ArchiveError {
        ArchiveError(.corrupt, "offset \(raw) of object \(index) is outside the object table 8..<\(end)", offset: entry, objectIndex: index)
    }

    @inline(never)
    func badMarker(_ marker: UInt8, _ off: Int, _ index: Int) -> ArchiveError {
        ArchiveError(.corrupt, String(format16: "object \(index) has unknown marker ", marker, ""), offset: off, objectIndex: index)
    }

    @inline(never)
    func runsPast(_ what: String, _ off: Int, _ index: Int) -> ArchiveError {
        ArchiveError(.truncated, "\(what) object \(index) runs into the offset table", offset: off, objectIndex: index)
    }

    @inline(never)
    func containerRunsPast(_ kind: PlistKind, _ off: Int, _ index: Int) -> ArchiveError {
        runsPast(kind == .dict ? "dict" : kind == .set ? "set" : "array", off, index)
    }

    @inline(never)
    func tooLong(_ what: String, _ count: Int, _ limit: Int, _ off: Int, _ index: Int) -> ArchiveError {
        ArchiveError(.limitExceeded, "\(what) object \(index) of length \(count) exceeds the limit \(limit)", offset: off, objectIndex: index)
    }

    @inline(never)
    func countRunsPast(_ p: Int, _ index: Int) -> ArchiveError {
        ArchiveError(.truncated, "count of object \(index) runs into the offset table", offset: p, objectIndex: index)
    }

    @inline(never)
    func countNotInt(_ intMarker: UInt8, _ p: Int, _ index: Int) -> ArchiveError {
        ArchiveError(.corrupt, String(format16: "count of object \(index) has marker ", intMarker, " instead of an int"), offset: p, objectIndex: index)
    }

    @inline(never)
    func countTooLarge(_ raw: UInt64, _ p: Int, _ index: Int) -> ArchiveError {
        ArchiveError(.corrupt, "count \(raw) of object \(index) is too large", offset: p, objectIndex: index)
    }

    @inline(never)
    func notASCII(_ p: Int, _ count: Int, _ index: Int) -> ArchiveError {
        let bad = BinaryPlistReader.firstNonASCII(base + p, count) ?? 0
        return ArchiveError(.corrupt, "ASCII string object \(index) holds byte 0x\(String(base[p + bad], radix: 16))", offset: p + bad, objectIndex: index)
    }

    @inline(never)
    func uidTooLarge(_ off: Int, _ index: Int) -> ArchiveError {
        ArchiveError(.corrupt, "UID object \(index) is larger than UInt32.max", offset: off, objectIndex: index)
    }

    @inline(never)
    func refsOverBudget(_ off: Int, _ index: Int) -> ArchiveError {
        ArchiveError(.corrupt, "overlapping containers hold more refs than the object table can", offset: off, objectIndex: index)
    }
}
