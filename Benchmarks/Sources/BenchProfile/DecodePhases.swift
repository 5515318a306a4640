import BenchSupport
import Foundation
@_spi(Testing) import KeyedArchive

/// Where one Codable decode of the benchmark model spends its time, phase by phase (the graph-based decode's
/// graph and walk, and the direct decode's walk over the property list), against the floors
/// that bound it: touching each archive byte once, and the `Decodable` walk itself with a decoder that
/// reads nothing (``CodableFloor``). Each round runs every phase once, in one order, after one
/// Foundation decode (so our calls meet the heap state the paired ratios see); medians over the rounds,
/// and minor page faults per call.
enum DecodePhases {
    static let limits = DecodingLimits(maxObjectCount: 64_000_000)

    static func run(_ records: [ModelRecord], rounds: Int) throws {
        let values = CodableModelWorkload.values(records)
        let bytes = try CodableModelWorkload.encode(values)
        let data = try CodableModelWorkload.encodeFoundation(values)
        let names = ["byte floor", "bplist index", "graph", "walk", "floor walk", "whole decode", "Foundation", "direct walk"]
        var times = [[Double]](repeating: [], count: names.count)
        var faults = [Int](repeating: 0, count: names.count)

        func time(_ phase: Int, _ body: () throws -> Void) rethrows {
            let f = minorFaults()
            let start = DispatchTime.now().uptimeNanoseconds
            try body()
            times[phase].append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            faults[phase] += minorFaults() - f
        }

        var sink: UInt64 = 0
        var decoder = KeyedArchiveDecoder()
        decoder.limits = limits
        for _ in 0 ..< max(rounds, 1) {
            try time(6) { _ = try CodableModelWorkload.decodeFoundation(data) }
            time(0) { sink &+= byteSum(bytes) }
            // Each phase's output is dropped before the next round, as a decode drops it.
            var plist: PropertyList?
            var graph: ArchiveGraph?
            try time(1) { plist = try PropertyList(binary: bytes, limits: limits) }
            guard let list = plist else { return }
            try time(2) { graph = try ArchiveGraph(keyedArchive: list, limits: limits) }
            guard let g = graph else { return }
            try time(3) { _ = try decoder.decode([CodableModel].self, from: g) }
            graph = nil
            time(7) { _ = decoder.decodeDirectly([CodableModel].self, from: list) }
            (plist, graph) = (nil, nil)
            try time(4) { _ = try CodableFloor.decodeWalk(count: records.count) }
            try time(5) { _ = try CodableModelWorkload.decode(bytes) }
        }
        print("byte sum check \(sink % 10)")
        for (i, name) in names.enumerated() {
            let s = times[i].sorted()
            let label = name.padding(toLength: 13, withPad: " ", startingAt: 0)
            print(label + String(format: "%9.2f ms  %6d faults/call", s[s.count / 2], faults[i] / max(rounds, 1)))
        }
        func median(_ i: Int) -> Double { times[i].sorted()[times[i].count / 2] }
        // What 10× Foundation leaves for everything but the bare walk, against what that costs now.
        print(String(format: "ratio %.2fx; beyond the floor walk: %.2f ms, of which 10x allows %.2f ms",
                     median(6) / median(5), median(5) - median(4), median(6) / 10 - median(4)))
    }

    private static func minorFaults() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_minflt
    }
}
