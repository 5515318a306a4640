/// The output side of a `bplist00` writer: objects in output order, scalars uniqued by (type, value),
/// and the serialisation that sizes refs and offsets to the smallest widths CoreFoundation would pick.
///
/// A writer walks its source in pre-order and asks this table for ids: ``uniqued(_:)`` for scalars,
/// ``container(tag:count:)`` for arrays, sets and dicts (whose member slots it fills later), and
/// ``uid(_:)`` for UIDs, which are never uniqued. Output depends only on the order of those calls.
struct BinaryPlistObjectTable {
    /// One object of the output, in output order: 16 bytes, since an encode holds millions of them.
    struct Object {
        /// The marker's type nibble (0x10 int, 0x50 ASCII, …) or, for null/bool/fill/real/date, the whole marker.
        var tag: UInt8
        /// 1: the bytes are in `scratch` (data, strings); 2: an int's high half is all ones; 3: it is
        /// `wideHighs[count]`.
        var flags: UInt8
        private var count32: UInt32
        /// Scalar bits (int low half, real/date bits, uid), byte offset (data, strings), or first member in `members`.
        var payload: UInt64

        /// Payload bytes (data, ASCII), UTF-16 units, or member count (containers); for flag 3, the
        /// index of the high half. Counts fit 32 bits: the readers' limits and the graph writer's checks keep them there.
        var count: Int { Int(count32) }

        /// `high` is an int's high half (0 or all ones; others through ``BinaryPlistObjectTable/wideInteger(high:low:)``),
        /// or for data and strings 1 when the bytes are in `scratch` rather than `storage`.
        init(tag: UInt8, count: Int, payload: UInt64, high: UInt64) {
            self.tag = tag
            count32 = UInt32(truncatingIfNeeded: count)
            self.payload = payload
            flags = high == 0 ? 0 : tag == 0x10 ? 2 : 1
        }

        init(tag: UInt8, wideIndex: Int, low: UInt64) {
            self.tag = tag
            count32 = UInt32(truncatingIfNeeded: wideIndex)
            payload = low
            flags = 3
        }
    }

    /// Bytes that data and string objects point into (unless their `high` is 1: then `scratch`).
    /// Read-only while writing; taken back by ``KeyedArchiveBinaryWriter/releaseStorage()`` once done.
    var storage: [UInt8]
    /// Objects in output order; appended only by ``uid(_:)``, ``container(tag:count:)`` and ``uniqued(_:)``,
    /// which keep ``bodyBytes`` and ``referenceCount`` in step.
    let objects: TableBuffer<Object>
    /// Bytes of every object but its member references, summed as objects are added.
    private(set) var bodyBytes = 0
    /// Member references of every container (each is written `refSize` bytes wide).
    private(set) var referenceCount = 0
    /// Output member ids of every container (dict: keys, then values).
    let members: TableBuffer<UInt32>
    /// Transcoded string bytes (UTF-8 → UTF-16BE, or UTF-16 that is all ASCII → ASCII), and the bytes
    /// of strings and data a streamed encode adds.
    var scratch: [UInt8]
    /// High halves of 128-bit integers that are neither 0 nor all ones.
    var wideHighs: [UInt64] = []

    var unique: UniqueTable
    /// Uniquing-table slots from which batched probes are warmed (tests lower it; the output is the same).
    var warmingFrom = BinaryPlistObjectTable.warmingSlots

    /// `expectedObjects` (distinct objects: the uniquing table), `objectCapacity` (all objects, when more)
    /// and `expectedMembers` size the tables up front (they grow past them).
    init(storage: [UInt8], expectedObjects: Int, objectCapacity: Int = 0, expectedMembers: Int) {
        self.storage = storage
        unique = UniqueTable(expected: expectedObjects)
        objects = TableScratch.buffer(\.writerObjects, capacity: max(expectedObjects, objectCapacity))
        members = TableScratch.buffer(\.writerMembers, capacity: expectedMembers)
        scratch = TableScratch.spare(\.writerScratch)
    }

