import Foundation
import KeyedArchive
import Testing
@testable import Nib
import CorpusSupport

/// Pitfall D.51 on a real ibtool nib: `NSClassSwapper`s for `SomeClass` and `SomeViewClass`
/// (original class `NSView`), with and without the custom class registered.
@Suite struct CorpusSwapperTests {
    static var url: URL { Corpus.root.appendingPathComponent("nib/viraptor-ibtool/samples__correct__test14_custom_classes.nib") }

    final class SomeViewClass: NibInstantiable {
        var flags: Int64 = 0
        var frameSize: String?
        var superview: AnyObject?
        required init() {}
        func decodeNib(from coder: NibCoder) throws(ArchiveError) {
            flags = try coder.decodeInteger(forKey: "NSvFlags")
            frameSize = try coder.decodeString(forKey: "NSFrameSize")
            superview = try coder.decodeObject(forKey: "NSSuperview")
        }
    }

    static func generic(_ objects: [AnyObject], custom: String) -> NibObject? {
        for case let o as NibObject in objects where o.customClassName == custom { return o }
        return nil
    }

    @Test func unregisteredCustomClassesFallBackToTheOriginalWithDiagnostics() throws {
        guard Corpus.require() else { return }
        let nib = try Nib(contentsOf: Self.url)
        #expect(nib.document.classSwaps.map(\.customClassName) == ["SomeClass", "SomeViewClass"])
        #expect(nib.document.classSwaps.allSatisfy { $0.originalClassName == "NSView" })
        let result = try nib.instantiate(owner: NibObject(className: "NSApplication"), options: NibInstantiationOptions(registry: NibClassRegistry()))
        #expect(result.diagnostics.filter { $0.kind == .unknownClass }.map(\.objectIndex) == nib.document.classSwaps.map(\.object.index))
        let all = nib.document.classSwaps.compactMap { result.object(at: $0.object.index) }
        let view = try #require(Self.generic(all, custom: "SomeViewClass"))
        #expect(view.className == "NSView")
        // The original's keys are decoded from the swapper's own scope.
        #expect(view.value(forKey: "NSvFlags").int == 268)
        #expect(view.value(forKey: "NSFrameSize").string == "{163, 96}")
        #expect(Self.generic(all, custom: "SomeClass")?.value(forKey: "NSvFlags").int == 256)
    }

    @Test func registeredCustomClassDecodesTheSameScope() throws {
        guard Corpus.require() else { return }
        let registry = NibClassRegistry()
        registry.register(SomeViewClass.self, as: "SomeViewClass")
        let nib = try Nib(contentsOf: Self.url)
        let result = try nib.instantiate(owner: NibObject(className: "NSApplication"), options: NibInstantiationOptions(registry: registry))
        #expect(result.diagnostics.filter { $0.kind == .unknownClass }.count == 1)
        let swap = try #require(nib.document.classSwaps.first { $0.customClassName == "SomeViewClass" })
        let view = try #require(result.object(at: swap.object.index) as? SomeViewClass)
        #expect(view.flags == 268)
        #expect(view.frameSize == "{163, 96}")
        // It is a top-level object (no superview); the other swapped view stays generic.
        #expect(view.superview == nil)
        #expect(result.topLevelObjects.contains { same($0, view) })
        let other = try #require(nib.document.classSwaps.first { $0.customClassName == "SomeClass" })
        #expect((result.object(at: other.object.index) as? NibObject)?.className == "NSView")
    }

    /// Under direct instantiation ibtool swaps a plain custom view to `NSView` over `NSView`: nothing is
    /// substituted, so loading it reports nothing (it said "Unknown class NSView …; using NSView").
    @Test func aSwapperToItsOwnClassIsNoSubstitution() throws {
        guard Corpus.require() else { return }
        let nib = try Nib(contentsOf: Corpus.root.appendingPathComponent("nib/viraptor-ibtool/samples__correct__customview_direct.nib"))
        let swap = try #require(nib.document.classSwaps.first)
        #expect(swap.customClassName == "NSView" && swap.originalClassName == "NSView")
        let result = try nib.instantiate(owner: NibObject(className: "NSApplication"), options: NibInstantiationOptions(registry: NibClassRegistry()))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let view = try #require(result.object(at: swap.object.index) as? NibObject)
        #expect(view.className == "NSView" && view.customClassName == nil)
    }
}
