import KeyedArchive

/// Storyboard controllers: `<windowController>` → `NSWindowController` {`IBWindowTemplate`, the
/// content view controller, segue style, compilation UUID}; `<viewController>` → `NSViewController`
/// {`NSNibName` of its view nib, the external objects table for loading it, segue style, UUID}.
/// In a XIB, a `<viewController>` is an `NSViewController` with its segue style alone (Xcode 16's
/// ibtool, caffeine's MainMenu nib): its view is an outlet, compiled as a connection.
enum ControllerEncoder: ObjectEncoder {
    static let elements = ["windowController", "viewController"]

    static func encode(_ o: Int, into g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        guard let plan = ctx.storyboard else {
            guard ctx.doc.objects[o].name == "viewController" else {
                GenericEncoder.setGenericClass(o, g, &ctx)
                ctx.warn("<\(ctx.doc.objects[o].name)> outside a storyboard is not compiled yet", at: o)
                return
            }
            ctx.setClass(of: o, g, "NSViewController")
            ctx.graph.set(g, "showSeguePresentationStyle", .int(0))
            // A view held as the controller's child (touch bar items do this) rather than by an outlet.
            if ctx.object(o, key: "view") != nil {
                ctx.warn("<viewController> with its view inside it: the view is compiled, not yet connected as the controller's view", at: o)
            }
            return
        }
        if ctx.doc.objects[o].name == "windowController" {
            // A custom window controller is swapped in over Interface Builder's own stand-in class.
            ctx.setClass(of: o, g, ctx.doc.objects[o].customClass == nil ? "NSWindowController" : "IBNSWindowController")
            if let identifier = ctx.attr(o, "storyboardIdentifier") {
                ctx.graph.set(g, "explicitStoryboardIdentifier", ctx.graph.string(identifier))
            }
            if let window = ctx.object(o, key: "window") { ctx.graph.set(g, "IBWindowTemplate", try ctx.ref(window)) }
            if let content = plan.contentController(of: o) {
                ctx.graph.set(g, "IBWindowTemplateContentViewController", try ctx.ref(content))
            }
        } else {
            ctx.setClass(of: o, g, "NSViewController")
            ctx.graph.set(g, "NSNibName", ctx.graph.string(plan.viewNibName(o)))
            let upstream: [(NibGraph.Value, NibGraph.Value)] = StoryboardPlan.hasOutlets(o, ctx.doc)
                ? [(ctx.graph.string(StoryboardPlan.upstreamIdentifier), .ref(g))] : []
            ctx.graph.set(g, "NSExternalObjectsTableForViewLoading", ctx.graph.dictionary("NSMutableDictionary", upstream))
        }
        ctx.graph.set(g, "showSeguePresentationStyle", .int(0))
        ctx.graph.set(g, "uniqueIdentifierForStoryboardCompilation", ctx.graph.string(plan.uuid(o)))
    }
}
