/// Writes a ``PropertyList`` as `bplist00`, following CoreFoundation's layout rules.
///
/// Pass 1 flattens from the root in pre-order (a container, then its members; a dict's keys before its
/// values), uniquing strings, numbers, dates and data by (type, value) and containers by table identity;
/// UIDs are never uniqued. Pass 2 sizes every object, picks the smallest ref and offset widths, and
/// writes everything into one exactly-sized buffer. Output depends only on the table, never on hashing.
struct BinaryPlistWriter {
    /// One object of the output, in output order.
    struct Object {
        /// The marker's type nibble (0x10 int, 0x50 ASCII, …) or, for null/bool/fill/real/date, the whole marker.
        var tag: UInt8
        /// Payload bytes (data, ASCII), UTF-16 units, or member count (containers).
        var count: Int
        /// Scalar bits (int low half, real/date bits, uid), byte offset (data, strings), or first member in `members`.
        var payload: UInt64
        /// Int high half; for data and strings 1 when the bytes are in `scratch` rather than the list's storage.
        var high: UInt64
    }

    let list: PropertyList
    var objects: [Object] = []
    /// Output member ids of every container (dict: keys, then values).
    var members: [UInt32] = []
    /// Transcoded string bytes (UTF-8 → UTF-16BE, or UTF-16 that is all ASCII → ASCII).
    var scratch: [UInt8] = []
    /// Output id + 1 of each container node already flattened (0: not yet).
    var containerIDs: [UInt32]
    var unique: UniqueTable

    init(_ list: PropertyList) {
        self.list = list
        containerIDs = [UInt32](repeating: 0, count: list.nodes.count)
        unique = UniqueTable(expected: list.nodes.count)
        objects.reserveCapacity(list.nodes.count)
        members.reserveCapacity(list.refs.count)
    }

    static func write(_ list: PropertyList) -> [UInt8] {
        guard list.root >= 0, list.root < list.nodes.count else { return [] }
        var w = BinaryPlistWriter(list)
        w.flatten()
        return w.serialise()
    }

    // MARK: Pass 1: flatten

    mutating func flatten() {
        // Pending (node, member slot to fill); slot -1 is the root. Children are pushed in reverse.
        var stack: [(node: Int, slot: Int)] = [(list.root, -1)]
        while let (node, slot) = stack.popLast() {
            let id = outputID(node, &stack)
            if slot >= 0 { members[slot] = UInt32(id) }
        }
    }

    /// The output id of `node`, creating (and scheduling the members of) a new object when needed.
    mutating func outputID(_ node: Int, _ stack: inout [(node: Int, slot: Int)]) -> Int {
        let n = list.nodes[node]
        switch n.kind {
        case .array, .set, .dict:
            if containerIDs[node] != 0 { return Int(containerIDs[node]) - 1 }
            let id = objects.count
            containerIDs[node] = UInt32(id + 1)
            let total = n.kind == .dict ? 2 * Int(n.count) : Int(n.count)
            let slot = members.count
            members.append(contentsOf: repeatElement(0, count: total))
            let tag: UInt8 = n.kind == .array ? 0xA0 : n.kind == .set ? 0xC0 : 0xD0
            objects.append(Object(tag: tag, count: Int(n.count), payload: UInt64(slot), high: 0))
            let first = Int(truncatingIfNeeded: n.payload)
            var i = total - 1
            while i >= 0 {
                stack.append((Int(list.refs[first + i]), slot + i))
                i -= 1
            }
            return id
        case .uid:
            objects.append(Object(tag: 0x80, count: 0, payload: n.payload, high: 0))
            return objects.count - 1
        default:
            return uniqued(scalarObject(n))
        }
    }

