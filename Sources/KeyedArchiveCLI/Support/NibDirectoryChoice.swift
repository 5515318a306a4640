import KeyedArchive
import Nib

/// Which file of a nib directory is read: whatever ``NibContainer`` picks (the highest
/// `objects-<ver>+.nib` or `keyedobjects-<ver>.nib`, then `objects.nib`, `runtime.nib`, `keyedobjects.nib`).
enum NibDirectoryChoice {
    /// The chosen file's name and bytes, or an error saying the directory is not a nib.
    static func primary(_ tree: FileTree, path: String) throws(CLIError) -> (name: String, bytes: [UInt8]) {
        var files: [String: [UInt8]] = [:]
        // Only the directory's own files matter for the choice; nested directories are not read.
        for e in tree.entries where !e.path.contains("/") { files[e.path] = try e.read() }
        let dir = InMemoryNibDirectory(name: String(path.split(separator: "/").last ?? Substring(path)), files: files)
        do {
            let container = try NibContainer.open(.directory(dir))
            return (container.chosenEntry ?? "", container.bytes)
        } catch {
            throw CLIError(path: path, error)
        }
    }

    static func primaryBytes(_ tree: FileTree, path: String) throws(CLIError) -> [UInt8] {
        try primary(tree, path: path).bytes
    }
}
