import KeyedArchive
import Nib

/// JSON and storyboard renderings for the `nib` command (Docs/json-schema.md §4).
enum NibJSON {
    /// `{"version": 1, "kind": "nib", …the Nib module's summary…}`.
    static func document(_ doc: NibDocument, container: NibContainer.Layout?) throws -> JSONValue {
        try versioned(kind: "nib", OrderedJSONEncoder().encode(doc.summary(container: container)))
    }

    static func storyboard(_ sb: StoryboardDocument) throws -> JSONValue {
        try versioned(kind: "storyboard", OrderedJSONEncoder().encode(sb.summary()))
    }

    private static func versioned(kind: String, _ body: JSONValue) -> JSONValue {
        guard case .object(let members) = body else { return body }
        return .object([("version", .int(1)), ("kind", .string(kind))] + members)
    }

    static func storyboardText(_ sb: StoryboardDocument, title: String, terminal: Terminal) -> String {
        var out = [terminal.paint("\(title): \(sb.platform.rawValue) storyboard, \(sb.nibNames.count) scenes", .bold)]
        out.append("Entry point: " + (sb.entryPoint ?? "none"))
        if let menu = sb.mainMenu { out.append("Main menu: \(menu)") }
        out.append(terminal.paint("Scenes:", .bold))
        for scene in sb.scenes() {
            var line = "  \(terminal.paint(scene.identifier, .green)) → \(scene.nibName).nib"
            if let c = scene.controller { line += "  controller #\(c.index) \(terminal.paint(c.effectiveClassName, .cyan))" }
            if let v = scene.viewNibName { line += "  view \(v).nib" }
            if scene.identifier == sb.entryPoint { line += terminal.paint("  (entry point)", .yellow) }
            out.append(line)
            for s in scene.segueTemplates {
                out.append("    segue \(s.kind)" + (s.identifier.map { " \"\($0)\"" } ?? "") + (s.destinationIdentifier.map { " → \($0)" } ?? ""))
            }
            if let problem = scene.problem { out.append("    " + terminal.paint("problem: " + problem, .red)) }
        }
        return out.joined(separator: "\n") + "\n"
    }

    static func instantiation(_ r: NibInstantiationReport, _ o: NibInstantiationReport.Outcome) -> JSONValue {
        let plain = NibInstantiationReport(document: r.document, nib: r.nib, terminal: Terminal(isTTY: false, color: false, width: 80))
        return .object([
            ("version", .int(1)),
            ("topLevelObjects", .array(o.instantiation.topLevelObjects.map { .string(plain.name($0, o)) })),
            ("connections", .array(r.document.connections.map { .string(plain.applied($0, o)) })),
            ("awakeFromNib", .array(plain.awakeOrder(o).map { .string(plain.name($0, o)) })),
            ("diagnostics", .array(o.instantiation.diagnostics.map { d in
                .object([("kind", .string(d.kind.rawValue)), ("message", .string(d.message)),
                         ("object", d.objectIndex.map { .int(Int64($0)) } ?? .null)])
            })),
        ])
    }
}
