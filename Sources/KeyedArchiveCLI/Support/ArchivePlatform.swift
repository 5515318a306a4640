import KeyedArchive

/// Which UI framework a nib graph was compiled for, judged from its root keys
/// (nib-object-model.md §1.1 and §2).
enum ArchivePlatform: String {
    case iOS, macOS

    static func detect(_ graph: ArchiveGraph) -> ArchivePlatform? {
        var rootKeys: [String] = graph.top.map { graph.keys.indices.contains($0.key) ? graph.keys[$0.key] : "" }
        if graph.metadata.source == .nibArchive || rootKeys == ["root"] {
            // NIBArchive: the root is object 0; a keyed UIKit nib may also put it under $top.root.
            let rootIndex: Int
            if graph.metadata.source == .nibArchive { rootIndex = 0 }
            else if case .ref(let i) = graph.topValue(forKey: "root") { rootIndex = i }
            else { rootIndex = -1 }
            rootKeys += graph.values(ofObject: rootIndex).map { graph.keys.indices.contains($0.key) ? graph.keys[$0.key] : "" }
        }
        if rootKeys.contains(where: { $0.hasPrefix("UINib") }) { return .iOS }
        if rootKeys.contains("IB.objectdata") { return .macOS }
        return nil
    }

    /// The platform a storyboardc's Info.plist describes.
    static func detect(storyboardInfo plist: PropertyList) -> ArchivePlatform? {
        let root = plist.root
        guard root >= 0, root < plist.count, plist.kind(root) == .dict else { return nil }
        for k in plist.dictKeys(root) {
            guard let s = plist.string(k) else { continue }
            if s.hasPrefix("UIViewController") || s.hasPrefix("UIStoryboard") { return .iOS }
            if s.hasPrefix("NSViewController") || s.hasPrefix("NSStoryboard") { return .macOS }
        }
        return nil
    }
}