    /// Parks this finished writer's tables for the next write (``TableScratch``).
    consuming func parkTables() {
        TableScratch.give(objects, \.writerObjects)
        TableScratch.give(members, \.writerMembers)
        TableScratch.give(unique.slots, \.writerSlots)
        TableScratch.give(scratch, \.writerScratch)
    }

    /// A new UID object (UIDs are never shared).
    @inline(__always)
    mutating func uid(_ value: UInt64) -> Int {
        objects.append(Object(tag: 0x80, count: 0, payload: value, high: 0))
        bodyBytes += 1 + Self.width(value)
        return objects.count - 1
    }

    /// A new array (0xA0), set (0xC0) or dict (0xD0) of `count` members (a dict: `count` pairs), and
    /// the first of its member slots in ``members`` (dict: keys, then values), filled in by the caller.
    mutating func container(tag: UInt8, count: Int) -> (id: Int, slot: Int) {
        let slot = members.count
        members.append(repeating: 0, count: Self.memberSlots(tag, count))
        return (addContainer(tag, count, slot), slot)
    }

    /// ``container(tag:count:)`` whose member slots start unfilled: the caller writes every one before
    /// its next call to this table (a writer that has all of the container's members at hand).
    @inline(__always)
    mutating func containerToFill(tag: UInt8, count: Int) -> (id: Int, slot: Int) {
        let slot = members.appendSlots(Self.memberSlots(tag, count))
        return (addContainer(tag, count, slot), slot)
    }

    /// Member slots of a container of `count` members (a dict: `count` pairs).
    @inline(__always)
    private static func memberSlots(_ tag: UInt8, _ count: Int) -> Int { tag == 0xD0 ? 2 * count : count }

    /// Appends the container object whose members start at `slot`; its id.
    @inline(__always)
    private mutating func addContainer(_ tag: UInt8, _ count: Int, _ slot: Int) -> Int {
        objects.append(Object(tag: tag, count: count, payload: UInt64(slot), high: 0))
        bodyBytes += 1 + Self.countBytes(count)
        referenceCount += Self.memberSlots(tag, count)
        return objects.count - 1
    }

    /// A signed integer object (not yet uniqued).
    static func integer(_ v: Int64) -> Object {
        Object(tag: 0x10, count: 0, payload: UInt64(bitPattern: v), high: v < 0 ? UInt64.max : 0)
    }

    /// An unsigned integer object; values above `Int64.max` are written as 16-byte integers.
    static func integer(_ v: UInt64) -> Object { Object(tag: 0x10, count: 0, payload: v, high: 0) }

    /// A 128-bit integer object, stored in the narrowest form that holds it (not yet uniqued).
    mutating func integer(high: Int64, low: UInt64) -> Object {
        if high == 0 { return Self.integer(low) }
        if high == -1, Int64(bitPattern: low) < 0 { return Self.integer(Int64(bitPattern: low)) }
        return wideInteger(high: UInt64(bitPattern: high), low: low)
    }

    /// An integer written with 16 bytes as they are (not yet uniqued).
    mutating func wideInteger(high: UInt64, low: UInt64) -> Object {
        if high == 0 || high == UInt64.max { return Object(tag: 0x10, count: 0, payload: low, high: high) }
        wideHighs.append(high)
        return Object(tag: 0x10, wideIndex: wideHighs.count - 1, low: low)
    }

    /// An int's high half (0 for everything else).
    func high(_ o: Object) -> UInt64 {
        switch o.flags {
        case 2: UInt64.max
        case 3: wideHighs[o.count]
        default: 0
        }
    }

