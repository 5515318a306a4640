import Foundation
import Testing
import CorpusSupport
import KeyedArchive
@testable import NibCompiler

/// The XIB reader: every modern source in the corpus reads, legacy AppKit ones read as archives and
/// legacy UIKit ones are named as such, hostile XML
/// fails with a line and column.
@Suite struct XIBReaderTests {
    @Test func everyModernCorpusSourceReads() throws {
        guard Corpus.require() else { return }
        var modern = 0, legacy = 0, legacyAppKit = 0, legacyUIKit = 0, connections = 0
        for entry in XIBCorpus.entries {
            let bytes = try Corpus.bytes(entry.source)
            if XIBCorpus.isModern(bytes) {
                do {
                    let doc = try XIBDocument(xml: bytes)
                    modern += 1
                    connections += doc.objects.reduce(0) { $0 + $1.connections.count }
                    #expect(doc.kind == (entry.isStoryboard ? .storyboard : .xib), "\(entry.name)")
                    if doc.kind == .xib { #expect(!doc.topLevel.isEmpty, "\(entry.name)") } else { #expect(!doc.scenes.isEmpty, "\(entry.name)") }
                } catch {
                    Issue.record("\(entry.name): \(error)")
                }
            } else {
                legacy += 1
                // Legacy XIBs read as their archived objects, AppKit and UIKit ones by their runtime.
                let appKit = String(decoding: bytes.prefix(300), as: UTF8.self).contains("InterfaceBuilder3.Cocoa.XIB")
                do {
                    let doc = try XIBDocument(xml: bytes)
                    #expect(doc.legacyArchive != nil && doc.runtime == (appKit ? .cocoa : .cocoaTouch) && doc.objects.isEmpty, "\(entry.name)")
                    if appKit { legacyAppKit += 1 } else { legacyUIKit += 1 }
                } catch {
                    Issue.record("\(entry.name): \(error)")
                }
            }
        }
        #expect(modern >= 200)
        #expect(legacy >= 15)
        #expect(legacyAppKit >= 12 && legacyUIKit >= 3)
        #expect(connections > 500)
    }

    @Test func readsTheTypedParts() throws {
        guard Corpus.require() else { return }
        let doc = try XIBDocument(contentsOf: Corpus.root.appendingPathComponent("xib/viraptor-ibtool/samples/correct/module_override.xib"))
        #expect(doc.runtime == .cocoa)
        #expect(doc.kind == .xib)
        #expect(doc.deploymentIdentifier == "macosx")
        #expect(doc.topLevel.map { doc.objects[$0].id } == ["-2", "-1", "-3", "abc-de-fgh", "ijk-lm-nop"])
        let delegate = try #require(doc.object(withID: "abc-de-fgh"))
        #expect(delegate.customClass == "MyDelegate")
        #expect(delegate.customModule == "OriginalModule")
        #expect(delegate.customModuleProvider == "target")

        let ios = try XIBDocument(contentsOf: Corpus.root.appendingPathComponent("xib/brooklyn/Resources/BLNewChatViewController.xib"))
        #expect(ios.runtime == .cocoaTouch)
        #expect(ios.deploymentVersion?.major == 8 && ios.deploymentVersion?.minor == 3)
        let owner = try #require(ios.object(withID: "-1"))
        #expect(owner.placeholderIdentifier == "IBFilesOwner")
        #expect(owner.connections.map { "\($0.kind) \($0.label ?? "") \($0.destination ?? "")" } == ["outlet view i5M-Pr-FkT"])
        let field = try #require(ios.object(withID: "Iyw-F7-YGe"))
        #expect(field.name == "textField")
        #expect(ios.objects[try #require(field.parent)].id == "Txg-lH-RYQ")
        let constraints = ios.objects.filter { $0.name == "constraint" }
        #expect(constraints.count == 6)
        #expect(ios.tree.elements[ios.tree.child(of: field.element, key: "frame") ?? 0]["width"] == "304")
    }

    @Test func readsStoryboardScenes() throws {
        guard Corpus.require() else { return }
        let storyboards = XIBCorpus.entries.filter { $0.isStoryboard }
        #expect(storyboards.count >= 40)
        for entry in storyboards.prefix(10) {
            let bytes = try Corpus.bytes(entry.source)
            guard XIBCorpus.isModern(bytes) else { continue }
            let doc = try XIBDocument(xml: bytes)
            for scene in doc.scenes { #expect(!scene.objects.isEmpty, "\(entry.name) scene \(scene.id)") }
            if let initial = doc.initialViewController { #expect(doc.object(withID: initial) != nil, "\(entry.name)") }
        }
    }

    func failure(_ text: String) -> ArchiveError? {
        do { _ = try XIBDocument(xml: Array(text.utf8)); return nil } catch { return error }
    }

    static let head = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\" version=\"3.0\" targetRuntime=\"iOS.CocoaTouch\">\n<objects>\n"

    @Test func refusesBrokenDocumentsWithLineAndColumn() {
        let dup = failure(Self.head + "<view id=\"a\"/>\n  <view id=\"a\"/>\n</objects></document>")
        #expect(dup?.code == .corrupt)
        #expect(dup?.line == 5 && dup?.column == 3)
        let dangling = failure(Self.head + "<view id=\"a\"><connections><outlet property=\"x\" destination=\"zz\" id=\"c\"/></connections></view></objects></document>")
        #expect(dangling?.reason.contains("\"zz\"") == true)
        #expect(dangling?.line == 4)
        #expect(failure(Self.head + "<view id=\"a\"><connections><outlet destination=\"a\" id=\"c\"/></connections></view></objects></document>")?.code == .corrupt)
        #expect(failure(Self.head + "<view id=\"a\"></objects></document>")?.code == .corrupt)
        #expect(failure(Self.head + "<view id=\"a\"/></objects>")?.code == .truncated)
        #expect(failure("<archive type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\" version=\"7.10\"/>")?.code == .corrupt)
        #expect(failure("<archive type=\"com.apple.InterfaceBuilder3.Carbon.XIB\" version=\"7.10\"><data/></archive>")?.code == .unsupportedFormat)
        #expect(failure("<document type=\"x\" version=\"2.0\" targetRuntime=\"iOS.CocoaTouch\"/>")?.code == .unsupportedFormat)
    }

    @Test func hostileXMLIsInputLikeAnyOther() {
        // No entity definitions: the classic billion-laughs needs an internal subset, which is refused.
        let laughs = "<?xml version=\"1.0\"?><!DOCTYPE d [<!ENTITY a \"aaaa\"><!ENTITY b \"&a;&a;&a;\">]><document>&b;</document>"
        #expect(failure(laughs)?.code == .corrupt)
        #expect(failure(Self.head + "<view id=\"a\" title=\"&bogus;\"/></objects></document>")?.code == .corrupt)
        // Nesting is bounded without recursion: 100,000 open elements.
        let deep = String(repeating: "<v>", count: 100_000)
        #expect(failure(deep)?.code == .limitExceeded)
        #expect(failure(Self.head + "<view id=\"a\" id=\"b\"/></objects></document>")?.code == .corrupt)
        #expect(failure(Self.head + "<view id=\"a\"/></objects></document><document/>")?.code == .corrupt)
        #expect(failure("")?.code == .truncated)
        #expect(failure(String(decoding: [0xFF, 0xFE, 0x3C, 0x00], as: UTF8.self)) != nil)
    }

    @Test func decodesEntitiesAndCharacterReferences() throws {
        let doc = try XIBDocument(xml: Array((Self.head + "<label id=\"a\" text=\"a &amp; b &#x2211; &lt;c&gt;\"/></objects></document>").utf8))
        #expect(doc.attribute("text", of: 0) == "a & b ∑ <c>")
    }
}
