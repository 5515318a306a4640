import Foundation

/// Where one command-line input lives: a path, standard input (`-`), or a member of a zip archive
/// (`App.ipa#Payload/App.app/Base.lproj/Main.storyboardc`).
struct InputReference: Sendable, Hashable, CustomStringConvertible {
    enum Location: Sendable, Hashable {
        case standardInput
        /// A file or directory on disk.
        case path(String)
        /// A member of a zip archive; a member naming a directory means every entry under it.
        case zipMember(archive: String, member: String)
    }

    var location: Location

    /// The argument as the user should see it in messages.
    var description: String {
        switch location {
        case .standardInput: "-"
        case .path(let p): p
        case let .zipMember(archive, member): "\(archive)#\(member)"
        }
    }

    /// Interprets an argument. A path that exists is taken as is, even when it contains `#`; otherwise
    /// the text up to the last `#` naming an existing file is the archive and the rest the member.
    init(argument: String, fileExists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }) {
        if argument == "-" {
            location = .standardInput
            return
        }
        if !fileExists(argument) {
            var search = argument[...]
            while let hash = search.lastIndex(of: "#") {
                let archive = String(argument[..<hash])
                if !archive.isEmpty, fileExists(archive) {
                    let member = String(argument[argument.index(after: hash)...])
                    location = .zipMember(archive: archive, member: member)
                    return
                }
                search = argument[..<hash]
            }
        }
        location = .path(argument)
    }

    init(location: Location) { self.location = location }
}
