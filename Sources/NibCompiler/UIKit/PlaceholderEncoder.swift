import KeyedArchive

/// `<placeholder placeholderIdentifier="IBFilesOwner">` → `UIProxyObject` {`UIProxiedObjectIdentifier`}.
enum PlaceholderEncoder: ObjectEncoder {
    static let elements = ["placeholder"]

    static func encode(_ o: Int, into index: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        ctx.graph.setClass(index, "UIProxyObject")
        let identifier = ctx.doc.objects[o].placeholderIdentifier ?? ctx.doc.objects[o].id
        ctx.graph.set(index, "UIProxiedObjectIdentifier", ctx.graph.string(identifier))
    }
}
