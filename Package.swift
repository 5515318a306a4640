// swift-tools-version: 6.1
import PackageDescription

let strictness: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "swift-keyed-archive",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "KeyedArchive", targets: ["KeyedArchive"]),
        .library(name: "Nib", targets: ["Nib"]),
        .library(name: "NibCompiler", targets: ["NibCompiler"]),
        .library(name: "KeyedArchiveFuzzSupport", targets: ["KeyedArchiveFuzzSupport"]),
        .executable(name: "keyed-archive", targets: ["KeyedArchiveCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.19"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    ],
    targets: [
        // Layers 1–3: byte formats, object graph, Archiver/Unarchiver.
        .target(name: "KeyedArchive", swiftSettings: strictness),
        // Layer 4: nib document model, containers, loading, storyboards.
        .target(name: "Nib", dependencies: ["KeyedArchive"], swiftSettings: strictness),
        // Layer 5: XIB/storyboard sources → nibs and .storyboardc (an open ibtool).
        .target(name: "NibCompiler", dependencies: ["KeyedArchive", "Nib"], swiftSettings: strictness),
        // Shared by the libFuzzer harnesses (FuzzTesting/) and the regression unit tests.
        .target(name: "KeyedArchiveFuzzSupport", dependencies: ["KeyedArchive", "Nib", "NibCompiler"], swiftSettings: strictness),
        .executableTarget(
            name: "KeyedArchiveCLI",
            dependencies: [
                "KeyedArchive", "Nib", "NibCompiler",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            swiftSettings: strictness
        ),
        // Test-only child process running Foundation's own coders (Foundation may crash; tests must not).
        .executableTarget(name: "FoundationProbe", swiftSettings: strictness),
        // Test-only: locates ../shared/corpus for every test target (fails loudly under CI when missing).
        .target(name: "CorpusSupport", path: "Tests/CorpusSupport", swiftSettings: strictness),
        .testTarget(name: "KeyedArchiveTests", dependencies: ["KeyedArchive", "CorpusSupport"], resources: [.copy("Fixtures")], swiftSettings: strictness),
        .testTarget(name: "NibTests", dependencies: ["Nib", "KeyedArchive", "CorpusSupport"], swiftSettings: strictness),
        .testTarget(name: "NibCompilerTests", dependencies: ["NibCompiler", "Nib", "KeyedArchive", "CorpusSupport"], swiftSettings: strictness),
        .testTarget(name: "FuzzRegressionTests", dependencies: ["KeyedArchiveFuzzSupport", "KeyedArchive", "CorpusSupport"], swiftSettings: strictness),
        .testTarget(name: "CLITests", dependencies: [
            "KeyedArchiveCLI", "KeyedArchive", "Nib", "NibCompiler", "CorpusSupport", .product(name: "ZIPFoundation", package: "ZIPFoundation"),
        ], swiftSettings: strictness),
    ]
)

// Scripts/tsan sets KEYED_ARCHIVE_TSAN_ONLY: the concurrency tests live in NibTests, and Linux links every
// test target into one test product, so that build keeps only NibTests and the libraries under it.
if Context.environment["KEYED_ARCHIVE_TSAN_ONLY"] != nil {
    let kept: Set<String> = ["KeyedArchive", "Nib", "CorpusSupport", "NibTests"]
    package.targets.removeAll { !kept.contains($0.name) }
    package.products.removeAll { !kept.contains($0.name) }
    package.dependencies.removeAll()
}
