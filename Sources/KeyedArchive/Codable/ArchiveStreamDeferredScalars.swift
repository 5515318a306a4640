// Scalars under an archived object's keys (and a date's time) are uniqued in batches rather than one by
// one as `encode(to:)` yields them, once an encode is large: its uniquing table is then larger than the
// cache, and a batch's probes overlap their misses (``BinaryPlistObjectTable/uniquedScalars(_:count:ids:)``).
// Whether a scalar is deferred depends only on how many objects the encode has written, so the bytes
// depend only on the value.
//
// Invariants: a key's pending value is a property-list id below ``placeholderBit`` or, with that bit,
// the index of its scalar in ``ArchiveStreamEncoder/pendingScalars``; a frame closes with every
// placeholder among its values queued with the member slot it fills, so the queue names only scalars
// the archive holds (a repeated key's replaced scalar is dropped); and the queue is empty once
// ``ArchiveStreamEncoder/resolveDeferredScalars()`` has run, as it does before the archive is laid out.
// Only the order of the property list's own objects depends on when a scalar is uniqued.
extension ArchiveStreamEncoder {
    /// Marks a pending value as a deferred scalar's index; real ids stay below it (``close(_:)`` checks).
    static let placeholderBit: UInt32 = 0x8000_0000
    /// Queued scalars that start a batch.
    static let deferredBatch = BinaryPlistObjectTable.warmedBatch
    /// Objects an encode writes before it defers scalars (``deferringFrom``'s default). Measured on the
    /// benchmark model (Docs/benchmarks.md, session 34): from 64k objects a 10k-record encode takes as
    /// long as without (6 % more instructions, overlapped misses), and a 100k-record one 5 % less than
    /// from 256k; a 1k-record encode (23k objects) never defers.
    static let deferringObjects = 1 << 16

    /// Sets ``deferring`` once the encode has written ``deferringFrom`` objects.
    @inline(__always)
    func noteObjectCount() {
        if !deferring, table.objects.count >= deferringFrom { deferring = true }
    }

    /// The pending value for scalar `o` under a key of an object frame: a placeholder, or its id when
    /// it is not a plain scalar (or the pending table is at its index limit).
    @inline(__always)
    func deferredKeyValue(_ o: BinaryPlistObjectTable.Object) -> UInt32 {
        guard BinaryPlistObjectTable.isPlainScalar(o), pendingScalars.count < Int(Self.placeholderBit) else {
            return UInt32(truncatingIfNeeded: table.uniqued(o))
        }
        pendingScalars.append(o)
        return Self.placeholderBit | UInt32(truncatingIfNeeded: pendingScalars.count - 1)
    }

    /// Queues the placeholders among the `n` member ids at `slot` of the table's members (an object
    /// frame's values, just copied there), then drops the frame's pending scalars from `scalarStart`.
    @inline(__always)
    func queuePlaceholders(_ n: Int, at slot: Int, scalarStart: Int) {
        if pendingScalars.count > scalarStart {
            let m = table.members
            for i in slot ..< slot + n where m[i] & Self.placeholderBit != 0 {
                deferScalar(pendingScalars[Int(m[i] & ~Self.placeholderBit)], memberSlot: i)
            }
            pendingScalars.truncate(to: scalarStart)
        }
    }

    /// Queues scalar `o` to be uniqued into member slot `memberSlot`, resolving the queue when it is full.
    @inline(__always)
    func deferScalar(_ o: BinaryPlistObjectTable.Object, memberSlot: Int) {
        deferredScalars.append(o)
        deferredSlots.append(memberSlot)
        if deferredScalars.count >= Self.deferredBatch { resolveDeferredScalars() }
    }

    /// Uniques every queued scalar, in queue order, and stores each id in the member slot it fills.
    func resolveDeferredScalars() {
        let n = deferredScalars.count
        guard n > 0 else { return }
        withUnsafeTemporaryAllocation(of: Int.self, capacity: n) { ids in
            guard let out = ids.baseAddress else { return }
            deferredScalars.withUnsafeBufferPointer { batch in
                guard let first = batch.baseAddress else { return }
                table.uniquedScalars(first, count: n, ids: out)
            }
            let m = table.members
            for i in 0 ..< n { m[deferredSlots[i]] = UInt32(truncatingIfNeeded: out[i]) }
        }
        deferredScalars.removeAll()
        deferredSlots.removeAll()
    }
}
