import KeyedArchive
import Nib

/// `nib --instantiate` on a `.storyboardc`: instantiates the entry point as UIKit and AppKit do
/// (`Storyboard.instantiateInitialController()`: the scene nib with a private owner and the storyboard
/// placeholder, then the controller's view nib), with generic objects for every class.
struct StoryboardInstantiationReport {
    let document: StoryboardDocument
    var terminal: Terminal

    struct Outcome {
        var identifier: String
        var sceneNib: String
        var controller: AnyObject
        var scene: NibInstantiation
        var viewNib: String?
        var view: AnyObject?
    }

    func instantiate() throws(ArchiveError) -> Outcome {
        guard let entry = document.entryPoint else {
            throw ArchiveError(.unknownStoryboardIdentifier, "\(document.directory.name) has no initial controller")
        }
        let storyboard = Storyboard(document: document, registry: NibClassRegistry())
        var options = NibInstantiationOptions(registry: NibClassRegistry(), collectsUndeclaredOutlets: true)
        options.showWindow = nil
        let (controller, scene) = try storyboard.instantiateScene(identifier: entry, options: options)
        // A window controller's view nib is its content controller's; a view controller's is its own.
        var target: AnyObject = controller
        if let generic = controller as? NibObject,
           let content = generic.value(forKey: "IBWindowTemplateContentViewController").object {
            target = content
        }
        let viewNib = (target as? NibObject).flatMap {
            $0.value(forKey: "UINibName").string ?? $0.value(forKey: "NSNibName").string
        }
        let view = try storyboard.loadView(for: target, options: options)
        return Outcome(identifier: entry, sceneNib: document.nibName(forIdentifier: entry) ?? entry, controller: controller,
                       scene: scene, viewNib: viewNib, view: view)
    }

    static func name(_ obj: AnyObject?) -> String {
        guard let obj else { return "nil" }
        if let g = obj as? NibObject { return "\(g.customClassName ?? g.className)#\(g.archiveIndex)" }
        return String(describing: type(of: obj))
    }

    func render(_ o: Outcome, title: String) -> String {
        var out = [terminal.paint("\(title): initial controller instantiated with generic objects", .bold)]
        out.append("Entry point: \(o.identifier) (scene nib \(o.sceneNib).nib)")
        out.append("Controller: \(Self.name(o.controller))")
        out.append("Scene top-level objects:")
        for t in o.scene.topLevelObjects { out.append("  " + Self.name(t)) }
        if o.scene.topLevelObjects.isEmpty { out.append("  (none)") }
        out.append("View nib: " + (o.viewNib.map { "\($0).nib" } ?? "(none)"))
        out.append("View: \(Self.name(o.view))")
        out.append(terminal.paint("Diagnostics:", .bold))
        if o.scene.diagnostics.isEmpty { out.append("  (none)") }
        for d in o.scene.diagnostics {
            out.append("  " + terminal.paint(d.kind.rawValue, .yellow) + ": " + d.message + (d.objectIndex.map { " (object #\($0))" } ?? ""))
        }
        return out.joined(separator: "\n") + "\n"
    }

    func json(_ o: Outcome) -> JSONValue {
        .object([
            ("version", .int(1)), ("entryPoint", .string(o.identifier)), ("sceneNib", .string(o.sceneNib)),
            ("controller", .string(Self.name(o.controller))),
            ("topLevelObjects", .array(o.scene.topLevelObjects.map { .string(Self.name($0)) })),
            ("viewNib", o.viewNib.map { .string($0) } ?? .null), ("view", o.view.map { .string(Self.name($0)) } ?? .null),
            ("diagnostics", .array(o.scene.diagnostics.map { .string("\($0.kind.rawValue): \($0.message)") })),
        ])
    }
}
