import Foundation
import KeyedArchive
import Testing
@testable import Nib
import CorpusSupport

/// The `NibView` stand-in builds the view tree and frames from real UIKit and AppKit nibs.
@Suite struct NibViewTests {
    static func registry(_ names: String...) -> NibClassRegistry {
        let r = NibClassRegistry()
        for n in names { r.register(NibView.self, as: n) }
        return r
    }

    @Test func uikitFrameComesFromBoundsAndCenterBlobs() throws {
        guard Corpus.require() else { return }
        let nib = try Nib(contentsOf: Corpus.root.appendingPathComponent("xib/brooklyn/Resources/LogViewController.nib"))
        let owner = NibObject(className: "LogViewController")
        let options = NibInstantiationOptions(registry: Self.registry("UIView", "UITextView", "UIVisualEffectView"))
        let top = try nib.instantiate(owner: owner, externalObjects: [:], options: options).topLevelObjects
        let root = try #require(top.first as? NibView)
        #expect(root.archivedClassName == "UIView")
        #expect(root.frame == ArchiveRect(x: 0, y: 0, width: 320, height: 480))
        #expect(!root.subviews.isEmpty)
        for case let sub as NibView in root.subviews { #expect(same(sub.superview, root)) }
        #expect(same(owner.outlet("view")?.object, root))
    }

    @Test func appKitFrameComesFromStrings() throws {
        guard Corpus.require() else { return }
        let url = Corpus.root.appendingPathComponent("xib/viraptor-ibtool/samples/correct/sb_swift_wc.out/vc1-00-002-view-vw1-00-002.nib")
        let nib = try Nib(contentsOf: url)
        let options = NibInstantiationOptions(registry: Self.registry("NSView", "NSTextField"))
        let owner = NibObject(className: "NSViewController")
        _ = try nib.instantiate(owner: owner, externalObjects: nib.standInExternalObjects(), options: options)
        let root = try #require(owner.outlet("view")?.object as? NibView)
        #expect(root.frame == ArchiveRect(x: 0, y: 0, width: 400, height: 300))
        // A text field (registered) and an image view (generic, NSImageView is not registered).
        #expect(root.subviews.count == 2)
        let field = try #require(root.subviews.first as? NibView)
        #expect(field.archivedClassName == "NSTextField")
        #expect(field.frame != nil && same(field.superview, root))
        #expect((root.subviews.last as? NibObject)?.className == "NSImageView")
    }
}
