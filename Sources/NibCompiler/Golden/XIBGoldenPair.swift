import Foundation
import KeyedArchive
import Nib

/// One source and the nib ibtool compiled from it: the compiler's ground truth.
public struct XIBGoldenPair: Sendable {
    /// A short name for reports (the source's path below the corpus).
    public var name: String
    /// The `.xib` or `.storyboard`.
    public var source: URL
    /// ibtool's output: a nib file, a nib directory or a `.storyboardc`.
    public var compiled: URL
    /// The compiler options ibtool was run with (`--module` from a sibling `.args` file, say).
    public var options: NibCompilerOptions
    /// For a storyboard: the names of the files ibtool wrote into its `.storyboardc`, as the manifest
    /// lists them. The corpus keeps one copy of byte-identical files, so a listed file can be absent
    /// from the directory; the file set is judged by this list and absent files are not compared.
    /// Nil: the directory's listing is the file set.
    public var expectedFiles: [String]?

    /// A pair.
    public init(name: String, source: URL, compiled: URL, options: NibCompilerOptions = .init(), expectedFiles: [String]? = nil) {
        self.name = name
        self.source = source
        self.compiled = compiled
        self.options = options
        self.expectedFiles = expectedFiles
    }

    /// The pairs a corpus `MANIFEST.tsv` lists (`paired_with` on a `xib`/`storyboard` row), with the
    /// options of a sibling `<source>.args` file (`--module NAME`).
    public static func fromManifest(_ manifest: URL) throws(ArchiveError) -> [XIBGoldenPair] {
        let text: String
        do { text = try String(contentsOf: manifest, encoding: .utf8) } catch {
            throw ArchiveError(.unknownFormat, "cannot read \(manifest.path): \(error.localizedDescription)")
        }
        let root = manifest.deletingLastPathComponent()
        var out: [XIBGoldenPair] = []
        for line in text.split(separator: "\n").dropFirst() {
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard f.count >= 8, f[6] == "xib" || f[6] == "storyboard", !f[7].isEmpty else { continue }
            let source = root.appendingPathComponent(f[0])
            // A storyboard lists every file of its compiled directory; the directory is the twin.
            let twin = f[6] == "storyboard"
                ? root.appendingPathComponent(f[7].split(separator: ";").first.map(String.init) ?? f[7]).deletingLastPathComponent()
                : root.appendingPathComponent(f[7])
            var options = NibCompilerOptions()
            let args = source.deletingPathExtension().appendingPathExtension("args")
            if let a = try? String(contentsOf: args, encoding: .utf8) {
                let words = a.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
                if let i = words.firstIndex(of: "--module"), i + 1 < words.count { options.module = words[i + 1] }
            }
            // A storyboard row lists every file ibtool wrote, whether or not the corpus kept a copy.
            let listed = f[6] == "storyboard" ? f[7].split(separator: ";").map { String($0.split(separator: "/").last ?? "") } : nil
            out.append(XIBGoldenPair(name: f[0], source: source, compiled: twin, options: options, expectedFiles: listed?.sorted()))
        }
        return out
    }
}

/// What one golden pair measured.
public struct XIBGoldenResult: Sendable {
    /// The pair's name.
    public var name: String
    /// Key/value agreement with ibtool's nib; nil when either side could not be read or compiled.
    public var comparison: NibGraphComparison?
    /// Whether our nib loads with the `Nib` loader and has ibtool's placeholders, top-level objects
    /// (by class), connections (kind, label, source and destination class) and awake order.
    public var loadsAlike: Bool
    /// What differs in the loaded model, when something does.
    public var loadDifferences: [String]
    /// Compile warnings.
    public var warnings: Int
    /// Why the pair was not compared (a compile error, an unreadable golden file), if it was not.
    public var error: String?
    /// Whether the source is a legacy Interface Builder 3 XIB (its twin is the `keyedobjects.nib`
    /// Interface Builder 3 saved, not ibtool's output).
    public var isLegacy = false
    /// Files of ibtool's output that the manifest lists but the corpus does not hold (kept once
    /// elsewhere as byte-identical copies); they count in the file set but are not compared.
    public var unavailable: [String] = []
}

extension XIBGoldenPair {
    /// Keys whose values ibtool does not produce deterministically (nib-object-model.md §5).
    public static let ignoredKeys: Set<String> = ["uniqueIdentifierForStoryboardCompilation"]

