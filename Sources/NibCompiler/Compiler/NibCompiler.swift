import Foundation
import KeyedArchive
import Nib

/// Compiles XIB and storyboard sources into the nibs Apple's runtime loads: an open `ibtool`.
///
/// ```swift
/// let doc = try XIBDocument(contentsOf: URL(fileURLWithPath: "MainMenu.xib"))
/// let nib = try NibCompiler(options: .init(module: "MyApp")).compile(doc)
/// try nib.write(to: URL(fileURLWithPath: "MainMenu.nib"))
/// ```
public struct NibCompiler: Sendable {
    /// What the compile assumes (module, deployment target, device).
    public var options: NibCompilerOptions

    /// A compiler with these options.
    public init(options: NibCompilerOptions = .init()) {
        self.options = options
    }

    /// Compiles one document.
    ///
    /// - Throws: ``ArchiveError`` with the source line and column when the document cannot be compiled.
    public func compile(_ doc: XIBDocument) throws(ArchiveError) -> CompiledNib {
        switch doc.kind {
        case .storyboard:
            let out = try StoryboardCompiler.compile(doc, options: options)
            return CompiledNib(storyboard: out)
        case .xib:
            let (graph, diagnostics) = try compileGraph(doc)
            var options = options
            // A legacy document is compiled for its own system target unless told otherwise.
            if doc.legacyArchive != nil, options.minimumDeploymentTarget == nil, let v = doc.deploymentVersion {
                options.minimumDeploymentTarget = "\(v.major).\(v.minor)"
            }
            return try CompiledNib(graph: graph, runtime: doc.runtime, options: options, diagnostics: diagnostics, legacy: doc.legacyArchive != nil)
        }
    }

    /// The object graph of a XIB, in NIBArchive conventions, before any container is chosen.
    public func compileGraph(_ doc: XIBDocument) throws(ArchiveError) -> (ArchiveGraph, [NibCompileDiagnostic]) {
        if let legacy = doc.legacyArchive {
            let (graph, diagnostics) = doc.runtime == .cocoa ? try LegacyAppKitNibBuilder.build(legacy) : try LegacyUIKitNibBuilder.build(legacy)
            return (graph.archiveGraph(coderVersion: 10), NibCompileDiagnostic.unique(diagnostics))
        }
        var ctx = EncodingContext(doc: doc, options: options, encoders: doc.runtime == .cocoa ? Self.appKitEncoders : Self.uiKitEncoders)
        switch doc.runtime {
        case .cocoa: try AppKitNibBuilder.build(&ctx)
        case .cocoaTouch: try UIKitNibBuilder.build(&ctx)
        }
        return (ctx.graph.archiveGraph(coderVersion: 10), NibCompileDiagnostic.unique(ctx.diagnostics))
    }

    static let appKitEncoders: [String: any ObjectEncoder.Type] = registry(AppKitEncoders.all)
    static let uiKitEncoders: [String: any ObjectEncoder.Type] = registry(UIKitEncoders.all)

    static func registry(_ list: [any ObjectEncoder.Type]) -> [String: any ObjectEncoder.Type] {
        var out: [String: any ObjectEncoder.Type] = [:]
        for e in list { for name in e.elements { out[name] = e } }
        return out
    }
}

/// The result of a compile: the files to write, and what the compile had to say.
public struct CompiledNib: Sendable {
    /// A flat nib file, or a nib directory of named files.
    public enum Layout: Sendable {
        /// One file (`Foo.nib`).
        case file([UInt8])
        /// A directory (`Foo.nib/` with `keyedobjects.nib` + `keyedobjects-101300.nib`, or a `.storyboardc`).
        case directory([(name: String, bytes: [UInt8])])
    }

    /// What to write.
    public var layout: Layout
    /// The compiled object graph (NIBArchive conventions), for inspection and comparison; for a
    /// storyboard, its first nib.
    public var graph: ArchiveGraph
    /// A storyboard's nibs by name (without `.nib`), in the order they were compiled; empty for a XIB.
    public var nibs: [(name: String, graph: ArchiveGraph)] = []
    /// Warnings and notes, with their source lines.
    public var diagnostics: [NibCompileDiagnostic]

    init(graph: ArchiveGraph, runtime: XIBRuntime, options: NibCompilerOptions, diagnostics: [NibCompileDiagnostic], legacy: Bool = false) throws(ArchiveError) {
        self.graph = graph
        self.diagnostics = diagnostics
        // Interface Builder 3 compiled UIKit documents to keyed archives, which every UIKit still loads.
        if legacy, runtime == .cocoaTouch {
            layout = .file(try graph.convertedToKeyedArchive().keyedArchiveBinaryData())
            return
        }
        let nib = try graph.nibArchiveData()
        // macOS before 10.13 cannot read NIBArchive: ibtool writes both, and the loader picks.
        if runtime == .cocoa, let v = options.deploymentVersion, (v.major, v.minor) < (10, 13) {
            let keyed = try graph.convertedToKeyedArchive().keyedArchiveBinaryData()
            layout = .directory([("keyedobjects.nib", keyed), ("keyedobjects-101300.nib", nib)])
        } else if runtime == .cocoaTouch, options.writesIOSNibDirectories {
            layout = .directory(NibCompilerOptions.iOSNibDirectoryFiles.map { ($0, nib) })
        } else {
            layout = .file(nib)
        }
    }

    init(storyboard out: StoryboardCompiler.Output) {
        layout = .directory(out.files)
        nibs = out.graphs
        graph = out.graphs.first?.graph ?? ArchiveGraphBuilder(metadata: .init(source: .built)).build()
        diagnostics = out.diagnostics
    }

    /// Writes the file or directory at `url` (a directory is replaced as a whole).
    public func write(to url: URL) throws(ArchiveError) {
        do {
            switch layout {
            case .file(let bytes):
                try Data(bytes).write(to: url)
            case .directory(let files):
                let fm = FileManager.default
                if fm.fileExists(atPath: url.path) { try fm.removeItem(at: url) }
                try fm.createDirectory(at: url, withIntermediateDirectories: true)
                for (name, bytes) in files {
                    let target = url.appendingPathComponent(name)
                    try fm.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try Data(bytes).write(to: target)
                }
            }
        } catch {
            throw ArchiveError(.encodingFailed, "cannot write \(url.path): \(error.localizedDescription)")
        }
    }
}
