import KeyedArchive

extension NibPlatform {
    /// The UI framework a graph was compiled for, judged from its root keys alone
    /// (nib-object-model.md §1.1 and §2): `UINib…` keys for UIKit, `IB.objectdata` for AppKit.
    ///
    /// A NIBArchive's root is object 0; a keyed UIKit nib may hold its root under `$top.root`. Returns
    /// nil for a graph that is not a nib (an ordinary keyed archive). This is a cheap sniff; building
    /// a ``NibDocument`` reads the whole nib and reports what is wrong with it.
    public static func detect(_ graph: ArchiveGraph) -> NibPlatform? {
        func name(_ key: Int) -> String { graph.keys.indices.contains(key) ? graph.keys[key] : "" }
        var rootKeys: [String] = graph.top.map { name($0.key) }
        if graph.metadata.source == .nibArchive || rootKeys == ["root"] {
            let rootIndex: Int
            if graph.metadata.source == .nibArchive { rootIndex = 0 }
            else if case .ref(let i) = graph.topValue(forKey: "root") { rootIndex = i }
            else { rootIndex = -1 }
            rootKeys += graph.values(ofObject: rootIndex).map { name($0.key) }
        }
        if rootKeys.contains(where: { $0.hasPrefix("UINib") }) { return .iOS }
        if rootKeys.contains("IB.objectdata") { return .macOS }
        return nil
    }

    /// The platform a `.storyboardc`'s `Info.plist` describes, from its `UIViewController…` /
    /// `UIStoryboard…` or `NSViewController…` / `NSStoryboard…` keys; nil when it has neither.
    public static func detect(storyboardInfo plist: PropertyList) -> NibPlatform? {
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
