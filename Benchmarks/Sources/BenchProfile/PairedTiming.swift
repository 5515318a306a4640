import Foundation

/// Alternating timings of two bodies: each round times one call of ours, then one of Foundation's
/// (after one untimed warm-up call each), and reports the medians and the median of the per-round
/// ratios. On a VM whose speed drifts by a third within minutes, a ratio of two calls made back to
/// back moves far less than one of two benchmarks run minutes apart.
enum PairedTiming {
    static func run(rounds: Int, ours: () throws -> Void, foundation: () throws -> Void) rethrows {
        try ours()
        try foundation()
        var oursTimes: [Double] = [], foundationTimes: [Double] = [], ratios: [Double] = []
        for _ in 0 ..< max(rounds, 1) {
            let a = try seconds(ours)
            let b = try seconds(foundation)
            oursTimes.append(a)
            foundationTimes.append(b)
            ratios.append(b / a)
        }
        let line = String(format: "rounds %d  ours median %.3f ms  Foundation median %.3f ms  ratio median %.2fx  (min %.2fx, max %.2fx)",
                          ratios.count, median(oursTimes) * 1e3, median(foundationTimes) * 1e3, median(ratios),
                          ratios.min() ?? 0, ratios.max() ?? 0)
        print(line)
    }

    /// Our Codable coders against Foundation's plist coders on `values`: their encodes when `encoding`,
    /// else their decodes of what each wrote.
    static func codable<V>(_ values: V, encoding: Bool, rounds: Int,
                           encode: (V) throws -> [UInt8], decode: ([UInt8]) throws -> Void,
                           encodeFoundation: (V) throws -> Data, decodeFoundation: (Data) throws -> Void) throws {
        if encoding {
            try run(rounds: rounds, ours: { _ = try encode(values) }, foundation: { _ = try encodeFoundation(values) })
        } else {
            let bytes = try encode(values)
            let data = try encodeFoundation(values)
            try run(rounds: rounds, ours: { try decode(bytes) }, foundation: { try decodeFoundation(data) })
        }
    }

    private static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    private static func median(_ xs: [Double]) -> Double {
        let s = xs.sorted()
        return s.isEmpty ? 0 : s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }
}
