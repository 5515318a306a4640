import Foundation
import Synchronization
import KeyedArchive
import Testing
@testable import Nib
import CorpusSupport

/// One test per loading rule (pitfalls D.47–D.51), on nibs built in the NIBArchive shape.
@Suite(.serialized)
struct LoaderRuleTests {
    /// Owner + First Responder proxies, a button, an outlet owner.button and a touchUpInside action.
    static func buttonNib(actionMask: Int64? = 64) -> (graph: ArchiveGraph, button: Int) {
        var f = NibFixture()
        let owner = f.proxy("IBFilesOwner")
        let responder = f.proxy("IBFirstResponder")
        let button = f.add("UIButton", [("UITag", .int(7))])
        let c1 = f.outlet("button", owner, button)
        let c2 = f.event("tapped:", button, owner, mask: actionMask)
        return (f.uikitGraph(topLevel: [owner, responder, button], objects: [owner, responder, button], connections: [c1, c2]), button)
    }

    /// Writes the hand-built graph with the NIBArchive writer and loads the bytes back, as a real nib.
    static func nib(_ graph: ArchiveGraph, name: String = "test.nib") throws -> Nib {
        let bytes = try graph.nibArchiveData()
        #expect(ArchiveFormat.detect(bytes) == .nibArchive)
        return try Nib(source: .data(bytes, name: name))
    }

    @Test func ownerOutletAndActionReachTheOwner() throws {
        CurrentLog.log = EventLog()
        let (graph, _) = Self.buttonNib()
        let owner = RecordingOwner()
        let top = try Self.nib(graph).instantiate(owner: owner)
        #expect(top.count == 1)
        let button = try #require(top.first as? NibObject)
        #expect(button.className == "UIButton")
        #expect(same(owner.button, button))
        #expect(NibActionDispatcher.send(NibActionDispatcher.valueChanged, from: button) == 0)
        #expect(owner.taps == 0)
        #expect(NibActionDispatcher.send(NibActionDispatcher.touchUpInside, from: button) == 1)
        #expect(owner.taps == 1)
        #expect(button.nibActions.first?.eventMask == 64)
    }

    @Test func missingEventMaskMatchesEverySend() throws {
        let (graph, _) = Self.buttonNib(actionMask: nil)
        let owner = RecordingOwner()
        let button = try #require(try Self.nib(graph).instantiate(owner: owner).first as? NibObject)
        #expect(button.nibActions.first?.eventMask == 0)
        NibActionDispatcher.send(NibActionDispatcher.valueChanged, from: button)
        #expect(owner.taps == 1)
    }

    @Test func nilOwnerSkipsItsConnections() throws {
        let (graph, _) = Self.buttonNib()
        let result = try Self.nib(graph).instantiate(owner: nil, options: NibInstantiationOptions())
        let button = try #require(result.topLevelObjects.first as? NibObject)
        #expect(button.nibActions.isEmpty)
        #expect(result.diagnostics.filter { $0.kind == .skippedNilOwner }.count == 2)
    }

    @Test func externalObjectIsSubstitutedAndMissingOneIsATypedError() throws {
        var f = NibFixture()
        let owner = f.proxy("IBFilesOwner")
        let upstream = f.proxy("UpstreamPlaceholder-x")
        let c = f.outlet("label", owner, upstream)
        let graph = f.uikitGraph(topLevel: [owner, upstream], objects: [owner, upstream], connections: [c])
        let nib = try Self.nib(graph)
        let supplied = RecordingOwner(name: "external")
        let o = RecordingOwner()
        _ = try nib.instantiate(owner: o, externalObjects: ["UpstreamPlaceholder-x": supplied])
        #expect(same(o.label, supplied))
        let error = #expect(throws: ArchiveError.self) { try nib.instantiate(owner: RecordingOwner()) }
        #expect(error?.code == .missingExternalObject)
        #expect(error?.keyPath == ["UpstreamPlaceholder-x"])
        #expect(nib.document.placeholders.map(\.kind) == [.filesOwner, .upstream])
    }

