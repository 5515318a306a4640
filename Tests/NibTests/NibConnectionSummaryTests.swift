import KeyedArchive
import Testing
@testable import Nib

/// Connection summaries of hostile graphs: a label string that names itself (found by the `nibmodel`
/// fuzz target, `FuzzCorpus/regressions/nibmodel/f5-self-naming-ns-string.bplist`: the summary followed
/// `NS.string` recursively and overflowed the stack).
@Suite struct NibConnectionSummaryTests {
    @Test func aLabelStringThatNamesItselfIsNoText() {
        var f = NibFixture()
        let looped = f.reserve()
        f.set(looped, "NSMutableString", [("NS.string", .ref(looped))])
        let a = f.reserve()
        let b = f.add("NSMutableString", [("NS.string", .ref(a))])
        f.set(a, "NSMutableString", [("NS.string", .ref(b))])
        let wrapped = f.add("NSMutableString", [("NS.string", .ref(f.add("NSMutableString", [("NS.string", .ref(f.string("window")))])))])
        _ = f.add("NSNibOutletConnector", [("NSLabel", .ref(looped))])
        _ = f.add("NSNibOutletConnector", [("NSLabel", .ref(a))])
        _ = f.add("NSNibOutletConnector", [("NSLabel", .ref(wrapped))])
        #expect(NibConnectionSummary.describe(f.build()) == [
            "outlet ?: nil → First Responder", "outlet ?: nil → First Responder", "outlet window: nil → First Responder",
        ])
    }

    @Test func aChainLongerThanTheLimitIsNoText() {
        var f = NibFixture()
        var link = f.string("deep")
        for _ in 0 ..< NibConnectionSummary.maxStringLinks { link = f.add("NSMutableString", [("NS.string", .ref(link))]) }
        _ = f.add("NSNibOutletConnector", [("NSLabel", .ref(link))])
        link = f.add("NSMutableString", [("NS.string", .ref(link))])
        _ = f.add("NSNibOutletConnector", [("NSLabel", .ref(link))])
        #expect(NibConnectionSummary.describe(f.build()) == ["outlet deep: nil → First Responder", "outlet ?: nil → First Responder"])
    }
}
