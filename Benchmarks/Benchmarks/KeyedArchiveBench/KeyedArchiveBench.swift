import Benchmark
import BenchHarness
import BenchSupport
import Foundation
import KeyedArchive

// Workloads (1), (2) and (6): typed keyed-archive encode and decode of the model graph, ours vs
// NSKeyedArchiver/NSKeyedUnarchiver, at N = 1k … 1M.
//
// Variants: `model` is the full record (eight fields + [Int] + shared friend reference); `flat` drops
// the [Int] field, because corelibs NSKeyedArchiver is O(N²) on arrays (see ModelWorkload.flat), so
// `flat` is where Foundation's encode can be compared at every N. Decode inputs are laid out by
// KeyedArchiveLayout (Foundation's structure, our writer) and verified field by field with Foundation
// at setup; both sides decode the same bytes.

struct DecodeInput {
    let bytes: [UInt8]
    let data: Data
    let count: Int
}

func decodeInput(_ records: [ModelRecord], verify: Bool) throws -> DecodeInput {
    let bytes = KeyedArchiveLayout.archive(records)
    let data = Data(bytes)
    if verify { try FoundationModelWorkload.verify(data, against: records) }
    return DecodeInput(bytes: bytes, data: data, count: records.count)
}

let sizes: [(n: Int, label: String)] = [(1_000, "1k"), (10_000, "10k"), (100_000, "100k"), (1_000_000, "1M")]

let benchmarks: @Sendable () -> Void = {
    for (n, label) in sizes {
        // Foundation decode costs ~0.4 ms per object here: 100k is one ~40 s iteration, 1M is not run.
        let foundationDecodes = n <= 100_000
        let long = n >= 100_000
        let iterations = long ? 3 : 200
        let warmup = long ? 0 : 1

        for variant in ["model", "flat"] {
            let make = { variant == "model" ? ModelWorkload.records(count: n) : ModelWorkload.flat(ModelWorkload.records(count: n)) }

            // Encode. Foundation's is O(N²) with arrays: the full model only at 1k (~5 s per iteration).
            if n <= 100_000 && (variant == "flat" || n == 1_000) {
                register("keyed-encode", "\(variant)-\(label)", .foundation, maxIterations: iterations, warmup: warmup,
                         setup: { FoundationModelWorkload.objects(make()) }) { objects in
                    let data = try FoundationModelWorkload.archive(objects)
                    blackHole(data)
                    return (data.count, objects.count)
                }
            }

            // Decode.
            if foundationDecodes {
                register("keyed-decode", "\(variant)-\(label)", .foundation, maxIterations: iterations, warmup: warmup,
                         setup: { try decodeInput(make(), verify: n <= 10_000) }) { input in
                    let count = try FoundationModelWorkload.unarchive(input.data)
                    blackHole(count)
                    return (input.bytes.count, input.count)
                }
            }
            register("keyed-decode", "\(variant)-\(label)", .floor, maxIterations: iterations,
                     setup: { try decodeInput(make(), verify: false) }) { input in
                blackHole(byteSum(input.bytes))
                return (input.bytes.count, input.count)
            }

            // Ours, typed. The encode output is checked once at setup: Foundation must read it back.
            register("keyed-encode", "\(variant)-\(label)", .ours, maxIterations: iterations, warmup: warmup,
                     setup: { () throws -> [OursModel] in
                         let records = make()
                         let objects = OursModelWorkload.objects(records)
                         if n == 1_000 {
                             try FoundationModelWorkload.verify(Data(try OursModelWorkload.archive(objects)), against: records)
                         }
                         return objects
                     }) { objects in
                let bytes = try OursModelWorkload.archive(objects)
                blackHole(bytes)
                return (bytes.count, objects.count)
            }
            register("keyed-decode", "\(variant)-\(label)", .ours, maxIterations: iterations, warmup: warmup,
                     setup: { () throws -> DecodeInput in
                         let records = make()
                         let input = try decodeInput(records, verify: false)
                         if n <= 10_000 { try OursModelWorkload.verify(OursModelWorkload.unarchive(input.bytes), against: records) }
                         return input
                     }) { input in
                let objects = try OursModelWorkload.unarchive(input.bytes)
                blackHole(objects)
                return (input.bytes.count, input.count)
            }

            // Ours, untyped: bplist index + keyed-archive graph (what every typed decode starts with).
            register("keyed-graph", "\(variant)-\(label)", .ours, maxIterations: iterations,
                     setup: { try decodeInput(make(), verify: false) }) { input in
                let limits = DecodingLimits(maxObjectCount: 64_000_000)
                let graph = try ArchiveGraph(keyedArchive: PropertyList(binary: input.bytes, limits: limits), limits: limits)
                blackHole(graph)
                return (input.bytes.count, input.count)
            }
        }

        // Workload (2): every friend link is a 2-cycle (A.friend = B, B.friend = A). Ours only:
        // Foundation on Linux cannot archive or unarchive cycles through init(coder:).
        let cyclic = { ModelWorkload.records(count: n, cycles: true) }
        register("keyed-encode", "cycles-\(label)", .ours, maxIterations: iterations, warmup: warmup,
                 setup: { OursModelWorkload.objects(cyclic()) }) { objects in
            let bytes = try OursModelWorkload.archive(objects)
            blackHole(bytes)
            return (bytes.count, objects.count)
        }
        register("keyed-decode", "cycles-\(label)", .ours, maxIterations: iterations, warmup: warmup,
                 setup: { () throws -> DecodeInput in
                     let records = cyclic()
                     let objects = OursModelWorkload.objects(records)
                     let bytes = try OursModelWorkload.archive(objects)
                     OursModelWorkload.breakCycles(objects)
                     if n <= 10_000 {
                         let decoded = try OursModelWorkload.unarchive(bytes)
                         try OursModelWorkload.verify(decoded, against: records)
                         OursModelWorkload.breakCycles(decoded)
                     }
                     return DecodeInput(bytes: bytes, data: Data(bytes), count: n)
                 },
                 body: { input in
                     let objects = try OursModelWorkload.unarchive(input.bytes)
                     return (input.bytes.count, input.count, objects)
                 },
                 cleanup: OursModelWorkload.breakCycles)
    }
}
