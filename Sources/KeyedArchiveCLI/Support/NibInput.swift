import KeyedArchive
import Nib

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
            let dir = InMemoryNibDirectory(name: name, files: files)
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