    /// The output form of a scalar node (strings transcoded to their written encoding).
    mutating func scalarObject(_ n: PlistNode) -> Object {
        switch n.kind {
        case .null: return Object(tag: 0x00, count: 0, payload: 0, high: 0)
        case .fill: return Object(tag: 0x0F, count: 0, payload: 0, high: 0)
        case .bool: return Object(tag: n.extra != 0 ? 0x09 : 0x08, count: 0, payload: 0, high: 0)
        case .integer:
            switch n.extra {
            case 0:
                let v = Int64(bitPattern: n.payload)
                return Object(tag: 0x10, count: 0, payload: n.payload, high: v < 0 ? UInt64.max : 0)
            case 1: return Object(tag: 0x10, count: 0, payload: n.payload, high: 0)
            default:
                let w = list.wideIntegers[Int(n.payload)]
                return Object(tag: 0x10, count: 0, payload: w.low, high: UInt64(bitPattern: w.high))
            }
        case .real:
            if n.extra == 4 {
                return Object(tag: 0x22, count: 0, payload: UInt64(Float(Double(bitPattern: n.payload)).bitPattern), high: 0)
            }
            return Object(tag: 0x23, count: 0, payload: n.payload, high: 0)
        case .date: return Object(tag: 0x33, count: 0, payload: n.payload, high: 0)
        case .data: return Object(tag: 0x40, count: Int(n.count), payload: n.payload, high: 0)
        case .string: return stringObject(n)
        case .uid, .array, .set, .dict: return Object(tag: 0x00, count: 0, payload: 0, high: 0)
        }
    }

    /// ASCII when every character is < 0x80 (`5n`), otherwise big-endian UTF-16 (`6n`).
    mutating func stringObject(_ n: PlistNode) -> Object {
        let start = Int(truncatingIfNeeded: n.payload)
        let count = Int(n.count)
        let encoding = PlistStringEncoding(rawValue: n.extra) ?? .utf8
        return list.storage.withUnsafeBufferPointer { buf -> Object in
            guard let base = buf.baseAddress else { return Object(tag: 0x50, count: 0, payload: 0, high: 0) }
            let p = base + start
            switch encoding {
            case .ascii:
                return Object(tag: 0x50, count: count, payload: n.payload, high: 0)
            case .utf8:
                if BinaryPlistReader.firstNonASCII(p, count) == nil {
                    return Object(tag: 0x50, count: count, payload: n.payload, high: 0)
                }
                let at = scratch.count
                var units = 0
                for unit in String(decoding: UnsafeBufferPointer(start: p, count: count), as: UTF8.self).utf16 {
                    scratch.append(UInt8(truncatingIfNeeded: unit >> 8))
                    scratch.append(UInt8(truncatingIfNeeded: unit))
                    units += 1
                }
                return Object(tag: 0x60, count: units, payload: UInt64(at), high: 1)
            case .utf16BigEndian:
                var ascii = true
                for i in 0 ..< count where p[2 * i] != 0 || p[2 * i + 1] >= 0x80 {
                    ascii = false
                    break
                }
                if !ascii { return Object(tag: 0x60, count: count, payload: n.payload, high: 0) }
                let at = scratch.count
                for i in 0 ..< count { scratch.append(p[2 * i + 1]) }
                return Object(tag: 0x50, count: count, payload: UInt64(at), high: 1)
            }
        }
    }

    /// The id of an equal object already written, or of `object` appended now.
    mutating func uniqued(_ object: Object) -> Int {
        let byteCount = object.tag == 0x60 ? object.count * 2 : object.count
        let hasBytes = object.tag == 0x40 || object.tag == 0x50 || object.tag == 0x60
        let hash: UInt64
        if hasBytes {
            hash = Self.withBytes(object, scratch, list.storage) {
                ByteHash.hash(UnsafeBufferPointer(start: $0, count: byteCount), salt: UInt64(object.tag))
            }
        } else {
            hash = ByteHash.mix(ByteHash.seed ^ (object.payload &+ UInt64(object.tag) &* 0x9E37_79B9_7F4A_7C15 ^ object.high &* 0xC2B2_AE3D_27D4_EB4F))
        }
        var slot = unique.firstSlot(hash)
        while true {
            let entry = unique.slots[slot]
            if entry == 0 { break }
            let other = objects[Int(entry) - 1]
            if other.tag == object.tag, other.count == object.count {
                if hasBytes {
                    if Self.sameBytes(object, other, byteCount, scratch, list.storage) { return Int(entry) - 1 }
                } else if other.payload == object.payload, other.high == object.high {
                    return Int(entry) - 1
                }
            }
            slot = (slot + 1) & unique.mask
        }
        objects.append(object)
        unique.slots[slot] = UInt32(objects.count)
        unique.noteInsert()
        return objects.count - 1
    }

