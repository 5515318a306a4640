import Benchmark
import BenchHarness
import BenchSupport
import KeyedArchive
import NibCompiler

// Workload: every modern XIB and storyboard of ../shared/corpus/xib compiled in one loop (read XML →
// XIBDocument → graph → NIBArchive bytes), against the byte-sum floor over the same sources; and the
// XIB reader alone. Sources the compiler rejects (UIKit storyboards, for now) are left out in setup, so
// the loop measures only complete compiles. Throughput is source bytes; "objects" counts source files,
// so objects/s is files/s. Without a corpus these benchmarks are not registered.

let benchmarks: @Sendable () -> Void = {
    guard BenchCorpus.root != nil else { return }
    let compiler = NibCompiler(options: .init(module: "Bench"))
    let sources = {
        BenchCorpus.files(in: "xib", magic: "<?xml").map(\.bytes).filter { bytes in
            let head = String(decoding: bytes.prefix(400), as: UTF8.self)
            guard head.contains("<document") && head.contains("version=\"3.0\"") else { return false }
            return (try? compiler.compile(XIBDocument(xml: bytes))) != nil
        }
    }
    register("xib-compile", "golden-set", .ours, setup: sources) { files in
        var bytes = 0
        for f in files {
            blackHole(try compiler.compile(XIBDocument(xml: f)).layout)
            bytes += f.count
        }
        return (bytes, files.count)
    }
    register("xib-compile", "golden-set", .floor, setup: sources) { files in
        var bytes = 0
        for f in files {
            blackHole(byteSum(f))
            bytes += f.count
        }
        return (bytes, files.count)
    }
    register("xib-read", "golden-set", .ours, setup: sources) { files in
        var bytes = 0
        for f in files {
            blackHole(try XIBDocument(xml: f).objects.count)
            bytes += f.count
        }
        return (bytes, files.count)
    }
}
