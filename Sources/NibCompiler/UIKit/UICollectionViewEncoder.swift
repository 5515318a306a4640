import KeyedArchive
import Nib

/// `<collectionView>` → `UICollectionView` (the scroll view keys, its layout as `UICollectionLayout`, its
/// prototype cells as `UICollectionViewCellNibDict` with `UICollectionViewCellPrototypeNibExternalObjects`:
/// ``UITablePrototypes``), `<collectionViewFlowLayout>` → `UICollectionViewFlowLayout` (item and
/// reference sizes and the section inset as geometry blobs, spacings as floats, scroll direction),
/// `<collectionViewCell>` → `UICollectionViewCell` (reuse identifier, content view, also its first
/// subview). Keys as UIKit's collection view decoders read them (the reimplementations built to load
/// Apple's nibs agree on them); no golden pair has a collection view.
enum UICollectionViewEncoder: ObjectEncoder {
    static let elements = ["collectionView", "collectionViewFlowLayout", "collectionViewCell", "collectionViewCellContentView"]

    static func encode(_ o: Int, into g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        switch ctx.doc.objects[o].name {
        case "collectionViewFlowLayout": flowLayout(o, g, &ctx)
        case "collectionViewCell": try cell(o, g, &ctx)
        case "collectionViewCellContentView":
            ctx.setClass(of: o, g, "UIView")
            try UIKitView.encodeBase(o, g, &ctx)
        default:
            ctx.setClass(of: o, g, "UICollectionView")
            try UIKitScrollView.encodeBase(o, g, &ctx)
            if let layout = ctx.object(o, key: "collectionViewLayout") { ctx.graph.set(g, "UICollectionLayout", try ctx.ref(layout)) }
            try UITablePrototypes.encode(o, g, container: "cells", nibsKey: "UICollectionViewCellNibDict",
                                         externalObjectsKey: "UICollectionViewCellPrototypeNibExternalObjects", &ctx)
        }
    }

    static func flowLayout(_ o: Int, _ g: Int, _ ctx: inout EncodingContext) {
        ctx.setClass(of: o, g, "UICollectionViewFlowLayout")
        for (key, archived) in [("itemSize", "UIItemSize"), ("estimatedItemSize", "UIEstimatedItemSize"),
                                ("headerReferenceSize", "UIHeaderReferenceSize"), ("footerReferenceSize", "UIFooterReferenceSize")] {
            guard let e = ctx.property(o, key) else { continue }
            let size = [ctx.number(e, "width") ?? 0, ctx.number(e, "height") ?? 0]
            ctx.graph.set(g, archived, .bytes(ArchiveGraph.geometryBlobBytes(size)))
        }
        if let e = ctx.property(o, "sectionInset") {
            // UIEdgeInsets: top, left, bottom, right.
            let insets = ["minY", "minX", "maxY", "maxX"].map { ctx.number(e, $0) ?? 0 }
            ctx.graph.set(g, "UISectionInset", .bytes(ArchiveGraph.geometryBlobBytes(insets)))
        }
        if let v = ctx.attr(o, "minimumInteritemSpacing").flatMap(Double.init) { ctx.graph.set(g, "UIInteritemSpacing", .float(Float(v))) }
        if let v = ctx.attr(o, "minimumLineSpacing").flatMap(Double.init) { ctx.graph.set(g, "UILineSpacing", .float(Float(v))) }
        if ctx.attr(o, "scrollDirection") == "horizontal" { ctx.graph.set(g, "UIScrollDirection", .int(1)) }
    }

    static func cell(_ o: Int, _ g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        ctx.setClass(of: o, g, "UICollectionViewCell")
        try UIKitCell.encodeBase(o, g, &ctx)
    }
}
