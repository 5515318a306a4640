import Foundation
import KeyedArchive
import NibCompiler

/// One compile as the CLI runs it (for `compile` and `ibtool`): read, compile, write, and the
/// diagnostics in `file:line:col: severity: message` form.
struct NibCompileRun {
    var input: String
    var output: String
    var diagnostics: [NibCompileDiagnostic] = []
    var succeeded = false
    var objectCount = 0

    static func compile(input: String, output: String, options: NibCompilerOptions) -> NibCompileRun {
        var run = NibCompileRun(input: input, output: output)
        do throws(ArchiveError) {
            let doc = try XIBDocument(contentsOf: URL(fileURLWithPath: input))
            let nib = try NibCompiler(options: options).compile(doc)
            run.diagnostics = nib.diagnostics
            run.objectCount = nib.graph.objects.count
            try nib.write(to: URL(fileURLWithPath: output))
            run.succeeded = true
        } catch {
            run.diagnostics.append(NibCompileDiagnostic(severity: .error, message: "\(error.code.name): \(error.reason)",
                                                        line: error.line, column: error.column))
        }
        return run
    }

    /// `file:line:col: severity: message`, one per diagnostic.
    var diagnosticLines: [String] {
        diagnostics.map { "\(input):\($0)" }
    }

    func json() -> JSONValue {
        .object([
            ("version", .int(1)), ("input", .string(input)), ("output", .string(output)), ("ok", .bool(succeeded)),
            ("objects", .int(Int64(objectCount))),
            ("diagnostics", .array(diagnostics.map { d in
                .object([("severity", .string(d.severity.rawValue)), ("message", .string(d.message)),
                         ("line", d.line.map { .int(Int64($0)) } ?? .null), ("column", d.column.map { .int(Int64($0)) } ?? .null)])
            })),
        ])
    }
}