    @Test func undeclaredOutletThrowsOrIsCollected() throws {
        var f = NibFixture()
        let owner = f.proxy("IBFilesOwner")
        let view = f.add("UIView")
        let c = f.outlet("noSuchOutlet", owner, view)
        let nib = try Self.nib(f.uikitGraph(topLevel: [owner, view], objects: [owner, view], connections: [c]), name: "Missing.nib")
        let error = #expect(throws: ArchiveError.self) { try nib.instantiate(owner: RecordingOwner()) }
        #expect(error?.code == .undeclaredOutlet)
        #expect(error?.keyPath == ["noSuchOutlet"])
        #expect(error?.objectIndex == c)
        #expect(error?.reason.contains("Missing.nib") == true)
        let result = try nib.instantiate(owner: RecordingOwner(), options: NibInstantiationOptions(collectsUndeclaredOutlets: true))
        #expect(result.diagnostics.map(\.kind) == [.undeclaredOutlet])
    }

    @Test func awakeOrderFollowsObjectsKeyAfterAllConnectionsAndAttributes() throws {
        CurrentLog.log = EventLog()
        let registry = NibClassRegistry()
        registry.register(RecordingView.self, as: "RecordingView")
        var f = NibFixture()
        let owner = f.proxy("IBFilesOwner")
        let v1 = f.add("RecordingView", [("UITag", .int(1))])
        let v2 = f.add("RecordingView", [("UITag", .int(2))])
        let c1 = f.outlet("peer", v1, v2)
        let c2 = f.outlet("button", owner, v1)
        let kvp = f.keyValuePair(v2, "cornerRadius", .double(8))
        let graph = f.uikitGraph(topLevel: [owner, v1], objects: [owner, v2, v1], connections: [c1, c2], keyValuePairs: [kvp])
        let owned = RecordingOwner()
        let top = try Self.nib(graph).instantiate(owner: owned, options: NibInstantiationOptions(registry: registry)).topLevelObjects
        #expect(CurrentLog.log.events == [
            "init RecordingView", "init RecordingView",
            "decode RecordingView 1", "decode RecordingView 2",
            "kvp view2.cornerRadius",
            "connect view1.peer", "connect owner.button",
            "awake view2", "awake view1",
        ])
        let view1 = try #require(top.first as? RecordingView)
        #expect((view1.peer as? RecordingView)?.cornerRadius == 8)
    }

    @Test func appKitAwakesTheOwnerLast() throws {
        CurrentLog.log = EventLog()
        let registry = NibClassRegistry()
        registry.register(RecordingView.self, as: "RecordingView")
        var f = NibFixture()
        let root = f.add("NSCustomObject", [("NSClassName", .ref(f.string("NSObject")))])
        let v = f.add("RecordingView", [("UITag", .int(3))])
        let c = f.add("NSNibOutletConnector", [("NSSource", .ref(root)), ("NSDestination", .ref(v)), ("NSLabel", .ref(f.string("button")))])
        let graph = f.appKitGraph(root: root, parents: [(v, root)], connections: [c])
        let top = try Self.nib(graph).instantiate(owner: RecordingOwner(), options: NibInstantiationOptions(registry: registry)).topLevelObjects
        #expect(top.count == 1)
        #expect(CurrentLog.log.events == ["init RecordingView", "decode RecordingView 3", "connect owner.button", "awake view3", "awake owner"])
    }

    @Test func forwardReferenceInFirstConnectionResolves() throws {
        var f = NibFixture()
        let owner = f.proxy("IBFilesOwner")
        let label = f.string("label")
        let connection = f.reserve()
        let filler = f.add("UIView")
        let last = f.add("UILabel", [("UITag", .int(99))])
        f.set(connection, "UIRuntimeOutletConnection", [("UILabel", .ref(label)), ("UISource", .ref(owner)), ("UIDestination", .ref(last))])
        let graph = f.uikitGraph(topLevel: [owner, filler, last], objects: [owner, filler, last], connections: [connection])
        // The connection record precedes every content object it could reach, and its destination is the last one.
        #expect(connection < filler && filler < last)
        let o = RecordingOwner()
        _ = try Self.nib(graph).instantiate(owner: o)
        let target = try #require(o.label as? NibObject)
        #expect(target.archiveIndex == last)
        #expect(target.value(forKey: "UITag").int == 99)
    }

    @Test func eachInstantiationCreatesFreshObjects() throws {
        let nib = try Self.nib(Self.buttonNib().graph)
        let a = try nib.instantiate(owner: RecordingOwner())
        let b = try nib.instantiate(owner: RecordingOwner())
        #expect(a.count == 1 && b.count == 1)
        #expect(!same(a[0], b[0]))
    }

    @Test func outletCollectionsAppendWhenAsked() throws {
        var f = NibFixture()
        let owner = f.proxy("IBFilesOwner")
        let a = f.add("UIView"), b = f.add("UIView"), c = f.add("UIView")
        let c1 = f.outletCollection("views", owner, [a, b], appends: true)
        let c2 = f.outletCollection("views", owner, [c], appends: true)
        let graph = f.uikitGraph(topLevel: [owner, a, b, c], objects: [owner, a, b, c], connections: [c1, c2])
        let o = RecordingOwner()
        let top = try Self.nib(graph).instantiate(owner: o)
        #expect(o.views.count == 3)
        #expect(same(o.views[2], top[2]))
    }

    /// A generic owner grows the collection in place: members in connection order, a replacing
    /// (non-appending) connection starts it over, and every member stays the instantiated object.
    @Test func genericOwnerCollectsAppendedOutletsInOrder() throws {
        var f = NibFixture()
        let owner = f.proxy("IBFilesOwner")
        let views = (0 ..< 40).map { _ in f.add("UIView") }
        var connections = stride(from: 0, to: 40, by: 4).map { f.outletCollection("views", owner, Array(views[$0 ..< $0 + 4]), appends: true) }
        connections.append(f.outletCollection("others", owner, [views[0]], appends: true))
        connections.append(f.outletCollection("others", owner, [views[1]], appends: false))
        let graph = f.uikitGraph(topLevel: [owner] + views, objects: [owner] + views, connections: connections)
        let generic = NibObject(className: "Owner")
        let result = try Self.nib(graph).instantiate(owner: generic, externalObjects: [:], options: NibInstantiationOptions())
        let members = try #require(generic.outlet("views")?.elements)
        #expect(members.count == 40)
        for (i, m) in members.enumerated() { #expect(same(m.object, result.object(at: views[i]))) }
        #expect(generic.outlet("others")?.elements?.count == 1)
        #expect(same(generic.outlet("others")?.elements?.first?.object, result.object(at: views[1])))
    }

    @Test func swapperUsesRegisteredCustomClassOrFallsBackWithDiagnostic() throws {
        var f = NibFixture()
        let owner = f.proxy("IBFilesOwner")
        let v = f.swapper(custom: "_TtC7MyPanel12RecordingBox", original: "UIView", [("UITag", .int(5))])
        let graph = f.uikitGraph(topLevel: [owner, v], objects: [owner, v], connections: [])
        let nib = try Self.nib(graph)
        #expect(nib.document.classSwaps.first?.customClassName == "_TtC7MyPanel12RecordingBox")

        let plain = try nib.instantiate(owner: nil, options: NibInstantiationOptions(registry: NibClassRegistry()))
        let generic = try #require(plain.topLevelObjects.first as? NibObject)
        #expect(generic.className == "UIView")
        #expect(generic.customClassName == "_TtC7MyPanel12RecordingBox")
        #expect(generic.value(forKey: "UITag").int == 5)
        #expect(plain.diagnostics.map(\.kind) == [.unknownClass])

        CurrentLog.log = EventLog()
        let registry = NibClassRegistry()
        registry.register(RecordingView.self, as: "MyPanel.RecordingBox")
        let custom = try nib.instantiate(owner: nil, options: NibInstantiationOptions(registry: registry))
        #expect((custom.topLevelObjects.first as? RecordingView)?.tag == 5)
        #expect(custom.diagnostics.isEmpty)
    }

    @Test func demanglesSimpleSwiftClassNames() {
        #expect(NibClassRegistry.demangle("_TtC5Saver26RunningTotalViewController")! == ("Saver", "RunningTotalViewController"))
        #expect(NibClassRegistry.demangle("_TtC5Saver99X") == nil)
        #expect(NibClassRegistry.demangle("UIView") == nil)
    }

    @Test func recursiveLoadIsAClearError() throws {
        var f = NibFixture()
        let v = f.add("RecursiveView")
        RecursiveView.nib = try Self.nib(f.uikitGraph(topLevel: [v], objects: [v], connections: []))
        RecursiveView.errors = []
        let registry = NibClassRegistry()
        registry.register(RecursiveView.self, as: "RecursiveView")
        RecursiveView.registry = registry
        let top = try #require(RecursiveView.nib).instantiate(owner: nil, options: NibInstantiationOptions(registry: registry))
        #expect(top.topLevelObjects.first is RecursiveView)
        #expect(RecursiveView.errors.map(\.code) == [.recursiveNibLoad])
    }
}

