import Benchmark
import BenchHarness
import BenchSupport
import KeyedArchive

// Typedstream (issue #16): parse (stream → graph), decode (parse + the root as Foundation values, the
// positional shapes) and write (graph → stream) of a large Messages-style attributed string and of a
// synthetic 100k-object stream. There is no peer on Linux (corelibs has no NSArchiver): the floor is
// one pass over the same bytes. Every setup checks that the stream reads back and rewrites byte for byte.

let benchmarks: @Sendable () -> Void = {
    let workloads: [(label: String, make: @Sendable () throws -> [UInt8])] = [
        ("message-1M", { try TypedstreamWorkload.message(characters: 1_000_000) }),
        ("objects-100k", { try TypedstreamWorkload.objects(count: 100_000) }),
    ]
    for (label, make) in workloads {
        let checked = { () throws -> [UInt8] in
            let bytes = try make()
            guard try ArchiveGraph(typedstream: bytes).typedstreamBytes() == bytes else {
                throw WorkloadMismatch(what: "typedstream rewrite", index: -1)
            }
            return bytes
        }
        register("typedstream-parse", label, .ours, maxIterations: 20, setup: checked) { bytes in
            let g = try ArchiveGraph(typedstream: bytes)
            blackHole(g)
            return (bytes.count, g.objects.count)
        }
        register("typedstream-parse", label, .floor, maxIterations: 20, setup: checked) { bytes in
            blackHole(byteSum(bytes))
            return (bytes.count, 0)
        }
        register("typedstream-decode", label, .ours, maxIterations: 10, setup: checked) { bytes in
            let n = try TypedstreamWorkload.decode(bytes)
            return (bytes.count, n)
        }
        register("typedstream-write", label, .ours, maxIterations: 20,
                 setup: { try ArchiveGraph(typedstream: try checked()) }) { g in
            let bytes = try g.typedstreamBytes()
            blackHole(bytes)
            return (bytes.count, g.objects.count)
        }
    }
}
