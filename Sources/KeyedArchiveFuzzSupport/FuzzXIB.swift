import KeyedArchive
import Nib
import NibCompiler

/// `FuzzXIB`: the XIB reader, then the compiler, then the compiled nib written, read back and
/// instantiated with generic objects. Every stage may refuse the input; none may crash.
enum FuzzXIB {
    static func run(_ bytes: [UInt8]) {
        guard let doc = try? XIBDocument(xml: bytes, limits: FuzzLimits.xib) else { return }
        blackHole(doc.objects.count)
        for o in doc.objects.prefix(10_000) { blackHole(o.connections.count + o.runtimeAttributes.count) }
        for module in [nil, "FuzzModule"] as [String?] {
            guard let nib = try? NibCompiler(options: .init(module: module)).compile(doc) else { continue }
            blackHole(nib.diagnostics.count)
            guard case .file(let data) = nib.layout, let graph = try? ArchiveGraph(nibArchive: data, limits: FuzzLimits.standard),
                  let document = try? NibDocument(graph: graph) else { continue }
            blackHole(try? Nib(document: document).instantiate(owner: nil).count)
        }
    }
}
