import Foundation
import KeyedArchive
import Nib
import ZIPFoundation

/// What an input turned out to be once opened.
enum LoadedInput {
    /// One file's bytes (a file, standard input, or a file member of a zip).
    case file([UInt8])
    /// A directory (on disk, or a directory member of a zip: every entry under that prefix).
    case tree(FileTree)
}

/// Opens inputs. Every read is capped so that no input (a zip bomb included) exhausts memory.
enum InputLoader {
    /// Largest single file we read: generous for any real archive, small enough to be safe.
    static let maxFileSize = 512 << 20

    static func load(_ ref: InputReference) throws(CLIError) -> LoadedInput {
        let shown = ref.description
        switch ref.location {
        case .standardInput:
            return .file(try readStandardInput())
        case .path(let path):
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw CLIError(path: shown, what: "no such file or directory")
            }
            if isDirectory.boolValue { return .tree(try FileTree.onDisk(path, display: shown)) }
            return .file(try readFile(path, display: shown))
        case let .zipMember(archive, member):
            let tree = try zipTree(archive, display: archive)
            let trimmed = member.hasSuffix("/") ? String(member.dropLast()) : member
            if let entry = tree.entry(trimmed) { return .file(try entry.read()) }
            let sub = tree.subtree(trimmed, name: shown)
            guard !sub.entries.isEmpty else { throw CLIError(path: shown, what: "no such member in the archive") }
            return .tree(sub)
        }
    }

    /// The file at `path`, read by the library's ``FileBytes`` (one array of the file's size, capped).
    static func readFile(_ path: String, display: String) throws(CLIError) -> [UInt8] {
        do { return try FileBytes.read(path: path, limit: maxFileSize) } catch { throw readError(error, display) }
    }

    /// Up to `count` first bytes of the file at `path`; empty when it cannot be opened (reading it
    /// in full reports why).
    static func readHead(_ path: String, count: Int) -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: path) else { return [] }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: count)).map { Array($0) } ?? []
    }

    /// Standard input to its end, in chunks, capped.
    static func readStandardInput() throws(CLIError) -> [UInt8] {
        do { return try FileBytes.read(fileDescriptor: 0, name: "-", limit: maxFileSize) } catch { throw readError(error, "-") }
    }

    /// A read failure in the CLI's words.
    private static func readError(_ e: ArchiveError, _ display: String) -> CLIError {
        switch e.code {
        case .limitExceeded: CLIError(path: display, what: "larger than the \(maxFileSize >> 20) MiB input limit")
        case .fileNotFound: CLIError(path: display, what: "cannot open for reading")
        default: CLIError(path: display, what: e.reason)
        }
    }

    /// A zip archive's file entries as a tree (directory entries and symlinks are left out).
    static func zipTree(_ path: String, display: String) throws(CLIError) -> FileTree {
        let archive: Archive
        do {
            archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .read)
        } catch {
            throw CLIError(path: display, what: "not a readable zip archive")
        }
        var entries: [FileTree.Entry] = []
        for entry in archive where entry.type == .file {
            let name = entry.path
            let size = Int(clamping: entry.uncompressedSize)
            entries.append(FileTree.Entry(path: name, size: size) { () throws(CLIError) in
                try extract(entry, from: archive, display: "\(display)#\(name)")
            })
        }
        entries.sort { $0.path < $1.path }
        return FileTree(name: display, entries: entries, separator: "#")
    }

    private static func extract(_ entry: Entry, from archive: Archive, display: String) throws(CLIError) -> [UInt8] {
        var out: [UInt8] = []
        var tooLarge = false
        do {
            _ = try archive.extract(entry, skipCRC32: false) { chunk in
                // The recorded size may lie: cap what we actually inflate.
                guard out.count <= maxFileSize - chunk.count else {
                    tooLarge = true
                    throw CocoaError(.fileReadTooLarge)
                }
                out.append(contentsOf: chunk)
            }
        } catch {
            if tooLarge { throw CLIError(path: display, what: "inflates past the \(maxFileSize >> 20) MiB input limit") }
            throw CLIError(path: display, what: "cannot extract from the zip archive (\(error))")
        }
        return out
    }
}

extension InputLoader {
    /// The one file an input names. A nib directory resolves to the file the Nib module's loader
    /// picks (``NibContainer``); any other directory is an error.
    static func loadSingleFile(_ ref: InputReference) throws(CLIError) -> [UInt8] {
        switch try load(ref) {
        case .file(let bytes):
            return bytes
        case .tree(let tree):
            if tree.entry("Info.plist") != nil, tree.entries.contains(where: { $0.path.hasSuffix(".nib") || $0.path.contains(".nib/") }) {
                throw CLIError(path: ref.description, what: "is a storyboard: name one of its nibs, or use `keyed-archive nib` for the whole storyboard")
            }
            return try NibDirectoryChoice.primaryBytes(tree, path: ref.description)
        }
    }
}
