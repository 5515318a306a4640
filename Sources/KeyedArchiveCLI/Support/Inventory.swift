import KeyedArchive
import Nib

/// `ls`'s use of the library's ``ArchiveInventory``: a ``FileTree`` (a directory or a zip) as its files,
/// and problems as error lines named the way the tree shows its paths.
enum Inventory {
    static func scan(_ tree: FileTree, progress: (String) -> Void = { _ in }) -> [ArchiveInventory.Item] {
        let files = tree.entries.map { e in
            ArchiveInventory.File(path: e.path, size: e.size) { () throws(ArchiveError) -> [UInt8] in
                do throws(CLIError) { return try e.read() } catch { throw error.archiveError ?? ArchiveError(.readFailed, error.what) }
            }
        }
        return ArchiveInventory.scan(files, progress: progress)
    }

    /// The item's problem as `ls` prints it: `tree/path/of/file: code: reason (where)`.
    static func error(_ problem: ArchiveInventory.Problem, in tree: FileTree) -> CLIError {
        CLIError(path: tree.displayPath(FileTree.Entry(path: problem.path, size: 0) { () throws(CLIError) in [] }), problem.error)
    }
}
