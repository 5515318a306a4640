import KeyedArchive

/// Finds and describes the property lists, keyed archives, nibs and storyboards in a tree of files:
/// what `keyed-archive ls` lists, for tools that walk app bundles, zips or build folders themselves.
///
/// Files are recognised by their first bytes, never by their extension. A nib directory and a
/// `.storyboardc` are one item each: a nib directory is described by the file a loader would read
/// (``NibContainer``'s choice), a storyboard by its `Info.plist` and the object count of its nibs.
/// Files that are no archive (sources, images, XML that is not a property list) are left out; an
/// archive that cannot be read is listed with its ``Problem``.
public enum ArchiveInventory {
    /// One file of the tree: its path, the size its directory or zip records, and how to read it.
    public struct File {
        /// Path relative to the tree's root, `/`-separated.
        public var path: String
        /// Size in bytes as recorded (a file system's, or a zip's uncompressed size).
        public var size: Int
        /// Reads the file; called at most once, and only for files that are looked at.
        public var read: () throws(ArchiveError) -> [UInt8]

        /// A file at `path` of `size` bytes, read by `read` when it is looked at.
        public init(path: String, size: Int, read: @escaping () throws(ArchiveError) -> [UInt8]) {
            self.path = path
            self.size = size
            self.read = read
        }
    }

    /// Why an item could not be described, and in which file of the tree.
    public struct Problem: Error, Sendable {
        /// The file the error is in, relative to the tree (for an item with no file of its own, the item's path).
        public var path: String
        /// What went wrong there.
        public var error: ArchiveError
    }

    /// One listed archive.
    public struct Item: Sendable {
        /// Path relative to the tree.
        public var path: String
        /// `plist`, `keyedArchive`, `nib`, `typedstream`, `storyboard`, or `?` when unreadable.
        public var kind: String
        /// `binary`, `xml`, `keyed binary`, `NIBArchive`, `typedstream`, `nib directory (…)`, `storyboardc`.
        public var format: String
        /// Bytes (a directory: all its files).
        public var size: Int
        /// Entries in the object table (a storyboard: over all its nibs).
        public var objects: Int?
        /// The UI framework of a nib or storyboard, when its root keys or Info.plist say.
        public var platform: NibPlatform?
        /// For a nib directory, the file read; for a storyboard, how many nibs it holds.
        public var detail: String?
        /// Why the item could not be described in full; nil for a sound one.
        public var problem: Problem?
    }

    /// Every archive in `files`, sorted by path. `progress` is told each file or bundle as it is looked at.
    public static func scan(_ files: [File], progress: (String) -> Void = { _ in }) -> [Item] {
        var items: [Item] = []
        var bundles: [String: [File]] = [:]
        var bundleOrder: [String] = []
        for f in files {
            if let b = bundlePrefix(f.path) {
                if bundles[b] == nil { bundleOrder.append(b) }
                bundles[b, default: []].append(f)
            } else {
                progress(f.path)
                if let item = looseFile(f) { items.append(item) }
            }
        }
        for b in bundleOrder {
            progress(b)
            let inside = rerooted(bundles[b] ?? [], under: b)
            items.append(b.hasSuffix(".storyboardc") ? storyboard(inside, path: b) : nibDirectory(inside, path: b))
        }
        return items.sorted { $0.path < $1.path }
    }

    /// What `bytes` are, as an item at `path`: kind, format, object count and platform, or the problem.
    public static func describe(_ bytes: [UInt8], path: String) -> Item {
        do {
            switch try ArchiveDocument.open(bytes) {
            case .plist(let p):
                return Item(path: path, kind: "plist", format: p.format.rawValue, size: bytes.count, objects: p.count)
            case .keyedArchive(let p, let g):
                let platform = NibPlatform.detect(g)
                return Item(path: path, kind: platform == nil ? "keyedArchive" : "nib", format: "keyed \(p.format.rawValue)",
                            size: bytes.count, objects: g.objects.count, platform: platform)
            case .nibArchive(let g):
                return Item(path: path, kind: "nib", format: "NIBArchive", size: bytes.count,
                            objects: g.objects.count, platform: NibPlatform.detect(g))
            case .typedstream(let g):
                // An NSIBObjectData root is a pre-10.2 nib's objects.nib.
                let isNib = g.top.first.flatMap { kv -> String? in
                    if case .ref(let n) = kv.value { return g.className(ofObject: n) } else { return nil }
                } == "NSIBObjectData"
                return Item(path: path, kind: isNib ? "nib" : "typedstream", format: "typedstream",
                            size: bytes.count, objects: g.objects.count, platform: isNib ? .macOS : nil)
            }
        } catch {
            return Item(path: path, kind: "?", format: ArchiveFormat.detect(bytes)?.rawValue ?? "?", size: bytes.count,
                        problem: Problem(path: path, error: error))
        }
    }

    /// Whether `head` (a file's first bytes) starts like something this package reads. XML counts only
    /// when it is a property list, so `.xib` and `designable.nib` sources are left alone.
    public static func isCandidate(_ head: ArraySlice<UInt8>) -> Bool {
        guard let format = ArchiveFormat.detect(head) else { return false }
        guard format == .xmlPlist else { return true }
        let window = Array(head.prefix(4096))
        return contains(window, "<plist") || contains(window, "<!DOCTYPE plist")
    }