/// A view whose initializer loads a nib whose root is the same class.
final class RecursiveView: NibInstantiable {
    nonisolated(unsafe) static var nib: Nib?
    nonisolated(unsafe) static var registry = NibClassRegistry()
    nonisolated(unsafe) static var errors: [ArchiveError] = []
    required init() {
        guard let nib = Self.nib else { return }
        do {
            _ = try nib.instantiate(owner: nil, externalObjects: [:], options: NibInstantiationOptions(registry: Self.registry))
        } catch {
            Self.errors.append(error)
        }
    }
}

/// Identity comparison outside `#expect` (the macro's `===` expansion crashes the 6.3.1 compiler).
func same(_ a: AnyObject?, _ b: AnyObject?) -> Bool { a === b }

final class LayerOwner: NibConnectable {
    final class Layer: NibConnectable {
        var cornerRadius = 0.0
        static var nibKeys: NibKeys {
            var k = NibKeys()
            k.attribute("cornerRadius", \Layer.cornerRadius)
            return k
        }
    }
    var layer: Layer? = Layer()
    static var nibKeys: NibKeys {
        var k = NibKeys()
        k.child("layer", \LayerOwner.layer)
        return k
    }
}

extension LoaderRuleTests {
    @Test func runtimeAttributeKeyPathsWalkDeclaredChildren() throws {
        var f = NibFixture()
        let owner = f.proxy("IBFilesOwner")
        let kvp = f.keyValuePair(owner, "layer.cornerRadius", .double(6))
        let bad = f.keyValuePair(owner, "layer.borderWidth", .double(1))
        let graph = f.uikitGraph(topLevel: [owner], objects: [owner], connections: [], keyValuePairs: [kvp, bad])
        let o = LayerOwner()
        let result = try Self.nib(graph).instantiate(owner: o, options: NibInstantiationOptions(collectsUndeclaredOutlets: true))
        #expect(o.layer?.cornerRadius == 6)
        #expect(result.diagnostics.map(\.kind) == [.undeclaredOutlet])
        #expect(result.diagnostics.first?.message.contains("borderWidth") == true)
    }

    @Test func bindingsAreRecordedOnGenericSources() throws {
        guard Corpus.require() else { return }
        let url = Corpus.root.appendingPathComponent("nib/caffeine/English.lproj__MainMenu.nib__keyedobjects-101300.nib")
        let nib = try Nib(contentsOf: url)
        let result = try nib.instantiate(owner: NibObject(className: "NSApplication"), options: NibInstantiationOptions())
        let bound = nib.document.connections.filter { $0.kind == .binding }
        #expect(bound.count == 4)
        for c in bound {
            let source = try #require(result.object(at: c.source?.index ?? -1) as? NibObject)
            #expect(source.bindings.contains { $0.binding == c.label && $0.keyPath == c.bindingKeyPath })
        }
    }
}

extension LoaderRuleTests {
    @Test func oneNibInstantiatesConcurrentlyFromManyThreads() throws {
        let nib = try Self.nib(Self.buttonNib().graph)
        let counts = ArchiveLock<[Int]>([])
        onThreads(16) { _ in
            let n = (try? nib.instantiate(owner: nil).count) ?? -1
            counts.withLock { $0.append(n) }
        }
        #expect(counts.withLock { $0 } == Array(repeating: 1, count: 16))
    }
}
