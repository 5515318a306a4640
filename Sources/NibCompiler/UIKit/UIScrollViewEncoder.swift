import KeyedArchive

/// `<scrollView>` → `UIScrollView`: the view and scroll view keys (``UIKitScrollView``).
enum UIScrollViewEncoder: ObjectEncoder {
    static let elements = ["scrollView"]

    static func encode(_ o: Int, into g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        ctx.setClass(of: o, g, "UIScrollView")
        try UIKitScrollView.encodeBase(o, g, &ctx)
    }
}