    /// A string of `count` bytes at `start` of ``storage`` (UTF-8, or ASCII when `knownASCII`): ASCII
    /// when every byte is < 0x80 (`5n`), otherwise big-endian UTF-16 of its UTF-8 decoding (`6n`).
    mutating func utf8String(start: Int, count: Int, knownASCII: Bool = false) -> Object {
        if knownASCII { return Object(tag: 0x50, count: count, payload: UInt64(start), high: 0) }
        return storage.withUnsafeBufferPointer { buf -> Object in
            guard let base = buf.baseAddress, count > 0 else { return Object(tag: 0x50, count: 0, payload: UInt64(start), high: 0) }
            let p = base + start
            if BinaryPlistReader.firstNonASCII(p, count) == nil {
                return Object(tag: 0x50, count: count, payload: UInt64(start), high: 0)
            }
            let at = scratch.count
            var units = 0
            for unit in String(decoding: UnsafeBufferPointer(start: p, count: count), as: UTF8.self).utf16 {
                scratch.append(UInt8(truncatingIfNeeded: unit >> 8))
                scratch.append(UInt8(truncatingIfNeeded: unit))
                units += 1
            }
            return Object(tag: 0x60, count: units, payload: UInt64(at), high: 1)
        }
    }

    /// A string of `units` big-endian UTF-16 code units at `start` of ``storage``: ASCII when every
    /// unit is < 0x80, otherwise kept as UTF-16.
    mutating func utf16String(start: Int, units: Int) -> Object {
        storage.withUnsafeBufferPointer { buf -> Object in
            guard let base = buf.baseAddress, units > 0 else { return Object(tag: 0x50, count: 0, payload: UInt64(start), high: 0) }
            let p = base + start
            var ascii = true
            for i in 0 ..< units where p[2 * i] != 0 || p[2 * i + 1] >= 0x80 {
                ascii = false
                break
            }
            if !ascii { return Object(tag: 0x60, count: units, payload: UInt64(start), high: 0) }
            let at = scratch.count
            for i in 0 ..< units { scratch.append(p[2 * i + 1]) }
            return Object(tag: 0x50, count: units, payload: UInt64(at), high: 1)
        }
    }

    /// Appends a data or string object without looking for an equal one (it is not entered for later
    /// lookups either); its id.
    mutating func appendUnshared(_ object: Object) -> Int {
        objects.append(object)
        bodyBytes += size(object, refSize: 0)
        return objects.count - 1
    }

    /// Appends a new object of `size` bytes (scalars, data and strings have no member references, so
    /// no size depends on refSize) that `slot`, an empty slot its probe for `hash` ended at, will name; its id.
    @inline(__always)
    mutating func append(_ object: Object, size: Int, uniqueSlot slot: Int, hash: UInt64) -> Int {
        objects.append(object)
        bodyBytes += size
        unique.slots[slot] = UniqueTable.slot(id: objects.count - 1, hash: hash)
        unique.used += 1
        if unique.used * 2 > unique.mask { growUnique() }
        return objects.count - 1
    }

    /// Calls `body` with the bytes of a data or string object (in `scratch` or in `storage`).
    /// Static, so callers in mutating methods pass two array references rather than a copy of self.
    static func withBytes<R>(_ o: Object, _ scratch: [UInt8], _ storage: [UInt8], _ body: (UnsafePointer<UInt8>) -> R) -> R {
        let source = o.flags == 1 ? scratch : storage
        return source.withUnsafeBufferPointer { buf in
            // An empty array may have no base address; no bytes are then read.
            guard let base = buf.baseAddress else { return withUnsafePointer(to: 0 as UInt8) { body($0) } }
            return body(base + Int(truncatingIfNeeded: o.payload))
        }
    }

    static func sameBytes(_ a: Object, _ b: Object, _ count: Int, _ scratch: [UInt8], _ storage: [UInt8]) -> Bool {
        withBytes(a, scratch, storage) { pa in withBytes(b, scratch, storage) { pb in ByteHash.equal(pa, pb, count) } }
    }

    // MARK: Size and write

    /// Bytes needed to hold `v` as an unsigned width of 1, 2, 4 or 8.
    static func width(_ v: UInt64) -> Int {
        v <= 0xFF ? 1 : v <= 0xFFFF ? 2 : v <= 0xFFFF_FFFF ? 4 : 8
    }

