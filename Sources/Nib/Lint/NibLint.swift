import KeyedArchive

/// The outlets and actions classes declare, which ``NibLint`` checks connections against
/// (the `--outlets` file of `keyed-archive nib lint` is this, as JSON).
public struct NibOutletDeclarations: Sendable, Hashable {
    /// What one class declares.
    public struct Declared: Sendable, Hashable {
        /// Outlet property names.
        public var outlets: Set<String>
        /// Action selectors, with their colons (`clear:`).
        public var actions: Set<String>
        /// A class's declarations.
        public init(outlets: Set<String> = [], actions: Set<String> = []) {
            self.outlets = outlets
            self.actions = actions
        }
    }

    /// Class name (as the nib names it: custom class, mangled Swift name) → declarations.
    public var classes: [String: Declared]

    /// Declarations for these classes; classes not listed are not checked.
    public init(classes: [String: Declared]) { self.classes = classes }
}

/// One lint finding.
public struct NibLintFinding: Sendable, Hashable {
    /// What kind of problem.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// An outlet connection names a property its source's class does not declare.
        case undeclaredOutlet
        /// An action connection sends a selector its target's class does not declare.
        case undeclaredAction
        /// A custom class is missing from the declarations.
        case unknownCustomClass
        /// A placeholder (other than First Responder) that no connection touches.
        case unconnectedPlaceholder
    }
    /// What kind of problem.
    public var kind: Kind
    /// One sentence naming the connection or object.
    public var message: String
    /// The object the finding is about (the connection object, or the custom-class object).
    public var objectIndex: Int?

    /// A finding.
    public init(kind: Kind, message: String, objectIndex: Int?) {
        self.kind = kind
        self.message = message
        self.objectIndex = objectIndex
    }
}

/// Checks a nib's connections against the outlets and actions its classes declare.
public enum NibLint {
    /// Every finding, in connection order, then custom classes, then placeholders. `ownerClass` names
    /// File's Owner's class when the nib does not record it (iOS nibs never do).
    public static func check(_ doc: NibDocument, declarations: NibOutletDeclarations, ownerClass: String?) -> [NibLintFinding] {
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
