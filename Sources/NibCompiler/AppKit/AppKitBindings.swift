import KeyedArchive

/// `NSNibBindingConnector`: binding name, the observed object and key path, and options.
enum AppKitBindings {
    static func encode(_ c: XIBConnection, _ ctx: inout EncodingContext) throws(ArchiveError) -> NibGraph.Value? {
        let i = ctx.graph.add("NSNibBindingConnector")
        let name = c.label ?? ""
        let keyPath = c.keyPath ?? ""
        ctx.graph.set(i, "NSSource", try ctx.ref(c.owner))
        ctx.graph.set(i, "NSDestination", try ctx.ref(id: c.destination ?? "", from: c.element))
        ctx.graph.set(i, "NSLabel", ctx.graph.string("\(name): \(keyPath)"))
        ctx.graph.set(i, "NSBinding", ctx.graph.string(name))
        ctx.graph.set(i, "NSKeyPath", ctx.graph.string(keyPath))
        ctx.graph.set(i, "NSNibBindingConnectorVersion", .int(2))
        return .ref(i)
    }
}
