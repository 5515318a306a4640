/// Which decoder a keyed decoding container reads.
///
/// A `KeyedDecodingContainer` costs the runtime two generic-metadata lookups, an allocation and a
/// release each time one is made (about 1,000 instructions, as much as the keyed reads of a small
/// record); the decode keeps the ones it made and hands one out again, its ticket pointed at the asking
/// decoder, once nothing else holds it. Invariant: ``borrowed`` and ``owner`` name the same decoder.
// Invariant: one decode, on one thread, uses a ticket, and no access to a var below spans a call that
// touches it again, so they skip the runtime exclusivity checks (as the decoder's own vars do).
final class DecodingContainerTicket {
    /// Keeps ``decoder`` alive while the ticket names it.
    @exclusivity(unchecked) private var owner: ArchiveValueDecoder
    /// The decoder, for borrowing without a retain (``owner`` holds it).
    @exclusivity(unchecked) private(set) var borrowed: Unmanaged<ArchiveValueDecoder>

    init(_ decoder: ArchiveValueDecoder) {
        owner = decoder
        borrowed = Unmanaged.passUnretained(decoder)
    }

    /// The decoder named.
    var decoder: ArchiveValueDecoder { owner }

    /// Names `decoder` from now on.
    func point(at decoder: ArchiveValueDecoder) {
        owner = decoder
        borrowed = Unmanaged.passUnretained(decoder)
    }
}

/// A keyed container made by a decode: its key type, its ticket, and the `KeyedDecodingContainer<Key>`
/// as its one class reference (its box), whose uniqueness tells whether a caller still holds it.
struct PooledKeyedDecodingContainer {
    let keyType: ObjectIdentifier
    let ticket: DecodingContainerTicket
    var box: AnyObject
}

extension ArchiveDecodingState {
    /// Containers past this many are made and not kept: only callers that keep theirs fill the pool.
    static let maxPooledContainers = 32

    /// Whether `KeyedDecodingContainer<Key>` is one class reference, as the standard library lays it out:
    /// then a made one can be kept as an `AnyObject`.
    static func canPool<Key: CodingKey>(_: Key.Type) -> Bool {
        MemoryLayout<KeyedDecodingContainer<Key>>.size == MemoryLayout<AnyObject>.size
            && MemoryLayout<KeyedDecodingContainer<Key>>.alignment == MemoryLayout<AnyObject>.alignment
    }

    /// A keyed container of `Key` reading `decoder` (prepared for it): one made earlier for the key type
    /// that nothing but the pool holds now, pointed at `decoder`, else a new one, kept for later values.
    func keyedContainer<Key: CodingKey>(_: Key.Type, for decoder: ArchiveValueDecoder) -> KeyedDecodingContainer<Key> {
        let type = ObjectIdentifier(Key.self)
        // The latest first: values of one type repeat, and a container held up the path is never free.
        var i = keyedContainers.count - 1
        while i >= 0 {
            if keyedContainers[i].keyType == type, isKnownUniquelyReferenced(&keyedContainers[i].box) {
                keyedContainers[i].ticket.point(at: decoder)
                return unsafeBitCast(keyedContainers[i].box, to: KeyedDecodingContainer<Key>.self)
            }
            i -= 1
        }
        let ticket = DecodingContainerTicket(decoder)
        let made = KeyedDecodingContainer(ArchiveKeyedDecodingContainer<Key>(ticket: ticket))
        if keyedContainers.count < Self.maxPooledContainers, Self.canPool(Key.self) {
            keyedContainers.append(PooledKeyedDecodingContainer(keyType: type, ticket: ticket,
                                                                box: unsafeBitCast(made, to: AnyObject.self)))
        }
        return made
    }

    /// Ends the decode: empties the pool, whose containers hold their decoders, which hold this state.
    func endDecode() { keyedContainers.removeAll() }
}
