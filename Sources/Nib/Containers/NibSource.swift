#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import KeyedArchive

/// Where a nib's bytes come from: one flat file's bytes, or a directory (a nib bundle or a
/// `.storyboardc`), on disk or in memory.
public enum NibSource: Sendable {
    /// The bytes of a flat file. `name` (the file name, if known) is used in messages only.
    case data([UInt8], name: String?)
    /// A directory: an iOS or macOS nib bundle, a legacy IB bundle or a `.storyboardc`.
    case directory(any NibDirectory)

    /// A file or directory on disk. The kind is decided by the file system, the format by sniffing.
    /// - Throws: `fileNotFound` when nothing exists at `path`.
    public static func path(_ path: String) throws(ArchiveError) -> NibSource {
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ArchiveError(.fileNotFound, "no file or directory at \(path)")
        }
        if isDirectory { return .directory(FileNibDirectory(path: path)) }
        return .data(try FileNibDirectory.readFile(path), name: String(path.split(separator: "/").last ?? ""))
    }

    /// A file or directory URL (see ``path(_:)``).
    public static func url(_ url: URL) throws(ArchiveError) -> NibSource {
        try path(url.path)
    }

    /// The name of the file or directory, when known.
    public var name: String? {
        switch self {
        case let .data(_, name): name
        case let .directory(d): d.name
        }
    }
}

/// A read-only directory of nib files: the abstraction that lets containers come from disk or from
/// memory (for example the members of a zip file).
public protocol NibDirectory: Sendable {
    /// The directory's own name (e.g. `MainMenu.nib`, `Main.storyboardc`).
    var name: String { get }
    /// Names of the directory's direct children, sorted.
    func entries() throws(ArchiveError) -> [String]
    /// Whether the child `entry` is itself a directory.
    func isDirectory(_ entry: String) -> Bool
    /// The bytes of the child file `entry`.
    func read(_ entry: String) throws(ArchiveError) -> [UInt8]
    /// The child directory `entry`, if it is one.
    func subdirectory(_ entry: String) -> (any NibDirectory)?
}

extension NibDirectory {
    /// Whether a child named `entry` exists.
    public func contains(_ entry: String) -> Bool {
        (try? entries().contains(entry)) ?? false
    }
}

/// A directory on disk.
public struct FileNibDirectory: NibDirectory {
    /// The directory's path on disk.
    public let path: String
    /// The directory at `path` (not read until asked).
    public init(path: String) { self.path = path }
    /// The last path component.
    public var name: String { String(path.split(separator: "/").last ?? Substring(path)) }

    /// See ``NibDirectory/entries()``.
    public func entries() throws(ArchiveError) -> [String] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: path).sorted()
        } catch {
            throw ArchiveError(.fileNotFound, "cannot list \(path): \(error)")
        }
    }

    /// See ``NibDirectory/isDirectory(_:)``.
    public func isDirectory(_ entry: String) -> Bool {
        var d = false
        return FileManager.default.fileExists(atPath: path + "/" + entry, isDirectory: &d) && d
    }

    /// See ``NibDirectory/read(_:)``.
    public func read(_ entry: String) throws(ArchiveError) -> [UInt8] {
        try Self.readFile(path + "/" + entry)
    }

    /// See ``NibDirectory/subdirectory(_:)``.
    public func subdirectory(_ entry: String) -> (any NibDirectory)? {
        isDirectory(entry) ? FileNibDirectory(path: path + "/" + entry) : nil
    }

    /// One copy out of the kernel, capped at ``FileBytes/defaultLimit``.
    static func readFile(_ path: String) throws(ArchiveError) -> [UInt8] {
        try FileBytes.read(path: path)
    }
}

/// A directory held in memory: relative paths (`runtime.nib`, `Foo.nib/objects-13.0+.nib`) → bytes.
public struct InMemoryNibDirectory: NibDirectory {
    /// The directory's own name.
    public let name: String
    /// Files by path relative to this directory, `/`-separated.
    public let files: [String: [UInt8]]

    /// A directory named `name` holding `files` (paths relative to it, `/`-separated).
    public init(name: String, files: [String: [UInt8]]) {
        self.name = name
        self.files = files
    }

    /// See ``NibDirectory/entries()``.
    public func entries() throws(ArchiveError) -> [String] {
        var names = Set<String>()
        for path in files.keys {
            if let first = path.split(separator: "/", omittingEmptySubsequences: true).first { names.insert(String(first)) }
        }
        return names.sorted()
    }

    /// See ``NibDirectory/isDirectory(_:)``.
    public func isDirectory(_ entry: String) -> Bool {
        files.keys.contains { $0.hasPrefix(entry + "/") }
    }

    /// See ``NibDirectory/read(_:)``.
    public func read(_ entry: String) throws(ArchiveError) -> [UInt8] {
        guard let b = files[entry] else { throw ArchiveError(.fileNotFound, "\(name) has no file \(entry)", keyPath: [name, entry]) }
        return b
    }

    /// See ``NibDirectory/subdirectory(_:)``.
    public func subdirectory(_ entry: String) -> (any NibDirectory)? {
        let prefix = entry + "/"
        var sub: [String: [UInt8]] = [:]
        for (path, bytes) in files where path.hasPrefix(prefix) { sub[String(path.dropFirst(prefix.count))] = bytes }
        return sub.isEmpty ? nil : InMemoryNibDirectory(name: entry, files: sub)
    }
}
