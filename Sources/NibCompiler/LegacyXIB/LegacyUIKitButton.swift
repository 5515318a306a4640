import KeyedArchive

/// A legacy `IBUIButton` as `UIButton` archived it: `IBUI<State><Part>` keys (`IBUINormalTitle`,
/// `IBUIHighlightedTitleColor`, …) as `UIButtonStatefulContent`, state → `UIButtonContent`; the type
/// when not custom; the font (bold 15-point Helvetica by default); the image adjustments, on unless
/// turned off.
///
/// An info button (type 3) has the content UIKit gives it, not the document's: white title, grey shadow.
enum LegacyUIKitButton {
    static let states: [(name: String, state: Int64)] = [("Normal", 0), ("Highlighted", 1), ("Disabled", 2), ("Selected", 4)]
    static let parts: [(name: String, key: String)] = [
        ("Title", "UITitle"), ("TitleColor", "UITitleColor"), ("TitleShadowColor", "UIShadowColor"),
        ("Image", "UIImage"), ("BackgroundImage", "UIBackgroundImage"),
    ]
    static let infoLight: Int64 = 3
    /// Every `IBUI<State><Part>` key, and the other keys the rule takes.
    static let takenKeys: Set<String> = Set(states.flatMap { s in parts.map { "IBUI\(s.name)\($0.name)" } })
        .union(["IBUIButtonType", "IBUIFont", "IBUIAdjustsImageWhenHighlighted", "IBUIAdjustsImageWhenDisabled"])

    static func encode(_ o: Int, into c: Int, taken: inout Set<String>, _ b: inout LegacyUIKitNibBuilder) throws(ArchiveError) {
        let a = b.archive
        taken.formUnion(takenKeys)

        let type = a.int(o, "IBUIButtonType") ?? 0
        if type != 0 { b.graph.set(c, "UIButtonType", .int(type)) }
        b.graph.set(c, "UIFont", a.object(o, "IBUIFont").map { LegacyUIKitValues.font($0, &b) } ?? LegacyUIKitValues.font(name: "Helvetica-Bold", size: 15, &b))
        b.graph.set(c, "UIAdjustsImageWhenHighlighted", .bool(a.value(o, "IBUIAdjustsImageWhenHighlighted") != .bool(false)))
        b.graph.set(c, "UIAdjustsImageWhenDisabled", .bool(a.value(o, "IBUIAdjustsImageWhenDisabled") != .bool(false)))

        var content: [(NibGraph.Value, NibGraph.Value)] = []
        if type == infoLight {
            let k = b.graph.add("UIButtonContent")
            b.graph.set(k, "UITitleColor", LegacyUIKitValues.whiteColor(1, &b.graph))
            b.graph.set(k, "UIShadowColor", LegacyUIKitValues.whiteColor(0.5, &b.graph))
            content.append((b.graph.number(Int64(0)), .ref(k)))
        } else {
            // Highest state first, the order Interface Builder 3's dictionaries came out in.
            for s in states.reversed() {
                var values: [(String, NibGraph.Value)] = []
                for p in parts {
                    guard let v = a.value(o, "IBUI\(s.name)\(p.name)"), v != .null else { continue }
                    let translated = try b.value(v)
                    if translated != .null { values.append((p.key, translated)) }
                }
                guard !values.isEmpty else { continue }
                let k = b.graph.add("UIButtonContent")
                for (key, v) in values { b.graph.set(k, key, v) }
                content.append((b.graph.number(s.state), .ref(k)))
            }
        }
        b.graph.set(c, "UIButtonStatefulContent", b.graph.dictionary("NSMutableDictionary", content))
    }
}
