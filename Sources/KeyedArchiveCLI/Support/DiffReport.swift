import KeyedArchive
import Nib

/// `diff`'s rendering of the library's ``ArchiveDiff`` for two named inputs.
struct DiffReport {
    var a: String
    var b: String
    var diff: ArchiveDiff

    var isEmpty: Bool { diff.isEmpty }

    static func compare(_ left: OpenedInput, _ right: OpenedInput, limit: Int) throws(CLIError) -> DiffReport {
        do {
            return DiffReport(a: left.path, b: right.path, diff: try ArchiveDiff(left.document, right.document, limit: limit))
        } catch {
            let input = error.input == 0 ? left : right
            throw CLIError(path: input.path, error.error, bytes: input.bytes)
        }
    }

    func text(terminal: Terminal) -> String {
        var lines = [terminal.paint("--- \(a)", .red), terminal.paint("+++ \(b)", .green)]
        if isEmpty { lines.append("no differences") }
        for d in diff.differences {
            let tag: String
            switch d.kind {
            case .added: tag = terminal.paint("added  ", .green)
            case .removed: tag = terminal.paint("removed", .red)
            case .changed: tag = terminal.paint("changed", .yellow)
            }
            lines.append("\(tag)  \(d.path): \(d.message)")
        }
        for c in diff.classCounts {
            let delta = c.second - c.first
            lines.append(terminal.paint(delta > 0 ? "added  " : "removed", delta > 0 ? .green : .red)
                         + "  \(abs(delta)) \(c.className) object\(abs(delta) == 1 ? "" : "s") (\(c.first) → \(c.second))")
        }
        for c in diff.connectionsOnlyInFirst { lines.append(terminal.paint("removed", .red) + "  connection \(c)") }
        for c in diff.connectionsOnlyInSecond { lines.append(terminal.paint("added  ", .green) + "  connection \(c)") }
        return lines.joined(separator: "\n") + "\n"
    }

    func json() -> JSONValue {
        .object([
            ("version", .int(1)), ("a", .string(a)), ("b", .string(b)), ("identical", .bool(isEmpty)),
            ("differences", .array(diff.differences.map {
                .object([("kind", .string($0.kind.rawValue)), ("path", .string($0.path)), ("message", .string($0.message))])
            })),
            ("classes", .array(diff.classCounts.map {
                .object([("class", .string($0.className)), ("a", .int(Int64($0.first))), ("b", .int(Int64($0.second)))])
            })),
            ("connections", .object([
                ("removed", .array(diff.connectionsOnlyInFirst.map { .string($0) })),
                ("added", .array(diff.connectionsOnlyInSecond.map { .string($0) })),
            ])),
        ])
    }
}
