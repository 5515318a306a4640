import Foundation
import KeyedArchive
import Nib

/// The declared outlets and actions of classes, read from the `--outlets` JSON file:
/// `{"ClassName": {"outlets": ["name", …], "actions": ["selector:", …]}, …}`.
struct OutletDeclarations {
    struct Declared {
        var outlets: Set<String>
        var actions: Set<String>
    }

    var classes: [String: Declared]

    init(classes: [String: Declared]) { self.classes = classes }

    init(json bytes: [UInt8], path: String) throws(CLIError) {
        let parsed: Any
        do { parsed = try JSONSerialization.jsonObject(with: Data(bytes)) } catch {
            throw CLIError(path: path, what: "not valid JSON (\(error.localizedDescription))")
        }
        guard let dict = parsed as? [String: Any] else {
            throw CLIError(path: path, what: "expected an object mapping class names to {\"outlets\": [...], \"actions\": [...]}")
        }
        var classes: [String: Declared] = [:]
        for (name, entry) in dict {
            guard let fields = entry as? [String: Any] else {
                throw CLIError(path: path, what: "\(name): expected an object with \"outlets\" and \"actions\" arrays")
            }
            func names(_ key: String) throws(CLIError) -> Set<String> {
                guard let raw = fields[key] else { return [] }
                guard let list = raw as? [String] else { throw CLIError(path: path, what: "\(name).\(key): expected an array of strings") }
                return Set(list)
            }
            classes[name] = Declared(outlets: try names("outlets"), actions: try names("actions"))
        }
        self.classes = classes
    }
}

/// One lint finding.
struct NibLintFinding {
    enum Kind: String {
        case undeclaredOutlet, undeclaredAction, unknownCustomClass, unconnectedPlaceholder
    }
    var kind: Kind
    var message: String
    var objectIndex: Int?
}

/// Checks a nib's connections against declared outlets and actions.
enum NibLint {
    /// `ownerClass` names File's Owner's class when the nib does not record it (iOS nibs never do).
    static func check(_ doc: NibDocument, declarations: OutletDeclarations, ownerClass: String?) -> [NibLintFinding] {
        var findings: [NibLintFinding] = []
        let placeholders = Dictionary(doc.placeholders.map { ($0.object.index, $0) }, uniquingKeysWith: { a, _ in a })
        let ownerIndex = doc.filesOwner?.index

        /// The class to check an endpoint against, or nil when it is not knowable.
        func className(_ r: NibObjectReference) -> String? {
            if r.index == ownerIndex {
                if let ownerClass { return ownerClass }
                // AppKit records the owner's class (NSCustomObject NSClassName); a UIKit proxy does not.
                return r.effectiveClassName == r.className ? nil : r.effectiveClassName
            }
            if placeholders[r.index] != nil { return nil }
            return r.effectiveClassName
        }

        for c in doc.connections {
            switch c.kind {
            case .outlet, .outletCollection:
                guard let s = c.source, let cls = className(s), let declared = declarations.classes[cls] else { continue }
                if !declared.outlets.contains(c.label) {
                    findings.append(.init(kind: .undeclaredOutlet,
                                          message: "outlet \(c.label) of \(cls) (#\(s.index)) is not declared", objectIndex: c.object.index))
                }
            case .action, .auxiliaryAction:
                guard let d = c.destination, let cls = className(d), let declared = declarations.classes[cls] else { continue }
                if !declared.actions.contains(c.label) {
                    findings.append(.init(kind: .undeclaredAction,
                                          message: "action \(c.label) sent to \(cls) (#\(d.index)) is not declared", objectIndex: c.object.index))
                }
            case .binding, .other:
                continue
            }
        }

        // Custom classes: swappers, and AppKit custom objects/views (their recorded class differs).
        var reported = Set<String>()
        var custom: [(String, Int)] = doc.classSwaps.map { ($0.customClassName, $0.object.index) }
        for i in doc.graph.objects.indices where placeholders[i] == nil && i != ownerIndex {
            let r = doc.reference(i)
            if r.effectiveClassName != r.className, r.className == "NSCustomObject" || r.className == "NSCustomView" {
                custom.append((r.effectiveClassName, i))
            }
        }
        for (name, index) in custom.sorted(by: { $0.1 < $1.1 })
        where declarations.classes[name] == nil && reported.insert(name).inserted {
            findings.append(.init(kind: .unknownCustomClass, message: "custom class \(name) (#\(index)) is not in the outlets file",
                                  objectIndex: index))
        }

        // Placeholders nothing connects to (First Responder is archived whether used or not).
        var touched = Set<Int>()
        for c in doc.connections {
            if let s = c.source { touched.insert(s.index) }
            if let d = c.destination { touched.insert(d.index) }
            for d in c.destinations ?? [] { touched.insert(d.index) }
        }
        for p in doc.placeholders where p.kind != .firstResponder && !touched.contains(p.object.index) {
            findings.append(.init(kind: .unconnectedPlaceholder,
                                  message: "placeholder \(p.identifier) (#\(p.object.index)) has no connections", objectIndex: p.object.index))
        }
        return findings
    }
}
