/// XIB and storyboard sources that grow with `n`, for checking that compiling them stays linear:
/// `BenchProfile xib-wide|xib-columns|storyboard-uikit|storyboard-appkit N 1|3` under callgrind, at N and 2N.
public enum GeneratedSources {
    static let appKitHead = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0" toolsVersion="22505" targetRuntime="MacOSX.Cocoa" propertyAccessControl="none" useAutolayout="YES">
        <objects>
        <customObject id="-2" userLabel="File's Owner"/>
        <customObject id="-1" userLabel="First Responder" customClass="FirstResponder"/>

        """

    /// One view with `n` subviews, a constraint and an outlet for each.
    public static func wideView(_ n: Int) -> [UInt8] {
        var s = appKitHead + "<customView id=\"v0\"><rect key=\"frame\" x=\"0\" y=\"0\" width=\"10\" height=\"10\"/><subviews>\n"
        for i in 1 ..< max(n, 2) {
            s += "<customView id=\"v\(i)\"><rect key=\"frame\" x=\"0\" y=\"0\" width=\"10\" height=\"10\"/></customView>\n"
        }
        s += "</subviews><constraints>\n"
        for i in 1 ..< max(n, 2) {
            s += "<constraint firstItem=\"v\(i)\" firstAttribute=\"leading\" secondItem=\"v\(max(1, i * 7 % n))\" secondAttribute=\"trailing\" id=\"c\(i)\"/>\n"
        }
        s += "</constraints><connections>\n"
        for i in 1 ..< max(n, 2) { s += "<outlet property=\"o\(i)\" destination=\"v\(i)\" id=\"o\(i)\"/>\n" }
        return Array((s + "</connections></customView>\n</objects>\n</document>\n").utf8)
    }

    /// A table with `n` columns in a scroll view.
    public static func tableColumns(_ n: Int) -> [UInt8] {
        var s = appKitHead + """
            <scrollView id="s0"><rect key="frame" x="0" y="0" width="100" height="100"/><clipView key="contentView" id="c0"><rect key="frame" x="0" y="0" width="100" height="100"/><subviews><tableView id="t0" columnAutoresizingStyle="lastColumnOnly" headerView="h0"><rect key="frame" x="0" y="0" width="100" height="100"/><tableColumns>

            """
        for i in 0 ..< n {
            s += "<tableColumn width=\"40\" minWidth=\"40\" maxWidth=\"1000\" id=\"col\(i)\"><tableHeaderCell key=\"headerCell\" title=\"C\(i)\" id=\"hc\(i)\"/><textFieldCell key=\"dataCell\" title=\"T\" id=\"dc\(i)\"/></tableColumn>\n"
        }
        s += "</tableColumns></tableView></subviews></clipView><tableHeaderView key=\"headerView\" id=\"h0\"><rect key=\"frame\" x=\"0\" y=\"0\" width=\"100\" height=\"28\"/></tableHeaderView></scrollView>\n"
        return Array((s + "</objects>\n</document>\n").utf8)
    }

    /// A UIKit storyboard of `n` scenes in a ring, each view performing a segue to the next scene.
    public static func uikitScenes(_ n: Int) -> [UInt8] {
        storyboard("CocoaTouch", runtime: "iOS.CocoaTouch", n) { i in
            "<scene sceneID=\"s\(i)\"><objects><viewController id=\"vc\(i)\" sceneMemberID=\"viewController\"><view key=\"view\" contentMode=\"scaleToFill\" id=\"v\(i)\"><rect key=\"frame\" x=\"0\" y=\"0\" width=\"10\" height=\"10\"/><connections><segue destination=\"vc\((i + 1) % n)\" kind=\"show\" id=\"sg\(i)\"/></connections></view></viewController><placeholder placeholderIdentifier=\"IBFirstResponder\" id=\"fr\(i)\" sceneMemberID=\"firstResponder\"/></objects></scene>\n"
        }
    }

    /// An AppKit storyboard of `n` scenes in a ring, each view's button showing the next scene.
    public static func appKitScenes(_ n: Int) -> [UInt8] {
        storyboard("Cocoa", runtime: "MacOSX.Cocoa", n) { i in
            "<scene sceneID=\"s\(i)\"><objects><viewController id=\"vc\(i)\" sceneMemberID=\"viewController\"><view key=\"view\" id=\"v\(i)\"><rect key=\"frame\" x=\"0\" y=\"0\" width=\"10\" height=\"10\"/><subviews><button id=\"b\(i)\"><rect key=\"frame\" x=\"0\" y=\"0\" width=\"10\" height=\"10\"/><buttonCell key=\"cell\" type=\"push\" title=\"B\" bezelStyle=\"rounded\" alignment=\"center\" borderStyle=\"border\" id=\"bc\(i)\"><behavior key=\"behavior\" pushIn=\"YES\" lightByBackground=\"YES\" lightByGray=\"YES\"/><font key=\"font\" metaFont=\"system\"/></buttonCell><connections><segue destination=\"vc\((i + 1) % n)\" kind=\"show\" id=\"sg\(i)\"/></connections></button></subviews></view></viewController><customObject id=\"fr\(i)\" userLabel=\"First Responder\" customClass=\"NSResponder\" sceneMemberID=\"firstResponder\"/></objects></scene>\n"
        }
    }

    /// A storyboard document of `n` scenes, entering at `vc0`.
    static func storyboard(_ kind: String, runtime: String, _ n: Int, scene: (Int) -> String) -> [UInt8] {
        var s = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.\(kind).Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="\(runtime)" propertyAccessControl="none" useAutolayout="YES" initialViewController="vc0">
            <scenes>

            """
        for i in 0 ..< n { s += scene(i) }
        return Array((s + "</scenes>\n</document>\n").utf8)
    }
}
