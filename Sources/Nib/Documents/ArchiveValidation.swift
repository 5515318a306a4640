import KeyedArchive

/// What "this file is fine" means, for every format this package reads: the checks
/// `keyed-archive validate` runs, for tools that want the same verdict without the CLI.
///
/// A file is sound when it parses completely (every object of a property list, the keyed-archive,
/// NIBArchive or typedstream graph), every reference in its graph resolves, a keyed archive has the
/// structure `NSKeyedUnarchiver` checks, and a nib's document model and load plan build.
public enum ArchiveValidation {
    /// Checks `bytes` of any supported format.
    ///
    /// - Throws: the first problem found, as an `ArchiveError` with where it is (byte offset, object
    ///   index and key path, or line and column).
    public static func validate(_ bytes: [UInt8], limits: DecodingLimits = .default) throws(ArchiveError) {
        let document = try ArchiveDocument.open(bytes, limits: limits)
        if let problem = problem(in: document, limits: limits) { throw problem }
    }

    /// What is wrong with a parsed document beyond parsing: a keyed archive's structure as
    /// `NSKeyedUnarchiver` checks it, references in the graph, and for a nib its model and load plan.
    /// Nil when nothing is. `limits` bound what may expand far beyond the bytes: the materialised values
    /// of a plain property list and a nib load plan's shared values.
    public static func problem(in document: ArchiveDocument, limits: DecodingLimits = .default) -> ArchiveError? {
        do throws(ArchiveError) {
            switch document {
            case .plist(let plist):
                // Materialise every value once: strings, dates and numbers are decoded lazily otherwise.
                _ = try plist.value(at: nil, limits: limits)
            case .keyedArchive(let plist, let graph):
                try plist.checkKeyedArchiveStructure()
                try checkGraph(graph, limits: limits)
            case .nibArchive(let graph):
                try checkGraph(graph, limits: limits)
            case .typedstream(let graph):
                // The reader resolved every reference; what is left is the Foundation shapes it holds.
                try graph.verifyReferences()
                try graph.validateFoundationShapes()
                // An Interface Builder 2 objects.nib: its nib model must build too.
                if case .ref(let root)? = graph.top.first?.value, graph.className(ofObject: root) == "NSIBObjectData" {
                    _ = try NibDocument(graph: graph)
                }
            }
        } catch {
            return error
        }
        return nil
    }

    /// A graph's references, and for anything that looks like a nib, its model and load plan (whose
    /// shared values `limits` bound).
    private static func checkGraph(_ graph: ArchiveGraph, limits: DecodingLimits) throws(ArchiveError) {
        try graph.verifyReferences()
        if NibPlatform.detect(graph) != nil || graph.metadata.source == .nibArchive {
            _ = try Nib(document: try NibDocument(graph: graph), limits: limits)
        }
    }

    /// Checks a `.storyboardc`: its `Info.plist`, and that every scene it lists has a nib that opens.
    ///
    /// - Returns: nil when sound; otherwise the problem and, when it is in a scene's nib, that nib's
    ///   name (without `.nib`).
    public static func problem(inStoryboard directory: any NibDirectory, options: NibOpenOptions = .default) -> (error: ArchiveError, nibName: String?)? {
        let storyboard: StoryboardDocument
        do { storyboard = try StoryboardDocument(directory: directory, options: options) } catch { return (error, nil) }
        for (_, nibName) in storyboard.nibNames {
            do { _ = try storyboard.document(nibNamed: nibName) } catch { return (error, nibName) }
        }
        return nil
    }
}
