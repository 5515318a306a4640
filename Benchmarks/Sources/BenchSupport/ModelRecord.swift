/// One model object of the keyed-archive workloads, as plain values both sides build from.
///
/// The shape is the one a real app archives: a class with about eight fields of every common kind
/// and a reference to another instance, so that shared references (and, in the cyclic variant,
/// cycles) exercise object uniquing.
public struct ModelRecord: Sendable {
    /// Drawn from a small pool, so most strings are duplicates (archivers unique them).
    public var name: String
    public var id: Int
    public var big: Int64
    public var score: Double
    public var flag: Bool
    /// 16–256 bytes.
    public var blob: [UInt8]
    /// Seconds since 2001-01-01 UTC.
    public var date: Double
    public var tags: [Int]
    /// Index of the referenced record, or nil.
    public var friend: Int?
}

public enum ModelWorkload {
    /// `count` records; with `cycles`, records pair up (2k ↔ 2k+1) so every friend link is a 2-cycle,
    /// otherwise three in four records point at a random earlier record (shared, acyclic references).
    public static func records(count: Int, cycles: Bool = false, seed: UInt64 = 0x5EED) -> [ModelRecord] {
        var rng = SplitMix64(seed: seed)
        let names = (0 ..< 64).map { "name-\($0)-\(String(repeating: "x", count: $0 % 13))" }
        var out: [ModelRecord] = []
        out.reserveCapacity(count)
        for i in 0 ..< count {
            let blobCount = 16 + rng.below(241)
            let blob = (0 ..< blobCount).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            let tags = (0 ..< (1 + rng.below(6))).map { _ in rng.below(1_000_000) - 500_000 }
            let friend: Int?
            if cycles {
                friend = i ^ 1 < count ? i ^ 1 : nil
            } else {
                friend = i > 0 && rng.below(4) != 0 ? rng.below(i) : nil
            }
            out.append(ModelRecord(
                name: names[rng.below(names.count)],
                id: i,
                big: Int64(bitPattern: rng.next()),
                score: Double(rng.below(1 << 30)) / 1024.0,
                flag: rng.below(2) == 0,
                blob: blob,
                date: 700_000_000 + Double(rng.below(100_000_000)),
                tags: tags,
                friend: friend))
        }
        return out
    }

    /// The records without their `[Int]` field. corelibs `NSKeyedArchiver` uniques objects by `isEqual`,
    /// and `NSArray.hash` is its count, so archiving N small arrays is O(N²) there (1k objects: ~5 s,
    /// 2k: ~23 s on the bench machine). This variant gives Foundation a linear encode to compare with.
    public static func flat(_ records: [ModelRecord]) -> [ModelRecord] {
        records.map { r in
            var r = r
            r.tags = []
            return r
        }
    }
}