    /// Calls `body` with the bytes of a data or string object (in `scratch` or in `storage`).
    /// Static, so callers in mutating methods pass two array references rather than a copy of self.
    static func withBytes<R>(_ o: Object, _ scratch: [UInt8], _ storage: [UInt8], _ body: (UnsafePointer<UInt8>) -> R) -> R {
        let source = o.high == 1 ? scratch : storage
        return source.withUnsafeBufferPointer { buf in
            // An empty array may have no base address; no bytes are then read.
            guard let base = buf.baseAddress else { return withUnsafePointer(to: 0 as UInt8) { body($0) } }
            return body(base + Int(truncatingIfNeeded: o.payload))
        }
    }

    static func sameBytes(_ a: Object, _ b: Object, _ count: Int, _ scratch: [UInt8], _ storage: [UInt8]) -> Bool {
        withBytes(a, scratch, storage) { pa in withBytes(b, scratch, storage) { pb in
            var i = 0
            while i < count {
                if pa[i] != pb[i] { return false }
                i += 1
            }
            return true
        } }
    }

    // MARK: Pass 2: size and write

    /// Bytes needed to hold `v` as an unsigned width of 1, 2, 4 or 8.
    static func width(_ v: UInt64) -> Int {
        v <= 0xFF ? 1 : v <= 0xFFFF ? 2 : v <= 0xFFFF_FFFF ? 4 : 8
    }

    /// Bytes of the `xF` count int after a marker (0 when the count fits the nibble).
    static func countBytes(_ count: Int) -> Int {
        count < 15 ? 0 : 1 + width(UInt64(count))
    }

    /// Width of an integer's body: negative 8, unsigned minimal up to Int64.max 8, else 16.
    static func intWidth(_ o: Object) -> Int {
        if o.high == 0 {
            return o.payload > UInt64(Int64.max) ? 16 : width(o.payload)
        }
        return o.high == UInt64.max && o.payload >= 1 << 63 ? 8 : 16
    }

    func size(_ o: Object, refSize: Int) -> Int {
        switch o.tag {
        case 0x10: return 1 + Self.intWidth(o)
        case 0x22: return 5
        case 0x23, 0x33: return 9
        case 0x40, 0x50: return 1 + Self.countBytes(o.count) + o.count
        case 0x60: return 1 + Self.countBytes(o.count) + 2 * o.count
        case 0x80: return 1 + Self.width(o.payload)
        case 0xA0, 0xC0: return 1 + Self.countBytes(o.count) + o.count * refSize
        case 0xD0: return 1 + Self.countBytes(o.count) + 2 * o.count * refSize
        default: return 1
        }
    }

    func serialise() -> [UInt8] {
        let refSize = Self.width(UInt64(objects.count - 1))
        var tableOffset = 8
        for o in objects { tableOffset += size(o, refSize: refSize) }
        let offsetSize = Self.width(UInt64(tableOffset))
        let total = tableOffset + objects.count * offsetSize + 32
        return [UInt8](unsafeUninitializedCapacity: total) { out, initialized in
            guard let base = out.baseAddress else { return }
            var w = ByteWriter(base: base)
            for b in "bplist00".utf8 { w.put(b) }
            var offsets: [Int] = []
            offsets.reserveCapacity(objects.count)
            for o in objects {
                offsets.append(w.at)
                write(o, refSize: refSize, &w)
            }
            for off in offsets { w.putBigEndian(UInt64(off), offsetSize) }
            for _ in 0 ..< 6 { w.put(0) }
            w.put(UInt8(offsetSize))
            w.put(UInt8(refSize))
            w.putBigEndian(UInt64(objects.count), 8)
            w.putBigEndian(0, 8)
            w.putBigEndian(UInt64(tableOffset), 8)
            assert(w.at == total, "bplist writer sized \(total) bytes but wrote \(w.at)")
            initialized = w.at
        }
    }

