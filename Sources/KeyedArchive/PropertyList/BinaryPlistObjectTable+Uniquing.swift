// Uniquing: the one open-addressed table that gives equal scalars, strings and data one object id.

extension BinaryPlistObjectTable {
    /// The id of an equal object already written, or of `object` appended now.
    @inline(__always)
    mutating func uniqued(_ object: Object) -> Int {
        if Self.isPlainScalar(object) { return uniquedScalar(object) }
        return uniquedWithBytes(object)
    }

    /// ``uniqued(_:)`` of data, a string, or a scalar with a 128-bit payload.
    private mutating func uniquedWithBytes(_ object: Object) -> Int {
        let hasBytes = Self.hasBytes(object)
        let byteCount = object.tag == 0x60 ? object.count * 2 : object.count
        let h = hash(object)
        var slot = unique.firstSlot(h)
        while true {
            let entry = unique.slots[slot]
            if entry == 0 { break }
            if UniqueTable.mayName(entry, h) {
                let id = UniqueTable.id(entry)
                let other = objects[id]
                if other.tag == object.tag {
                    if hasBytes {
                        if other.count == object.count, Self.sameBytes(object, other, byteCount, scratch, storage) { return id }
                    } else if other.payload == object.payload, high(other) == high(object) {
                        return id
                    }
                }
            }
            slot = (slot + 1) & unique.mask
        }
        return append(object, size: size(object, refSize: 0), uniqueSlot: slot, hash: h)
    }