    /// Keys whose collections are compared without order: ibtool's constraint order and its AppKit
    /// connector order (`NSConnections`, built from a hash table) are not deterministic, and the object
    /// ids of `NSOidsKeys` number the connectors in that order.
    public static let unorderedKeys: Set<String> = [
        "NSViewConstraints", "UIViewAutolayoutConstraints", "NSConnections", "NSOidsKeys",
    ]

    /// The tables of Interface Builder 3's `NSIBObjectData` (and its UIKit nibs' connection list) that it
    /// wrote in hash order: in a legacy document's pair they compare without order, too (each parallel
    /// array on its own).
    public static let legacyUnorderedKeys: Set<String> = [
        "NSObjectsKeys", "NSObjectsValues", "NSOidsValues", "NSNamesKeys", "NSNamesValues", "NSClassesKeys", "NSClassesValues",
        "UINibConnectionsKey",
    ]

    /// Compiles the source and compares the result with ibtool's nib, keeping the first
    /// `differenceLimit` differences as text.
    public func measure(differenceLimit: Int = 20) -> XIBGoldenResult {
        var result = XIBGoldenResult(name: name, comparison: nil, loadsAlike: false, loadDifferences: [], warnings: 0, error: nil)
        do throws(ArchiveError) {
            let doc = try XIBDocument(contentsOf: source)
            result.isLegacy = doc.legacyArchive != nil
            guard doc.kind == .xib else { return try measureStoryboard(doc, result, differenceLimit: differenceLimit) }
            let (ours, diagnostics) = try NibCompiler(options: options).compileGraph(doc)
            result.warnings = diagnostics.filter { $0.severity == .warning }.count
            let reference = try Self.referenceGraph(compiled)
            let unordered = doc.legacyArchive == nil ? Self.unorderedKeys : Self.unorderedKeys.union(Self.legacyUnorderedKeys)
            result.comparison = NibGraphComparison(reference: reference, candidate: ours, ignoredKeys: Self.ignoredKeys,
                                                   unorderedKeys: unordered, sampleLimit: differenceLimit)
            // The loader reads what we write: go through the bytes, as a user of the nib would.
            let written = try ArchiveGraph(nibArchive: ours.nibArchiveData())
            // Interface Builder 3 wrote its object table, the awake order, in hash order.
            result.loadDifferences = try Self.loadDifferences(reference: reference, candidate: written, orderedAwake: doc.legacyArchive == nil)
            result.loadsAlike = result.loadDifferences.isEmpty
        } catch {
            result.error = "\(error)"
        }
        return result
    }

    /// A storyboard: the file set and Info.plist (UUID values aside) must match, and every nib of
    /// ibtool's `.storyboardc` is compared with ours of the same name; the counts add up.
    func measureStoryboard(_ doc: XIBDocument, _ start: XIBGoldenResult, differenceLimit: Int) throws(ArchiveError) -> XIBGoldenResult {
        var result = start
        let compiledNib = try NibCompiler(options: options).compile(doc)
        result.warnings = compiledNib.diagnostics.filter { $0.severity == .warning }.count
        guard case .directory(let files) = compiledNib.layout else { return result }
        let present: [String]
        do { present = try FileManager.default.contentsOfDirectory(atPath: compiled.path).sorted() } catch {
            throw ArchiveError(.unknownFormat, "cannot list \(compiled.path)")
        }
        let theirs = expectedFiles ?? present
        let ours = files.map(\.name).sorted()
        if theirs != ours { result.loadDifferences.append("files: ibtool \(theirs) vs ours \(ours)") }
        result.unavailable = theirs.filter { !present.contains($0) }
        var total = NibGraphComparison(reference: ArchiveGraphBuilder(metadata: .init(source: .built)).build(),
                                       candidate: ArchiveGraphBuilder(metadata: .init(source: .built)).build())
        for name in theirs where name.hasSuffix(".nib") && present.contains(name) {
            let reference = try Self.referenceGraph(compiled.appendingPathComponent(name))
            guard let mine = compiledNib.nibs.first(where: { $0.name + ".nib" == name })?.graph else { continue }
            let c = NibGraphComparison(reference: reference, candidate: mine, ignoredKeys: Self.ignoredKeys,
                                       unorderedKeys: Self.unorderedKeys, sampleLimit: differenceLimit)
            total.add(c, sampleLimit: differenceLimit)
            result.loadDifferences += try Self.loadDifferences(reference: reference, candidate: ArchiveGraph(nibArchive: mine.nibArchiveData()))
                .map { "\(name): \($0)" }
        }
        if let plist = files.first(where: { $0.name == "Info.plist" }),
           let mine = try? PropertyList(binary: plist.bytes).value(),
           let bytes = try? Array(Data(contentsOf: compiled.appendingPathComponent("Info.plist"))),
           let reference = try? PropertyList(parsing: bytes).value(),
           Self.withoutUUIDs(mine) != Self.withoutUUIDs(reference) {
            result.loadDifferences.append("Info.plist: ibtool \(Self.withoutUUIDs(reference)) vs ours \(Self.withoutUUIDs(mine))")
        }
        result.comparison = total
        result.loadsAlike = result.loadDifferences.isEmpty
        return result
    }

