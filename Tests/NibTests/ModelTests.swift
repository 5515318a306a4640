import Foundation
import KeyedArchive
import Testing
@testable import Nib
import CorpusSupport

/// The document model on real nibs, its JSON form, and hostile shapes.
@Suite struct ModelTests {
    static func json(_ value: some Encodable) throws -> [String: Any] {
        let data = try JSONEncoder().encode(value)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func summaryJSONHasTheKeysTheCLIPrints() throws {
        guard Corpus.require() else { return }
        let doc = try NibDocument(source: .path(Corpus.root.appendingPathComponent("xib/brooklyn/Resources/LogViewController.nib").path))
        let object = try Self.json(doc.summary())
        for key in ["platform", "placeholders", "topLevelObjects", "connections", "scenes", "entryPoint"] {
            #expect(object[key] != nil, "missing \(key)")
        }
        #expect(object["platform"] as? String == "iOS")
        #expect(object["entryPoint"] is NSNull)
        let connections = try #require(object["connections"] as? [[String: Any]])
        #expect(connections.count == 2)
        for c in connections {
            for key in ["kind", "label", "source", "destination"] { #expect(c[key] != nil, "connection lacks \(key)") }
        }
        #expect(Set(connections.compactMap { $0["label"] as? String }) == ["logField", "view"])
    }

    @Test func eventConnectionsCarryTheirMask() throws {
        guard Corpus.require() else { return }
        var masks: [UInt64] = []
        for url in Corpus.files("xib/brooklyn") where url.pathExtension == "nib" {
            let doc = try NibDocument(source: .path(url.path))
            masks += doc.connections.filter { $0.kind == .action }.compactMap(\.eventMask)
        }
        #expect(masks.contains(64))
    }

    @Test func appKitParentsAndTopLevelObjects() throws {
        guard Corpus.require() else { return }
        let doc = try NibDocument(source: .path(Corpus.root.appendingPathComponent("nib/viraptor-ibtool/samples__correct__test14_custom_classes.nib").path))
        let owner = try #require(doc.filesOwner)
        #expect(doc.parents.count == doc.objects.count)
        let topFromParents = doc.parents.filter { $0.parent.index == owner.index && doc.placeholder(at: $0.object.index) == nil }.map(\.object)
        #expect(doc.topLevelObjects == topFromParents)
        #expect(!doc.topLevelObjects.contains(owner))
    }

    @Test func windowsGoToTheShowHookAfterAwake() throws {
        guard Corpus.require() else { return }
        // Every corpus nib with visible windows calls the hook once per window.
        var shown = 0, expected = 0
        for url in Corpus.files("nib/hotreloading") {
            let nib = try Nib(contentsOf: url)
            expected += nib.document.visibleWindows.count
            var options = NibInstantiationOptions()
            options.showWindow = { w in
                if (w as? NibObject)?.className == "NSWindowTemplate" { shown += 1 }
            }
            _ = try nib.instantiate(owner: NibObject(className: "NSApplication"), externalObjects: [:], options: options)
        }
        #expect(expected > 0)
        #expect(shown == expected)
    }

    @Test func imagePlaceholdersGoToTheImageProvider() throws {
        var f = NibFixture()
        let owner = f.proxy("IBFilesOwner")
        let image = f.add("UIImageNibPlaceholder", [("UIResourceName", .ref(f.string("logo"))), ("UIImageWidth", .double(20)), ("UIImageHeight", .double(10))])
        let view = f.add("UIImageView", [("UIImage", .ref(image))])
        let graph = f.uikitGraph(topLevel: [owner, view], objects: [owner, view], connections: [])
        let nib = try LoaderRuleTests.nib(graph)
        #expect(nib.document.imagePlaceholders.first?.resourceName == "logo")
        #expect(nib.document.imagePlaceholders.first?.width == 20)
        let provided = NibObject(className: "UIImage")
        var options = NibInstantiationOptions()
        options.imageProvider = { p in p.resourceName == "logo" ? provided : nil }
        let top = try nib.instantiate(owner: nil, options: options).topLevelObjects
        #expect(same((top.first as? NibObject)?.value(forKey: "UIImage").object, provided))
        // Without a provider the placeholder stays a generic object with its fields.
        let plain = try nib.instantiate(owner: nil)
        let placeholder = (plain.first as? NibObject)?.value(forKey: "UIImage").object as? NibObject
        #expect(placeholder?.value(forKey: "UIResourceName").string == "logo")
    }

    @Test func runtimeAttributesAreModelled() throws {
        var f = NibFixture()
        let owner = f.proxy("IBFilesOwner")
        let view = f.add("UIView")
        let kvp = f.keyValuePair(view, "layer.cornerRadius", .double(4))
        let doc = try LoaderRuleTests.nib(f.uikitGraph(topLevel: [owner, view], objects: [owner, view], connections: [], keyValuePairs: [kvp])).document
        #expect(doc.runtimeAttributes.map(\.keyPath) == ["layer.cornerRadius"])
        #expect(doc.runtimeAttributes.first?.value == .double(4))
        #expect(doc.runtimeAttributes.first?.object.index == view)
    }

    // MARK: Hostile shapes

    @Test func mismatchedParentArraysAreCorrupt() throws {
        var f = NibFixture()
        let root = f.add("NSCustomObject", [("NSClassName", .ref(f.string("NSObject")))])
        let v = f.add("NSView")
        // NSObjectsKeys has two entries, NSObjectsValues one.
        let keys = f.array([v, root]), values = f.array([root])
        let data = f.add("NSIBObjectData", [("NSRoot", .ref(root)), ("NSObjectsKeys", .ref(keys)), ("NSObjectsValues", .ref(values))])
        f.objects[0].fields = [("IB.objectdata", .ref(data))]
        let error = #expect(throws: ArchiveError.self) { try NibDocument(graph: f.build()) }
        #expect(error?.code == .corrupt)
        #expect(error?.objectIndex == data)
    }

    @Test func aRootWithoutNibKeysIsNotANib() throws {
        var f = NibFixture()
        f.objects[0].fields = [("NS.objects", .int(1))]
        let error = #expect(throws: ArchiveError.self) { try NibDocument(graph: f.build()) }
        #expect(error?.code == .notANibArchive)
    }

    @Test func danglingReferencesAreBadReferencesAtLoadTime() throws {
        var f = NibFixture()
        let owner = f.proxy("IBFilesOwner")
        let view = f.add("UIView", [("UISuperview", .ref(9_999))])
        let graph = f.uikitGraph(topLevel: [owner, view], objects: [owner, view], connections: [])
        let error = #expect(throws: ArchiveError.self) { try Nib(document: NibDocument(graph: graph)) }
        #expect(error?.code == .badReference)
        #expect(error?.objectIndex == view)
    }

    @Test func aCollectionThatContainsItselfIsACycleError() throws {
        var f = NibFixture()
        let owner = f.proxy("IBFilesOwner")
        let loop = f.reserve()
        f.set(loop, "NSMutableArray", [("NSInlinedValue", .bool(true)), ("UINibEncoderEmptyKey", .ref(loop))])
        let view = f.add("UIView", [("UISubviews", .ref(loop))])
        let graph = f.uikitGraph(topLevel: [owner, view], objects: [owner, view], connections: [])
        let error = #expect(throws: ArchiveError.self) { try Nib(document: NibDocument(graph: graph)) }
        #expect(error?.code == .containerCycle)
    }

    @Test func cyclesBetweenObjectsAreFine() throws {
        var f = NibFixture()
        let owner = f.proxy("IBFilesOwner")
        let parent = f.reserve()
        let child = f.add("NSView", [("NSSuperview", .ref(parent))])
        f.set(parent, "NSView", [("NSSubviews", .ref(f.array([child])))])
        let graph = f.uikitGraph(topLevel: [owner, parent], objects: [owner, parent, child], connections: [])
        let top = try LoaderRuleTests.nib(graph).instantiate(owner: nil)
        let p = try #require(top.first as? NibObject)
        let c = try #require(p.subviews.first as? NibObject)
        #expect(same(c.value(forKey: "NSSuperview").object, p))
        #expect(same(c.superview, p))
    }
}

extension ModelTests {
    @Test func aConnectionLabelThatIsNotAStringIsATypeMismatch() throws {
        var f = NibFixture()
        let owner = f.proxy("IBFilesOwner")
        let view = f.add("UIView")
        // UILabel holds an integer instead of an NSString.
        let c = f.add("UIRuntimeOutletConnection", [("UILabel", .int(5)), ("UISource", .ref(owner)), ("UIDestination", .ref(view))])
        let graph = f.uikitGraph(topLevel: [owner, view], objects: [owner, view], connections: [c])
        let error = #expect(throws: ArchiveError.self) { try NibDocument(graph: graph) }
        #expect(error?.code == .typeMismatch)
        #expect(error?.objectIndex == c)
        #expect(error?.keyPath == ["UILabel"])
    }
}
