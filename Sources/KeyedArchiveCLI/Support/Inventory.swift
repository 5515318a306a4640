import KeyedArchive
import Nib

/// One row of `ls`: a plist, keyed archive, nib (file or directory) or storyboard in a tree.
struct InventoryItem {
    /// Path inside the listed tree.
    var path: String
    /// `plist`, `keyedArchive`, `nib` or `storyboard`.
    var kind: String
    /// `binary`, `xml`, `NIBArchive`, `nib directory`, `storyboardc`.
    var format: String
    /// Bytes (a directory: all its files).
    var size: Int
    /// Entries in the object table (a storyboard: over all its nibs).
    var objects: Int?
    var platform: NibPlatform?
    /// For a nib directory, the file read; for a storyboard, its scenes' nib names.
    var detail: String?
    var error: CLIError?
}

/// Finds and describes the archives in a tree. Nib and .storyboardc directories are one item each.
enum Inventory {
    static func scan(_ tree: FileTree, progress: (String) -> Void = { _ in }) -> [InventoryItem] {
        var items: [InventoryItem] = []
        var bundles: [String: [FileTree.Entry]] = [:]
        var bundleOrder: [String] = []
        var loose: [FileTree.Entry] = []
        for e in tree.entries {
            if let b = Recognizer.bundlePrefix(e.path) {
                if bundles[b] == nil { bundleOrder.append(b) }
                bundles[b, default: []].append(e)
            } else {
                loose.append(e)
            }
        }
        for e in loose {
            progress(e.path)
            if let item = file(e, display: tree.displayPath(e)) { items.append(item) }
        }
        for b in bundleOrder {
            progress(b)
            let entries = bundles[b] ?? []
            let sub = FileTree(name: b, entries: entries.map { var e = $0; e.path = String(e.path.dropFirst(b.count + 1)); return e })
            items.append(b.hasSuffix(".storyboardc") ? storyboard(sub, path: b, root: tree) : nibDirectory(sub, path: b, root: tree))
        }
        return items.sorted { $0.path < $1.path }
    }

    /// A loose file, or nil when it is not something we read.
    static func file(_ e: FileTree.Entry, display: String) -> InventoryItem? {
        let bytes: [UInt8]
        do { bytes = try e.read() } catch {
            return InventoryItem(path: e.path, kind: "?", format: "?", size: e.size, error: error)
        }
        guard Recognizer.isCandidate(bytes[...]) else { return nil }
        return describe(bytes, path: e.path, display: display)
    }

    static func describe(_ bytes: [UInt8], path: String, display: String) -> InventoryItem {
        do {
            let doc = try ArchiveDocument.open(bytes)
            switch doc {
            case .plist(let p):
                return InventoryItem(path: path, kind: "plist", format: p.format.rawValue, size: bytes.count, objects: p.count)
            case .keyedArchive(let p, let g):
                let platform = NibPlatform.detect(g)
                return InventoryItem(path: path, kind: platform == nil ? "keyedArchive" : "nib",
                                     format: "keyed \(p.format.rawValue)", size: bytes.count,
                                     objects: g.objects.count, platform: platform)
            case .nibArchive(let g):
                return InventoryItem(path: path, kind: "nib", format: "NIBArchive", size: bytes.count,
                                     objects: g.objects.count, platform: NibPlatform.detect(g))
            case .typedstream(let g):
                // An NSIBObjectData root is a pre-10.2 nib's objects.nib.
                let isNib = g.top.first.flatMap { kv -> String? in
                    if case .ref(let n) = kv.value { return g.className(ofObject: n) } else { return nil }
                } == "NSIBObjectData"
                return InventoryItem(path: path, kind: isNib ? "nib" : "typedstream", format: "typedstream",
                                     size: bytes.count, objects: g.objects.count, platform: isNib ? .macOS : nil)
            }
        } catch {
            return InventoryItem(path: path, kind: "?", format: ArchiveFormat.detect(bytes)?.rawValue ?? "?",
                                 size: bytes.count, error: CLIError(path: display, error, bytes: bytes))
        }
    }

    static func nibDirectory(_ tree: FileTree, path: String, root: FileTree) -> InventoryItem {
        let size = tree.entries.reduce(0) { $0 + $1.size }
        let primary: String, bytes: [UInt8]
        do {
            (primary, bytes) = try NibDirectoryChoice.primary(tree, path: root.name + root.separator + path)
        } catch {
            return InventoryItem(path: path, kind: "nib", format: "nib directory", size: size, error: error)
        }
        var item = describe(bytes, path: path, display: root.name + root.separator + path + "/" + primary)
        item.kind = "nib"
        item.format = "nib directory (\(item.format))"
        item.size = size
        item.detail = primary
        return item
    }

    static func storyboard(_ tree: FileTree, path: String, root: FileTree) -> InventoryItem {
        let size = tree.entries.reduce(0) { $0 + $1.size }
        var item = InventoryItem(path: path, kind: "storyboard", format: "storyboardc", size: size)
        if let info = tree.entry("Info.plist") {
            do {
                let plist = try PropertyList(parsing: try info.read())
                item.platform = NibPlatform.detect(storyboardInfo: plist)
            } catch let error as CLIError {
                item.error = error
            } catch let error as ArchiveError {
                item.error = CLIError(path: root.name + root.separator + path + "/Info.plist", error)
            } catch {
                item.error = CLIError(path: path, what: "\(error)")
            }
        } else {
            item.error = CLIError(path: path, what: "storyboardc without Info.plist")
        }
        // Every nib in it: flat .nib files and nib directories, one level down.
        var total = 0
        var nibs: [String] = []
        var seenDirs: Set<String> = []
        for e in tree.entries {
            let parts = e.path.split(separator: "/")
            if parts.count == 1, e.path.hasSuffix(".nib") {
                nibs.append(e.path)
                if let d = describeQuiet(e), let n = d.objects { total += n } else if item.error == nil {
                    item.error = CLIError(path: root.name + root.separator + path + "/" + e.path, what: "not a readable nib")
                }
            } else if parts.count == 2, parts[0].hasSuffix(".nib"), seenDirs.insert(String(parts[0])).inserted {
                let dir = String(parts[0])
                nibs.append(dir)
                let sub = tree.subtree(dir, name: dir)
                let d = nibDirectory(sub, path: dir, root: FileTree(name: root.name + root.separator + path, entries: [], separator: "/"))
                if let n = d.objects { total += n }
                if item.error == nil, let err = d.error { item.error = err }
            }
        }
        item.objects = total
        item.detail = "\(nibs.count) nibs"
        return item
    }

    private static func describeQuiet(_ e: FileTree.Entry) -> InventoryItem? {
        guard let bytes = try? e.read() else { return nil }
        let item = describe(bytes, path: e.path, display: e.path)
        return item.error == nil ? item : nil
    }
}