    /// An Info.plist with the values of `NSViewControllerIdentifiersToUUIDs` blanked (ibtool draws them
    /// at random) and dictionary entries sorted by key (their stored order is hash order).
    static func withoutUUIDs(_ v: PlistValue) -> PlistValue {
        func sorted(_ entries: [PlistDictEntry]) -> [PlistDictEntry] {
            entries.sorted { "\($0.key)" < "\($1.key)" }
        }
        guard case .dict(let entries) = v else { return v }
        return .dict(sorted(entries.map { e in
            guard case .dict(let inner) = e.value else { return e }
            if e.key == .string("NSViewControllerIdentifiersToUUIDs") {
                return PlistDictEntry(key: e.key, value: .dict(sorted(inner.map { PlistDictEntry(key: $0.key, value: .string("")) })))
            }
            return PlistDictEntry(key: e.key, value: .dict(sorted(inner)))
        }))
    }

    /// ibtool's nib as a graph in NIBArchive conventions (keyed nibs are converted).
    static func referenceGraph(_ url: URL) throws(ArchiveError) -> ArchiveGraph {
        let container = try NibContainer.open(.url(url))
        let graph = try container.graph()
        return graph.metadata.source == .keyedArchive ? try graph.convertedToNIBArchive() : graph
    }

    /// Placeholders, top-level objects, connections and awake order that differ between the nibs,
    /// after our nib has been instantiated once with generic objects.
    /// `orderedAwake` false compares the top-level objects and the awake order as multisets of classes
    /// (Interface Builder 3 wrote its object table in hash order).
    static func loadDifferences(reference: ArchiveGraph, candidate: ArchiveGraph, orderedAwake: Bool = true) throws(ArchiveError) -> [String] {
        let a = try NibDocument(graph: reference), b = try NibDocument(graph: candidate)
        // Storyboard scenes name external placeholders; give each a stand-in.
        var externals: [String: AnyObject] = [:]
        for p in b.placeholders where p.kind != .filesOwner && p.kind != .firstResponder {
            externals[p.identifier] = NibObject(className: "External(\(p.identifier))")
        }
        _ = try Nib(document: b).instantiate(owner: nil, externalObjects: externals)
        var out: [String] = []
        func check(_ what: String, _ x: [String], _ y: [String]) {
            guard x != y else { return }
            // Show where the lists part: from the first difference on.
            let first = zip(x, y).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(x.count, y.count)
            out.append("\(what) from #\(first) (\(x.count) vs \(y.count)): ibtool \(x.dropFirst(first).prefix(6)) vs ours \(y.dropFirst(first).prefix(6))")
        }
        check("placeholders", a.placeholders.map(\.identifier).sorted(), b.placeholders.map(\.identifier).sorted())
        let topA = a.topLevelObjects.map(\.effectiveClassName), topB = b.topLevelObjects.map(\.effectiveClassName)
        check("top-level objects", orderedAwake ? topA : topA.sorted(), orderedAwake ? topB : topB.sorted())
        check("connections", NibConnectionSummary.describe(reference).sorted(), NibConnectionSummary.describe(candidate).sorted())
        let pa = Set(a.placeholders.map(\.object.index)), pb = Set(b.placeholders.map(\.object.index))
        let awakeA = a.objects.filter { !pa.contains($0.index) }.map(\.effectiveClassName)
        let awakeB = b.objects.filter { !pb.contains($0.index) }.map(\.effectiveClassName)
        check(orderedAwake ? "awake order" : "awakened classes", orderedAwake ? awakeA : awakeA.sorted(), orderedAwake ? awakeB : awakeB.sorted())
        return out
    }
}
