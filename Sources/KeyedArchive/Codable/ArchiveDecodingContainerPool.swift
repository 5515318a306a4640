/// Which decoder a keyed decoding container reads (`D`: the graph-based decode's ``ArchiveValueDecoder``
/// or the direct decode's ``DirectValueDecoder``).
///
/// A `KeyedDecodingContainer` costs the runtime two generic-metadata lookups, an allocation and a
/// release each time one is made (about 1,000 instructions, as much as the keyed reads of a small
/// record); a decode keeps the ones it made and hands one out again, its ticket pointed at the asking
/// decoder, once nothing else holds it. Invariant: ``borrowed`` and ``owner`` name the same decoder.
// Invariant: one decode, on one thread, uses a ticket, and no access to a var below spans a call that
// touches it again, so they skip the runtime exclusivity checks (as the decoder's own vars do).
final class DecodingContainerTicket<D: AnyObject> {
    /// Keeps ``decoder`` alive while the ticket names it.
    @exclusivity(unchecked) private var owner: D
    /// The decoder, for borrowing without a retain (``owner`` holds it).
    @exclusivity(unchecked) private(set) var borrowed: Unmanaged<D>

    init(_ decoder: D) {
        owner = decoder
        borrowed = Unmanaged.passUnretained(decoder)
    }

    /// The decoder named.
    var decoder: D { owner }

    /// Names `decoder` from now on.
    func point(at decoder: D) {
        owner = decoder
        borrowed = Unmanaged.passUnretained(decoder)
    }
}

/// A keyed container made by a decode: its key type, its ticket, and the `KeyedDecodingContainer<Key>`
/// as its one class reference (its box), whose uniqueness tells whether a caller still holds it.
struct PooledKeyedDecodingContainer<D: AnyObject> {
    let keyType: ObjectIdentifier
    let ticket: DecodingContainerTicket<D>
    var box: AnyObject
}

/// The keyed containers a decode made (``ArchiveDecodingState/keyedContainers``,
/// ``DirectDecodingState/keyedContainers``); emptied when the decode ends, since its containers hold
/// their decoders, which hold the decode's state.
enum DecodingContainerPool {
    /// Containers past this many are made and not kept: only callers that keep theirs fill the pool.
    static let maxPooled = 32

    /// Whether `KeyedDecodingContainer<Key>` is one class reference, as the standard library lays it out:
    /// then a made one can be kept as an `AnyObject`.
    static func canPool<Key: CodingKey>(_: Key.Type) -> Bool {
        MemoryLayout<KeyedDecodingContainer<Key>>.size == MemoryLayout<AnyObject>.size
            && MemoryLayout<KeyedDecodingContainer<Key>>.alignment == MemoryLayout<AnyObject>.alignment
    }

    /// A keyed container of `Key` reading `decoder` (prepared for it): one made earlier for the key type
    /// that nothing but `pool` holds now, pointed at `decoder`, else `make`'s, kept for later values.
    /// Inlined into each decode's caller, so that its decoder and container types stay concrete.
    @inline(__always)
    static func container<Key: CodingKey, D: AnyObject>(_: Key.Type, for decoder: D, in pool: inout [PooledKeyedDecodingContainer<D>],
                                                         make: (DecodingContainerTicket<D>) -> KeyedDecodingContainer<Key>) -> KeyedDecodingContainer<Key> {
        let type = ObjectIdentifier(Key.self)
        // The latest first: values of one type repeat, and a container held up the path is never free.
        var i = pool.count - 1
        while i >= 0 {
            if pool[i].keyType == type, isKnownUniquelyReferenced(&pool[i].box) {
                pool[i].ticket.point(at: decoder)
                return unsafeBitCast(pool[i].box, to: KeyedDecodingContainer<Key>.self)
            }
            i -= 1
        }
        let ticket = DecodingContainerTicket(decoder)
        let made = make(ticket)
        if pool.count < maxPooled, canPool(Key.self) {
            pool.append(PooledKeyedDecodingContainer(keyType: type, ticket: ticket, box: unsafeBitCast(made, to: AnyObject.self)))
        }
        return made
    }
}

extension ArchiveDecodingState {
    /// A keyed container of `Key` reading `decoder` (prepared for it), from the pool (``DecodingContainerPool``).
    func keyedContainer<Key: CodingKey>(_: Key.Type, for decoder: ArchiveValueDecoder) -> KeyedDecodingContainer<Key> {
        DecodingContainerPool.container(Key.self, for: decoder, in: &keyedContainers) {
            KeyedDecodingContainer(ArchiveKeyedDecodingContainer<Key>(ticket: $0))
        }
    }

    /// Ends the decode: empties the pool, whose containers hold their decoders, which hold this state.
    func endDecode() { keyedContainers.removeAll() }
}
