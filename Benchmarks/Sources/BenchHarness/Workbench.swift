import Benchmark

/// Which implementation a benchmark measures. Every workload registers `ours` and, where one exists,
/// `Foundation` (or the byte-sum `floor`) under the same group name, so `Scripts/bench` can pair them.
public enum Side: String, Sendable {
    case ours
    case foundation = "Foundation"
    case floor
}

/// Custom metrics recorded once per outer iteration so that MB/s and objects/s can be derived from
/// wall-clock time without knowing the workload: bytes and objects processed per outer iteration.
public enum WorkMetric {
    public static let bytes = BenchmarkMetric.custom("bytes", polarity: .prefersSmaller, useScalingFactor: false)
    public static let objects = BenchmarkMetric.custom("objects", polarity: .prefersSmaller, useScalingFactor: false)
}

/// The metrics every benchmark reports.
public let standardMetrics: [BenchmarkMetric] = [
    .throughput, .wallClock, .mallocCountTotal, .peakMemoryResident, .peakMemoryResidentDelta,
    WorkMetric.bytes, WorkMetric.objects,
]

/// Tolerances for `benchmark thresholds check` against the committed p90s in `Thresholds/`: 10% on time,
/// throughput and allocations; memory is sampled every ~5 ms, so it gets more slack. Work counts are exact.
public var standardThresholds: [BenchmarkMetric: BenchmarkThresholds] { [
    .wallClock: .init(relative: [.p90: 10]),
    .throughput: .init(relative: [.p90: 10]),
    .mallocCountTotal: .init(relative: [.p90: 10]),
    .peakMemoryResident: .init(relative: [.p90: 20]),
    .peakMemoryResidentDelta: .init(relative: [.p90: 50]),
    WorkMetric.bytes: .init(relative: [.p90: 0]),
    WorkMetric.objects: .init(relative: [.p90: 0]),
] }

/// Registers `group/variant/side`. `setup` runs once, outside the measured block, and builds the
/// state; `body` is measured and returns the (bytes, objects) it processed per inner iteration.
/// Names use only `/`, `-`, letters and digits: the threshold files are named after them.
public func register<State>(
    _ group: String, _ variant: String, _ side: Side,
    scaling: BenchmarkScalingFactor = .one,
    maxDuration: Duration = .seconds(1), maxIterations: Int = 200, warmup: Int = 1,
    setup: @escaping () throws -> State,
    body: @escaping (State) throws -> (bytes: Int, objects: Int)
) {
    register(group, variant, side, scaling: scaling, maxDuration: maxDuration, maxIterations: maxIterations,
             warmup: warmup, setup: setup, body: { (state: State) throws -> (Int, Int, Void) in
                 let r = try body(state)
                 return (r.bytes, r.objects, ())
             }, cleanup: { _ in })
}

/// As above, for bodies whose result must be torn down after the clock stops (object graphs with
/// reference cycles): `body` also returns its result, and `cleanup` runs on each one unmeasured.
public func register<State, Result>(
    _ group: String, _ variant: String, _ side: Side,
    scaling: BenchmarkScalingFactor = .one,
    maxDuration: Duration = .seconds(1), maxIterations: Int = 200, warmup: Int = 1,
    setup: @escaping () throws -> State,
    body: @escaping (State) throws -> (bytes: Int, objects: Int, result: Result),
    cleanup: @escaping (Result) -> Void
) {
    let name = "\(group)/\(variant)/\(side.rawValue)"
    let config = Benchmark.Configuration(
        metrics: standardMetrics, warmupIterations: warmup, scalingFactor: scaling,
        maxDuration: maxDuration, maxIterations: maxIterations, thresholds: standardThresholds)
    Benchmark(name, configuration: config) { benchmark, box in
        let state = box.value
        var bytes = 0
        var objects = 0
        var results: [Result] = []
        results.reserveCapacity(benchmark.scaledIterations.count)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            let r = try body(state)
            bytes &+= r.bytes
            objects &+= r.objects
            results.append(r.result)
        }
        benchmark.stopMeasurement()
        for r in results { cleanup(r) }
        blackHole(results)
        benchmark.measurement(WorkMetric.bytes, bytes)
        benchmark.measurement(WorkMetric.objects, objects)
    } setup: {
        SetupBox(value: try setup())
    }
}

// The harness force-casts setup state, and a bare Optional would flatten to nil: box it.
final class SetupBox<State>: @unchecked Sendable {
    let value: State
    init(value: State) { self.value = value }
}
