// swift-tools-version: 6.1
// Throughput and allocation benchmarks (ordo-one/benchmark). Its own package so the library never
// depends on the benchmark harness. Run: `swift package --package-path Benchmarks benchmark`
// or `Scripts/bench` for the ours-vs-Foundation ratio table.
import PackageDescription

let package = Package(
    name: "KeyedArchiveBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "swift-keyed-archive", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.0", traits: ["MallocInterposer"]),
    ],
    targets: [
        // Workload generators, Foundation and our model classes, corpus access: no harness dependency.
        .target(
            name: "BenchSupport",
            dependencies: [.product(name: "KeyedArchive", package: "swift-keyed-archive")],
            path: "Sources/BenchSupport"
        ),
        // Registration helper shared by the suites (metrics, thresholds, ours/Foundation/floor naming).
        .target(
            name: "BenchHarness",
            dependencies: ["BenchSupport", .product(name: "Benchmark", package: "benchmark")],
            path: "Sources/BenchHarness"
        ),
        // Not a benchmark: runs one hot path in a loop for callgrind/perf (see its main.swift).
        .executableTarget(name: "BenchProfile", dependencies: ["BenchSupport", .product(name: "Nib", package: "swift-keyed-archive"),
                                                             .product(name: "NibCompiler", package: "swift-keyed-archive")],
                         path: "Sources/BenchProfile"),
    ] + ["PropertyListBench", "KeyedArchiveBench", "NIBArchiveBench", "XIBCompileBench", "CodableBench", "TypedstreamBench"].map { suite in
        .executableTarget(
            name: suite,
            dependencies: [
                "BenchSupport",
                "BenchHarness",
                .product(name: "KeyedArchive", package: "swift-keyed-archive"),
                .product(name: "Nib", package: "swift-keyed-archive"),
                .product(name: "NibCompiler", package: "swift-keyed-archive"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/\(suite)",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        )
    }
)
