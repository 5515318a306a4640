/// Which frame a keyed container of the streamed encode writes, and at what coding-path depth.
///
/// A `KeyedEncodingContainer` costs the runtime two generic-metadata lookups, an allocation and a
/// release each time one is made (about 1,000 instructions, as much as the rest of a small record's
/// encode); the encoder makes one per key type and hands it out again for each value of that type,
/// pointing its ticket at the value's frame. Invariant: a ticket's serial is its value's frame while that
/// frame is open, and 0 (every write falls back) once it closes.
// Invariant: one encode, on one thread, uses a ticket, and no access to a var below spans a call that
// touches it again, so they skip the runtime exclusivity checks (as the encoder's own vars do).
final class StreamContainerTicket {
    @exclusivity(unchecked) var serial: UInt64
    @exclusivity(unchecked) var depth: Int
    /// The `KeyedEncodingContainer<Key>` handed out, as its one class reference (nil: not pooled).
    @exclusivity(unchecked) var container: AnyObject?
    /// Key ids by a one-byte key's byte.
    @exclusivity(unchecked) private var keyIDs = ByteKeyTable()

    init(serial: UInt64, depth: Int) {
        self.serial = serial
        self.depth = depth
    }

    deinit { keyIDs.deallocate() }

    /// The id remembered for the key of byte `byte` (0...255).
    @inline(__always) func keyID(byte: Int) -> Int? { keyIDs.id(byte: byte) }

    /// Remembers `id` for the key of byte `byte` (0...255); an id past 32 bits is not kept.
    func remember(_ id: Int, byte: Int) { keyIDs.remember(id, byte: byte) }
}

/// Ids by a one-byte key's byte (-1: not yet asked), the table made at the first: a ticket's container has
/// one key type, so a byte names one key for the whole encode. Its owner deallocates it.
struct ByteKeyTable {
    private var table: UnsafeMutablePointer<Int32>?

    /// The id remembered for byte `byte` (0...255).
    @inline(__always) func id(byte: Int) -> Int? {
        guard let table, table[byte] >= 0 else { return nil }
        return Int(table[byte])
    }

    /// Remembers `id` for byte `byte` (0...255); an id past 32 bits is not kept.
    mutating func remember(_ id: Int, byte: Int) {
        guard let small = Int32(exactly: id) else { return }
        if table == nil {
            let made = UnsafeMutablePointer<Int32>.allocate(capacity: 256)
            made.initialize(repeating: -1, count: 256)
            table = made
        }
        table?[byte] = small
    }

    func deallocate() { table?.deallocate() }
}

extension ArchiveStreamEncoder {
    /// Whether `KeyedEncodingContainer<Key>` is one class reference, as the standard library lays it out:
    /// then a made one can be kept as an `AnyObject`, and its uniqueness tells whether a caller kept it.
    static func canPool<Key: CodingKey>(_: Key.Type) -> Bool {
        MemoryLayout<KeyedEncodingContainer<Key>>.size == MemoryLayout<AnyObject>.size
            && MemoryLayout<KeyedEncodingContainer<Key>>.alignment == MemoryLayout<AnyObject>.alignment
    }

    /// A keyed container of `Key` writing frame `serial` (0: writes fall back): a pooled one whose ticket
    /// now names the frame when one of the type is free, else a new one, pooled for later values.
    func pooledKeyedContainer<Key: CodingKey>(_: Key.Type, serial: UInt64) -> KeyedEncodingContainer<Key> {
        let depth = pathSteps.count
        let type = ObjectIdentifier(Key.self)
        if serial != 0 {
            // The same value asking again (or after another key type's) gets its own ticket back.
            var i = liveTickets.count - 1
            while i >= 0, liveTickets[i].ticket.serial == serial {
                if liveTickets[i].keyType == type, let c = liveTickets[i].ticket.container {
                    return unsafeBitCast(c, to: KeyedEncodingContainer<Key>.self)
                }
                i -= 1
            }
            // Free tickets of one type sit together at the end while values of one type repeat.
            var j = containerPool.count - 1
            while j >= 0, containerPool[j].keyType != type { j -= 1 }
            if j >= 0, let c = containerPool[j].ticket.container {
                let free = j == containerPool.count - 1 ? containerPool.removeLast() : containerPool.remove(at: j)
                free.ticket.serial = serial
                free.ticket.depth = depth
                liveTickets.append(free)
                return unsafeBitCast(c, to: KeyedEncodingContainer<Key>.self)
            }
        }
        let ticket = StreamContainerTicket(serial: serial, depth: depth)
        let made = KeyedEncodingContainer(ArchiveStreamKeyedContainer<Key>(encoder: self, ticket: ticket))
        if serial != 0, Self.canPool(Key.self) {
            ticket.container = unsafeBitCast(made, to: AnyObject.self)
            liveTickets.append(LiveTicket(keyType: type, ticket: ticket))
        }
        return made
    }

