import Foundation
import KeyedArchive
import CorpusSupport
import Testing
@testable import Nib

/// F2 (Docs/fuzzing.md): instantiated generic objects used to keep each other alive through archived
/// cycles (NSSuperview ↔ NSSubviews, outlets both ways). Generic objects now own only references to objects
/// later in the nib's ownership order, so an instantiation is freed once its objects are let go, and the
/// top-level objects alone still keep everything under them.
@Suite struct InstantiatedObjectLifetimeTests {
    /// Weak handles to every object created by one instantiation (placeholders supplied by the caller excluded).
    static func createdObjects(_ result: NibInstantiation, count: Int, excluding supplied: [AnyObject]) -> [() -> AnyObject?] {
        var handles: [() -> AnyObject?] = []
        for i in 0 ..< count {
            // The First Responder stand-in is one shared object for every nib.
            guard let o = result.object(at: i), !(o is NibFirstResponder), !supplied.contains(where: { $0 === o }) else { continue }
            weak let w = o
            handles.append { w }
        }
        return handles
    }

    /// A parent view and a child that point at each other, plus two siblings with outlets both ways.
    static func cyclicAppKitNib() throws -> (Nib, parent: Int, child: Int) {
        var f = NibFixture()
        let owner = f.add("NSCustomObject", [("NSClassName", .ref(f.string("NSApplication")))])
        let parent = f.reserve(), child = f.reserve(), peer = f.add("NSButton")
        f.set(parent, "NSView", [("NSSubviews", .ref(f.array([child, peer], cls: "NSMutableArray")))])
        f.set(child, "NSTextField", [("NSSuperview", .ref(parent)), ("NSNextKeyView", .ref(peer))])
        f.objects[peer].fields.append(("NSSuperview", .ref(parent)))
        f.objects[peer].fields.append(("NSNextKeyView", .ref(child)))
        let c1 = f.add("NSNibOutletConnector", [("NSSource", .ref(child)), ("NSDestination", .ref(peer)), ("NSLabel", .ref(f.string("buddy")))])
        let c2 = f.add("NSNibOutletConnector", [("NSSource", .ref(peer)), ("NSDestination", .ref(child)), ("NSLabel", .ref(f.string("buddy")))])
        let c3 = f.add("NSNibOutletConnector", [("NSSource", .ref(owner)), ("NSDestination", .ref(parent)), ("NSLabel", .ref(f.string("view")))])
        let graph = f.appKitGraph(root: owner, parents: [(parent, owner), (child, parent), (peer, parent)], connections: [c1, c2, c3])
        return (try Nib(source: .data(try graph.nibArchiveData(), name: "Cycle.nib")), parent, child)
    }

    @Test func cyclicGenericObjectsAreFreedWithTheInstantiation() throws {
        let (nib, _, _) = try Self.cyclicAppKitNib()
        var handles: [() -> AnyObject?] = []
        try {
            let owner = NibObject(className: "Owner")
            let result = try nib.instantiate(owner: owner, externalObjects: nib.standInExternalObjects(), options: NibInstantiationOptions())
            handles = Self.createdObjects(result, count: nib.document.graph.objects.count, excluding: [])
            #expect(handles.count >= 4)
            #expect(handles.allSatisfy { $0() != nil })
        }()
        #expect(handles.allSatisfy { $0() == nil }, "an instantiated object outlived its instantiation")
    }

    @Test func topLevelObjectsKeepTheirSubtreeAndBackPointersResolve() throws {
        let (nib, parentIndex, childIndex) = try Self.cyclicAppKitNib()
        var top: [AnyObject] = []
        weak var child: NibObject?
        try {
            let result = try nib.instantiate(owner: NibObject(className: "Owner"), externalObjects: nib.standInExternalObjects(),
                                             options: NibInstantiationOptions())
            top = result.topLevelObjects
            child = result.object(at: childIndex) as? NibObject
        }()
        try {
            let parent = try #require(top.first { ($0 as? NibObject)?.archiveIndex == parentIndex } as? NibObject)
            let kept = try #require(child, "the subview must live as long as its top-level parent")
            #expect(kept.value(forKey: "NSSuperview").object === parent)
            #expect(parent.subviews.count == 2)
            #expect((kept.outlet("buddy")?.object as? NibObject)?.className == "NSButton")
        }()
        top = []
        #expect(child == nil)
    }

