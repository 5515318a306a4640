import KeyedArchive
import Nib

/// A directory held in memory (a nib bundle or `.storyboardc` from disk or from a zip archive),
/// presented to the Nib module's container code.
struct MemoryNibDirectory: NibDirectory {
    let name: String
    /// Path relative to this directory → bytes.
    let files: [String: [UInt8]]

    func entries() throws(ArchiveError) -> [String] {
        var names = Set<String>()
        for path in files.keys { names.insert(String(path.prefix(while: { $0 != "/" }))) }
        return names.sorted()
    }

    func isDirectory(_ entry: String) -> Bool {
        files.keys.contains { $0.hasPrefix(entry + "/") }
    }

    func read(_ entry: String) throws(ArchiveError) -> [UInt8] {
        guard let bytes = files[entry] else {
            throw ArchiveError(.fileNotFound, "\(name) has no file \(entry)", keyPath: [name, entry])
        }
        return bytes
    }

    func subdirectory(_ entry: String) -> (any NibDirectory)? {
        let prefix = entry + "/"
        var sub: [String: [UInt8]] = [:]
        for (path, bytes) in files where path.hasPrefix(prefix) { sub[String(path.dropFirst(prefix.count))] = bytes }
        return sub.isEmpty ? nil : MemoryNibDirectory(name: entry, files: sub)
    }
}

/// What a `nib` input opened as.
enum NibInput {
    case nib(NibDocument, source: NibSource, container: NibContainer.Layout?)
    case storyboard(StoryboardDocument)

    /// Opens a flat nib, a nib directory or a `.storyboardc`, from any input form.
    static func open(_ ref: InputReference) throws(CLIError) -> NibInput {
        let shown = ref.description
        let name = String(shown.split(separator: "/").last ?? Substring(shown))
        let source: NibSource
        switch try InputLoader.load(ref) {
        case .file(let bytes):
            source = .data(bytes, name: name)
        case .tree(let tree):
            var files: [String: [UInt8]] = [:]
            for (path, bytes) in try tree.readAll() { files[path] = bytes }
            let dir = MemoryNibDirectory(name: name, files: files)
            if StoryboardDocument.isStoryboard(dir) {
                do { return .storyboard(try StoryboardDocument(directory: dir)) } catch { throw CLIError(path: shown, error) }
            }
            source = .directory(dir)
        }
        do {
            let container = try NibContainer.open(source)
            let document = try NibDocument(source: source)
            return .nib(document, source: source, container: container.layout)
        } catch {
            if case .data(let bytes, _) = source { throw CLIError(path: shown, error, bytes: bytes) }
            throw CLIError(path: shown, error)
        }
    }
}
