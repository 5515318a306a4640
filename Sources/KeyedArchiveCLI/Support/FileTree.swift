import Foundation

/// A directory's files, from disk or from a zip archive, each read only when asked for.
struct FileTree {
    struct Entry {
        /// Path relative to the tree's root, `/`-separated.
        var path: String
        /// Size in bytes as recorded (the file system's, or the zip's uncompressed size).
        var size: Int
        var read: () throws(CLIError) -> [UInt8]
    }

    /// What the tree is called in messages (`Main.storyboardc`, `App.ipa#Payload/`).
    var name: String
    /// Sorted by path.
    var entries: [Entry]
    /// Joins ``name`` and an entry path in messages: `/` for directories, `#` at a zip's root.
    var separator: String = "/"

    /// How an entry is named in messages: `dir/a.plist`, `App.ipa#Payload/a.plist`.
    func displayPath(_ entry: Entry) -> String {
        let base = name.hasSuffix("/") ? String(name.dropLast()) : name
        return base + separator + entry.path
    }

    /// The entry at `path`, if any.
    func entry(_ path: String) -> Entry? { entries.first { $0.path == path } }

    /// Every file's bytes, keyed by relative path, in path order.
    func readAll() throws(CLIError) -> [(path: String, bytes: [UInt8])] {
        var out: [(String, [UInt8])] = []
        for e in entries { out.append((e.path, try e.read())) }
        return out
    }

    /// The entries below `prefix` (a directory path without trailing slash), re-rooted there.
    func subtree(_ prefix: String, name: String) -> FileTree {
        let p = prefix.isEmpty ? "" : prefix + "/"
        let sub = entries.filter { $0.path.hasPrefix(p) }.map { e -> Entry in
            var e = e
            e.path = String(e.path.dropFirst(p.count))
            return e
        }
        return FileTree(name: name, entries: sub, separator: name.hasSuffix("#") ? "" : "/")
    }
}

extension FileTree {
    /// Every regular file under `directory` (recursively, symlinks not followed), sorted.
    static func onDisk(_ directory: String, display: String) throws(CLIError) -> FileTree {
        let root = URL(fileURLWithPath: directory)
        guard let walker = FileManager.default.enumerator(
            at: root, includingPropertiesForKeys: [.isRegularFileKey, .fileSizeKey], options: []
        ) else {
            throw CLIError(path: display, what: "cannot list directory")
        }
        let rootPath = root.standardizedFileURL.path
        var entries: [Entry] = []
        for case let url as URL in walker {
            let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .fileSizeKey])
            guard values?.isRegularFile == true else { continue }
            let full = url.standardizedFileURL.path
            guard full.hasPrefix(rootPath + "/") else { continue }
            let relative = String(full.dropFirst(rootPath.count + 1))
            let shown = (display.hasSuffix("/") ? String(display.dropLast()) : display) + "/" + relative
            entries.append(Entry(path: relative, size: values?.fileSize ?? 0) { () throws(CLIError) in
                try InputLoader.readFile(full, display: shown)
            })
        }
        entries.sort { $0.path < $1.path }
        return FileTree(name: display, entries: entries)
    }
}
