import KeyedArchive

/// A storyboard table or collection view's prototype cells (`<prototypes>`, `<cells>`), archived as
/// UIKit archives them: a
/// dictionary reuse identifier → `UINib` {`archiveData`: a whole NIBArchive, `captureEnclosingNIBBundleOnDecode`}
/// (`nib-object-model.md` §1.5), and for cells whose connections reach outside them, reuse identifier →
/// external objects (`UpstreamPlaceholder-<id>` → the object in the enclosing nib). Each cell's nib
/// holds File's Owner and First Responder proxies, the cell with its subviews in UIKit's awake order,
/// a proxy per outside object, the connections and the runtime attributes of the cell's objects.
enum UITablePrototypes {
    /// `container`: the element holding the prototypes (`prototypes` in a table, `cells` in a
    /// collection view).
    static func encode(_ o: Int, _ g: Int, container: String = "prototypes", nibsKey: String, externalObjectsKey: String,
                       _ ctx: inout EncodingContext) throws(ArchiveError) {
        var cells: [(String, Int)] = []
        for cell in ctx.objects(o, in: container) {
            guard let id = ctx.attr(cell, "reuseIdentifier"), !id.isEmpty else {
                ctx.warn("a prototype cell without a reuseIdentifier cannot be dequeued: it is not archived", at: cell)
                continue
            }
            if cells.contains(where: { $0.0 == id }) {
                ctx.warn("another prototype cell of this table has reuse identifier \"\(id)\": this one is not archived", at: cell)
                continue
            }
            cells.append((id, cell))
        }
        guard !cells.isEmpty else { return }
        var nibs: [(NibGraph.Value, NibGraph.Value)] = [], externals: [(NibGraph.Value, NibGraph.Value)] = []
        for (id, cell) in cells.sorted(by: { $0.0 < $1.0 }) {
            let (bytes, outside) = try nibBytes(cell, &ctx)
            let nib = ctx.graph.add("UINib")
            ctx.graph.set(nib, "archiveData", ctx.graph.data(bytes))
            ctx.graph.set(nib, "captureEnclosingNIBBundleOnDecode", .bool(true))
            nibs.append((ctx.graph.string(id), .ref(nib)))
            guard !outside.isEmpty else { continue }
            var table: [(NibGraph.Value, NibGraph.Value)] = []
            for (name, reach) in outside {
                switch reach {
                case .object(let object):
                    table.append((ctx.graph.string(name), try ctx.ref(object)))
                case .segue(let s):
                    // The view nib reaches the template through its own upstream placeholder.
                    let p = ctx.upstreamProxies[s] ?? UIKitStoryboardCompiler.proxy(name, &ctx)
                    ctx.upstreamProxies[s] = p
                    table.append((ctx.graph.string(name), .ref(p)))
                }
            }
            externals.append((ctx.graph.string(id), ctx.graph.dictionary("NSDictionary", table)))
        }
        ctx.graph.set(g, nibsKey, ctx.graph.dictionary("NSDictionary", nibs))
        if !externals.isEmpty { ctx.graph.set(g, externalObjectsKey, ctx.graph.dictionary("NSDictionary", externals)) }
    }

    /// What a cell's nib reaches outside itself: an object of the enclosing nib, or a segue's template.
    enum Reach {
        case object(Int)
        case segue(Int)
    }

    /// One cell's NIBArchive, compiled in a context of its own, and what its connections reach
    /// outside it, by placeholder identifier.
    static func nibBytes(_ cell: Int, _ parent: inout EncodingContext) throws(ArchiveError) -> ([UInt8], [(String, Reach)]) {
        var ctx = EncodingContext(doc: parent.doc, options: parent.options, encoders: parent.encoders, elementIndex: parent.elementIndex)
        let doc = ctx.doc
        let root = ctx.graph.add("NSObject")
        let owner = UIKitStoryboardCompiler.proxy("IBFilesOwner", &ctx), firstResponder = UIKitStoryboardCompiler.proxy("IBFirstResponder", &ctx)
        let objects = UIKitNibBuilder.descendants(of: cell, doc)
        let inside = Set(objects)
        // Outside objects the cell's connections name become upstream placeholders.
        var outside: [(String, Reach)] = []
        var topLevel: [NibGraph.Value] = [.ref(owner), .ref(firstResponder)]
        for o in objects {
            for c in doc.objects[o].connections where c.kind != .segue {
                guard let d = c.destination.flatMap({ doc.objectIndex[$0] }), !inside.contains(d), ctx.encoded[d] == nil else { continue }
                let name = "UpstreamPlaceholder-\(doc.objects[d].id)"
                let p = UIKitStoryboardCompiler.proxy(name, &ctx)
                ctx.encoded[d] = p
                topLevel.append(.ref(p))
                outside.append((name, .object(d)))
            }
        }
        let cellValue = try ctx.ref(cell)
        topLevel.insert(cellValue, at: 2)
        var awake = topLevel
        _ = try UIKitNibBuilder.awakeBelow(cell, into: &awake, &ctx)
        var connections = try UIKitNibBuilder.orderedConnections(of: objects, skippingSegues: true, &ctx)
        // A segue the cell triggers: its selection (or accessory) outlet names the template, reached
        // through the enclosing view nib.
        for o in objects {
            for c in doc.objects[o].connections where c.kind == .segue && c.detail != "relationship" {
                guard o == cell, let plan = parent.uikitPlan, let s = plan.segueIndex[c.element] else {
                    ctx.warn("this segue is not triggered by a prototype cell of a storyboard view: not compiled", element: c.element)
                    continue
                }
                let name = plan.upstream(s)
                let p = UIKitStoryboardCompiler.proxy(name, &ctx)
                topLevel.append(.ref(p))
                awake.append(.ref(p))
                outside.append((name, .segue(s)))
                let label = ctx.tree.elements[c.element]["trigger"] == "accessoryAction" ? "accessoryActionSegueTemplate" : "selectionSegueTemplate"
                connections.append(UIKitStoryboardCompiler.outlet(label, cellValue, .ref(p), &ctx))
            }
        }
        var pairs: [NibGraph.Value] = []
        for o in objects {
            for a in doc.objects[o].runtimeAttributes {
                if let v = try UIKitRuntimeAttributes.encode(a, of: o, &ctx) { pairs.append(v) }
            }
        }
        UIKitNibBuilder.writeRoot(root, topLevel: topLevel, awake: awake, connections: connections, pairs: pairs, &ctx)
        parent.diagnostics += ctx.diagnostics
        return (try ctx.graph.archiveGraph(coderVersion: 10).nibArchiveData(), outside)
    }
}