    /// The owner's outlets own their targets: a caller that keeps only the owner keeps the view.
    @Test func ownerOutletsOwnTheirTargets() throws {
        let (nib, parentIndex, _) = try Self.cyclicAppKitNib()
        let owner = NibObject(className: "Owner")
        _ = try nib.instantiate(owner: owner, externalObjects: nib.standInExternalObjects(), options: NibInstantiationOptions())
        let view = try #require(owner.outlet("view")?.object as? NibObject)
        #expect(view.archiveIndex == parentIndex)
        #expect(view.subviews.count == 2)
    }

    /// Every real nib, instantiated with generic objects and dropped, leaves no object behind.
    @Test func everyCorpusNibIsFreedAfterInstantiation() throws {
        guard Corpus.require() else { return }
        var checked = 0
        var leaking: [String] = []
        for url in CorpusNibTests.flatNibs() where !CorpusNibTests.isTypedstream(url) {
            var handles: [() -> AnyObject?] = []
            do {
                try {
                    // The stand-in owner and externals are let go too: the owner's outlets own their targets.
                    let owner = NibObject(className: "Owner")
                    let nib = try Nib(contentsOf: url)
                    let result = try nib.instantiate(owner: owner, externalObjects: nib.standInExternalObjects(), options: NibInstantiationOptions())
                    handles = Self.createdObjects(result, count: nib.document.graph.objects.count, excluding: [])
                    weak let w = owner
                    handles.append { w }
                }()
            } catch {
                continue  // CorpusNibTests asserts that these load.
            }
            checked += 1
            let alive = handles.filter { $0() != nil }.count
            if alive > 0 { leaking.append("\(Corpus.name(url)): \(alive) of \(handles.count) objects alive") }
        }
        print("corpus nibs checked for freed instantiations: \(checked), leaking: \(leaking.count)")
        #expect(leaking.isEmpty, "\(leaking.prefix(10))")
        #expect(checked > 200)
    }
}

extension InstantiatedObjectLifetimeTests {
    /// A UIKit nib whose view's field points at the First Responder placeholder.
    static func firstResponderFieldNib() throws -> (bytes: [UInt8], view: Int) {
        var f = NibFixture()
        let owner = f.proxy("IBFilesOwner"), responder = f.proxy("IBFirstResponder")
        let view = f.add("UIView", [("UINextResponder", .ref(responder)), ("UITag", .int(3))])
        let graph = f.uikitGraph(topLevel: [owner, responder, view], objects: [owner, responder, view], connections: [])
        return (try graph.nibArchiveData(), view)
    }

    /// F6: a weak reference to the shared First Responder stand-in gave that immortal object a side table
    /// LeakSanitizer reported at exit; generic objects hold it strongly instead (it holds nothing back).
    @Test func firstResponderReferencesAreHeldStrongly() throws {
        let (bytes, viewIndex) = try Self.firstResponderFieldNib()
        let nib = try Nib(source: .data(bytes, name: "F6.nib"))
        let result = try nib.instantiate(owner: NibObject(className: "Owner"), externalObjects: [:], options: NibInstantiationOptions())
        let view = try #require(result.object(at: viewIndex) as? NibObject)
        #expect(view.value(forKey: "UINextResponder").object === NibFirstResponder.shared)
        #expect(view.heldRefs.count == 1)
        #expect(view.heldRefs.allSatisfy { $0.isOwning })
        // The committed regression input for FuzzNibInstantiate is this nib.
        let regression = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("FuzzCorpus/regressions/nibinstantiate/f6-first-responder-field.nib")
        let committed = try Array(Data(contentsOf: regression))
        #expect(committed == bytes)
    }
}
