import KeyedArchive
import Nib

/// The `nib` text report, in the spirit of `ibtool --objects --connections --hierarchy`.
struct NibTextRenderer {
    let document: NibDocument
    var terminal: Terminal

    func render(title: String, container: NibContainer.Layout?) -> String {
        var out: [String] = []
        let stored: String
        switch container {
        case .iOSDirectory?, .macOSDirectory?: stored = "nib directory, "
        case .legacyBundle?: stored = "IB 3 bundle, "
        default: stored = ""
        }
        let format = switch document.graph.metadata.source {
        case .nibArchive: "NIBArchive"
        case .typedstream: "typedstream objects.nib"
        default: "keyed archive"
        }
        out.append(terminal.paint("\(title): \(document.platform.rawValue) nib (\(stored)\(format)), \(document.graph.objects.count) objects", .bold))
        out.append(section("Placeholders"))
        for p in document.placeholders {
            out.append("  \(terminal.paint("#\(p.object.index)", .dim)) \(terminal.paint(p.identifier, .green)) (\(p.kind.rawValue), \(p.object.effectiveClassName))")
        }
        out.append(section("Top-level objects"))
        for o in document.topLevelObjects { out.append("  " + ref(o)) }
        if document.topLevelObjects.isEmpty { out.append("  (none)") }
        out.append(section("Connections"))
        for c in document.connections { out.append("  " + connection(c)) }
        if document.connections.isEmpty { out.append("  (none)") }
        if !document.runtimeAttributes.isEmpty {
            out.append(section("Runtime attributes"))
            for a in document.runtimeAttributes { out.append("  \(ref(a.object)).\(a.keyPath)") }
        }
        if !document.segueTemplates.isEmpty {
            out.append(section("Segue templates"))
            for s in document.segueTemplates {
                out.append("  \(ref(s.object)) \(s.kind)" + (s.identifier.map { " \"\($0)\"" } ?? "")
                           + (s.destinationIdentifier.map { " → \($0)" } ?? ""))
            }
        }
        out.append(section("Hierarchy"))
        let tree = hierarchy()
        out.append(contentsOf: tree.isEmpty ? ["  (none)"] : tree)
        return out.joined(separator: "\n") + "\n"
    }

    private func section(_ name: String) -> String { terminal.paint(name + ":", .bold) }

    /// `#7 CassiusAppDelegate (UIClassSwapper)`; a placeholder by its identifier, `#2 IBFilesOwner`.
    func ref(_ r: NibObjectReference) -> String {
        let tag = terminal.paint("#\(r.index)", .dim)
        if let p = document.placeholders.first(where: { $0.object.index == r.index }) {
            return "\(tag) \(terminal.paint(p.identifier, .green))"
        }
        let cls = terminal.paint(r.effectiveClassName, .cyan)
        return r.effectiveClassName == r.className ? "\(tag) \(cls)" : "\(tag) \(cls) (\(r.className))"
    }

    func connection(_ c: NibConnection) -> String {
        let source = c.source.map(ref) ?? "nil"
        let destination: String
        if let ds = c.destinations { destination = "[" + ds.map(ref).joined(separator: ", ") + "]" }
        else { destination = c.destination.map(ref) ?? "First Responder" }
        var line = "\(c.kind.rawValue) \(terminal.paint(c.label, .green)): \(source) → \(destination)"
        if let mask = c.eventMask { line += terminal.paint(" (events 0x\(String(mask, radix: 16)))", .dim) }
        if let keyPath = c.bindingKeyPath { line += terminal.paint(" (key path \(keyPath))", .dim) }
        return line
    }

    /// Top-level objects with their subviews (UIKit `UISubviews`) or children (AppKit parent links).
    func hierarchy() -> [String] {
        let g = document.graph
        var children: [Int: [Int]] = [:]
        if document.platform == .macOS {
            for link in document.parents { children[link.parent.index, default: []].append(link.object.index) }
        }
        var out: [String] = []
        var seen = Set<Int>()
        for top in document.topLevelObjects {
            var stack: [(Int, Int)] = [(top.index, 1)]
            while let (i, depth) = stack.popLast() {
                guard seen.insert(i).inserted else {
                    out.append(String(repeating: "  ", count: depth) + terminal.paint("→ ", .magenta) + ref(document.reference(i)))
                    continue
                }
                out.append(String(repeating: "  ", count: depth) + ref(document.reference(i)))
                let kids = document.platform == .macOS ? (children[i] ?? []) : ViewTree.subviews(g, of: i)
                for k in kids.reversed() { stack.append((k, depth + 1)) }
            }
        }
        return out
    }
}

/// Subview lists read from the graph in either container's collection convention.
enum ViewTree {
    static func subviews(_ g: ArchiveGraph, of i: Int) -> [Int] {
        guard let v = g.value(ofObject: i, forKey: "UISubviews") ?? g.value(ofObject: i, forKey: "NSSubviews") else { return [] }
        return members(g, v)
    }

    /// Object indices in a collection value: an inline array, a keyed `NSArray` (`NS.objects`), or a
    /// NIBArchive inlined array (`UINibEncoderEmptyKey` values).
    static func members(_ g: ArchiveGraph, _ v: ArchiveValue) -> [Int] {
        switch v {
        case .array, .set:
            return g.items(v).compactMap { if case .ref(let j) = $0 { j } else { nil } }
        case .ref(let j):
            // Only an inline array may follow: a reference here could chain (or loop) forever.
            if let inner = g.value(ofObject: j, forKey: "NS.objects") {
                switch inner {
                case .array, .set: return members(g, inner)
                default: return []
                }
            }
            guard let empty = g.keyIndex("UINibEncoderEmptyKey") else { return [] }
            return g.values(ofObject: j).compactMap { kv in
                guard g.sameKey(kv.key, empty), case .ref(let m) = kv.value else { return nil }
                return m
            }
        default:
            return []
        }
    }
}
