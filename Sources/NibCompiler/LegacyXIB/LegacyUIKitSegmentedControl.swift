import KeyedArchive

/// A legacy `IBUISegmentedControl` (whose segment keys Interface Builder 3 named without `IBUI`) as the
/// keys UIKit decodes, the same the modern encoder writes: `IBSegmentTitles` and `IBSegmentImages` as
/// `UISegments` (a `UISegment` each, its `UISegmentInfo` the title or the image's placeholder),
/// `IBSelectedSegmentIndex` as `UISelectedSegmentIndex` (-1 for none: UIKit reads an absent index as 0),
/// `IBMomentary` as `UIMomentary`, `IBTintColor` as `UITintColor`. Segment widths, offsets, disabled segments and the pre-iOS 7 style
/// are reported, not compiled.
enum LegacyUIKitSegmentedControl {
    static func encode(_ o: Int, into c: Int, taken: inout Set<String>, _ b: inout LegacyUIKitNibBuilder) throws(ArchiveError) {
        let a = b.archive
        taken.formUnion(["IBSegmentTitles", "IBSegmentImages", "IBSelectedSegmentIndex", "IBMomentary", "IBNumberOfSegments",
                         "IBSegmentWidths", "IBSegmentEnabledStates", "IBSegmentContentOffsets", "IBSegmentControlStyle", "IBTintColor"])
        let titles = a.object(o, "IBSegmentTitles").map { a.elements($0) } ?? []
        let images = a.object(o, "IBSegmentImages").map { a.elements($0) } ?? []
        // One segment per title or image there is (`IBNumberOfSegments`, a count from the file, sizes nothing).
        var segments: [NibGraph.Value] = []
        for i in 0 ..< max(titles.count, images.count) {
            let s = b.graph.add("UISegment")
            if i < images.count, case .object(let image) = images[i] {
                b.graph.set(s, "UISegmentInfo", try b.value(.object(image)))
            } else if i < titles.count, case .string(let title) = titles[i] {
                b.graph.set(s, "UISegmentInfo", b.graph.string(title))
            }
            segments.append(.ref(s))
        }
        b.graph.set(c, "UISegments", b.graph.collection("NSArray", segments))
        b.graph.set(c, "UISelectedSegmentIndex", .int(a.int(o, "IBSelectedSegmentIndex") ?? -1))
        if a.value(o, "IBMomentary") == .bool(true) { b.graph.set(c, "UIMomentary", .bool(true)) }
        if let tint = a.value(o, "IBTintColor"), tint != .null { b.graph.set(c, "UITintColor", try b.value(tint)) }

        let element = a.objects[o].element
        if let widths = a.object(o, "IBSegmentWidths").map({ a.elements($0) }), widths.contains(where: { !LegacyUIKitNibBuilder.isZero($0) && $0 != .double(0) && $0 != .float(0) }) {
            b.warn("fixed segment widths are not compiled yet", element)
        }
        if let enabled = a.object(o, "IBSegmentEnabledStates").map({ a.elements($0) }), enabled.contains(.bool(false)) {
            b.warn("a disabled segment is not compiled yet", element)
        }
        if let style = a.int(o, "IBSegmentControlStyle"), style != 0 {
            b.warn("segmented control style \(style) (before iOS 7) is not compiled", element)
        }
    }
}
