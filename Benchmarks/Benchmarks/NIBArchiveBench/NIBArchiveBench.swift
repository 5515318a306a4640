import Benchmark
import BenchHarness
import BenchSupport
import KeyedArchive
import Nib

// Workload (5): NIBArchive parse-to-graph of the largest corpus nibs and of every corpus NIBArchive
// in one loop, against a byte-sum loop over the same bytes (the floor); then the nib layers on top:
// model build (NibDocument), open (Nib: graph + model + load plan), and instantiate on a cached Nib
// (generic objects, no registered classes). Corpus files are read at setup from ../shared/corpus;
// without a corpus these benchmarks are not registered.

let largest = [
    ("transmission-MainMenu", "nib/viraptor-ibtool/samples__correct__transmission_MainMenu.nib"),
    ("test16-buttons", "nib/viraptor-ibtool/samples__correct__test16_buttons.nib"),
    ("test24-tables-elastic", "nib/viraptor-ibtool/samples__correct__test24_tables_elastic.nib"),
]

/// Object count of a NIBArchive: the header's first table count (read without our reader).
func nibObjectCount(_ b: [UInt8]) -> Int {
    guard b.count >= 22 else { return 0 }
    return Int(b[18]) | Int(b[19]) << 8 | Int(b[20]) << 16 | Int(b[21]) << 24
}

/// Runs `body` on each file; the work counters are the files' bytes and NIBArchive object counts.
func sweep(_ files: [[UInt8]], _ body: ([UInt8]) throws -> Void) rethrows -> (Int, Int) {
    var bytes = 0
    var objects = 0
    for f in files {
        try body(f)
        bytes += f.count
        objects += nibObjectCount(f)
    }
    return (bytes, objects)
}

let benchmarks: @Sendable () -> Void = {
    guard BenchCorpus.root != nil else { return }

    for (label, path) in largest {
        guard let bytes = BenchCorpus.bytes(path) else { continue }
        let objects = nibObjectCount(bytes)
        register("nib-graph", label, .ours, scaling: .kilo, setup: { bytes }) { bytes in
            blackHole(try ArchiveGraph(nibArchive: bytes))
            return (bytes.count, objects)
        }
        register("nib-graph", label, .floor, scaling: .kilo, setup: { bytes }) { bytes in
            blackHole(byteSum(bytes))
            return (bytes.count, objects)
        }
        register("nib-model", label, .ours, scaling: .kilo, setup: { bytes }) { bytes in
            blackHole(try NibDocument(graph: ArchiveGraph(nibArchive: bytes)))
            return (bytes.count, objects)
        }
        register("nib-open", label, .ours, scaling: .kilo, setup: { bytes }) { bytes in
            blackHole(try Nib(data: bytes))
            return (bytes.count, objects)
        }
        // Instantiate-many: one parsed Nib, fresh objects every time (the UINib/NSNib usage).
        register("nib-instantiate", label, .ours, scaling: .kilo, setup: { try Nib(data: bytes) }) { nib in
            blackHole(try nib.instantiate(owner: nil))
            return (0, objects)
        }
    }

    let all = { BenchCorpus.files(in: "nib", magic: "NIBArchive").map(\.bytes) }
    register("nib-graph", "corpus-all", .ours, setup: all) { files in
        try sweep(files) { blackHole(try ArchiveGraph(nibArchive: $0)) }
    }
    // The nib layers over every corpus NIBArchive: what a tool that opens a whole app's nibs waits for.
    register("nib-open", "corpus-all", .ours, setup: all) { files in
        try sweep(files) { blackHole(try Nib(data: $0)) }
    }
    // Instantiate every corpus nib that instantiates without external objects (storyboard scenes need them).
    register("nib-instantiate", "corpus-all", .ours, setup: { () -> [(Nib, Int)] in
        all().compactMap { f in
            guard let nib = try? Nib(data: f), (try? nib.instantiate(owner: nil)) != nil else { return nil }
            return (nib, nibObjectCount(f))
        }
    }) { nibs in
        var objects = 0
        for (nib, n) in nibs {
            blackHole(try nib.instantiate(owner: nil))
            objects += n
        }
        return (0, objects)
    }
    register("nib-graph", "corpus-all", .floor, setup: all) { files in
        sweep(files) { blackHole(byteSum($0)) }
    }
}