    func writeMarker(_ type: UInt8, count: Int, _ w: inout ByteWriter) {
        if count < 15 {
            w.put(type | UInt8(count))
        } else {
            w.put(type | 0x0F)
            let cw = Self.width(UInt64(count))
            w.put(0x10 | UInt8(cw.trailingZeroBitCount))
            w.putBigEndian(UInt64(count), cw)
        }
    }

    func write(_ o: Object, refSize: Int, _ w: inout ByteWriter) {
        switch o.tag {
        case 0x10:
            let width = Self.intWidth(o)
            w.put(0x10 | UInt8(width.trailingZeroBitCount))
            if width == 16 { w.putBigEndian(o.high, 8) }
            w.putBigEndian(o.payload, min(width, 8))
        case 0x22:
            w.put(0x22)
            w.putBigEndian(o.payload, 4)
        case 0x23, 0x33:
            w.put(o.tag)
            w.putBigEndian(o.payload, 8)
        case 0x40, 0x50, 0x60:
            writeMarker(o.tag, count: o.count, &w)
            let n = o.tag == 0x60 ? 2 * o.count : o.count
            Self.withBytes(o, scratch, list.storage) { w.put($0, n) }
        case 0x80:
            let width = Self.width(o.payload)
            w.put(0x80 | UInt8(width - 1))
            w.putBigEndian(o.payload, width)
        case 0xA0, 0xC0, 0xD0:
            writeMarker(o.tag, count: o.count, &w)
            let first = Int(o.payload)
            let total = o.tag == 0xD0 ? 2 * o.count : o.count
            for i in first ..< first + total { w.putBigEndian(UInt64(members[i]), refSize) }
        default:
            w.put(o.tag)
        }
    }
}

/// An unchecked cursor over a buffer the writer sized exactly.
struct ByteWriter {
    let base: UnsafeMutablePointer<UInt8>
    var at = 0

    @inline(__always) mutating func put(_ b: UInt8) {
        base[at] = b
        at += 1
    }

    @inline(__always) mutating func put(_ p: UnsafePointer<UInt8>, _ n: Int) {
        (base + at).update(from: p, count: n)
        at += n
    }

    /// The low `width` (1…8) bytes of `v`, most significant first.
    @inline(__always) mutating func putBigEndian(_ v: UInt64, _ width: Int) {
        var shift = (width - 1) * 8
        while shift >= 0 {
            base[at] = UInt8(truncatingIfNeeded: v >> UInt64(shift))
            at += 1
            shift -= 8
        }
    }
}

/// Open-addressing set of output ids (id + 1; 0 = empty), keyed by a caller-computed ``ByteHash``
/// (seeded per process, so crafted inputs cannot collide on purpose; ids, not hashes, decide the output).
struct UniqueTable {
    var slots: [UInt32]
    var mask: Int
    var used = 0

    init(expected: Int) {
        var cap = 16
        while cap < expected * 2 { cap <<= 1 }
        slots = [UInt32](repeating: 0, count: cap)
        mask = cap - 1
    }

    var hashShift: Int { 64 - mask.nonzeroBitCount }

    func firstSlot(_ hash: UInt64) -> Int { Int(truncatingIfNeeded: hash >> UInt64(hashShift)) & mask }

    /// Table size never shrinks below 2 × the number of objects, since each node adds at most one entry.
    mutating func noteInsert() { used += 1 }
}

extension PropertyList {
    /// This list as `bplist00` bytes, laid out as CoreFoundation does (see ``BinaryPlistWriter``).
    ///
    /// Deterministic: the same table always gives the same bytes.
    public func binaryData() -> [UInt8] {
        BinaryPlistWriter.write(self)
    }
}
