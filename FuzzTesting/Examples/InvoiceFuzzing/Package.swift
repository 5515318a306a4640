// swift-tools-version: 6.1
// An app's own model classes, fuzzed with KeyedArchiveFuzzSupport's ClassFuzzer (Docs/fuzzing.md,
// "Fuzz your own classes"). `Invoice.decode(with:)` has a planted bug; ./run.sh finds it.
import PackageDescription

let package = Package(
    name: "InvoiceFuzzing",
    platforms: [.macOS(.v15)],
    dependencies: [
        // In your project: .package(url: "https://…/swift-keyed-archive", from: "…")
        .package(name: "swift-keyed-archive", path: "../../.."),
    ],
    targets: [
        // The app's model: what ships, and what is fuzzed.
        .target(name: "Invoices", dependencies: [.product(name: "KeyedArchive", package: "swift-keyed-archive")]),
        // The fuzzer: two small files.
        .executableTarget(name: "FuzzInvoices", dependencies: [
            "Invoices", .product(name: "KeyedArchiveFuzzSupport", package: "swift-keyed-archive"),
        ]),
    ]
)
