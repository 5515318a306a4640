import KeyedArchive
import Nib

/// The per-class rules of a legacy UIKit XIB: what each `IBUI…` class's keys become where it is more
/// than a rename, and the values UIKit's coder left out as defaults. The rules are read off the golden
/// pairs in `xib/controlpad/`, except those for controls' enabled state, switches and bar items, which
/// write the keys UIKit decodes them from (as the modern encoders do, whose output is judged against
/// ibtool's); keys no rule takes are renamed `IBUI…` → `UI…` by the builder.
enum LegacyUIKitClasses {
    /// Interface Builder 3's own keys, never archived by UIKit.
    static let bookkeepingKeys: Set<String> = ["targetRuntimeIdentifier", "NSNextResponder", "NSSuperview", "IBUIHorizontal"]

    /// `UIControl` subclasses of Interface Builder 3's library.
    static let controlClasses: Set<String> = [
        "IBUIButton", "IBUISwitch", "IBUISlider", "IBUISegmentedControl", "IBUITextField", "IBUIPageControl", "IBUIDatePicker",
    ]

    /// Values UIKit's coders leave out: a renamed key whose value equals its default is not written.
    static let defaults: [String: Double] = [
        "IBUIContentMode": 0, "IBUIContentHorizontalAlignment": 0, "IBUIContentVerticalAlignment": 0,
        "IBUINumberOfLines": 1, "IBUILineBreakMode": 4,
        "IBUIRowHeight": 44, "IBUISectionHeaderHeight": 22, "IBUISectionFooterHeight": 22,
        "IBUISectionIndexMinimumDisplayRowCount": 0,
    ]

    /// Encodes what the rules of `o`'s class take into graph object `c`, adding the keys they took
    /// to `taken`.
    static func encode(_ o: Int, into c: Int, taken: inout Set<String>, _ b: inout LegacyUIKitNibBuilder) throws(ArchiveError) {
        let a = b.archive
        let cls = a.objects[o].className
        if cls == "IBProxyObject" {
            b.graph.set(c, "UIProxiedObjectIdentifier", b.graph.string(a.string(o, "IBProxiedObjectIdentifier") ?? ""))
            taken.insert("IBProxiedObjectIdentifier")
            return
        }
        if a.value(o, "NSvFlags") != nil || a.value(o, "NSFrame") != nil || a.value(o, "NSFrameSize") != nil {
            try LegacyUIKitView.encode(o, into: c, taken: &taken, &b)
        }
        // A control's enabled state is UIControl's `UIDisabled` (a renamed `UIEnabled` would go unread).
        if controlClasses.contains(cls) {
            if a.value(o, "IBUIEnabled") == .bool(false) { b.graph.set(c, "UIDisabled", .bool(true)) }
            taken.insert("IBUIEnabled")
        }
        switch cls {
        case "IBUIButton":
            try LegacyUIKitButton.encode(o, into: c, taken: &taken, &b)
        case "IBUISwitch":
            // UISwitch reads its own enabled key with NO as the default, so it is always written.
            b.graph.set(c, "UISwitchEnabled", .bool(a.value(o, "IBUIEnabled") != .bool(false)))
            if a.value(o, "IBUIOn") == .bool(true) { b.graph.set(c, "UISwitchOn", .bool(true)) }
            taken.insert("IBUIOn")
        case "IBUIBarButtonItem", "IBUITabBarItem":
            // Bar items read `UIEnabled` with NO as the default: always written. A bar button item's
            // system item is flagged; its plain style (0) is the default.
            b.graph.set(c, "UIEnabled", .bool(a.value(o, "IBUIEnabled") != .bool(false)))
            if let item = a.int(o, "IBUISystemItemIdentifier") {
                if cls == "IBUIBarButtonItem" { b.graph.set(c, "UIIsSystemItem", .bool(true)) }
                b.graph.set(c, "UISystemItem", .int(item))
            }
            if cls == "IBUIBarButtonItem", let style = a.int(o, "IBUIStyle"), style != 0 { b.graph.set(c, "UIStyle", .int(style)) }
            taken.formUnion(["IBUIEnabled", "IBUISystemItemIdentifier", "IBUIStyle"])
        case "IBUISegmentedControl":
            try LegacyUIKitSegmentedControl.encode(o, into: c, taken: &taken, &b)
        case "IBUILabel":
            let font = a.object(o, "IBUIFont").map { LegacyUIKitValues.font($0, &b) } ?? LegacyUIKitValues.font(name: "Helvetica", size: 17, &b)
            b.graph.set(c, "UIFont", font)
            let offset = a.string(o, "IBUIShadowOffset").flatMap { NibGeometryString.parse($0, as: .pair) } ?? [0, -1]
            b.graph.set(c, "UIShadowOffset", .bytes(ArchiveGraph.geometryBlobBytes(offset)))
            if a.value(o, "IBUIAdjustsFontSizeToFit") != .bool(false) { b.graph.set(c, "UIAdjustsFontSizeToFit", .bool(true)) }
            taken.formUnion(["IBUIFont", "IBUIShadowOffset", "IBUIAdjustsFontSizeToFit"])
        case "IBUIActivityIndicatorView":
            // The style is written even when it is the default (0, white large).
            b.graph.set(c, "UIActivityIndicatorViewStyle", .int(a.int(o, "IBUIStyle") ?? 0))
            taken.insert("IBUIStyle")
        case "IBUITableView":
            // UITableView's coder does not write its scroll view's zoom bouncing.
            taken.insert("IBUIBouncesZoom")
        default:
            break
        }
    }

    /// Whether renamed key `key`'s value `v` is the default UIKit leaves out.
    static func isDefault(_ key: String, _ v: LegacyIBArchive.Value) -> Bool {
        guard let d = defaults[key] else { return false }
        switch v {
        case .int(let n): return Double(n) == d
        case .double(let x): return x == d
        case .float(let x): return Double(x) == d
        default: return false
        }
    }
}