    /// ``uniqued(_:)`` of the ASCII string `bytes` (an object of tag 0x50), looked up before its bytes are
    /// copied: only a new one is appended to ``scratch``. Nil (nothing done) when `bytes` is empty or not ASCII.
    mutating func uniquedASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress, bytes.count > 0, BinaryPlistReader.firstNonASCII(base, bytes.count) == nil else { return nil }
        let n = bytes.count
        // The hash ``hash(_:)`` gives the object once written.
        let h = ByteHash.hash(bytes, salt: 0x50)
        var slot = unique.firstSlot(h)
        while true {
            let entry = unique.slots[slot]
            if entry == 0 { break }
            if UniqueTable.mayName(entry, h) {
                let id = UniqueTable.id(entry)
                let other = objects[id]
                if other.tag == 0x50, other.count == n, Self.withBytes(other, scratch, storage, { ByteHash.equal($0, base, n) }) { return id }
            }
            slot = (slot + 1) & unique.mask
        }
        let mark = scratch.count
        scratch.append(contentsOf: bytes)
        let object = Object(tag: 0x50, count: n, payload: UInt64(mark), high: 1)
        return append(object, size: size(object, refSize: 0), uniqueSlot: slot, hash: h)
    }

    /// ``uniqued(_:)`` of a scalar (int, real, date, bool, null) whose high half is 0 or all ones: equal
    /// objects have the same tag, payload and flags (flag 2 is an all-ones high half), so no byte
    /// comparison and no lookup of the high half. The same hash as ``hash(_:)``, so the table is one.
    @inline(never)
    mutating func uniquedScalar(_ object: Object) -> Int {
        uniquedScalar(object, hash: scalarHash(object))
    }

    /// ``uniqued(_:)`` of plain scalar `object` (``isPlainScalar(_:)``), whose ``scalarHash(_:)`` is `hash`.
    @inline(__always)
    mutating func uniquedScalar(_ object: Object, hash: UInt64) -> Int {
        var slot = unique.firstSlot(hash)
        while true {
            let entry = unique.slots[slot]
            if entry == 0 { break }
            if UniqueTable.mayName(entry, hash) {
                let id = UniqueTable.id(entry)
                let other = objects[id]
                if other.payload == object.payload, other.tag == object.tag, other.flags == object.flags { return id }
            }
            slot = (slot + 1) & unique.mask
        }
        return append(object, size: Self.scalarSize(object), uniqueSlot: slot, hash: hash)
    }

    /// The hash uniquing goes by: the bytes of data and strings, the bits of everything else.
    func hash(_ object: Object) -> UInt64 {
        switch object.tag {
        case 0x40, 0x50, 0x60:
            let byteCount = object.tag == 0x60 ? object.count * 2 : object.count
            return Self.withBytes(object, scratch, storage) {
                ByteHash.hash(UnsafeBufferPointer(start: $0, count: byteCount), salt: UInt64(object.tag))
            }
        default:
            return scalarHash(object.tag, object.payload, high: high(object))
        }
    }

    @inline(__always)
    func scalarHash(_ tag: UInt8, _ payload: UInt64, high: UInt64) -> UInt64 {
        ByteHash.mix(unique.seed ^ (payload &+ UInt64(tag) &* 0x9E37_79B9_7F4A_7C15 ^ high &* 0xC2B2_AE3D_27D4_EB4F))
    }

    /// Doubles the uniquing table (ids are re-placed by their objects' hashes; the output does not change).
    /// A slot keeps its hash's top 32 bits, all a probe's start needs up to 2³² slots: no object is read.
    @inline(never)
    mutating func growUnique() {
        let old = unique.slots
        unique = UniqueTable(expected: old.count)
        let fromSlots = unique.hashShift >= 32
        for i in 0 ..< old.count where old[i] != 0 {
            let entry = old[i]
            var slot = unique.firstSlot(fromSlots ? entry & 0xFFFF_FFFF_0000_0000 : hash(objects[UniqueTable.id(entry)]))
            while unique.slots[slot] != 0 { slot = (slot + 1) & unique.mask }
            unique.slots[slot] = entry
            unique.used += 1
        }
    }

    /// ``hash(_:)`` of a plain scalar (``isPlainScalar(_:)``).
    @inline(__always)
    func scalarHash(_ object: Object) -> UInt64 {
        scalarHash(object.tag, object.payload, high: object.flags == 2 ? UInt64.max : 0)
    }

    /// Whether `object` is data or a string: its equality is its bytes'.
    @inline(__always)
    static func hasBytes(_ object: Object) -> Bool { object.tag == 0x40 || object.tag == 0x50 || object.tag == 0x60 }

    /// Whether ``uniqued(_:)`` takes `object` as a plain scalar: no bytes to compare, no wide high half.
    @inline(__always)
    static func isPlainScalar(_ object: Object) -> Bool { !hasBytes(object) && object.flags != 3 }

    /// Uniquing tables of at least this many slots warm a batch's probes (``warmScalars(_:count:hashes:)``;
    /// ``warmingFrom``'s default): at 8 bytes a slot, larger than a core's own cache. A smaller one's
    /// probes hit the cache anyway.
    static let warmingSlots = 1 << 18

    /// Whether a batch of probes is worth warming.
    var warmsProbes: Bool { unique.mask >= warmingFrom - 1 }

    /// ``uniqued(_:)`` of each of the `count` plain scalars (``isPlainScalar(_:)``) at `batch`, in order,
    /// each id stored at the same index of `ids`: the same ids and the same table as one call per object,
    /// with each batch's probes warmed first in a large table.
    mutating func uniquedScalars(_ batch: UnsafePointer<Object>, count: Int, ids: UnsafeMutablePointer<Int>) {
        guard warmsProbes else {
            for i in 0 ..< count { ids[i] = uniquedScalar(batch[i]) }
            return
        }
        let most = Self.warmedBatch
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: most) { hashes in
            guard let first = hashes.baseAddress else { return }
            var start = 0
            while start < count {
                let n = min(most, count - start)
                warmScalars(batch + start, count: n, hashes: first)
                for i in 0 ..< n { ids[start + i] = uniquedScalar(batch[start + i], hash: first[i]) }
                start += n
            }
        }
    }

    /// The most probes ``warmScalars(_:count:hashes:)`` warms together: about as many misses as a
    /// core keeps in flight.
    static let warmedBatch = 32

    /// Prepares the probes of the `count` plain scalars at `batch` (at most ``warmedBatch``), changing no
    /// id: grows the uniquing table now if placing `count` new objects would, so that no slot moves
    /// before they are placed; stores each one's ``scalarHash(_:)`` at the same index of `hashes`; and
    /// loads the slots the probes start at and the objects whose hash bits they hold. In a table larger
    /// than the cache each probe misses; loads issued together overlap their misses where probes one
    /// after another wait for each in turn, so the probes that follow (``uniquedScalar(_:hash:)``) find
    /// them in the cache.
    mutating func warmScalars(_ batch: UnsafePointer<Object>, count: Int, hashes: UnsafeMutablePointer<UInt64>) {
        while (unique.used + count) * 2 > unique.mask { growUnique() }
        let slots = unique.slots
        var loaded: UInt64 = 0
        for i in 0 ..< count {
            let h = scalarHash(batch[i])
            hashes[i] = h
            loaded &+= slots[unique.firstSlot(h)]
        }
        for i in 0 ..< count {
            let entry = slots[unique.firstSlot(hashes[i])]
            if entry != 0, UniqueTable.mayName(entry, hashes[i]) { loaded &+= objects[UniqueTable.id(entry)].payload }
        }
        // Stored, so that the loads are made.
        unique.warmed = loaded
    }
}
