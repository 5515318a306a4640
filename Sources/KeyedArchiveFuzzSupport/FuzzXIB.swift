import KeyedArchive
import Nib
import NibCompiler

/// `FuzzXIB`: the XIB reader (modern documents and legacy `<archive>` ones), then the compiler, then
/// the compiled nib (or each nib of a compiled directory) written, read back and instantiated with
/// generic objects. Every stage may refuse the input; none may crash.
enum FuzzXIB {
    static func run(_ bytes: [UInt8]) {
        guard let doc = try? XIBDocument(xml: bytes, limits: FuzzLimits.xib) else { return }
        blackHole(doc.objects.count)
        for o in doc.objects.prefix(10_000) { blackHole(o.connections.count + o.runtimeAttributes.count) }
        for module in [nil, "FuzzModule"] as [String?] {
            guard let nib = try? NibCompiler(options: .init(module: module)).compile(doc) else { continue }
            blackHole(nib.diagnostics.count)
            let files: [[UInt8]]
            switch nib.layout {
            case .file(let data): files = [data]
            // A nib directory (a legacy document's keyed nib beside its NIBArchive): each of its nibs.
            case .directory(let named): files = named.filter { $0.name.hasSuffix(".nib") }.map(\.bytes)
            }
            for data in files {
                let graph = ArchiveFormat.detect(data) == .nibArchive
                    ? try? ArchiveGraph(nibArchive: data, limits: FuzzLimits.standard)
                    : try? ArchiveGraph(archiveBytes: data, limits: FuzzLimits.standard)
                guard let graph, let document = try? NibDocument(graph: graph) else { continue }
                blackHole(try? Nib(document: document).instantiate(owner: nil).count)
            }
        }
    }
}