    /// Bytes of the `xF` count int after a marker (0 when the count fits the nibble).
    static func countBytes(_ count: Int) -> Int {
        count < 15 ? 0 : 1 + width(UInt64(count))
    }

    /// Bytes of a scalar (int, real, date, bool, null): ``size(_:refSize:)`` without the cases it cannot be.
    @inline(__always)
    static func scalarSize(_ o: Object) -> Int {
        switch o.tag {
        case 0x10: 1 + intWidth(o)
        case 0x22: 5
        case 0x23, 0x33: 9
        default: 1
        }
    }

    /// Width of an integer's body: negative 8, unsigned minimal up to Int64.max 8, else 16.
    static func intWidth(_ o: Object) -> Int {
        switch o.flags {
        case 0: return o.payload > UInt64(Int64.max) ? 16 : Self.width(o.payload)
        case 2: return o.payload >= 1 << 63 ? 8 : 16
        default: return 16
        }
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

    /// The whole file: header, objects with object 0 as the root, offset table, trailer.
    func serialise() -> [UInt8] {
        guard !objects.isEmpty else { return [] }
        let refSize = Self.width(UInt64(objects.count - 1))
        let tableOffset = 8 + bodyBytes + referenceCount * refSize
        let offsetSize = Self.width(UInt64(tableOffset))
        let total = tableOffset + objects.count * offsetSize + 32
        return [UInt8](unsafeUninitializedCapacity: total) { out, initialized in
            guard let base = out.baseAddress else { return }
            HugePages.advise(out)
            var w = ByteWriter(base: base)
            for b in "bplist00".utf8 { w.put(b) }
            // The tables are borrowed once for the whole walk, not once per object.
            let end = objects.withUnsafeBufferPointer { objs in
                members.withUnsafeBufferPointer { refs in
                    storage.withUnsafeBufferPointer { stored in
                        scratch.withUnsafeBufferPointer { transcoded in
                            let source = Sources(refs: refs, storage: stored, scratch: transcoded)
                            // One loop per offset width, so an offset is one store rather than a switch.
                            return switch offsetSize {
                            case 1: writeObjects(objs, UInt8.self, refSize, source, base, w.at, tableOffset)
                            case 2: writeObjects(objs, UInt16.self, refSize, source, base, w.at, tableOffset)
                            case 4: writeObjects(objs, UInt32.self, refSize, source, base, w.at, tableOffset)
                            default: writeObjects(objs, UInt64.self, refSize, source, base, w.at, tableOffset)
                            }
                        }
                    }
                }
            }
            w = ByteWriter(base: base, at: end)
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

    /// Every object in order from byte `start` of `base`, each one's offset (an `Offset`, big-endian)
    /// written at its place in the offset table from `tableOffset`; where the offset table ends.
    @inline(__always)
    private func writeObjects<Offset: FixedWidthInteger>(_ objs: UnsafeBufferPointer<Object>, _: Offset.Type, _ refSize: Int,
                                                         _ source: Sources, _ base: UnsafeMutablePointer<UInt8>,
                                                         _ start: Int, _ tableOffset: Int) -> Int {
        // Cursors of this function's own, so that they stay in registers for the whole walk.
        var out = ByteWriter(base: base, at: start)
        var offsets = ByteWriter(base: base, at: tableOffset)
        for o in objs {
            offsets.putBigEndian(Offset(truncatingIfNeeded: out.at))
            write(o, refSize: refSize, source, &out)
        }
        return offsets.at
    }

    /// The tables an object's bytes come from, borrowed for one ``serialise()``.
    struct Sources {
        let refs: UnsafeBufferPointer<UInt32>
        let storage: UnsafeBufferPointer<UInt8>
        let scratch: UnsafeBufferPointer<UInt8>

        /// The bytes of a data or string object (in `scratch` when its flag says so, else in `storage`).
        func bytes(of o: Object) -> UnsafePointer<UInt8>? {
            (o.flags == 1 ? scratch : storage).baseAddress.map { $0 + Int(truncatingIfNeeded: o.payload) }
        }
    }

    @inline(__always)
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

    @inline(__always)
    func write(_ o: Object, refSize: Int, _ source: Sources, _ w: inout ByteWriter) {
        switch o.tag {
        case 0x10 where o.flags == 0 && o.payload <= 0xFFFF:
            w.putMarked(0x10, o.payload)
        case 0x10:
            let width = Self.intWidth(o)
            w.put(0x10 | UInt8(width.trailingZeroBitCount))
            if width == 16 { w.putBigEndian(high(o), 8) }
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
            // An empty table may have no base address; then there are no bytes to copy.
            if n > 0, let p = source.bytes(of: o) { w.put(p, n) }
        case 0x80 where o.payload <= 0xFFFF:
            w.putMarked(0x80, o.payload)
        case 0x80:
            let width = Self.width(o.payload)
            w.put(0x80 | UInt8(width - 1))
            w.putBigEndian(o.payload, width)
        case 0xA0, 0xC0, 0xD0:
            writeMarker(o.tag, count: o.count, &w)
            let first = Int(o.payload)
            let total = o.tag == 0xD0 ? 2 * o.count : o.count
            w.putReferences(source.refs, first ..< first + total, refSize)
        default:
            w.put(o.tag)
        }
    }
}

/// An unchecked cursor over a buffer the writer sized exactly.
struct ByteWriter {
    let base: UnsafeMutablePointer<UInt8>
    var at = 0

    // The writer sized the buffer before writing, so no position overflows: `&+` throughout.
    @inline(__always) mutating func put(_ b: UInt8) {
        base[at] = b
        at &+= 1
    }

    @inline(__always) mutating func put(_ p: UnsafePointer<UInt8>, _ n: Int) {
        (base + at).update(from: p, count: n)
        at &+= n
    }

    /// `v` (any fixed width), most significant byte first.
    @inline(__always) mutating func putBigEndian<T: FixedWidthInteger>(_ v: T) {
        UnsafeMutableRawPointer(base + at).storeBytes(of: v.bigEndian, as: T.self)
        at &+= MemoryLayout<T>.size
    }

    /// An int's or UID's marker and `v` (≤ 0xFFFF) one byte wide (low nibble 0) or two (low nibble 1):
    /// ints count widths as 2^n and UIDs as n + 1, which agree for these two.
    @inline(__always) mutating func putMarked(_ type: UInt8, _ v: UInt64) {
        if v <= 0xFF {
            putBigEndian(UInt16(type) << 8 | UInt16(truncatingIfNeeded: v))
        } else {
            put(type | 1)
            putBigEndian(UInt16(truncatingIfNeeded: v))
        }
    }

    /// `refs[range]`, each in `width` bytes, most significant first: the width is chosen once per
    /// container, not once per reference.
    @inline(__always) mutating func putReferences(_ refs: UnsafeBufferPointer<UInt32>, _ range: Range<Int>, _ width: Int) {
        switch width {
        case 1:
            for i in range { put(UInt8(truncatingIfNeeded: refs[i])) }
        case 2:
            for i in range { putBigEndian(UInt16(truncatingIfNeeded: refs[i])) }
        case 4:
            for i in range { putBigEndian(refs[i]) }
        default:
            for i in range { putBigEndian(UInt64(refs[i]), width) }
        }
    }

    /// The low `width` (1, 2, 4 or 8; others byte by byte) bytes of `v`, most significant first.
    @inline(__always) mutating func putBigEndian(_ v: UInt64, _ width: Int) {
        let raw = UnsafeMutableRawPointer(base + at)
        switch width {
        case 1: raw.storeBytes(of: UInt8(truncatingIfNeeded: v), as: UInt8.self)
        case 2: raw.storeBytes(of: UInt16(truncatingIfNeeded: v).bigEndian, as: UInt16.self)
        case 4: raw.storeBytes(of: UInt32(truncatingIfNeeded: v).bigEndian, as: UInt32.self)
        case 8: raw.storeBytes(of: v.bigEndian, as: UInt64.self)
        default:
            var shift = (width - 1) * 8
            var i = 0
            while shift >= 0 {
                base[at + i] = UInt8(truncatingIfNeeded: v >> UInt64(shift))
                i += 1
                shift -= 8
            }
        }
        at &+= width
    }
}

/// Open-addressing set of output ids (id + 1; 0 = empty), keyed by a caller-computed ``ByteHash``
/// (seeded per process, so crafted inputs cannot collide on purpose; ids, not hashes, decide the output).
/// Invariant: at most half full (the object table grows it), so every probe ends at an empty slot.
struct UniqueTable {
    /// 0 for an empty slot, else the top 32 bits of the object's hash, then its id + 1 in the low 32 bits:
    /// a probe passes a slot whose hash bits differ without loading the object (a cache miss in a large table).
    let slots: TableBuffer<UInt64>
    var mask: Int
    var used = 0
    /// 64 − log2(capacity): a probe starts at the hash's top bits. Stored, since counting the mask's
    /// bits is a software loop on baseline x86-64 (no POPCNT), once per probe.
    let hashShift: UInt64
    /// ``ByteHash/seed``, read once per table rather than through its lazy initialiser per hash.
    let seed = ByteHash.seed
    /// The sum of the slots and objects ``BinaryPlistObjectTable/warmScalars(_:count:hashes:)`` loaded
    /// ahead of the probes: stored only so that those loads are made.
    var warmed: UInt64 = 0

    init(expected: Int) {
        var cap = 16
        var bits: UInt64 = 4
        while cap < expected * 2 {
            cap <<= 1
            bits += 1
        }
        slots = TableScratch.buffer(\.writerSlots, capacity: cap)
        slots.append(repeating: 0, count: cap)
        mask = cap - 1
        hashShift = 64 - bits
    }

    func firstSlot(_ hash: UInt64) -> Int { Int(truncatingIfNeeded: hash >> hashShift) & mask }

    /// The slot naming object `id` of hash `hash` (ids are below 2³² − 1: the table's objects fit 32-bit refs).
    @inline(__always)
    static func slot(id: Int, hash: UInt64) -> UInt64 { hash & 0xFFFF_FFFF_0000_0000 | UInt64(truncatingIfNeeded: id &+ 1) & 0xFFFF_FFFF }

    /// The id a full slot names.
    @inline(__always)
    static func id(_ slot: UInt64) -> Int { Int(truncatingIfNeeded: slot & 0xFFFF_FFFF) &- 1 }

    /// Whether full slot `slot` may name an object of hash `hash` (its hash bits agree).
    @inline(__always)
    static func mayName(_ slot: UInt64, _ hash: UInt64) -> Bool { (slot ^ hash) >> 32 == 0 }
}

extension BinaryPlistObjectTable {
    /// A string object for a Swift string, its bytes kept in ``scratch``: ASCII when every scalar is
    /// below U+0080, otherwise big-endian UTF-16 (not yet uniqued).
    mutating func string(_ value: String) -> Object {
        var value = value
        return value.withUTF8 { u -> Object in
            let at = scratch.count
            if let base = u.baseAddress, BinaryPlistReader.firstNonASCII(base, u.count) != nil {
                var units = 0
                for unit in String(decoding: u, as: UTF8.self).utf16 {
                    scratch.append(UInt8(truncatingIfNeeded: unit >> 8))
                    scratch.append(UInt8(truncatingIfNeeded: unit))
                    units += 1
                }
                return Object(tag: 0x60, count: units, payload: UInt64(at), high: 1)
            }
            scratch.append(contentsOf: u)
            return Object(tag: 0x50, count: u.count, payload: UInt64(at), high: 1)
        }
    }
}
