#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import KeyedArchive
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Fuzzes your own ``KeyedCoding`` classes: the `decode(with:)` that meets a hostile archive.
///
/// Register the classes an archive of yours may hold; ``run(_:)`` decodes each fuzz input (a keyed
/// archive, binary or XML, or a NIBArchive) as those classes, under secure coding by default, the way your
/// app would. Decoding errors are expected and ignored; what libFuzzer reports is what your code does
/// with hostile values: a trap (an out-of-range index, a division by zero, a `!` on nil), a hang, an
/// unbounded recursion or a leak. Every `$top` key is decoded, `root` first.
///
/// ```swift
/// // Fuzzer.swift (not main.swift: libFuzzer's main runs, so top-level code there never would)
/// import KeyedArchiveFuzzSupport
/// let fuzzer = ClassFuzzer(classes: [Invoice.self, LineItem.self],
///                          seeds: { [Invoice.sample(), Invoice.empty()] })
///
/// // main.swift
/// @_cdecl("LLVMFuzzerTestOneInput")
/// public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
///     fuzzer.run(UnsafeRawBufferPointer(start: data, count: size))
///     return 0
/// }
/// @_cdecl("LLVMFuzzerInitialize")
/// public func initialize(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> CInt {
///     fuzzer.writeSeedsIfRequested()   // FUZZ_WRITE_SEEDS=dir: write the seed corpus and exit
///     return 0
/// }
/// ```
///
/// Classes whose decoded graphs can hold reference cycles should adopt ``ClassFuzzerCycleBreaking``, so
/// that LeakSanitizer reports real leaks only.
public final class ClassFuzzer: @unchecked Sendable {
    /// The classes inputs are decoded as (each is also registered by its archived class name).
    public let classes: [any KeyedCoding.Type]
    /// Decode as `NSSecureCoding` does (the default): only the registered classes may appear.
    public let requiresSecureCoding: Bool
    /// Bounds for the readers and the unarchiver: the library defaults with byte budgets below
    /// libFuzzer's `-rss_limit_mb=2048`, as the project's own harnesses use.
    public let limits: DecodingLimits
    private let seeds: @Sendable () -> [any KeyedCoding]

    /// Creates a fuzzer.
    ///
    /// - Parameters:
    ///   - classes: The classes to decode inputs as.
    ///   - requiresSecureCoding: Decode under secure coding (default true).
    ///   - limits: Decoding limits (default: ``FuzzLimits/standard``).
    ///   - seeds: Objects of yours whose archives seed the corpus (see ``writeSeeds(to:)``).
    public init(classes: [any KeyedCoding.Type], requiresSecureCoding: Bool = true, limits: DecodingLimits = FuzzLimits.standard,
                seeds: @escaping @Sendable () -> [any KeyedCoding] = { [] }) {
        self.classes = classes
        self.requiresSecureCoding = requiresSecureCoding
        self.limits = limits
        self.seeds = seeds
        for c in classes { KeyedClassRegistry.register(c) }
    }

    /// A structure-aware mutator for this fuzzer's inputs (plain keyed archives): class swaps draw from
    /// your classes and Foundation's. Call it from `LLVMFuzzerCustomMutator` and
    /// `LLVMFuzzerCustomCrossOver` (see the example package).
    public var mutator: StructureMutator {
        StructureMutator(prefixLength: 0, classNames: classes.map { $0.archivedClassName } + StructureMutator.foundationClassNames)
    }

    /// Decodes one input as the registered classes; never throws.
    public func run(_ input: UnsafeRawBufferPointer) {
        run(Array(input))
    }

    /// Decodes one input as the registered classes; never throws.
    public func run(_ bytes: [UInt8]) {
        let graph: ArchiveGraph
        do {
            graph = ArchiveFormat.detect(bytes) == .nibArchive
                ? try ArchiveGraph(nibArchive: bytes, limits: limits)
                : try ArchiveGraph(keyedArchiveBytes: bytes, limits: limits)
        } catch { return }
        var keys = ["root"]
        for entry in graph.top.prefix(8) where graph.key(entry.key) != "root" { keys.append(graph.key(entry.key)) }
        let tracker = DecodedObjects()
        defer { tracker.breakCycles() }
        for key in keys {
            // All classes at once (what an app asks for), then each alone (what a typed property asks for).
            decode(graph, tracker) { u throws(ArchiveError) in try u.decodeTopLevelObject(of: self.classes, forKey: key) }
            for c in classes {
                decode(graph, tracker) { u throws(ArchiveError) in try u.decodeTopLevelObject(of: [c], forKey: key) }
            }
        }
    }

    private func decode(_ graph: ArchiveGraph, _ tracker: DecodedObjects, _ body: (KeyedUnarchiver) throws(ArchiveError) -> (any KeyedCoding)?) {
        let u = KeyedUnarchiver(graph: graph, options: .init(requiresSecureCoding: requiresSecureCoding, limits: limits))
        u.delegate = tracker
        blackHole(try? body(u))
        u.finishDecoding()
    }

    /// Writes the seed corpus: each seed object as a binary and an XML keyed archive
    /// (`seed-<n>-binary`, `seed-<n>-xml`).
    ///
    /// - Parameter directory: An existing or new directory.
    /// - Returns: How many files were written.
    @discardableResult
    public func writeSeeds(to directory: String) throws -> Int {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var written = 0
        for (n, object) in seeds().enumerated() {
            for format in PropertyList.Format.allCases {
                let a = KeyedArchiver(requiresSecureCoding: requiresSecureCoding, outputFormat: format)
                try a.encode(object, forKey: "root")
                let bytes = try a.encodedData()
                try Data(bytes).write(to: URL(fileURLWithPath: directory).appendingPathComponent("seed-\(n)-\(format.rawValue)"))
                written += 1
            }
        }
        return written
    }

    /// When `FUZZ_WRITE_SEEDS` names a directory, writes the seed corpus there and exits; call it from
    /// `LLVMFuzzerInitialize`, so that the fuzzer binary makes its own seeds.
    public func writeSeedsIfRequested() {
        guard let dir = ProcessInfo.processInfo.environment["FUZZ_WRITE_SEEDS"], !dir.isEmpty else { return }
        do {
            let n = try writeSeeds(to: dir)
            print("ClassFuzzer: wrote \(n) seed archives to \(dir)")
            exit(0)
        } catch {
            print("ClassFuzzer: cannot write seeds to \(dir): \(error)")
            exit(1)
        }
    }
}

/// A class whose decoded objects may point at each other in a cycle: ``ClassFuzzer`` calls
/// ``breakCycles()`` on every decoded instance after each input, so that only real leaks are reported.
public protocol ClassFuzzerCycleBreaking: AnyObject {
    /// Drops the references that can form a cycle (set them to nil or empty).
    func breakCycles()
}

/// Every object one input decoded, kept until the input is done.
private final class DecodedObjects: KeyedUnarchiverDelegate {
    var objects: [any KeyedCoding] = []
    func unarchiver(_ unarchiver: KeyedUnarchiver, didDecode object: any KeyedCoding) -> (any KeyedCoding)? {
        objects.append(object)
        return nil
    }
    func breakCycles() {
        for o in objects { (o as? any ClassFuzzerCycleBreaking)?.breakCycles() }
        objects.removeAll()
    }
}
