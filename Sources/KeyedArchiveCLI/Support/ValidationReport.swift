import KeyedArchive

/// The outcomes `validate` collects, in the order the files were checked, and their JSON form
/// (Docs/json-schema.md §7).
struct ValidationReport {
    /// Checked files in order: the path and, for a bad one, its error (whose path may name a file
    /// inside the input, such as a storyboard's missing scene nib).
    private(set) var results: [(path: String, error: CLIError?)] = []
    private(set) var ok = 0
    private(set) var skipped = 0
    private(set) var bad: [CLIError] = []

    mutating func record(_ path: String, _ outcome: ValidateCommand.Outcome) {
        switch outcome {
        case .ok:
            ok += 1
            results.append((path, nil))
        case .skipped:
            skipped += 1
        case .bad(let error):
            bad.append(error)
            results.append((error.path, error))
        }
    }

    /// `{"version": 1, "results": […], "summary": {…}}`; skipped files are only counted.
    func json() -> JSONValue {
        let rows = results.map { Self.row(path: $0.path, error: $0.error) }
        var kinds: [String: Int] = [:]
        for e in bad { kinds[e.kind, default: 0] += 1 }
        let summary: JSONValue = .object([
            ("ok", .int(Int64(ok))), ("bad", .int(Int64(bad.count))), ("skipped", .int(Int64(skipped))),
            ("kinds", .object(kinds.sorted { $0.key < $1.key }.map { ($0.key, .int(Int64($0.value))) })),
        ])
        return .object([("version", .int(1)), ("results", .array(rows)), ("summary", summary)])
    }

    /// One file: `path`, `ok`, and for a bad file `code`, `reason` and whichever of `offset`,
    /// `objectIndex`, `keyPath`, `line`, `column` the error knows.
    static func row(path: String, error: CLIError?) -> JSONValue {
        var row: [(String, JSONValue)] = [("path", .string(path)), ("ok", .bool(error == nil))]
        guard let error else { return .object(row) }
        row.append(("code", .string(error.kind)))
        guard let e = error.archiveError else {
            row.append(("reason", .string(error.what)))
            return .object(row)
        }
        row.append(("reason", .string(e.reason)))
        if let offset = e.offset { row.append(("offset", .int(Int64(offset)))) }
        if let index = e.objectIndex { row.append(("objectIndex", .int(Int64(index)))) }
        if !e.keyPath.isEmpty { row.append(("keyPath", .array(e.keyPath.map { .string($0) }))) }
        if let line = e.line { row.append(("line", .int(Int64(line)))) }
        if let column = e.column { row.append(("column", .int(Int64(column)))) }
        return .object(row)
    }
}
