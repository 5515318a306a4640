import Testing
import NibCompiler

/// What a golden report has reached so far (Docs/xib-compiler.md): a change that lowers any of it fails.
/// The equal pairs and the ceiling on unequal ones are finer than the agreement, so that one rule's
/// pair lost in a pair not yet fully equal fails too.
struct GoldenFloors {
    var agreement: Double
    var fullyEqual: Int
    var loadingAlike: Int
    var equal: Int
    /// The most pairs that may differ, be missing or be extra.
    var unequalCeiling: Int

    /// The 173 modern pairs (XIBs and AppKit storyboards against ibtool's output).
    static let modern = GoldenFloors(agreement: 0.9975, fullyEqual: 159, loadingAlike: 173, equal: 57_360, unequalCeiling: 70 + 45 + 21)
    /// The 15 legacy pairs (Interface Builder 3 XIBs against the keyedobjects.nib saved beside them, 12
    /// AppKit, and against the keyed nibs compiled from them, 3 UIKit).
    static let legacy = GoldenFloors(agreement: 0.996, fullyEqual: 5, loadingAlike: 15, equal: 15_162, unequalCeiling: 11 + 18 + 17)

    /// Records an issue for each floor `report` falls below.
    func check(_ report: XIBGoldenReport, sourceLocation: SourceLocation = #_sourceLocation) {
        let t = report.total
        #expect(report.agreement >= agreement, "agreement \(report.agreement)", sourceLocation: sourceLocation)
        #expect(report.fullyEqual >= fullyEqual, "\(report.fullyEqual) pairs fully equal", sourceLocation: sourceLocation)
        #expect(report.loadingAlike >= loadingAlike, "\(report.loadingAlike) pairs load alike", sourceLocation: sourceLocation)
        #expect(t.equal >= equal, "\(t.equal) key/value pairs equal", sourceLocation: sourceLocation)
        #expect(t.different + t.missing + t.extra <= unequalCeiling,
                "\(t.different) different, \(t.missing) missing, \(t.extra) extra", sourceLocation: sourceLocation)
    }
}