    /// Ends the tickets of frame `serial` (the top of ``liveTickets``, as frames close in order): each
    /// goes back to the pool unless its caller kept the container, whose writes then fall back.
    func releaseTickets(of serial: UInt64) {
        while let i = liveTickets.indices.last, liveTickets[i].ticket.serial == serial {
            let ticket = liveTickets[i].ticket
            ticket.serial = 0
            // Only the ticket's reference left: no caller kept the container. A kept one lets go of its
            // box (which holds the ticket), so that the two do not keep each other alive.
            if isKnownUniquelyReferenced(&ticket.container) {
                containerPool.append(liveTickets.removeLast())
            } else {
                ticket.container = nil
                liveTickets.removeLast()
            }
        }
    }

    /// Empties the pools when the encode ends: a ticket and its container's box reference each other, and
    /// the box the encoder.
    func emptyContainerPool() {
        for t in containerPool { t.ticket.container = nil }
        for t in liveTickets { t.ticket.container = nil }
        for t in nestedPool { t.container = nil }
        for t in liveNested { t.container = nil }
        containerPool.removeAll()
        liveTickets.removeAll()
        nestedPool.removeAll()
        liveNested.removeAll()
    }

    /// A nested keyed container of `Key` writing the nested frame `frame`, at `base` steps of the path and
    /// then `keys` and `key`: a pooled one when one of the type is free, else a new one.
    @inline(__always)
    func nestedTicketContainer<Key: CodingKey>(_: Key.Type, frame: UInt64, base: Int, keys: [any CodingKey],
                                               then key: any CodingKey) -> KeyedEncodingContainer<Key> {
        let type = ObjectIdentifier(Key.self)
        let ticket: NestedContainerTicket
        let container: KeyedEncodingContainer<Key>
        if let j = nestedPool.lastIndex(where: { $0.keyType == type }), let c = nestedPool[j].container {
            ticket = j == nestedPool.count - 1 ? nestedPool.removeLast() : nestedPool.remove(at: j)
            container = unsafeBitCast(c, to: KeyedEncodingContainer<Key>.self)
        } else {
            ticket = NestedContainerTicket(keyType: type)
            container = KeyedEncodingContainer(ArchiveStreamNestedContainer<Key>(encoder: self, ticket: ticket))
            if Self.canPool(Key.self) { ticket.container = unsafeBitCast(container, to: AnyObject.self) }
        }
        ticket.frame = frame
        ticket.base = base
        ticket.keys.removeAll(keepingCapacity: true)
        ticket.keys.append(contentsOf: keys)
        ticket.keys.append(key)
        ticket.written.removeAll(keepingCapacity: true)
        liveNested.append(ticket)
        return container
    }

    /// Ends the tickets of nested frame `serial` (the top of ``liveNested``): each goes back to the pool
    /// unless its caller kept the container, whose writes then fall back (its frame is 0).
    func releaseNestedTickets(of serial: UInt64) {
        while let ticket = liveNested.last, ticket.frame == serial {
            liveNested.removeLast()
            ticket.frame = 0
            if ticket.container != nil, isKnownUniquelyReferenced(&ticket.container) {
                nestedPool.append(ticket)
            } else {
                ticket.container = nil
            }
        }
    }
}

/// What a nested keyed container of the streamed encode writes (ArchiveStreamNestedContainer.swift), kept
/// apart from it so that a made container can be handed out again, as ``StreamContainerTicket``s are.
// Invariant: as for StreamContainerTicket; `frame` is 0 once the container's frame closed.
final class NestedContainerTicket {
    let keyType: ObjectIdentifier
    /// The container's `NSDictionary` frame.
    @exclusivity(unchecked) var frame: UInt64 = 0
    /// The coding path of the container that made the outermost nested one (its first `base` steps)…
    @exclusivity(unchecked) var base = 0
    /// …and the keys of the nested containers from there to this one.
    @exclusivity(unchecked) var keys: [any CodingKey] = []
    /// The keys written so far: a repeated one falls back (the graph-based path replaces its value).
    @exclusivity(unchecked) var written: [String] = []
    /// The `KeyedEncodingContainer<Key>` handed out, as its one class reference (nil: not pooled).
    @exclusivity(unchecked) var container: AnyObject?
    /// The uids of the keys' string entries by a one-byte key's byte (one key type per ticket, and the
    /// pool lives for one encode).
    @exclusivity(unchecked) var keyMembers = ByteKeyTable()

    init(keyType: ObjectIdentifier) { self.keyType = keyType }

    deinit { keyMembers.deallocate() }
}

/// A ticket (handed out for an open frame, or free in the pool) with its container's key type.
struct LiveTicket {
    let keyType: ObjectIdentifier
    let ticket: StreamContainerTicket
}
