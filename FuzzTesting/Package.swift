// swift-tools-version: 6.1
// libFuzzer harnesses for swift-keyed-archive. A separate package so the library's own build and
// tests never need the fuzzing toolchain flags. Build (see Docs/fuzzing.md):
//   swift build -c release --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address -Xswiftc -g
import PackageDescription

// One executable per decoder surface; each is a thin @_cdecl entry into KeyedArchiveFuzzSupport.
let harnesses = [
    "FuzzBPlist", "FuzzXMLPlist", "FuzzKeyedGraph", "FuzzUnarchiver", "FuzzCodable",
    "FuzzNIBArchive", "FuzzNibModel", "FuzzNibInstantiate", "FuzzRoundTrip", "FuzzXIB", "FuzzTypedstream",
]

let package = Package(
    name: "FuzzTesting",
    platforms: [.macOS(.v15)],
    products: harnesses.map { .executable(name: $0, targets: [$0]) },
    dependencies: [
        .package(name: "swift-keyed-archive", path: ".."),
    ],
    targets: harnesses.map { name in
        .executableTarget(
            name: name,
            dependencies: [.product(name: "KeyedArchiveFuzzSupport", package: "swift-keyed-archive")]
        )
    }
)
