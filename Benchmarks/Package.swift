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
        .target(
            name: "BenchSupport",
            dependencies: [
                .product(name: "KeyedArchive", package: "swift-keyed-archive"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Sources/BenchSupport"
        ),
    ] + ["PropertyListBench", "KeyedArchiveBench", "NIBArchiveBench"].map { suite in
        .executableTarget(
            name: suite,
            dependencies: [
                "BenchSupport",
                .product(name: "KeyedArchive", package: "swift-keyed-archive"),
                .product(name: "Nib", package: "swift-keyed-archive"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/\(suite)",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        )
    }
)