    /// The bundle a tree path belongs to (`A/B.storyboardc` for `A/B.storyboardc/x.nib/runtime.nib`):
    /// the outermost `.storyboardc` or `.nib` directory component, if any.
    public static func bundlePrefix(_ path: String) -> String? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count > 1 else { return nil }
        for (i, part) in parts.dropLast().enumerated() where part.hasSuffix(".storyboardc") || part.hasSuffix(".nib") {
            return parts[0 ... i].joined(separator: "/")
        }
        return nil
    }

    // MARK: - Items

    /// A file outside any bundle, or nil when it is not something this package reads.
    static func looseFile(_ f: File) -> Item? {
        let bytes: [UInt8]
        do { bytes = try f.read() } catch {
            return Item(path: f.path, kind: "?", format: "?", size: f.size, problem: Problem(path: f.path, error: error))
        }
        guard isCandidate(bytes[...]) else { return nil }
        return describe(bytes, path: f.path)
    }

    /// A nib directory at `path`, whose `files` are relative to it: described by the file a loader reads.
    static func nibDirectory(_ files: [File], path: String) -> Item {
        let size = totalSize(files)
        var own: [String: [UInt8]] = [:]
        let container: NibContainer
        do throws(Problem) {
            // Only the directory's own files matter for the choice; nested directories are not read.
            for f in files where !f.path.contains("/") {
                do { own[f.path] = try f.read() } catch { throw Problem(path: path + "/" + f.path, error: error) }
            }
            let name = String(path.split(separator: "/").last ?? Substring(path))
            do { container = try NibContainer.open(.directory(InMemoryNibDirectory(name: name, files: own))) } catch {
                throw Problem(path: path, error: error)
            }
        } catch {
            return Item(path: path, kind: "nib", format: "nib directory", size: size, problem: error)
        }
        let primary = container.chosenEntry ?? ""
        var item = describe(container.bytes, path: path)
        if var problem = item.problem { problem.path = path + "/" + primary; item.problem = problem }
        item.kind = "nib"
        item.format = "nib directory (\(item.format))"
        item.size = size
        item.detail = primary
        return item
    }

    /// A `.storyboardc` at `path`, whose `files` are relative to it: its platform from `Info.plist`,
    /// and the objects of every nib in it (flat `.nib` files and nib directories, one level down).
    static func storyboard(_ files: [File], path: String) -> Item {
        let size = totalSize(files)
        var item = Item(path: path, kind: "storyboard", format: "storyboardc", size: size)
        if let info = files.first(where: { $0.path == "Info.plist" }) {
            do {
                item.platform = NibPlatform.detect(storyboardInfo: try PropertyList(parsing: try info.read()))
            } catch {
                item.problem = Problem(path: path + "/Info.plist", error: error)
            }
        } else {
            item.problem = Problem(path: path, error: ArchiveError(.notANib, "storyboardc without Info.plist"))
        }
        // Files under each top-level nib directory, grouped in one pass (a filter per directory was
        // quadratic in a zip's entries).
        var directoryFiles: [String: [File]] = [:]
        for f in files {
            let first = f.path.prefix(while: { $0 != "/" })
            if first.count < f.path.count, first.hasSuffix(".nib") { directoryFiles[String(first), default: []].append(f) }
        }
        var total = 0
        var nibs: [String] = []
        var seenDirectories: Set<String> = []
        for f in files {
            let parts = f.path.split(separator: "/")
            if parts.count == 1, f.path.hasSuffix(".nib") {
                nibs.append(f.path)
                if let d = (try? f.read()).map({ describe($0, path: f.path) }), d.problem == nil, let n = d.objects {
                    total += n
                } else if item.problem == nil {
                    item.problem = Problem(path: path + "/" + f.path, error: ArchiveError(.notANib, "not a readable nib"))
                }
            } else if parts.count == 2, parts[0].hasSuffix(".nib"), seenDirectories.insert(String(parts[0])).inserted {
                let directory = String(parts[0])
                nibs.append(directory)
                let d = nibDirectory(rerooted(directoryFiles[directory] ?? [], under: directory), path: directory)
                if let n = d.objects { total += n }
                if item.problem == nil, var problem = d.problem {
                    problem.path = path + "/" + problem.path
                    item.problem = problem
                }
            }
        }
        item.objects = total
        item.detail = "\(nibs.count) nibs"
        return item
    }

    /// `files`, all under directory `prefix`, with paths relative to it.
    static func rerooted(_ files: [File], under prefix: String) -> [File] {
        files.map { f in
            var f = f
            f.path = String(f.path.dropFirst(prefix.count + 1))
            return f
        }
    }

    /// The files' recorded sizes summed, saturating: a zip may record any size up to 2⁶⁴ per entry.
    static func totalSize(_ files: [File]) -> Int {
        var total = 0
        for f in files {
            let (sum, overflow) = total.addingReportingOverflow(Swift.max(f.size, 0))
            total = overflow ? Int.max : sum
        }
        return total
    }

    private static func contains(_ bytes: [UInt8], _ needle: String) -> Bool {
        let n = Array(needle.utf8)
        guard n.count <= bytes.count else { return false }
        for i in 0 ... bytes.count - n.count where bytes[i] == n[0] && Array(bytes[i ..< i + n.count]) == n {
            return true
        }
        return false
    }
}
