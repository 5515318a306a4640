import KeyedArchive

/// AppKit connectors (`nib-object-model.md` §2): outlets, target/action (no `NSDestination` when the
/// target is First Responder), and bindings.
enum AppKitConnectors {
    static func encode(_ c: XIBConnection, _ ctx: inout EncodingContext) throws(ArchiveError) -> NibGraph.Value? {
        switch c.kind {
        case .outlet, .outletCollection:
            let i = ctx.graph.add("NSNibOutletConnector")
            ctx.graph.set(i, "NSSource", try ctx.ref(c.owner))
            ctx.graph.set(i, "NSDestination", try ctx.ref(id: c.destination ?? "", from: c.element))
            ctx.graph.set(i, "NSLabel", ctx.graph.string(c.label ?? ""))
            ctx.graph.set(i, "NSChildControllerCreationSelectorName", .null)
            return .ref(i)
        case .action:
            let i = ctx.graph.add("NSNibControlConnector")
            ctx.graph.set(i, "NSSource", try ctx.ref(c.owner))
            if let target = c.destination, !isFirstResponder(target, ctx) {
                ctx.graph.set(i, "NSDestination", try ctx.ref(id: target, from: c.element))
            }
            ctx.graph.set(i, "NSLabel", ctx.graph.string(c.label ?? ""))
            return .ref(i)
        case .binding:
            return try AppKitBindings.encode(c, &ctx)
        case .segue:
            ctx.warn("segues in AppKit XIBs are not compiled yet", element: c.element)
            return nil
        }
    }

    /// `NSIBHelpConnector`s for the tool tips of `objects` (menu items keep theirs as `NSToolTip`).
    /// ibtool makes one for a `toolTip` attribute or a plain `<string key="toolTip">`, none for a
    /// base64 one.
    static func helpConnectors(of objects: [Int], _ ctx: inout EncodingContext) throws(ArchiveError) -> [NibGraph.Value] {
        var out: [NibGraph.Value] = []
        for o in objects where ctx.doc.objects[o].name != "menuItem" {
            let tip: String
            if let v = ctx.tree.elements[ctx.doc.objects[o].element]["toolTip"] {
                tip = v
            } else if let s = ctx.doc.stringProperty("toolTip", of: o), !s.base64 {
                tip = s.text
            } else {
                continue
            }
            let i = ctx.graph.add("NSIBHelpConnector")
            ctx.graph.set(i, "NSDestination", try ctx.ref(o))
            ctx.graph.set(i, "NSFile", ctx.graph.string("NSToolTipHelpKey"))
            ctx.graph.set(i, "NSMarker", ctx.graph.string(tip))
            out.append(.ref(i))
        }
        return out
    }

    /// One `NSIBUserDefinedRuntimeAttributesConnector` {`NSObject`, `NSValues`, `NSKeyPaths`} per
    /// object of `objects` with user-defined runtime attributes.
    static func runtimeAttributeConnectors(of objects: [Int], _ ctx: inout EncodingContext) throws(ArchiveError) -> [NibGraph.Value] {
        var out: [NibGraph.Value] = []
        for o in objects where !ctx.doc.objects[o].runtimeAttributes.isEmpty {
            var values: [NibGraph.Value] = [], keyPaths: [NibGraph.Value] = []
            for a in ctx.doc.objects[o].runtimeAttributes {
                guard let v = RuntimeAttributeValue.value(a, &ctx) else { continue }
                values.append(v)
                keyPaths.append(ctx.graph.string(a.keyPath))
            }
            guard !values.isEmpty else { continue }
            let i = ctx.graph.add("NSIBUserDefinedRuntimeAttributesConnector")
            ctx.graph.set(i, "NSObject", try ctx.ref(o))
            ctx.graph.set(i, "NSValues", ctx.graph.collection("NSArray", values))
            ctx.graph.set(i, "NSKeyPaths", ctx.graph.collection("NSArray", keyPaths))
            out.append(.ref(i))
        }
        return out
    }

    /// The accessibility attribute each `<accessibility>` attribute sets in AppKit.
    static let accessibilityAttributes: [(xib: String, ax: String)] = [("description", "AXDescription"), ("help", "AXHelp")]

    /// `NSNibAXAttributeConnector`s {destination, attribute name as an `NSMutableString`, value} for the
    /// `<accessibility>` elements of `objects`.
    static func accessibilityConnectors(of objects: [Int], _ ctx: inout EncodingContext) throws(ArchiveError) -> [NibGraph.Value] {
        var out: [NibGraph.Value] = []
        for o in objects {
            guard let e = ctx.tree.child(of: ctx.doc.objects[o].element, named: "accessibility") else { continue }
            for (xib, ax) in accessibilityAttributes {
                guard let value = ctx.tree.elements[e][xib] else { continue }
                let i = ctx.graph.add("NSNibAXAttributeConnector")
                ctx.graph.set(i, "AXDestinationArchiveKey", try ctx.ref(o))
                let name = ctx.graph.add("NSMutableString")
                ctx.graph.set(name, "NS.bytes", .bytes(Array(ax.utf8)))
                ctx.graph.set(i, "AXAttributeTypeArchiveKey", .ref(name))
                ctx.graph.set(i, "AXAttributeValueArchiveKey", ctx.graph.string(value))
                out.append(.ref(i))
            }
        }
        return out
    }

    /// First Responder: id -1 in a XIB, a `sceneMemberID="firstResponder"` object in a storyboard scene.
    static func isFirstResponder(_ id: String, _ ctx: EncodingContext) -> Bool {
        if id == "-1" { return true }
        guard let o = ctx.doc.objectIndex[id] else { return false }
        return ctx.attr(o, "sceneMemberID") == "firstResponder"
    }
}
